import Testing
@testable import LinkifyCore
@testable import LinkifyDetectors
@testable import LinkifyFinding
@testable import LinkifyInput
@_spi(Layers) @testable import LinkifyModel
@testable import LinkifyRendering

/// Issue 12, round 3: the last false phone links of `--detect all` on this
/// machine's Debian changelogs and NEWS files and Python's documentation
/// sources. Each line is copied from the file named beside it (under
/// /usr/share/doc) and held a false phone link; none may hold one in any
/// region. Phone numbers written in the same shapes must still be found.
@Suite struct PhoneNumberNeighboursTests {
    static let regions = ["US", "DE", "GB", "FR", "IN", "CN", "BR", "JP"]

    /// (rule, line).
    static let rejected: [(String, String)] = [
        // Table columns: two or more spaces between the groups.
        ("columns", "      gnome-terminal-vim   60.799 ->  50.528    51.655 ->  44.131"),  // libpixman-1-0/changelog.gz
        ("columns", "    13296    29.1528  libpixman-1.so.0.17.1    combine_over_u"),     // libpixman-1-0/changelog.gz
        // A counter or a pair of ids: equal runs around `/`.
        ("counter", "    [20244/21156] TestThread#test_fork_while_locked"),               // ruby3.1/changelog.gz
        ("counter", "\t* 34753 / 34754: Test/C02cond.ztst: work around lack"),           // zsh/changelog.gz
        ("counter", "\t* Stefan Neudorf: 31930 / 31934: Doc/Zsh/builtins.yo,"),          // zsh/changelog.gz
        ("counter", "\t* unposted: Test/B03print.ztst: regression for 40179 / 37467"),   // zsh/changelog.gz
        // A `+` between numbers, then a pair of ids.
        ("addend", "\t* 49853 + 49882/49883: Src/subst.c, Test/D04parameter.ztst: make"),   // zsh/changelog.gz
        // A range: equal dashed runs, the second a little larger.
        ("range", "  * Allocate gid 64040-64044 (grsec-tpe, grsec-sock-all, grsec-sock-clt,"),   // base-passwd/changelog.gz
        // Signed numbers and a tolerance.
        ("signed", "    \"cache.c\", line 103: warning: initializer will be sign-extended: -2139094903"),
        // libxcb-render-util0/changelog.gz
        ("signed", "\t                      for 32bit ints, this is +/- 2147483684"),   // libmp3lame0/changelog.gz
        // An element of a braced list.
        ("brace", "     {\"Sun, 06 Nov 2044 08:49:37 GMT\", 2362034977 },"),   // libcurl4/changelog.gz
        // A field of a byte string, before an escaped NUL.
        ("escape", "    <\"14046746312\\u0000\"> expected but was\n    <\"14046746311\\x00\">."),   // ruby3.1/changelog.gz
        // Labels: tests, patches, a bug number wrapped away from its word, a count.
        ("label", "  IGNORED: failed tests: 571 612 1056"),   // libcurl4/changelog.gz
        ("label", "\t* unix/Makefile.in:\t[Patch 3101127]: Installer Improvements."),   // tcl8.6/changelog.gz
        ("label", "\t* unix/install-sh:\tSimilar to Tcl [Patch 3101127]."),   // tk8.6/changelog.gz
        ("label", "\tadds test cases to util.test for the controversial aspects of [Bug\n\t3105247]. As a side effect"),
        // tcl8.6/changelog.gz
        ("label", "    Samples: 31K of event 'cpu-clock', Event count (approx.): 3619782704, DSO: libpixman-1.so.0.33.1"),
        // libpixman-1-0/changelog.gz
        // An integer limit after an opening bracket.
        ("limit", "\tmodified test (2147483648 is not representable as 32-bit long in C90)"),   // libmpfr6/changelog.gz
        // What an interactive session printed, in a reStructuredText code block (three spaces).
        ("session", "   >>> int(ipaddress.IPv4Address('192.168.0.1'))\n   3232235521\n"),
        // python3.11/html/_sources/library/ipaddress.rst.txt
        ("session", "   >>> int(_, 16)\n   3232235521\n   >>>\n"),   // python3.11/html/_sources/library/string.rst.txt
        // Found by the other regions over all the changelogs and NEWS files (the region in brackets).
        ("slash list", "\ttuning ABR/CBR 64/80/192/224 kbps."),                 // libmp3lame0/changelog.gz (IN)
        ("slash list", "\t  0.15/0.18/0.20/0.25/0.30/0.35/0.40 rounded."),     // libmp3lame0/changelog.gz (DE, BR)
        ("operand", "         65536 - 63350 = 2186"),                         // libpixman-1-0/changelog.gz (IN, BR)
        ("operand", "   For this case, the speedup about 0.60/0.0024 = 250."),   // libslang2/changelog.gz (DE)
        ("operand", "    [242/838] 5316=test_ftp"),                           // ruby3.1/changelog.gz (IN, BR, CN)
        ("email", "Author: dependabot[bot] <49699333+dependabot[bot]@users.noreply.github.com>"),
        // libharfbuzz0b/changelog.gz (DE)
        ("date part", "1.951 2013/7/3"),                                      // libio-socket-ssl-perl/changelog.gz (IN, BR)
        ("date part", "\t  + CF_ACVERSION_CHECK, from byacc 1.9 20130304"),    // ncurses-bin/changelog.gz (BR)
        ("date part", "\tFix problem with GCC 4.0 20041212."),                 // libmpfr6/changelog.gz (IN)
        ("thousands", "    Total Instr Fetch Cost: 1.658.683.750   895.069.820"),   // fontconfig/changelog.gz (IN, BR)
        ("one figure", "      fast-import: tighten M 040000 syntax"),          // git/changelog.gz (DE)
        ("unix time", "    author ckitagawa <ckitagawa@chromium.org> 1579631743 -0500"),   // libharfbuzz0b/changelog.gz (IN, BR)
        ("commit id", "Merge: 27b91d1 0294912"),                              // libxrandr2/changelog.gz (DE)
        ("commit id", "e4a7eed4 cosmetics: fix indent\n08375129 Merge \"Make a separate c\""),   // libwebp7/changelog.gz (DE)
        ("commit id", "09333097 gif2webp: force low duration frames to 100ms\nb8ad7d2d Merge \"gif2webp\""),   // libwebp7/changelog.gz (DE)
        ("range", "    60000-64999 range without *first* having"),          // base-passwd/changelog.gz (IN)
        ("label", " - Fixed mask behavior by making it a bit-wise regex (RT 28620 28635)"),   // libfile-mimeinfo-perl/changelog.gz (IN, CN)
        ("label", "\tIEEE 754-1985, IEEE 754-2008/2019 and ISO C99+ standards"),   // libmpfr6/changelog.gz (CN)
        ("label", "  updated Verilog to comply with IEEE 1800-2012"),      // libjs-highlight.js/changelog.gz (IN)
    ]

