import Testing
@testable import LinkifyCore
@testable import LinkifyDetectors
@testable import LinkifyFinding
@testable import LinkifyInput
@_spi(Layers) @testable import LinkifyModel
@testable import LinkifyRendering

/// Dates in real text: event announcements, mail headers, logs, chat. One line
/// per case, the date marked with `|…|` and its ISO 8601 value after `=`;
/// `--now` is Tuesday 2026-12-01 09:00.
@Suite struct DateScannerTests {
    static func options(_ locale: String = "en_US") -> FinderOptions {
        FinderOptions(kinds: [EntityKinds(.date)], locale: locale,
                      now: CivilDateTime(year: 2026, month: 12, day: 1, hour: 9))
    }

    /// `marked` text, then ` = value` for each entity.
    static func described(_ text: String, _ locale: String) -> String {
        let found = entities(text, options(locale))
        return marked(text, options(locale)) + found.map { " = " + ($0.value ?? "nil") }.joined()
    }

    static let english = [
        "The meeting is on |Monday, December 7, 2026 at 3:00 PM EST|. = 2026-12-07T15:00:00-05:00",
        "Doors open at |7:30pm|; the show starts |8pm|. = 2026-12-01T19:30:00 = 2026-12-01T20:00:00",
        "Last updated: |2026-11-30T08:15:00Z| = 2026-11-30T08:15:00Z",
        "Date: |Tue, 1 Dec 2026 09:00:00 -0800| = 2026-12-01T09:00:00-08:00",
        "Posted on |12/01/2026| by admin = 2026-12-01",
        "Deadline is |Friday at noon|. = 2026-12-04T12:00:00",
        "Shall we say |5pm tomorrow|? = 2026-12-02T17:00:00",
        "Talk at |10am on 3 March 2027| in room B = 2027-03-03T10:00:00",
        "Standup |17:30 UTC| daily = 2026-12-01T17:30:00Z",
        "Happy new year on |Jan 1st|! = 2027-01-01",
        "Early bird ends |December 1| = 2026-12-01",
        "Released |the day before yesterday| = 2026-11-29",
        "Back |in 3 hours| = 2026-12-01T12:00:00",
        "We shipped |a week ago| = 2026-11-24",
        "See you |last Tuesday|? = 2026-11-24",
        "Lunch |today at 12:15| = 2026-12-01T12:15:00",
        "Party |Sat, Dec. 5th, 2026 @ 9 p.m.| = 2026-12-05T21:00:00",
        "Filed |2026-11-30 23:59:59.123+05:30| = 2026-11-30T23:59:59+05:30",
        "Demo |next Friday at 5pm|, bring snacks = 2026-12-04T17:00:00",
        "Lunch at |noon tomorrow| in the atrium = 2026-12-02T12:00:00",
        "Code freeze from |midnight on Friday| = 2026-12-04T00:00:00",
    ]

    static let englishNot = [
        "Upgrade to version 1.2.3 now.",
        "Server 10.0.0.12 is down",
        "Call 555-0123 or 555-123-4567.",
        "It costs $12.50 and weighs 3.5 kg.",
        "March forward, may the best win; an august crowd.",
        "Python 3.11, ISBN 978-3-16-148410-0, ratio 16:9",
        "He is 45 years old and waited 3 days.",
        "Room 1205, floor 12, order #2026-12-01",
        "We meet in the afternoon, burning the midnight oil.",
    ]

    static let british = [
        "Term starts |Monday 5th January 2027| = 2027-01-05",
        "Invoice dated |13/11/2026| = 2026-11-13",
        "Your slot: |01/02/2027, 14:00| = 2027-02-01T14:00:00",
        "Log: |01/Dec/2026| = 2026-12-01",
    ]

    static let german = [
        "Am |Freitag, 5. Dezember 2026 um 18 Uhr| im Saal = 2026-12-05T18:00:00",
        "Wir sehen uns |morgen um 10:30 Uhr|, guten Morgen! = 2026-12-02T10:30:00",
        "Lieferung |übermorgen| oder am |24.12.2026| = 2026-12-03 = 2026-12-24",
        "Stand: |01.02.27| = 2027-02-01",
        "Termin |Fr., 11. Dez.| bestätigt = 2026-12-11",
        "Bis |nächsten Montag|, |vor 3 Tagen|, |in zwei Wochen| = 2026-12-07 = 2026-11-28 = 2026-12-15",
        "Anmeldung bis |1. März| = 2027-03-01",
        // Invitations put an article between weekday and date.
        "Die Versammlung findet am |Donnerstag, den 17. Juni 2027, um 19:30 Uhr| statt. = 2027-06-17T19:30:00",
        "Sprechstunde |Fr., den 11. Dez.| entfällt = 2026-12-11",
        "am |Montag, dem 7. Dezember 2026| = 2026-12-07",
        "Am |Freitag|, den ganzen Tag = 2026-12-04",
    ]

