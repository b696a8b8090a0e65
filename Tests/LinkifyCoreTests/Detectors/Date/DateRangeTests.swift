import Testing
@testable import LinkifyCore
@testable import LinkifyDetectors
@testable import LinkifyFinding
@_spi(Layers) @testable import LinkifyModel
@testable import LinkifyRendering

/// Ranges written as one phrase (SPEC §3): one entity whose value is the ISO
/// 8601 interval `START/END`. Marked as in `DateScannerTests`; `--now` is
/// Tuesday 2026-12-01 09:00.
@Suite struct DateRangeTests {
    static let english = [
        // Each end read alone; an end before the start is read again from the start.
        "Open |Monday to Friday| = 2026-12-07/2026-12-11",
        "Open |Monday to Friday|, |9am–5pm EST| = 2026-12-07/2026-12-11 = 2026-12-01T09:00:00-05:00/2026-12-01T17:00:00-05:00",
        "Office hours |9am to 5pm| = 2026-12-01T09:00:00/2026-12-01T17:00:00",
        "The night shift runs |10pm to 2am| = 2026-12-01T22:00:00/2026-12-02T02:00:00",
        "Window |2026-12-03 13:00 - 16:00| = 2026-12-03T13:00:00/2026-12-03T16:00:00",
        "Leave |today – next Friday| = 2026-12-01/2026-12-04",
        // An end borrows what it leaves out: the month, the half of the day, the day.
        "Closed |Jan 5–7| = 2027-01-05/2027-01-07",
        "Conference |Jan 5-7, 2028| in Oslo = 2028-01-05/2028-01-07",
        "Sale |5–7 January| = 2027-01-05/2027-01-07",
        "Talk |3:30-4:30pm| = 2026-12-01T15:30:00/2026-12-01T16:30:00",
        "Clinic |9–11am| = 2026-12-01T09:00:00/2026-12-01T11:00:00",
        "Support |9am–5pm EST| = 2026-12-01T09:00:00-05:00/2026-12-01T17:00:00-05:00",
        "Meet between |3 and 5pm| = 2026-12-01T15:00:00/2026-12-01T17:00:00",
        "|9:00 AM to 5:00 PM, Tuesday, 8 Dec 2026| = 2026-12-08T09:00:00/2026-12-08T17:00:00",
        // Not ranges: a version before a date, an end before the start, no date after the dash, `and` without `between`.
        "## v2.0.0-beta.2 - |May 25, 2019| = 2019-05-25",
        "|2020-01-01| - |2019-01-01| = 2020-01-01 = 2019-01-01",
        "|Monday| - 5 copies = 2026-12-07",
        "|Jan 5| and 7 others = 2027-01-05",
        "Pages 10-12, see 5 - 7 = ",
    ]

    static let german = [
        "|10. bis 22. Oktober 2027| = 2027-10-10/2027-10-22",
        "|10. - 22. August 2027| = 2027-08-10/2027-08-22",
        "von |6:30 bis 23:00| = 2026-12-01T06:30:00/2026-12-01T23:00:00",
        "|10. Oktober - 12. Dezember| = 2027-10-10/2027-12-12",
    ]

    static let japanese = ["|3月1日から3月5日| = 2027-03-01/2027-03-05"]
    static let chinese = ["|3月1日至3月5日| = 2027-03-01/2027-03-05", "从|明天到后天| = 2026-12-02/2026-12-03"]

    @Test(arguments: english) func englishRanges(_ c: String) { check(c, "en_US") }
    @Test(arguments: german) func germanRanges(_ c: String) { check(c, "de_DE") }
    @Test(arguments: japanese) func japaneseRanges(_ c: String) { check(c, "ja_JP") }
    @Test(arguments: chinese) func chineseRanges(_ c: String) { check(c, "zh_CN") }

    func check(_ c: String, _ locale: String) { checkMarkedDates(c, locale) }

    @Test func htmlTimeElementTakesTheStart() {
        #expect(rendered("Open 9am to 5pm.", .html, options: DateScannerTests.options())
            == "Open <time datetime=\"2026-12-01T09:00:00\">9am to 5pm</time>.")
    }

    @Test func libraryValueIsTheStartAndRangeEndTheEnd() throws {
        let linkifier = try Linkifier(kinds: [.date], referenceTime: CivilDateTime(year: 2026, month: 12, day: 1, hour: 9))
        let found = Array(linkifier.matches(in: "Closed Jan 5–7 and 9am to 5pm, open 2026-12-24"))
        #expect(found.map(\.value) == [
            .date(CivilDateTime(year: 2027, month: 1, day: 5)),
            .dateTime(CivilDateTime(year: 2026, month: 12, day: 1, hour: 9)),
            .date(CivilDateTime(year: 2026, month: 12, day: 24)),
        ])
        #expect(found.map(\.rangeEnd) == [
            .date(CivilDateTime(year: 2027, month: 1, day: 7)),
            .dateTime(CivilDateTime(year: 2026, month: 12, day: 1, hour: 17)),
            nil,
        ])
    }
}

/// `c` is a marked sentence then ` = value` for each date (none after a bare
/// ` = `): the dates found in `locale` and their values are those.
func checkMarkedDates(_ c: String, _ locale: String) {
    let parts = c.split(separator: " = ", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
    let text = unmarked(parts[0])
    let found = entities(text, DateScannerTests.options(locale))
    let values = parts.count > 1 && !parts[1].isEmpty ? parts[1].split(separator: " = ").map(String.init) : []
    #expect(marked(text, DateScannerTests.options(locale)) == parts[0])
    #expect(found.map { $0.value ?? "nil" } == values)
}
