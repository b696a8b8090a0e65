@_spi(Layers) import LinkifyModel

/// What a word means to the date detector (English and German).
enum DateWord: Equatable {
    /// A month, 1–12; `abbreviated` for `Jan`, `Dez`.
    case month(Int, abbreviated: Bool)
    /// An ISO weekday, 1 Monday … 7 Sunday; `abbreviated` for `Fri`, `Fr`.
    case weekday(Int, abbreviated: Bool)
    /// A day relative to today: `today` 0, `tomorrow` 1, `vorgestern` −2.
    case relativeDay(Int)
    /// `next`, `this`, `last` before a weekday.
    case modifier(WeekdayChoice)
    /// A unit of `in 3 days`, `2 weeks ago`.
    case unit(DateUnit)
    /// A spelled count: `a`, `one` … `twelve`, `zwei`.
    case count(Int)
    /// A zone name after a time: its offset from UTC in minutes.
    case zone(Int)
    /// An ordinal: `first` 1 … `twentieth` 20, `thirtieth`, `erster`, `dritten`.
    case ordinal(Int)
    /// A part of the day after a day or a time (`tomorrow morning`,
    /// `7 Uhr abends`): how it reads an hour of a twelve-hour clock.
    case dayPart(DayPart)
}

/// Which half of the day a part of the day puts an hour in.
enum DayPart: Equatable {
    /// `morning`, `früh`: 12 is midnight, 1–11 stay.
    case morning
    /// `afternoon`, `evening`, `abends`: 1–11 are after noon.
    case evening
    /// `night`, `tonight`, `nachts`: 6–11 are evening, 12 is midnight, 1–5 stay.
    case night

    /// `hour` (0–23) read in this part of the day; an hour past 12 is kept.
    func adjusted(_ hour: Int) -> Int {
        switch self {
        case .morning: return hour == 12 ? 0 : hour
        case .evening: return hour < 12 ? hour + 12 : hour
        case .night: return hour == 12 ? 0 : (hour >= 6 && hour < 12 ? hour + 12 : hour)
        }
    }
}

/// Which day a weekday name means, counted from `--now`.
enum WeekdayChoice: Equatable {
    /// Today or the next such day (`this Friday`).
    case onOrAfter
    /// The next such day after today (`Friday`, `next Friday`).
    case after
    /// A week after that (`Friday after next`, `übernächsten Freitag`).
    case afterNext
    /// The last such day before today (`last Friday`).
    case before
}

/// A unit of relative time.
enum DateUnit: Equatable {
    case second, minute, hour, day, week, month, quarter, year
}

/// Keyword tables of the date detector, keyed by `TextWord.key`.
enum DateWords {
    /// English and German words; German two-letter weekday abbreviations are
    /// kept apart (`germanWeekdayAbbreviations`) because they are common words.
    static let table = KeywordTable(tableEntries)

