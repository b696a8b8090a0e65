import Testing
@testable import LinkifyCore
@testable import LinkifyDetectors
@testable import LinkifyFinding
@testable import LinkifyInput
@_spi(Layers) @testable import LinkifyModel
@testable import LinkifyRendering

/// Issue 12: log and mail date stamps are one date, valued with the text's
/// own year and offset. `--now` is 2031-06-15, in another year than every
/// line, so a date read without its year would show. Where each line comes
/// from is named beside it.
@Suite struct DateLogFormsTests {
    static let options = FinderOptions(kinds: [EntityKinds(.date)], locale: "en_US",
                                       now: CivilDateTime(year: 2031, month: 6, day: 15, hour: 12))

    static let cases = [
        // git log of this repository (its default date format)
        "Date:   |Thu Dec 3 06:38:08 2026 +0000| = 2026-12-03T06:38:08Z",
        // git log --date=rfc of this repository
        "Date:   |Thu, 3 Dec 2026 06:38:08 +0000| = 2026-12-03T06:38:08Z",
        // date(1) lines in old Debian changelog entries (gzip, then time)
        "|Thu Jul 18 01:30:22 MDT 1996|\tBdale Garbee\t<bdale@gag.com> = 1996-07-18T01:30:22-06:00",
        "|Sat Dec  2 23:45:40 MST 1995|\tBdale Garbee\t<bdale@gag.com> = 1995-12-02T23:45:40-07:00",
        "|Thu Jul 27 12:16:18 EDT 1995| Dirk Eddelbuettel <edd@qed.econ.queensu.ca> = 1995-07-27T12:16:18-04:00",
        // ctime lines (time/changelog.Debian.gz, libgtk-3-0/NEWS.gz)
        "|Mon Apr 15 18:37:42 1996|  Dirk Eddelbuettel  <edd@miles.econ.queensu.ca> = 1996-04-15T18:37:42",
        "  Hamann on |Tue Aug 18 00:29:13 1998|). = 1998-08-18T00:29:13",
        // date(1) on this machine: LC_ALL=C TZ=UTC date, and TZ=Asia/Kolkata
        // (IST is also Irish and Israel time: no offset, but the year is read)
        "|Thu Dec  3 06:17:49 UTC 2026| = 2026-12-03T06:17:49Z",
        "|Thu Jul 18 13:00:22 IST 1996| = 1996-07-18T13:00:22",
        // Debian changelog trailers (chromium-common; bc, with two spaces after the comma)
        " -- Andres Salomon <dilinger@debian.org>  |Thu, 26 Nov 2026 03:25:22 -0500| = 2026-11-26T03:25:22-05:00",
        " -- John Hasler <jhasler@debian.org>  |Thu,  23 Aug 2007 15:18:09 -0500| = 2007-08-23T15:18:09-05:00",
        // logger --rfc3164 on this machine: no year in the text, so the next such day
        "<13>|Dec  3 06:41:27| vm sshd: Accepted publickey for root = 2031-12-03T06:41:27",
    ]

    @Test(arguments: cases)
    func logDate(_ line: String) {
        let parts = line.split(separator: " = ").map(String.init)
        let text = parts[0]
        #expect(marked(unmarked(text), Self.options) == text)
        #expect(entities(unmarked(text), Self.options).map { $0.value ?? "" } == Array(parts.dropFirst()))
    }

    /// A year after the time is taken only when it is a year: four digits,
    /// one space after the time, and a real day in that year.
    @Test func trailingYearNeedsAYear() {
        #expect(marked("Jul 13 19:25:25 20261 x", Self.options) == "|Jul 13 19:25:25| 20261 x")
        #expect(marked("Feb 29 10:00:00 2027 x", Self.options) == "|Feb 29 10:00:00| 2027 x")
        #expect(entities("Feb 29 10:00:00 2028 x", Self.options).first?.value == "2028-02-29T10:00:00")
    }
}
