@_spi(Layers) import LinkifyModel

/// Periods named as a whole, each valued by its first day, as Duckling
/// values them: a week, month, quarter or year counted from today (`next
/// week` is next week's Monday, `last month`, `this year`, `next quarter`,
/// `kommende Woche`), a month with its year (`September 2012`, `Sep. 2012`,
/// `June of 2022`, `July of this year`, `09/2012`) and a month alone after a word that puts
/// something in time (`in August`, `since March`, `bis Dezember`: that
/// month this year, or next year once it is past).
///
/// The words are the locale tables' (`DateWords`: the modifiers of `next
/// Friday`, `periodUnits`, `monthCues`); the rules are these three, for
/// every locale that has the words.
extension DateReader {
    /// `next week`, `last month`, `this year`, `next quarter`, `letztes
    /// Quartal`; not after `the` (`over the last year` is a duration).
    func relativePeriod(_ w: TextWord, _ choice: WeekdayChoice) -> DateMatch? {
        guard let u = nextWord(w.end) else { return nil }
        let unit = DateWords.periodUnits[u.key]
        guard unit != nil || DateWords.weekends[u.key] != nil else { return nil }
        if let before = previousWord(before: w.start), before.end < w.start, before.key == DateWords.the { return nil }
        let n: Int
        switch choice {
        case .onOrAfter: n = 0
        case .after: n = 1
        case .afterNext: n = 2
        case .before: n = -1
        }
        guard let unit else {
            // `this weekend`, `next weekend`, `letztes Wochenende`: the Saturday of that week.
            return DateMatch(end: u.end, value: today.adding(days: 1 - today.weekday + 7 * n + 5), hasTime: false)
        }
        return period(unit, n, end: u.end)
    }

    /// The week, month, quarter or year `n` on from today's, as a match ending at `end`: its first day.
    func period(_ unit: DateUnit, _ n: Int, end: Int) -> DateMatch {
        let first: CivilDateTime
        switch unit {
        case .week: first = today.adding(days: 1 - today.weekday + 7 * n)
        case .month: first = CivilDateTime(year: today.year, month: today.month, day: 1).adding(months: n)
        case .quarter: first = CivilDateTime(year: today.year, month: (today.month - 1) / 3 * 3 + 1, day: 1).adding(months: 3 * n)
        default: first = CivilDateTime(year: today.year + n, month: 1, day: 1)
        }
        var m = DateMatch(end: end, value: first, hasTime: false)
        m.period = unit
        return m
    }

    /// 来週 先月 今年 去年 来年 下个月 本周 上月: the same periods in Chinese and
    /// Japanese, a modifier character (`cjkPeriodModifiers`: how many periods
    /// from this one, and which units it takes) and 週, 周, 月 (个月, 個月) or 年.
    func cjkPeriod(at i: Int) -> DateMatch? {
        let a = scalar(at: i)
        guard let (n, units) = Self.cjkPeriodModifiers[a.value] else { return nil }
        var p = i + a.length
        var u = scalar(at: p)
        if u.value == 0x4E2A || u.value == 0x500B {   // 个 個: 下个月
            p += u.length
            u = scalar(at: p)
            guard u.value == 0x6708 else { return nil }
        }
        let unit: DateUnit
        switch u.value {
        case 0x9031, 0x5468: unit = .week    // 週 周
        case 0x6708: unit = .month           // 月
        case 0x5E74: unit = .year            // 年
        default: return nil
        }
        guard units.contains(unit) else { return nil }
        return period(unit, n, end: p + u.length)
    }

    /// `2013年3月`, `明年三月`, `今年3月`, `3月`, `三月份`: a month in Chinese or
    /// Japanese, its first day; a month alone is this year's, or next year's
    /// once it is past (as `monthAfterCue`). A day after it makes a date
    /// (`cjkDate`), a longer match.
    func cjkMonth(at i: Int) -> DateMatch? {
        var p = i
        var year: Int?
        let a = scalar(at: i), b = scalar(at: i + a.length)
        if b.value == 0x5E74 {   // 年
            switch a.value {
            case 0x4ECA, 0x672C: year = today.year                  // 今年 本年
            case 0x660E, 0x6765, 0x4F86: year = today.year + 1      // 明年 来年 來年
            case 0x53BB, 0x6628: year = today.year - 1              // 去年 昨年
            default: break
            }
            if year != nil { p += a.length + b.length }
        }
        if year == nil, let (v, e) = cjkNumber(at: p, maxDigits: 4), v >= 1000, scalar(at: e).value == 0x5E74 {
            year = v
            p = e + 3
        }
        guard let (month, e) = cjkNumber(at: p, maxDigits: 2), (1...12).contains(month),
              scalar(at: e).value == 0x6708 else { return nil }   // 月
        var end = e + 3
        // A day after a year named by a word (`本年7月27日`, `明年3月1号`): the
        // date (`cjkDate` reads the day after a year in digits or an era).
        if year != nil && p > i, let (day, e2) = cjkNumber(at: end, maxDigits: 2),
           [0x65E5, 0x53F7, 0x865F].contains(scalar(at: e2).value) {   // 日 号 號
            return dayMonth(day: day, month: month, year: year, end: e2 + 3)
        }
        // A number right after 月 that no day form took (`12月1111`) leaves no month either.
        let next = scalar(at: end).value
        if Self.isNumberScalar(next) || next == 0x5EFF || next == 0x5345 { return nil }   // (廿 卅)
        if next == 0x4EFD { end += 3 }   // 份
        if let year { return month1(month, of: year, end: end, hasYear: true) }
        return month1(month, of: month >= today.month ? today.year : today.year + 1, end: end, hasYear: false)
    }