    private static let tableEntries: [(UInt64, DateWord)] = {
        var t: [(UInt64, DateWord)] = []
        func add(_ words: [String], _ meaning: DateWord) {
            for w in words { t.append((TextWord.key(w), meaning)) }
        }
        let months: [(full: [String], short: [String])] = [
            (["january", "januar", "jänner"], ["jan", "jän"]),
            (["february", "februar", "feber"], ["feb", "febr"]),
            (["march", "märz", "maerz"], ["mar", "mär", "mrz"]),
            (["april"], ["apr"]),
            (["may", "mai"], []),
            (["june", "juni"], ["jun"]),
            (["july", "juli"], ["jul"]),
            (["august"], ["aug"]),
            (["september"], ["sep", "sept"]),
            (["october", "oktober"], ["oct", "okt"]),
            (["november"], ["nov"]),
            (["december", "dezember"], ["dec", "dez"]),
        ]
        for (i, m) in months.enumerated() {
            add(m.full, .month(i + 1, abbreviated: false))
            add(m.short, .month(i + 1, abbreviated: true))
        }
        let weekdays: [(full: [String], short: [String])] = [
            (["monday", "montag"], ["mon"]),
            (["tuesday", "dienstag"], ["tue", "tues"]),
            (["wednesday", "mittwoch"], ["wed"]),
            (["thursday", "donnerstag"], ["thu", "thur", "thurs"]),
            (["friday", "freitag"], ["fri"]),
            (["saturday", "samstag", "sonnabend"], ["sat"]),
            (["sunday", "sonntag"], ["sun"]),
        ]
        for (i, w) in weekdays.enumerated() {
            add(w.full, .weekday(i + 1, abbreviated: false))
            add(w.short, .weekday(i + 1, abbreviated: true))
        }
        add(["today", "tonight", "heute"], .relativeDay(0))
        add(["tomorrow", "morgen"], .relativeDay(1))
        add(["yesterday", "gestern"], .relativeDay(-1))
        add(["übermorgen", "uebermorgen"], .relativeDay(2))   // (ue: ü written in ASCII)
        add(["vorgestern"], .relativeDay(-2))
        add(["next", "nächsten", "nächster", "nächste", "nächstes", "kommenden", "kommender", "kommende", "kommendes"],
            .modifier(.after))
        add(["this", "coming", "diesen", "dieser", "diese", "dieses"], .modifier(.onOrAfter))
        add(["last", "letzten", "letzter", "letzte", "letztes", "vergangenen", "vergangene", "vergangener", "vergangenes"],
            .modifier(.before))
        add(["übernächsten", "übernächster", "übernächste"], .modifier(.afterNext))
        let ordinals = [["first", "erster", "erste", "ersten"], ["second", "zweiter", "zweite", "zweiten"],
                        ["third", "dritter", "dritte", "dritten"], ["fourth", "vierter", "vierte", "vierten"],
                        ["fifth", "fünfter", "fünfte", "fünften"], ["sixth"], ["seventh"], ["eighth"], ["ninth"], ["tenth"],
                        ["eleventh"], ["twelfth"], ["thirteenth"], ["fourteenth"], ["fifteenth"], ["sixteenth"],
                        ["seventeenth"], ["eighteenth"], ["nineteenth"], ["twentieth"]]
        for (i, words) in ordinals.enumerated() { add(words, .ordinal(i + 1)) }
        add(["thirtieth"], .ordinal(30))
        for (i, word) in germanOrdinalsFromSixth.enumerated() { add([word], .ordinal(i + 6)) }
        add(["dreißigsten"], .ordinal(30))
        add(["morning", "früh", "morgens", "vormittag", "vormittags"], .dayPart(.morning))
        add(["afternoon", "evening", "nachmittag", "nachmittags", "abend", "abends"], .dayPart(.evening))
        add(["night", "nacht", "nachts"], .dayPart(.night))
        // `second` is the ordinal here; `countedUnit` reads it as a unit after a count.
        add(["seconds", "sec", "secs", "sekunde", "sekunden"], .unit(.second))
        add(["minute", "minutes", "min", "mins", "minuten"], .unit(.minute))
        add(["hour", "hours", "hr", "hrs", "stunde", "stunden"], .unit(.hour))
        add(["day", "days", "tag", "tage", "tagen"], .unit(.day))
        add(["week", "weeks", "wk", "wks", "woche", "wochen"], .unit(.week))
        add(["month", "months", "monat", "monate", "monaten"], .unit(.month))
        add(["year", "years", "yr", "yrs", "jahr", "jahre", "jahren"], .unit(.year))
        let counts = [["a", "an", "one", "ein", "einem", "einer", "eine"], ["two", "zwei"], ["three", "drei"],
                      ["four", "vier"], ["five", "fünf"], ["six", "sechs"], ["seven", "sieben"], ["eight", "acht"],
                      ["nine", "neun"], ["ten", "zehn"], ["eleven", "elf"], ["twelve", "zwölf"]]
        for (i, words) in counts.enumerated() { add(words, .count(i + 1)) }
        return t
    }()

    /// Every word that can start a date form (the table, `the`, `day`, `in`,
    /// `vor`, `noon`, `midnight`, German weekday abbreviations): a filter for the scanner.
    static let starters = KeywordTable(starterEntries)

    private static let starterEntries: [(UInt64, Bool)] = {
        var t: [(UInt64, Bool)] = []
        for w in ["the", "day", "in", "vor", "noon", "midnight", "midday", "mittag", "mitternacht",
                  "mo", "di", "mi", "do", "fr", "sa", "so",
                  "half", "quarter", "twenty", "halb", "viertel"] { t.append((TextWord.key(w), true)) }
        return t
    }()

