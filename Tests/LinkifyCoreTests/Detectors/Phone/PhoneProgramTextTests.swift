import Testing
@testable import LinkifyCore
@testable import LinkifyDetectors
@testable import LinkifyFinding
@testable import LinkifyInput
@_spi(Layers) @testable import LinkifyModel
@testable import LinkifyRendering

/// Issue 12, round 2: numbers of program text that documentation shows are
/// not phones in any region. Each line is from Node.js's docs
/// (`/usr/share/doc/nodejs`) or the Info manuals (`/usr/share/info`) of this
/// machine, named beside it, and held a false phone link in the region given;
/// phone numbers written next to the same shapes must still be found.
@Suite struct PhoneProgramTextTests {
    static func phones(_ region: String) -> FinderOptions { PhoneScannerTests.phones(region) }

    /// (rule, region in which the line held a false phone, line).
    static let rejected: [(String, String, String)] = [
        // A token of syntax-highlighted code.
        ("highlighted", "CN", "      <span class=\"hljs-attr\">idle</span>: <span class=\"hljs-number\">1070356870</span>,"),  // api/os.html
        ("highlighted", "US", "  <span class=\"hljs-attr\">serial</span>: <span class=\"hljs-number\">2013101809</span>,"),  // api/dns.html
        ("highlighted", "IN", "    <span class=\"hljs-attr\">\"free_memory\"</span><span class=\"hljs-punctuation\">:</span> "
            + "<span class=\"hljs-string\">\"1598337024\"</span><span class=\"hljs-punctuation\">,</span>"),  // api/report.html
        // Object output and JSON strings after a program's name.
        ("keyed", "CN", "      idle: 1070356870,"),                      // api/os.md
        ("keyed", "BR", "  heap_size_limit: 1535115264,"),              // api/v8.md
        ("keyed", "IN", "    \"free_memory\": \"1598337024\","),          // api/report.md
        ("keyed", "IN", "\\n    \\\"free_memory\\\": \\\"1598337024\\\",\\n"),   // api/all.json (report.md quoted in JSON)
        ("keyed", "CN", "          <Options.OP_ALL|OP_NO_SSLv3|OP_NO_SSLv2|OP_NO_COMPRESSION: 2197947391>"),  // python3.11.info.gz
        // A call's argument.
        ("call", "US", "          >>> ipaddress.IPv4Address(3232235521)"),   // python3.11.info.gz
        ("call", "US", "         >>> d = Decimal('-1234567.8901')"),        // python3.11.info.gz
        ("call", "US", "          Decimal('31.01875')"),                    // python3.11.info.gz
        // Decimals.
        ("decimal", "IN", "numeric string like <code>'123456789.0'</code>.</li>"),   // api/fs.html
        ("decimal", "US", "         '123 456 789.00'"),                          // python3.11.info.gz
        ("decimal", "DE", "         (0.87758256189+0j)"),                         // python3.11.info.gz
        // The rest of a longer number.
        ("continued", "DE", "assert/deepequal-object.js method=\"deepEqual\" strict=0 size=100 n=5000: 1,053.1950937538475"),
        // contributing/writing-and-running-benchmarks.md
        // A value alone on a line of a code block, after another.
        ("code line", "IN", "          date -u --date=2020-07-21 +%s\n          1595289600\n"),   // coreutils.info.gz
        ("code line", "IN", "     >>> int(addr4)\n     3221225985\n"),                            // python3.11.info.gz
        ("code line", "CN", "     PRIMES = [\n         112272535095293,\n         112582705942171,"),  // python3.11.info.gz
        // A one-letter option's argument.
        ("option", "DE", "     touch -t 02010000 /tmp/stamp$$"),   // find.info-1.gz
    ]

    @Test(arguments: rejected)
    func notAPhone(_ rule: String, _ region: String, _ line: String) {
        #expect(marked(line, Self.phones(region)) == line, "\(rule)")
    }

    /// Phone numbers next to the same shapes.
    static let kept: [(String, String)] = [
        // Unformatted in prose (a conformance input), and after a label in prose.
        ("BR", "Dial |1120572032| to book."),
        ("US", "Office: |2015554580|, mobile: |+1 206 555 0100|"),
        ("US", "Phone: |2015554580|"),
        // A key that says phone keeps its value, as a JSON string or in an object.
        ("US", "    \"phone\": \"|2015554580|\","),
        ("US", "    mobile_number: |2015554580|,"),
        // A class that says phone (hCard) keeps the element's text.
        ("US", "<span class=\"tel\">|2015554580|</span>"),
        // In brackets after a space, a phone's own way.
        ("US", "Call us (|2015554580|) today"),
        // Dotted groups, the phone-book example of Python's re docs (python3.11.info.gz).
        ("US", "Frank Burger: |925.541.7625| 662 South Dogwood Way"),
        // Alone on an indented line after a blank line (an address block), not program output.
        ("US", "    Acme Inc.\n\n    |2015554580|\n"),
    ]

    @Test(arguments: kept)
    func phoneStays(_ region: String, _ line: String) {
        #expect(marked(unmarked(line), Self.phones(region)) == line)
    }

    @Test func decimalShapes() {
        func scalars(_ s: String) -> ArraySlice<UInt32> { ArraySlice(s.unicodeScalars.map(\.value)) }
        #expect(PhoneRunningText.isDecimal(scalars("123456789.0")) && PhoneRunningText.isDecimal(scalars("0.877582")))
        #expect(!PhoneRunningText.isDecimal(scalars("925.541.7625")) && !PhoneRunningText.isDecimal(scalars("030.1234567")))
        #expect(!PhoneRunningText.isDecimal(scalars("2015554580")) && !PhoneRunningText.isDecimal(scalars("201.555 4580")))
    }
}
