import Testing
@testable import LinkifyCore

/// Issue 13: dates as people write them in mail, chat and notes (phrases
/// written for these tests, in the shapes of the real-world sample in
/// Fixtures/realworld-dates). One line per case, each date marked `|…|` and
/// its ISO 8601 value after ` = `; `--now` is Tuesday 2026-12-01 09:00.
@Suite struct DateWrittenFormsTests {
    static func options(_ locale: String) -> FinderOptions {
        FinderOptions(kinds: [EntityKinds(.date)], locale: locale,
                      now: CivilDateTime(year: 2026, month: 12, day: 1, hour: 9))
    }

    static func described(_ text: String, _ locale: String) -> String {
        let found = entities(text, options(locale))
        return marked(text, options(locale)) + found.map { " = " + ($0.value ?? "nil") }.joined()
    }

    func check(_ c: String, _ locale: String) {
        let parts = c.split(separator: " = ", maxSplits: 1).map(String.init)
        #expect(Self.described(unmarked(parts[0]), locale) == c)
    }

    /// A bare weekday is the next such day after `--now` (SPEC §3): written on
    /// a Tuesday, `Tuesday` is next week's; `this Tuesday` is today.
    static let bareWeekday = [
        ("Can we talk |Tuesday|? = 2026-12-08", "en_US"),
        ("Can we talk |Wednesday|? = 2026-12-02", "en_US"),
        ("I'm free |this Tuesday| = 2026-12-01", "en_US"),
        ("Am |Dienstag| geht es = 2026-12-08", "de_DE"),
        ("|火曜日|に会いましょう = 2026-12-08", "ja_JP"),
        ("|周二|见 = 2026-12-08", "zh_CN"),
        ("|星期三|见 = 2026-12-02", "zh_CN"),
    ]
    @Test(arguments: bareWeekday) func bareWeekdayIsTheNextSuchDay(_ c: (String, String)) { check(c.0, c.1) }
}
