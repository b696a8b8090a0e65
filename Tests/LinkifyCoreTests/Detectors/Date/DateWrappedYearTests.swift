import Testing
@testable import LinkifyCore
@testable import LinkifyDetectors
@testable import LinkifyFinding
@testable import LinkifyInput
@_spi(Layers) @testable import LinkifyModel
@testable import LinkifyRendering

/// Issue 12: a date keeps the year its text gives even when wrapping put
/// that year on the next line, and a time whose year follows but whose day
/// was not read is not valued as a time of `--now`'s day. Each line is from
/// a Debian changelog or NEWS file on this machine, named beside it;
/// `--now` is 2031-06-15, another year than every line.
@Suite struct DateWrappedYearTests {
    static let options = FinderOptions(kinds: [EntityKinds(.date)], locale: "en_US",
                                       now: CivilDateTime(year: 2031, month: 6, day: 15, hour: 12))

    static let cases = [
        // findutils/changelog.gz
        "\tfindutils hasn't actually called AC_STRUCT_ST_RDEV since |Apr 5\n\t2000|.\n = 2000-04-05",
        "\t* lib/listfile.c (list_file): Accommodate gnulib change of |3 Jul\n\t2006|.\n = 2006-07-03",
        // libxslt1.1/changelog.gz
        "\t  problem introduced when tracking Josef Urban problem from |22 Dec\n\t  2007|, this should = 2007-12-22",
        // libslang2/NEWS.gz: a ctime stamp wrapped before its year
        "   timestamp.sl: Parses timestamp strings such as |Thu May 14 18:05:05\n     2020| and returns = 2020-05-14T18:05:05",
    ]

    @Test(arguments: cases)
    func wrappedYear(_ line: String) {
        let parts = line.split(separator: " = ").map(String.init)
        let text = parts[0]
        #expect(marked(unmarked(text), Self.options) == text)
        #expect(entities(unmarked(text), Self.options).map { $0.value ?? "" } == Array(parts.dropFirst()))
    }

    /// A blank line ends the date's paragraph, and a year that starts a date
    /// of its own is that date's (libmp3lame0/changelog.gz: the next entry's
    /// heading after a yearless date).
    @Test func notPastABlankLineNorIntoTheNextDate() {
        let text = "\tpredicted release date: January 11th\n\n2004-01-07 17:58  aleidinger\n"
        #expect(entities(text, Self.options).first?.value == "2032-01-11")
        let wrapped = "\tpredicted release date: January 11th\n2004-01-07 17:58  aleidinger\n"
        #expect(entities(wrapped, Self.options).first?.value == "2032-01-11")
        // A count on the next line is not a year.
        #expect(entities("released on Apr 5\n1500 users", Self.options).first?.value == "2032-04-05")
    }

    /// Linux-PAM's changelog (libpam0g/changelog.gz) heads entries with
    /// stamps the reader cannot read whole; the time alone would be valued on
    /// `--now`'s day although the text puts it in 1996, so it is not linked.
    @Test func timeBeforeAYearIsNotToday() {
        let a = "Sunday July, 7 12:45:00 PST 1996 (Andrew Morgan <morgan@physics.ucla.edu>)"
        let b = "GCCSunday 23 22:35:00 PST 1996   (Andrew Morgan <morgan@physics.ucla.edu>)"
        for line in [a, b] {
            #expect(!entities(line, Self.options).contains { ($0.value ?? "").contains("T") })
        }
        // A time with no year after it is still today's.
        #expect(entities("meet at 12:45:00 PST then", Self.options).first?.value == "2031-06-15T12:45:00-08:00")
    }
}
