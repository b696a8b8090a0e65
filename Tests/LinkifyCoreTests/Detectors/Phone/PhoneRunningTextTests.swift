import Testing
@testable import LinkifyCore
@testable import LinkifyDetectors
@testable import LinkifyFinding
@testable import LinkifyInput
@_spi(Layers) @testable import LinkifyModel
@testable import LinkifyRendering

/// Issue 12, false phones by region: lines of this machine's Debian
/// documentation (file named beside each) whose digit runs are valid numbers
/// of the region given, yet none is a phone number; and phone numbers as
/// German and American text writes them, which must still be found.
@Suite struct PhoneRunningTextTests {
    static func phones(_ region: String) -> FinderOptions { PhoneScannerTests.phones(region) }

    /// (rule, region in which the line held a false phone, line).
    static let rejected: [(String, String, String)] = [
        // A national number without the trunk prefix its range is dialled with
        // (German 3xxxxx and 16x numbers are area codes and pager ranges of `0…`).
        ("no trunk prefix", "DE", " 339699 implement gtk_print_operation_set_show_dialog for..."),   // libgtk-3-0/NEWS.gz
        ("no trunk prefix", "DE", " 346836\tTabs jump around when opening menus"),                   // libgtk-3-0/NEWS.gz
        ("no trunk prefix", "DE", "  (Johan, Laszlo Pandy, :bzbug:`364576`"),                        // python3-gi/NEWS.gz
        // A local number, phone word or not: its area code is not written, so no E.164 value is right.
        ("no trunk prefix", "DE", "Tel. 339699"),
        // Bare digit runs in a comma-separated list.
        ("number list", "US", "  to be prime, e.g., 465658903, 2242724851, 6635692801 and many more."),  // coreutils/NEWS.gz
        ("number list", "IN", "  to be prime, e.g., 465658903, 2242724851, 6635692801 and many more."),
        ("number list", "CN", "  to be prime, e.g., 465658903, 2242724851, 6635692801 and many more."),
        ("number list", "BR", "  to be prime, e.g., 465658903, 2242724851, 6635692801 and many more."),
        ("number list", "DE", "  16796, 16799, 16800, 16815, 16823, 16824, 16831, 16838, 16839, 16849,"),  // libc6/NEWS.gz
        // A bare digit run in square brackets.
        ("brackets", "DE", "  * [06824140] Drop override_dh_strip-arch due to debug symbol migration"),  // zsh/changelog.Debian.gz
        ("brackets", "DE", "  [16976] glob: fnmatch unbounded stack VLA for collating symbols"),          // libc6/NEWS.gz
        // A round number.
        ("round", "CN", "    Closes: #221781: dc: precision >= 1000000000 does not work"),   // bc/changelog.Debian.gz
        ("round", "CN", "  grep -E 'a{1000000000}' now reports an overflow error rather than"),  // grep/NEWS.gz
        // A range.
        ("range", "BR", "          524288…1879048191. This range is the UID range intended for container"),  // systemd/NEWS.gz
        // A quantity before a unit.
        ("quantity", "BR", "  E.g., \"3441325000 bytes (3.4 GB, 3.2 GiB) copied\".  It omits the summaries"),  // coreutils/NEWS.gz
        ("quantity", "IN", "  // Benchmark took 1154389282 nanoseconds"),   // nodejs/api/process.md
        // ZIP+4 after a state.
        ("ZIP+4", "DE", "Boston, MA 02110-1301, USA."),   // patch/NEWS.gz
        ("ZIP+4", "DE", "    02111-1307, USA."),          // nodejs/copyright (the state ends the line before)
        // A value in code or data: a code span, after `=`, a JSON number.
        ("code", "US", "* \\[[`8664084166`](https://github.com/nodejs/node/commit/8664084166)] - **buffer**: make additional"),  // nodejs/changelogs/CHANGELOG_IOJS.md
        ("code", "US", "     >>> X = NormalDist(10, 2.5).samples(n, seed=3652260728)"),   // info/python3.11.info.gz
        ("code", "US", "    \"memoryLimit\": 4345298944,"),                                // nodejs/api/report.md
        ("code", "US", "crc = zlib.crc32('world', crc);  // 4192936109"),              // nodejs/api/zlib.md
        // Bytes as a program prints them.
        ("bytes", "DE", "// Prints: <Buffer 02 01 04 03 06 05 08 07>"),                  // nodejs/api/buffer.md
        ("bytes", "US", "// Prints: <Buffer ab 90 78 56 34 12>"),                        // nodejs/api/buffer.md
        // After a control character: an Info file's tag table.
        ("control", "US", "Node: Windows<23>\u{7F}3100141"),                                 // info/python3.11.info.gz
        // Counting.
        ("counting", "US", "     1 2 3 4 5 6 7 8 9 10"),                                    // info/python3.11.info.gz
        ("counting", "US", "     26 27 28 29 30"),                                          // info/ed.info.gz
        ("counting", "IN", "     >>> '{:,}'.format(1234567890)"),                           // info/python3.11.info.gz
        // Powers of two.
        ("power of two", "US", "this expression now returns the correct answer, 8589934592."),  // info/python3.11.info.gz
        ("power of two", "US", "    \"total_memory\": \"17179869184\","),                     // nodejs/api/report.md
        // A standard cited by number.
        ("label", "GB", "** Added support for Russian Public Key Infrastructure according to RFCs 4491/4357/7836."),  // libgnutls30/NEWS.gz
    ]