    static let japanese = [
        "|2026年12月1日（火）午後3時|から開催 = 2026-12-01T15:00:00",
        "|明日の15時30分|に伺います = 2026-12-02T15:30:00",
        "締切は|令和9年1月31日|です = 2027-01-31",
        "|来週の金曜日|に = 2026-12-11",
        "|３月５日|まで = 2027-03-05",
        "|平成31年4月30日| = 2019-04-30",
        "|令和8年12月1日|施行 = 2026-12-01",
        // A day's evening puts its hour after noon; parts of the day before an hour; noon.
        "|今夜8時|に集合 = 2026-12-01T20:00:00",
        "|正午|に会う = 2026-12-01T12:00:00",
        "|朝7時|に起きる = 2026-12-01T07:00:00",
        "|夕方5時|まで = 2026-12-01T17:00:00",
        // A month with a year named by a word, and its day.
        "|本年7月27日|現在 = 2026-07-27",
        "|来年3月|に発売 = 2027-03-01",
    ]

    static let chinese = [
        "我们|下周五下午两点|见 = 2026-12-11T14:00:00",
        "|十二月二十五日|是圣诞节 = 2026-12-25",
        "|星期天|休息 = 2026-12-06",
        "|3天后|出发 = 2026-12-04",
        "发布于|2026年11月30日 18:15| = 2026-11-30T18:15:00",
        "|晚上8点|开会 = 2026-12-01T20:00:00",
        "|明天下午3点|在公司见 = 2026-12-02T15:00:00",
        "|明晚8点|见 = 2026-12-02T20:00:00",
        // Months: with a year, alone (this year's, or next year's once past), and 廿 in a day.
        "|2027年3月|上市 = 2027-03-01",
        "|三月份|的计划 = 2027-03-01",
        "|十二月|很冷 = 2026-12-01",
        "|二零一八年十一月廿六日| = 2018-11-26",
        // Half an hour, seconds, weeks as 礼拜, and 过后.
        "|半小时前|发的 = 2026-12-01T08:30:00",
        "我要|5秒之后|出门 = 2026-12-01T09:00:05",
        "|两个礼拜后|答复 = 2026-12-15",
        "|5分钟过后|开始 = 2026-12-01T09:05:00",
    ]

    @Test(arguments: english) func englishDates(_ c: String) { check(c, "en_US") }
    @Test(arguments: englishNot) func englishNonDates(_ c: String) { #expect(Self.described(c, "en_US") == c) }
    @Test(arguments: british) func britishDates(_ c: String) { check(c, "en_GB") }
    @Test(arguments: german) func germanDates(_ c: String) { check(c, "de_DE") }
    @Test(arguments: japanese) func japaneseDates(_ c: String) { check(c, "ja_JP") }
    @Test(arguments: chinese) func chineseDates(_ c: String) { check(c, "zh_CN") }

    func check(_ c: String, _ locale: String) {
        let parts = c.split(separator: " = ", maxSplits: 1).map(String.init)
        #expect(Self.described(unmarked(parts[0]), locale) == c)
    }

    @Test func localeDecidesTheOrder() {
        #expect(entities("on 02/03/2027", Self.options("en_US")).first?.value == "2027-02-03")
        #expect(entities("on 02/03/2027", Self.options("en_GB")).first?.value == "2027-03-02")
        // The locale's reading is impossible: the other one is taken.
        #expect(entities("on 25/03/2027", Self.options("en_US")).first?.value == "2027-03-25")
    }

    @Test func dateTemplateMakesLinks() {
        var o = Self.options()
        o.templates.date = "https://cal.example/?d={}"
        let e = entities("on 2026-12-03T10:00+01:00", o)
        #expect(e.first?.target(in: "on 2026-12-03T10:00+01:00") == "https://cal.example/?d=2026-12-03T10:00:00%2B01:00")
        #expect(e.first?.value == "2026-12-03T10:00:00+01:00")
    }

    @Test func datesAreTimeElementsInHTML() {
        #expect(rendered("due 2026-12-03!", .html, options: Self.options())
            == "due <time datetime=\"2026-12-03\">2026-12-03</time>!")
        #expect(rendered("due 2026-12-03!", .markdown, options: Self.options()) == "due 2026-12-03!")
    }

    @Test func invalidBytesAndLongRunsAreSafe() {
        let bytes: [UInt8] = Array("due ".utf8) + [0xFF, 0xE5, 0xB9] + Array("2026-12-03 \u{FF11}\u{FF12}月".utf8)
            + Array(repeating: 0x31, count: 10_000) + Array(repeating: 0x61, count: 10_000)
        let found = bytes.withUnsafeBufferPointer { EntityFinder(options: Self.options()).entities(in: $0) }
        #expect(found.map(\.value) == ["2026-12-03"])
    }
}
