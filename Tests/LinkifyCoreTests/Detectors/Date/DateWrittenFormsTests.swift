import Testing
@testable import LinkifyCore
@testable import LinkifyDetectors
@testable import LinkifyFinding
@testable import LinkifyInput
@_spi(Layers) @testable import LinkifyModel
@testable import LinkifyRendering

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

extension DateWrittenFormsTests {
    /// A date with a time before or after it is one span and one value.
    static let dateAndTime = [
        "Pickup |12/14 at 4:00pm|, gate B = 2026-12-14T16:00:00",
        "Let's do lunch |tomorrow at noon| = 2026-12-02T12:00:00",
        "Can you make |Friday 9am|? = 2026-12-04T09:00:00",
        "I called |this morning at 10| but = 2026-12-01T10:00:00",
        "Back |tonight at 11|, don't wait = 2026-12-01T23:00:00",
        "Dinner |tomorrow evening at 7:30| = 2026-12-02T19:30:00",
        "Flight |Thursday afternoon at 3| = 2026-12-03T15:00:00",
        "Standup moved to |9:30 on 12/15| = 2026-12-15T09:30:00",
    ]
    @Test(arguments: dateAndTime) func dateWithTime(_ c: String) { check(c, "en_US") }

    /// Ordinals and modifiers.
    static let ordinals = [
        "Rent is due |the 15th|. = 2026-12-15",
        "Rent is due on |the 1st|, as always = 2026-12-01",   // today is the 1st: on or after today, as `December 1`
        "See you |Tuesday the 19th| = 2027-01-19",
        "Booked for |Saturday 12th| = 2026-12-12",
        "Renewal on |the 3rd of January| = 2027-01-03",
        "Clocks change on |the last Sunday of March| = 2027-03-28",
        "The fair is |the first Friday in May| = 2027-05-07",
        "Elections are held |the second Tuesday of November 2028| = 2028-11-14",
        "Meetup |last Monday of December| = 2026-12-28",
        "We left |the day after tomorrow| = 2026-12-03",
        "Deploy |in two weeks| = 2026-12-15",
        "It broke |3 days ago| = 2026-11-28",
        "Ship it |Friday after next| = 2026-12-11",
        "Review |next week's Thursday| = 2026-12-10",
        "That was |last week's Monday| = 2026-11-23",
        "Call me |Wednesday of next week| = 2026-12-09",
        "Due |ten days hence| = 2026-12-11",
    ]
    @Test(arguments: ordinals) func ordinalsAndModifiers(_ c: String) { check(c, "en_US") }