    @Test(arguments: rejected)
    func notAPhone(_ rule: String, _ region: String, _ line: String) {
        #expect(marked(line, Self.phones(region)) == line, "\(rule)")
    }

    /// Numbers written as phone numbers, next to the shapes the rules reject.
    static let kept: [(String, String)] = [
        // German numbers as German text writes them.
        ("DE", "Tel. |030 1234567|"),
        ("DE", "Tel.: |+49 30 1234567|"),
        ("DE", "Telefon |(030) 12 34 56-7|"),
        ("DE", "Mobil |0171/1234567|"),
        // A five-digit area code and a dash, without a state before it.
        ("DE", "Fax |04321-12345|"),
        // Phone numbers listed with their separators; a formatted number in brackets.
        ("DE", "Büro: |030 1234567|, |030 7654321|"),
        ("DE", "Kontakt: [|+49 30 1234567|]"),
        // An unformatted national number followed by a comma and words (a conformance input).
        ("US", "My number is |2015554580|, text anytime!"),
        // Numbers of ranges written without the trunk prefix (US, Brazil) keep the libphonenumber rule.
        ("US", "Call |2015571503| or |+1 206 555 0100|"),
        ("BR", "Ligue para |11912587931|."),
        ("AU", "For support call |1800413433| or email us"),
        // Phone numbers in data are strings; a label with a colon is not JSON.
        ("US", "    \"phone\": \"|2015554580|\","),
        ("US", "Phone: |2015554580|"),
        // Two-digit groups that do not count up (the French way of writing numbers).
        ("FR", "Tél. |01 42 68 53 00|"),
        ("FR", "Standard : |01 42 68 53 00| (24 h/24)"),
    ]

    @Test(arguments: kept)
    func phoneStays(_ region: String, _ line: String) {
        #expect(marked(unmarked(line), Self.phones(region)) == line)
    }

    @Test func rulesOnTheirOwn() {
        func scalars(_ s: String) -> ArraySlice<UInt32> { ArraySlice(s.unicodeScalars.map(\.value)) }
        #expect(PhoneRunningText.isRound(scalars("1000000000")))
        #expect(!PhoneRunningText.isRound(scalars("8001000000")))
        #expect(!PhoneRunningText.isRound(scalars("100000")))
        #expect(PhoneRunningText.isUnit("bytes") && PhoneRunningText.isUnit("GiB") && PhoneRunningText.isUnit("kB"))
        #expect(PhoneRunningText.isUnit("MHz"))
        #expect(PhoneRunningText.isCountingRun(scalars("1234567890")) && PhoneRunningText.isCountingRun(scalars("3456789")))
        #expect(!PhoneRunningText.isCountingRun(scalars("2015554580")) && !PhoneRunningText.isCountingRun(scalars("123456")))
        #expect(PhoneRunningText.isCounting(scalars("8 9 10 11")) && !PhoneRunningText.isCounting(scalars("01 42 68 53 00")))
        #expect(!PhoneRunningText.isCounting(scalars("12 13")))
        let dump = Array("<Buffer ab 90 78 56 34 12> Tel. 01 42 68 53 00 ab".utf8)
        dump.withUnsafeBufferPointer { t in
            #expect(PhoneRunningText.isByteDump(t, 11, 25, scalars("90 78 56 34 12")))
            // Followed by a hex byte of its own (`ab`), two-digit groups are bytes too.
            #expect(PhoneRunningText.isByteDump(t, 32, 46, scalars("01 42 68 53 00")))
            #expect(!PhoneRunningText.isByteDump(t, 11, 16, scalars("90 78")))   // two groups are too few
            #expect(!PhoneRunningText.isByteDump(t, 32, 46, scalars("01 42 68 530")))
        }
        #expect(PhoneLookalikes.isIntegerLimit(scalars("8589934592")) && PhoneLookalikes.isIntegerLimit(scalars("4294967294")))
        #expect(PhoneLookalikes.isIntegerLimit(scalars("1048576")) && !PhoneLookalikes.isIntegerLimit(scalars("1048559")))
        #expect(!PhoneLookalikes.isIntegerLimit(scalars("2015554580")) && !PhoneLookalikes.isIntegerLimit(scalars("524287")))
        #expect(!PhoneRunningText.isUnit("Mobil") && !PhoneRunningText.isUnit("Bytes") && !PhoneRunningText.isUnit("or"))
        // The format of the leading digits: German 16x pager numbers are written `0…`.
        let de = PhoneMetadata.territory(id: "DE")!
        let pager: [UInt8] = [1, 6, 9, 7, 6]
        #expect(PhoneMetadata.format(for: pager, in: de) == nil)
        #expect(PhoneMetadata.format(forLeadingDigitsOf: pager, in: de)?.nationalPrefixRule == "0\\1")
    }
}