    /// The characters that begin a period in Chinese and Japanese: how many
    /// periods on, and the units each is said with (`去年` but not `去月`; `上月`
    /// but not `上年`, which begins 上年纪).
    static let cjkPeriodModifiers: [UInt32: (Int, [DateUnit])] = [
        0x6765: (1, [.week, .month, .year]),     // 来
        0x4F86: (1, [.week, .month, .year]),     // 來
        0x4E0B: (1, [.week, .month]),            // 下
        0x4ECA: (0, [.week, .month, .year]),     // 今
        0x672C: (0, [.week, .month, .year]),     // 本
        0x8FD9: (0, [.week, .month]),            // 这
        0x9019: (0, [.week, .month]),            // 這
        0x5148: (-1, [.week, .month]),           // 先
        0x4E0A: (-1, [.week, .month]),           // 上
        0x53BB: (-1, [.year]),                   // 去
        0x6628: (-1, [.year]),                   // 昨
        0x660E: (1, [.year]),                    // 明
    ]

    /// `last night`, `letzte Nacht`, `last evening`: yesterday (a part of
    /// the day after `last` is in the day before; `this morning` and
    /// `tomorrow night` are read where a day takes its part of the day).
    func lastDayPart(_ w: TextWord, _ choice: WeekdayChoice) -> DateMatch? {
        guard choice == .before, let p = nextWord(w.end), case .dayPart(let part)? = words[p.key], part != .morning
        else { return nil }
        if let before = previousWord(before: w.start), before.end < w.start, before.key == DateWords.the { return nil }
        // The part of the day puts an hour after it in its half (`last night at 11` is 23:00).
        return withDayPart(DateMatch(end: w.end, value: today.adding(days: -1), hasTime: false), part: nil)
    }

    /// `September 2012`, `Sep. 2012`, `Sep-2012`, `August, 2012`, `June of
    /// 2022`, `Oktober 2012`: the month's first day. A plain year only
    /// (1900–2099), as after a wrapped line.
    func monthYear(_ w: TextWord, month: Int, abbreviated: Bool) -> DateMatch? {
        guard isNameCase(w, abbreviated: abbreviated), !followsNumber(w.start) else { return nil }
        var p = w.end
        if abbreviated && byte(p) == 0x2E { p += 1 }
        if byte(p) == 0x2C || (byte(p) == 0x2D && isDigit(p + 1)) { p += 1 }
        var q = skipSpaces(p)
        guard q > w.end || byte(q) == 0x0A || byte(q) == 0x0D else { return nil }
        if let of = TextWord.read(t, at: q), of.key == DateWords.of {
            let r = skipSpaces(of.end)
            guard r > of.end else { return nil }
            q = r
        }
        if let y = plainYear(at: q) ?? wrappedYear(at: q) {   // `January\n2019`
            return month1(month, of: y.value, end: y.end, hasYear: true)
        }
        // `July of this year`, `March of next year`.
        guard q > w.end, let mw = TextWord.read(t, at: q), mw.key != 0, case .modifier(let choice)? = words[mw.key],
              let p = relativePeriod(mw, choice), p.period == .year else { return nil }
        return month1(month, of: p.value.year, end: p.end, hasYear: true)
    }

    /// Whether a number ends just before `i` (after spaces and a dot): the
    /// day of `32 August 2014`, which no day form took, so the month is no month of its own.
    func followsNumber(_ i: Int) -> Bool {
        var k = i
        while k > 0 && (t[k - 1] == 0x20 || t[k - 1] == 0x09) && i - k < 4 { k -= 1 }
        if k > 0 && t[k - 1] == 0x2E { k -= 1 }
        return k > 0 && ByteClass.isDigit(t[k - 1])
    }

    /// `in August`, `since March`, `until Dec.`, `bis Dezember`: a
    /// capitalized month name after a word of `DateWords.monthCues`.
    func monthAfterCue(_ w: TextWord, month: Int) -> DateMatch? {
        guard w.isCapitalized, let cue = previousWord(before: w.start), cue.end < w.start,
              DateWords.monthCues[cue.key] != nil else { return nil }
        return month1(month, of: month >= today.month ? today.year : today.year + 1, end: w.end, hasYear: false)
    }

    /// `09/2012`, `04/2016`: a two-digit month, a slash and a plain year.
    func numericMonthYear(at i: Int) -> DateMatch? {
        guard byte(i + 2) == 0x2F, let m = number(at: i, max: 2), m.count == 2, (1...12).contains(m.value),
              let y = plainYear(at: i + 3) else { return nil }
        return month1(m.value, of: y.value, end: y.end, hasYear: true)
    }

    /// The month as a period: its first day.
    func month1(_ month: Int, of year: Int, end: Int, hasYear: Bool) -> DateMatch {
        var m = DateMatch(end: end, value: CivilDateTime(year: year, month: month, day: 1), hasTime: false, hasYear: hasYear)
        m.period = .month
        return m
    }

    /// The last day of the period that begins on `first`.
    static func lastDay(of unit: DateUnit, from first: CivilDateTime) -> CivilDateTime {
        switch unit {
        case .week: return first.adding(days: 6)
        case .month: return first.adding(months: 1).adding(days: -1)
        case .quarter: return first.adding(months: 3).adding(days: -1)
        case .year: return CivilDateTime(year: first.year, month: 12, day: 31)
        default: return first
        }
    }
}
