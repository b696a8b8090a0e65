import Testing
@testable import LinkifyCore
@testable import LinkifyDetectors
@testable import LinkifyFinding
@_spi(Layers) @testable import LinkifyModel

/// Periods named as a whole, each valued by its first day (`DateReader+Periods`),
/// and lengths of time from now (`DateReader+Relative`).
/// Marked as in `DateScannerTests`; `--now` is Tuesday 2026-12-01 09:00.
@Suite struct DatePeriodTests {
    static let english = [
        "Released in |September 2019| = 2019-09-01",
        "Since |Sep. 2012|, |Dec 2021| and |Sep-2012| = 2012-09-01 = 2021-12-01 = 2012-09-01",
        "Moved in |August, 2012| = 2012-08-01",
        "Finished in |June of 2022| = 2022-06-01",
        "Changed in |July of this year| = 2026-07-01",
        "Published: |06/2004| = 2004-06-01",
        "Alertmanager v0.16.0 (released in |January\n2019|) = 2019-01-01",
        "We ship |next week| = 2026-12-07",
        "Planned |this week| = 2026-11-30",
        "Fixed |last month| = 2026-11-01",
        "Due |next quarter| = 2027-01-01",
        "Removed later |this year| = 2026-01-01",
        "Out some time |next year| = 2027-01-01",
        "Back in |August| = 2027-08-01",
        "Open until |December| = 2026-12-01",
        "From |September 2019 to March 2020| = 2019-09-01/2020-03-31",
        "It rained |last night| = 2026-11-30",
        "Not in the last night of the festival = ",
        // Not periods: a duration after `the`, a person, a day no form read, a one-digit fraction.
        "Over the last year it grew = ",
        "Thanks to April and May = ",
        "Not 32 August 2014 = ",
        "The 3/2012 ratio = ",
    ]

    /// Lengths of time from now: any counts with units, apart by spaces, commas or `and`.
    static let durations = [
        "Fixed |15 hours 29 min ago| = 2026-11-30T17:31:00",
        "Seen |3 min 49 sec ago| = 2026-12-01T08:56:11",
        "Posted |1h ago| = 2026-12-01T08:00:00",
        "Back |in 2hr5min| = 2026-12-01T11:05:00",
        "Due |in 1 hour and 30 minutes| = 2026-12-01T10:30:00",
        "Landing |in about 5 hours| = 2026-12-01T14:00:00",
        "Expires |2 weeks, 3 days from now| = 2026-12-18",
        "Ran |12 seconds ago| = 2026-12-01T08:59:48",
        // Seconds after `in` are how long something takes; `s` and `d` written close are other words.
        "It builds in 13 seconds = ",
        "More on that in a second = ",
        "Styled in 80s colours, rendered in 3D = ",
    ]

    static let german = [
        "|kommende Woche| = 2026-12-07",
        "|letztes Quartal| = 2026-07-01",
        "im |Oktober 2012| = 2012-10-01",
        "bis |Dezember| = 2026-12-01",
        "|nächstes Jahr| = 2027-01-01",
        "|letzte Nacht| = 2026-11-30",
        "|vor 30 Sekunden| = 2026-12-01T08:59:30",
        "|in 2 Stunden und 5 Minuten| = 2026-12-01T11:05:00",
    ]

    @Test(arguments: english) func englishPeriods(_ c: String) { check(c, "en_US") }
    static let japanese = [
        "|来週|から始めます = 2026-12-07",
        "|先月|の記事 = 2026-11-01",
        "|今年|の目標 = 2026-01-01",
        "|今夜|は雨 = 2026-12-01",
        "|来週の金曜日| = 2026-12-11",
    ]

    static let chinese = [
        "|下个月|发布 = 2027-01-01",
        "|去年|的数据 = 2025-01-01",
        "|本周|完成 = 2026-11-30",
        "|昨晚|下雨了 = 2026-11-30",
        // 上年 begins 上年纪 (old age); 明月 is the bright moon.
        "他上年纪了，看明月 = ",
    ]

    @Test(arguments: japanese) func japanesePeriods(_ c: String) { check(c, "ja_JP") }
    @Test(arguments: chinese) func chinesePeriods(_ c: String) { check(c, "zh_CN") }
    @Test(arguments: durations) func durationsFromNow(_ c: String) { check(c, "en_US") }
    @Test(arguments: german) func germanPeriods(_ c: String) { check(c, "de_DE") }

    func check(_ c: String, _ locale: String) { checkMarkedDates(c, locale) }
}