    /// An ordinal alone is a rank, and a number with a suffix before a noun is not a day.
    static let ordinalsNot = [
        "This is the 3rd time it failed.",
        "In the 19th century, the first edition sold out.",
        "Pass it as the 2nd argument to the first call.",
        "She came in second, the fifth of the runners.",
    ]
    @Test(arguments: ordinalsNot) func ordinalsThatAreNotDates(_ c: String) { #expect(Self.described(c, "en_US") == c) }

    /// Day and month without a year, in the locale's order, on their next
    /// occurrence; names in any case.
    static let yearless = [
        ("Invoices go out on |2/15| every year = 2027-02-15", "en_US"),
        ("Next payroll: |2/15|. = 2027-02-15", "en_US"),
        // bash's CHANGES file heads each day's entries with the day alone
        ("configure.in\n\t\t\t\t   |7/18|\n\t\t\t\t   ---- = 2027-07-18", "en_US"),
        ("Paid on |3/4|, thanks = 2027-03-04", "en_US"),
        ("Office closed |12/24| and |12/31| = 2026-12-24 = 2026-12-31", "en_US"),
        ("Closed |24/12| and |31/12| = 2026-12-24 = 2026-12-31", "en_GB"),
        ("Abgabe bis |15.2.| bitte = 2027-02-15", "de_DE"),
        ("Termin am |3.1.| um zehn = 2027-01-03", "de_DE"),
        ("see you |monday| then = 2026-12-07", "en_US"),
        ("deadline is |february 15| = 2027-02-15", "en_US"),
        ("DUE |FRIDAY, DECEMBER 18| = 2026-12-18", "en_US"),
        ("|the 4th of july| party = 2027-07-04", "en_US"),
        ("ab |1 märz| gilt = 2027-03-01", "de_DE"),
        ("bis |freitag| = 2026-12-04", "de_DE"),
        ("締切は|3/25|です = 2027-03-25", "ja_JP"),
    ]
    @Test(arguments: yearless) func dayAndMonthWithoutYear(_ c: (String, String)) { check(c.0, c.1) }

    /// Fractions, scores, ratios and versions stay text.
    static let yearlessNot = [
        ("Add 3/4 cup of flour and 1/2 tsp salt.", "en_US"),
        ("We won 3/1 and passed 10/12 tests.", "en_US"),
        ("Sold at 1/2 price, 2/3 of the stock.", "en_US"),
        ("Rated 9/10, works 24/7.", "en_US"),
        // Debian changelogs of libx11 and freetype, a bug title of gtk
        ("integer overflow in XGetImage() [CVE-2013-1981 11/13]", "en_US"),
        ("No idea why it was set to 10/20 instead", "en_US"),   // (`of 8/16.` after it is read as a date: not told apart)
        ("file chooser does not respect 12/24-hour clock setting", "en_US"),
        ("I for one am quite envious; perhaps every five to ten minutes", "en_US"),
        ("let is_tuesday = false; \"monday\": 3, friday.txt", "en_US"),
        ("pass it as the 5th; come to the 3rd (variadic) parameter", "en_US"),
        ("Steps 2 and 3 may fail; we march on.", "en_US"),
        ("Version 2.6 und 15.2 kg", "de_DE"),
        // section numbers in The Rust Programming Language (rust-doc), a Debian changelog
        ("<strong>13.1.</strong> Closures", "de_DE"),
        ("markers by updating to Packaging 16.6.", "de_DE"),
        ("We are now unable to build xcb-proto before 1.7.", "de_DE"),
        ("sat on the mon wed sun", "en_US"),
    ]
    @Test(arguments: yearlessNot) func fractionsAndScoresAreNotDates(_ c: (String, String)) { #expect(Self.described(c.0, c.1) == c.0) }

    /// Spelled times and parts of the day.
    static let spelled = [
        ("Lunch at |noon|. = 2026-12-01T12:00:00", "en_US"),
        ("Submit by |midnight| = 2026-12-01T00:00:00", "en_US"),
        ("Doors at |half past three| = 2026-12-01T03:30:00", "en_US"),
        ("Tea at |quarter to five| = 2026-12-01T04:45:00", "en_US"),
        ("Call at |a quarter past 3pm| = 2026-12-01T15:15:00", "en_US"),
        ("Meet |twenty to noon| = 2026-12-01T11:40:00", "en_US"),
        ("Drinks |eight tonight| = 2026-12-01T20:00:00", "en_US"),
        ("Train at |seven o'clock in the evening| = 2026-12-01T19:00:00", "en_US"),
        ("Doors open at |4 o'clock| = 2026-12-01T04:00:00", "en_US"),
        // A date, then a time in words: composed, with or without `at`.
        ("Lunch |Friday noon| = 2026-12-04T12:00:00", "en_US"),
        ("Call |tomorrow at half past three| = 2026-12-02T03:30:00", "en_US"),
        ("Call |tomorrow a quarter to five| = 2026-12-02T04:45:00", "en_US"),
        ("Dinner |Monday at seven pm| = 2026-12-07T19:00:00", "en_US"),
        ("Due |March 3 midnight| = 2027-03-03T00:00:00", "en_US"),
        ("Seats |Monday| five to ten people = 2026-12-07", "en_US"),
        ("Release |2024-01-28| Midnight Commander = 2024-01-28", "en_US"),
        // A bare hour after `at` or `um`, with a mark or at the phrase's end.
        ("Call |tomorrow at 3|. = 2026-12-02T03:00:00", "en_US"),
        ("Show |Friday at 5 o'clock| = 2026-12-04T05:00:00", "en_US"),
        ("Talks |Friday| at 5 venues = 2026-12-04", "en_US"),
        ("Wir sehen uns |morgen um 8| = 2026-12-02T08:00:00", "de_DE"),
        // `last night` puts an hour in the night; half a unit; a length of time from a day.
        ("Seen |last night at 11| = 2026-11-30T23:00:00", "en_US"),
        ("Posted |half an hour ago| = 2026-12-01T08:30:00", "en_US"),
        ("Back |in half a day| = 2026-12-01T21:00:00", "en_US"),
        ("Due |a week from Monday| = 2026-12-14", "en_US"),
        ("Due |two days from tomorrow| = 2026-12-04", "en_US"),
        ("Due |2 weeks after yesterday| = 2026-12-14", "en_US"),
        ("Freeze |3 days before December 10| = 2026-12-07", "en_US"),
        // `a couple of` is 2 and `a few` 3, as Duckling counts them.
        ("Back |in a couple of days| = 2026-12-03", "en_US"),
        ("Seen |a few days ago| = 2026-11-28", "en_US"),
        ("Ship |this coming Friday| = 2026-12-04", "en_US"),
        // A weekend named by a modifier: its Saturday (a period valued by its first day).
        ("Hike |next weekend| = 2026-12-12", "en_US"),
        ("Wandern |dieses Wochenende| = 2026-12-05", "de_DE"),
        ("Ship |Monday the 18th of January| = 2027-01-18", "en_US"),
        // A day's part after a time puts it in its half; a part of the day, `at`, an hour.
        ("Talk |3:30 tomorrow afternoon| = 2026-12-02T15:30:00", "en_US"),
        ("Meet at |5 tomorrow| = 2026-12-02T05:00:00", "en_US"),
        ("Tea in the |afternoon at 4| = 2026-12-01T16:00:00", "en_US"),
        ("Kaffee |nachmittags um 4| = 2026-12-01T16:00:00", "de_DE"),
        ("Dinner |8 o’clock tonight| = 2026-12-01T20:00:00", "en_US"),
        ("Bus |3:15 in the afternoon| = 2026-12-01T15:15:00", "en_US"),
        ("Wecker |3:18 früh| = 2026-12-01T03:18:00", "de_DE"),
        ("Treffen |7 Uhr abends| = 2026-12-01T19:00:00", "de_DE"),
        ("Wir essen |heute Abend um 8| = 2026-12-01T20:00:00", "de_DE"),
        ("Abfahrt |morgen früh| = 2026-12-02", "de_DE"),
        // German clock words: `halb drei` is 2:30, `Viertel nach`, `zehn vor`; Uhr with a part of the day.
        ("Treffen um |halb drei| = 2026-12-01T02:30:00", "de_DE"),
        ("Treffen |morgen um halb neun| = 2026-12-02T08:30:00", "de_DE"),
        ("Beginn |Viertel nach drei| = 2026-12-01T03:15:00", "de_DE"),
        ("Schluss |fünf vor zwölf| = 2026-12-01T11:55:00", "de_DE"),
        ("Kaffee |drei Uhr nachmittags| = 2026-12-01T15:00:00", "de_DE"),
        ("Zurück |in einer halben Stunde| = 2026-12-01T09:30:00", "de_DE"),
        // German ordinals before a month name, without `of`.
        ("Feier am |dritten März| = 2027-03-03", "de_DE"),
        // Clock words (`midday`, `Mitternacht`) and ASCII spellings of ä and ü.
        ("Lunch |Friday midday| = 2026-12-04T12:00:00", "en_US"),
        ("Schluss um |Mitternacht| = 2026-12-01T00:00:00", "de_DE"),
        ("Frist |3. Maerz 2027| = 2027-03-03", "de_DE"),
        ("Abflug |uebermorgen| = 2026-12-03", "de_DE"),
        ("Termin am |zwanzigsten Dezember um 15 Uhr| = 2026-12-20T15:00:00", "de_DE"),
    ]
    @Test(arguments: spelled) func spelledTimes(_ c: (String, String)) { check(c.0, c.1) }

    static let spelledNot = [
        "burning the midnight oil in Midnight Commander",
        "half of them came; a quarter left",
        "one of the three options",
        "the night was long; good morning",
        "at 13 o'clock the bells ring",
        "half a dozen eggs, half an apple",
        "halb so viel, ein Viertel der Leute, zehn vor Ort",
        "the series starts at 1, then 4 more; I'm at 10",
        "a few of them, a couple of people, two days before the release",
        "the first March release; achten Sie auf den Plan",
        "the midday sun; zu Mittag essen",
        "the last weekend of May; over the weekend",
    ]
    @Test(arguments: spelledNot) func wordsThatAreNotTimes(_ c: String) { #expect(Self.described(c, "en_US") == c) }
}

extension DateWrittenFormsTests {
    /// Japanese: kana words, `時間` as a duration, fullwidth digits, a weekday between date and time.
    static let japanese = [
        "|かようび|にあいましょう = 2026-12-08",
        "|きょう|は雨です = 2026-12-01",
        "|あした|から休みます = 2026-12-02",
        "|本日|休業 = 2026-12-01",
        "|来週の金曜日|までに = 2026-12-11",
        "|3時間後|に出発 = 2026-12-01T12:00:00",
        "|5分後|に戻ります = 2026-12-01T09:05:00",
        "|2ヶ月後|に完成 = 2027-02-01",
        "締切は|２０２６／１２／２５|です = 2026-12-25",
        "|2026年12月24日 木曜日 10時05分|開始 = 2026-12-24T10:05:00",
    ]
    @Test(arguments: japanese) func japaneseForms(_ c: String) { check(c, "ja_JP") }

    static let japaneseNot = [
        "毎日べんきょうする",
        "会議は3時間かかる",
        "きょうかいへ行く",
        "十分です",
    ]
    @Test(arguments: japaneseNot) func japaneseNonDates(_ c: String) { #expect(Self.described(c, "ja_JP") == c) }

    /// Chinese: relative weeks with 礼拜, 今晚, minutes after 点, a time right after 日, durations.
    static let chinese = [
        "|上礼拜天|我们去了公园 = 2026-11-29",
        "|下礼拜二|开会 = 2026-12-08",
        "|這禮拜三|有空 = 2026-12-02",
        "|今晚8点|见 = 2026-12-01T20:00:00",
        "|下午三点十五|到 = 2026-12-01T15:15:00",
        "|2026年12月08日10:05|发布 = 2026-12-08T10:05:00",
        "|三小时后|出发 = 2026-12-01T12:00:00",
        "|两个月前|开始 = 2026-10-01",
    ]
    @Test(arguments: chinese) func chineseForms(_ c: String) { check(c, "zh_CN") }

    static let chineseNot = [
        "我有三个月的时间",
        "这十分重要",
        "三天的会议",
    ]
    @Test(arguments: chineseNot) func chineseNonDates(_ c: String) { #expect(Self.described(c, "zh_CN") == c) }
}