    @Test(arguments: rejected, regions)
    func notAPhone(_ rejected: (String, String), region: String) {
        #expect(marked(rejected.1, PhoneScannerTests.phones(region)) == rejected.1, "\(rejected.0)")
    }

    /// Phone numbers in the shapes next to each rule (conformance inputs, or
    /// written for this test in the forms the rules keep).
    static let kept: [(String, String)] = [
        // One space between groups.
        ("US", "Numbers like |201 555 6708| are listed below."),
        ("DE", "Tel.: |030 1234567|"),
        // A slash after a trunk 0 or a shorter area code.
        ("DE", "Kontakt: |0171/1234567|"),
        ("DE", "WhatsApp: |030/195850|"),
        ("US", "Office: |+1 800-932-3226|, mobile: |209/8634008|"),
        ("FR", "Tel.: |06/44769341|"),
        // Equal dashed halves that are no range: decreasing.
        ("IN", "Mobile: |98765-43210|"),
        // A dash with a space after it is a separator; a `+` after a word opens the number.
        ("US", "Emergency contact - |(201) 498-6247|"),
        ("CA", "Emergency contact - |506-238-0746|"),
        ("US", "Reach the front desk at |+ 41 21 231 58 12|; ask for Sam."),
        ("AU", "Dial |+ 62 263 655965| to book."),
        // A comma after the number, no brace; a newline escaped in a JSON string.
        ("US", "Phone: |2015554580|, office"),
        ("US", "{\"note\": \"Call |2015554580|\\n\"}"),
        // Alone on a line after a line that is no prompt.
        ("US", "   Phone:\n   |2015554580|\n"),
        // A label word that ends a heading line with a colon is not wrapped to the number.
        ("US", "Support ticket:\n|2015554580|"),
        // One slash; `=` before is code, but a phone may precede other signs; `+` and a digit after.
        ("DE", "Tel. |030/1234567| oder |0171/1234567|"),
        ("US", "Office |2015554580| + |2015554581|"),
        // Dotted groups that are no thousands (a conformance input, and a 1-3-3-4 number).
        ("FR", "Phone: |0.801.96.61.04|"),
        ("US", "Call us toll-free at |1.800.555.0199| today."),
        // Times and digits near a number that are not dates or offsets.
        ("US", "Call |2015554580| - 2 lines"),
        // A number at the start of a line beside lines that start with words,
        // and a word of the letters a-f alone of its length on its line.
        ("US", "Acme\n|2015554580| main line\nbeef stew"),
        ("IS", "Our sign was defaced; call |5512345| today"),   // an Icelandic number, seven digits
    ]

    @Test(arguments: kept)
    func phoneStays(_ region: String, _ line: String) {
        #expect(marked(unmarked(line), PhoneScannerTests.phones(region)) == line)
    }

    @Test func counterAndRangeShapes() {
        func shaped(_ s: String) -> Bool { PhoneRunningText.isCounterOrRange(ArraySlice(s.unicodeScalars.map(\.value))) }
        #expect(shaped("20244/21156") && shaped("34753 / 34754") && shaped("+ 49882/49883") && shaped("64040-64044"))
        #expect(!shaped("0171/1234567") && !shaped("030/1234567") && !shaped("209/8634008") && !shaped("06/44769341"))
        #expect(!shaped("98765-43210") && !shaped("64040-64244") && !shaped("12345-1234"))
        #expect(!shaped("571 612 1056") && !shaped("2015 5/5580"))
    }
}