    /// The words of `table` and `starters` in one table: the scanner's first
    /// test of a word, one look-up for the many words that are neither.
    static let firstWords = KeywordTable(tableEntries.map { ($0.0, true) } + starterEntries)

    /// Words outside `table` that begin a form (`the 15th`, `in 3 days`, `half past three`).
    enum Lead { case the, day, inWord, vor, noon, midnight, minutes }

    /// The words of `Lead`, looked up once per word rather than compared one by one.
    static let leads: KeywordTable<Lead> = {
        let list: [(String, Lead)] = [("the", .the), ("day", .day), ("in", .inWord), ("vor", .vor), ("noon", .noon),
                                      ("midnight", .midnight), ("midday", .noon), ("mittag", .noon),
                                      ("mitternacht", .midnight), ("half", .minutes), ("quarter", .minutes), ("twenty", .minutes),
                                      ("halb", .minutes), ("viertel", .minutes)]
        return KeywordTable(list.map { (TextWord.key($0.0), $0.1) })
    }()

    /// Zone abbreviations read after a time (uppercase only), in minutes east of UTC.
    static let zones: [UInt64: Int] = {
        var t: [UInt64: Int] = [:]
        let list: [(String, Int)] = [
            ("utc", 0), ("gmt", 0), ("ut", 0), ("z", 0), ("wet", 0),
            ("est", -300), ("edt", -240), ("cst", -360), ("cdt", -300), ("mst", -420), ("mdt", -360),
            ("pst", -480), ("pdt", -420), ("akst", -540), ("akdt", -480), ("hst", -600),
            ("ast", -240), ("adt", -180), ("nst", -210), ("ndt", -150),
            ("bst", 60), ("cet", 60), ("cest", 120), ("mez", 60), ("mesz", 120), ("west", 60),
            ("eet", 120), ("eest", 180), ("msk", 180), ("jst", 540), ("kst", 540),
            ("aest", 600), ("aedt", 660), ("acst", 570), ("awst", 480), ("nzst", 720), ("nzdt", 780),
        ]
        for (name, offset) in list { t[TextWord.key(name)] = offset }
        return t
    }()

    /// `Mo Di Mi Do Fr Sa So`: weekdays only before a date (`Fr., 5. Dez.`).
    static let germanWeekdayAbbreviations: [UInt64: Int] = {
        var t: [UInt64: Int] = [:]
        for (i, w) in ["mo", "di", "mi", "do", "fr", "sa", "so"].enumerated() { t[TextWord.key(w)] = i + 1 }
        return t
    }()

    static let at = TextWord.key("at")
    static let on = TextWord.key("on")
    static let of = TextWord.key("of")
    static let um = TextWord.key("um")
    static let am = TextWord.key("am")
    static let den = TextWord.key("den")
    static let dem = TextWord.key("dem")
    static let the = TextWord.key("the")
    static let day = TextWord.key("day")
    static let after = TextWord.key("after")
    static let before = TextWord.key("before")
    static let inWord = TextWord.key("in")
    static let ago = TextWord.key("ago")
    static let vor = TextWord.key("vor")
    static let from = TextWord.key("from")
    static let now = TextWord.key("now")
    static let later = TextWord.key("later")
    static let uhr = TextWord.key("uhr")
    static let noon = TextWord.key("noon")
    static let midnight = TextWord.key("midnight")
    static let mittag = TextWord.key("mittag")
    /// The words that name a time of day by themselves, and its hour: `noon`,
    /// `midday`, `Mittag` (12), `midnight`, `Mitternacht` (0).
    static let clockWords = KeywordTable<Int>(
        [("noon", 12), ("midday", 12), ("mittag", 12), ("midnight", 0), ("mitternacht", 0)].map { (TextWord.key($0.0), $0.1) })
    static let pm = TextWord.key("pm")
    static let morgen = TextWord.key("morgen")
    static let tonight = TextWord.key("tonight")
    static let week = TextWord.key("week")
    static let next = TextWord.key("next")
    static let nach = TextWord.key("nach")
    static let der = TextWord.key("der")
    static let im = TextWord.key("im")
    static let hence = TextWord.key("hence")
    static let half = TextWord.key("half")
    static let few = TextWord.key("few")
    /// German ordinals as a day is said (`am sechsten März`), from the sixth to the twentieth.
    static let germanOrdinalsFromSixth = ["sechsten", "siebten", "achten", "neunten", "zehnten", "elften", "zwölften",
                                          "dreizehnten", "vierzehnten", "fünfzehnten", "sechzehnten", "siebzehnten",
                                          "achtzehnten", "neunzehnten", "zwanzigsten"]
    /// The German ordinals a month name may follow directly (`am dritten März`; English says `the third of March`).
    static let germanOrdinals = words(["ersten", "zweiten", "dritten", "vierten", "fünften", "dreißigsten"] + germanOrdinalsFromSixth)
    static let coming = TextWord.key("coming")
    static let couple = TextWord.key("couple")
    static let quarter = TextWord.key("quarter")
    /// German `halb drei` (2:30: half to three) and `Viertel nach drei`.
    static let halb = TextWord.key("halb")
    static let viertel = TextWord.key("viertel")
    /// German `einer halben Stunde`: half of the unit after it.
    static let halves = words(["halbe", "halben", "halber"])
    static let twenty = TextWord.key("twenty")
    static let past = TextWord.key("past")
    static let to = TextWord.key("to")
    static let till = TextWord.key("till")
    static let one = TextWord.key("one")
    static let o = TextWord.key("o")
    static let clock = TextWord.key("clock")
    static let s = TextWord.key("s")
    static let a = TextWord.key("a")
    static let second = TextWord.key("second")
    static let an = TextWord.key("an")
    /// Unit abbreviations written close after a number (`1h`, `15min`, `2hr5min`);
    /// not `s`, `d`, `m`, `w` or `y`, which end other words (`80s`, `3D`, `5m`).
    static let closeUnits = KeywordTable<DateUnit>(
        [("h", DateUnit.hour), ("hr", .hour), ("hrs", .hour), ("min", .minute), ("mins", .minute),
         ("sec", .second), ("secs", .second), ("wk", .week), ("wks", .week), ("yr", .year), ("yrs", .year)]
            .map { (TextWord.key($0.0), $0.1) })
    /// Words between `in` and a length of time that leave it a time (`in about 5 hours`).
    static let approximately = words(["about", "around", "approximately", "roughly", "etwa", "ungefähr"])
    /// The periods a modifier names as a whole (`next week`, `letztes Quartal`): singular nouns only.
    static let periodUnits = KeywordTable<DateUnit>(
        [("week", DateUnit.week), ("woche", .week), ("month", .month), ("monat", .month),
         ("quarter", .quarter), ("quartal", .quarter), ("year", .year), ("jahr", .year)].map { (TextWord.key($0.0), $0.1) })
    /// `weekend`, `Wochenende`: the weekend named by a modifier (`next weekend`), valued by its Saturday.
    static let weekends = words(["weekend", "wochenende"])
    /// Words before which a month alone is a time (`in August`, `bis Dezember`);
    /// not `by` or `from`, which also come before people named April, May or June.
    static let monthCues = words(["in", "since", "until", "till", "during", "before", "after", "through",
                                  "im", "seit", "bis", "ab"])
    /// Words that join the two ends of a range (`Monday to Friday`, `9 bis 17 Uhr`).
    static let rangeWords = words(["to", "until", "till", "til", "through", "thru", "bis"])
    /// `and`, `und`: a range's joining word only after `rangeOpeners` (`between 3 and 5pm`).
    static let rangeAnd = words(["and", "und"])
    static let rangeOpeners = words(["between", "zwischen"])

    /// A set of words, looked up as the keyword tables are (no hashing).
    static func words(_ list: [String]) -> KeywordTable<Bool> { KeywordTable(list.map { (TextWord.key($0), true) }) }
    /// Words after which a spelled time or a day without month is a time or
    /// date (`at midnight`, `by the 15th`, `on 2/15`).
    static let cues = words(["at", "on", "by", "until", "till", "til", "before", "after", "around", "from",
                             "since", "due", "um", "am", "bis", "ab", "seit", "gegen", "vom", "zum"])
}
