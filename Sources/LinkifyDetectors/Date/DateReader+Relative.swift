@_spi(Layers) import LinkifyModel

/// Relative forms: `today`, `next Friday`, `the day after tomorrow`,
/// `in 2 weeks`, `3 days ago`, and the weekday and day-of-year arithmetic
/// they share with forms that omit the year.
extension DateReader {
    /// `today`, `tomorrow`, `heute`, `übermorgen`.
    func relativeDay(_ w: TextWord, _ days: Int) -> DateMatch? {
        // German `Morgen` with a capital is the noun "morning".
        if w.key == DateWords.morgen && w.isCapitalized { return nil }
        return DateMatch(end: w.end, value: today.adding(days: days), hasTime: false)
    }

    /// `next Friday`, `this Sunday`, `last Monday`, `nächsten Freitag`.
    func modifiedWeekday(_ w: TextWord, _ choice: WeekdayChoice) -> DateMatch? {
        var q = skipSpaces(w.end)
        // `this coming Monday`: `coming` after `this` says the same.
        if w.key == Self.this, let c = TextWord.read(t, at: q), c.key == DateWords.coming, skipSpaces(c.end) > c.end {
            q = skipSpaces(c.end)
        }
        guard q > w.end, let d = TextWord.read(t, at: q), d.key != 0,
              case .weekday(let weekday, let abbreviated)? = words[d.key],
              d.isCapitalized || !abbreviated else { return nil }
        return DateMatch(end: d.end, value: weekdayDate(weekday, choice), hasTime: false)
    }

    /// `the day after tomorrow`, `the day before yesterday`, `day after tomorrow`.
    func dayAfterTomorrow(_ w: TextWord) -> DateMatch? {
        var p = w.end
        if w.key == DateWords.the {
            let q = skipSpaces(p)
            guard q > p, let d = TextWord.read(t, at: q), d.key == DateWords.day else { return nil }
            p = d.end
        }
        let q = skipSpaces(p)
        guard q > p, let dir = TextWord.read(t, at: q), dir.key == DateWords.after || dir.key == DateWords.before else { return nil }
        let r = skipSpaces(dir.end)
        guard r > dir.end, let day = TextWord.read(t, at: r), day.key != 0,
              case .relativeDay(let k)? = words[day.key], k == (dir.key == DateWords.after ? 1 : -1),
              day.letters > 6 else { return nil }   // tomorrow, yesterday (not morgen, gestern)
        return DateMatch(end: day.end, value: today.adding(days: 2 * k), hasTime: false)
    }

    /// `in 2 weeks`, `in a day`, `in 3 Tagen`, `in 1 hour and 30 minutes`,
    /// `in about 5 hours` (sign 1); `vor 3 Tagen`, `vor 30 Sekunden` (sign −1).
    func relativeIn(_ w: TextWord, sign: Int) -> DateMatch? {
        let q = skipSpaces(w.end)
        guard q > w.end else { return nil }
        let next = TextWord.read(t, at: q)   // nil before a number
        var found = duration(at: q, first: next)
        if found == nil, let next, next.key != 0, DateWords.approximately[next.key] != nil {   // in about 5 hours
            let r = skipSpaces(next.end)
            guard r > next.end else { return nil }
            found = duration(at: r)
        }
        // Seconds after `in` measure how long something takes (`builds in 13
        // seconds`, `more on that in a second`), not when.
        guard let (d, e) = found, sign < 0 || d.seconds % 60 == 0 else { return nil }
        return shifted(by: sign, d, end: e)
    }

    /// `3 days ago`, `a week ago`, `2 weeks from now`, `15 hours 29 min ago`, `10 days hence`.
    func relativeCount(at i: Int, word: TextWord? = nil) -> DateMatch? {
        guard let (d, e) = duration(at: i, first: word) else { return nil }
        let q = skipSpaces(e)
        guard q > e, let w = TextWord.read(t, at: q) else { return nil }
        if w.key == DateWords.ago { return shifted(by: -1, d, end: w.end) }
        if w.key == DateWords.hence { return shifted(by: 1, d, end: w.end) }
        guard w.key == DateWords.from || w.key == DateWords.after || w.key == DateWords.before else { return nil }
        let s = skipSpaces(w.end)
        guard s > w.end else { return nil }
        if w.key == DateWords.from, let x = TextWord.read(t, at: s) {
            if x.key == DateWords.now { return shifted(by: 1, d, end: x.end) }
            if x.key != 0, case .relativeDay(0)? = words[x.key], x.letters == 5 { return shifted(by: 1, d, end: x.end) }
        }
        // `a week from Monday`, `two days after tomorrow`, `2 weeks before March 1`: that day moved.
        guard !d.hasTime, let day = calendarDate(at: s, allowsRelative: true), !day.hasTime else { return nil }
        let sign = w.key == DateWords.before ? -1 : 1
        var m = day
        m.value = day.value.adding(months: sign * d.months).adding(days: sign * d.days)
        return m
    }

    /// A length of time: up to four counts with units, apart by spaces, a
    /// comma or `and` (`3 days`, `an hour`, `15 hours 29 min`, `1d 2hr 5min`
    /// — units written close — `5 minutes, 30 seconds`, `2 Stunden und 5
    /// Minuten`): the length and its end.
    /// `first` is the word at `i` when the caller has read it.
    func duration(at i: Int, first: TextWord? = nil) -> (Duration, Int)? {
        var d = Duration()
        var p = i, end = -1
        var word = first
        for _ in 0..<4 {
            guard let (n, unit, e) = countedUnit(at: p, word: word) else { break }
            word = nil
            d.add(n, unit)
            end = e
            var q = e
            if byte(q) == 0x2C { q += 1 }
            q = skipSpaces(q)
            if let a = TextWord.read(t, at: q), a.key != 0, DateWords.rangeAnd[a.key] != nil, skipSpaces(a.end) > a.end {
                q = skipSpaces(a.end)
            }
            guard q > e || isDigit(q) else { break }   // `2hr5min` goes on without a space
            p = q
        }
        return end < 0 ? nil : (d, end)
    }

    /// `3 days`, `a week`, `zwei Stunden`, `1h`, `15min`: the count, its unit and the end.
    func countedUnit(at i: Int, word: TextWord? = nil) -> (Int, DateUnit, Int)? {
        let n: Int, e: Int
        if let digits = number(at: i, max: 3) {
            n = digits.value
            e = i + digits.count
            if isASCIILetter(e) {
                guard let u = TextWord.read(t, at: e), u.key != 0, let unit = DateWords.closeUnits[u.key],
                      !isASCIILetter(u.end) else { return nil }
                return (n, unit, u.end)
            }
        } else if let w = word ?? TextWord.read(t, at: i), w.key != 0 {
            if let (c, ce) = fuzzyCount(w) {
                n = c
                e = ce
            } else if case .count(let c)? = words[w.key] {
                n = c
                e = w.end
            } else if w.key == DateWords.half {
                return halfUnit(after: w)
            } else {
                return nil
            }
        } else {
            return nil
        }
        let q = skipSpaces(e)
        guard q > e, let u = TextWord.read(t, at: q), u.key != 0 else { return nil }
        if u.key == DateWords.second { return (n, .second, u.end) }   // `a second`, `1 second`
        if n == 1, DateWords.halves[u.key] != nil { return halfUnit(of: u) }   // einer halben Stunde
        guard case .unit(let unit)? = words[u.key] else { return nil }
        return (n, unit, u.end)
    }

    /// `a couple of` (2), `a couple` (2), `a few` (3), as Duckling counts them: the count and its end.
    func fuzzyCount(_ a: TextWord) -> (Int, Int)? {
        guard a.key == DateWords.a, let x = nextWord(a.end) else { return nil }
        if x.key == DateWords.few { return (3, x.end) }
        guard x.key == DateWords.couple else { return nil }
        if let of = nextWord(x.end), of.key == DateWords.of { return (2, of.end) }
        return (2, x.end)
    }

    /// `half an hour`, `half a day`, `half a minute`, `half a year` (after
    /// the word `half`, `w`): the half in the next smaller unit, and the end.
    func halfUnit(after w: TextWord) -> (Int, DateUnit, Int)? {
        guard let a = nextWord(w.end), a.key == DateWords.a || a.key == DateWords.an else { return nil }
        return halfUnit(of: a)
    }

    /// Half the unit written after `w` (`an| hour`, `halben| Stunde`), in the next smaller unit, and the end.
    func halfUnit(of w: TextWord) -> (Int, DateUnit, Int)? {
        guard let u = nextWord(w.end), u.key != 0, case .unit(let unit)? = words[u.key] else { return nil }
        switch unit {
        case .minute: return (30, .second, u.end)
        case .hour: return (30, .minute, u.end)
        case .day: return (12, .hour, u.end)
        case .year: return (6, .month, u.end)
        default: return nil
        }
    }

    /// `n` units from now (or today, for days and longer).
    func shifted(by n: Int, _ unit: DateUnit, end: Int) -> DateMatch {
        var d = Duration()
        d.add(n, unit)
        return shifted(by: 1, d, end: end)
    }

    /// `now` (or today, when the length is whole days or more) moved by `d`, `sign` times.
    func shifted(by sign: Int, _ d: Duration, end: Int) -> DateMatch {
        guard d.hasTime else {
            return DateMatch(end: end, value: today.adding(months: sign * d.months).adding(days: sign * d.days), hasTime: false)
        }
        var v = now.adding(months: sign * d.months).adding(days: sign * d.days)
        v.utcOffsetMinutes = nil
        let total = v.second + sign * d.seconds
        let minutes = total >= 0 ? total / 60 : -((59 - total) / 60)
        v.second = total - 60 * minutes
        return DateMatch(end: end, value: v.adding(minutes: minutes), hasTime: true)
    }

    /// The date of `weekday` (1 Monday … 7 Sunday) counted from today.
    func weekdayDate(_ weekday: Int, _ choice: WeekdayChoice) -> CivilDateTime {
        let delta = (weekday - today.weekday + 7) % 7
        switch choice {
        case .onOrAfter: return today.adding(days: delta)
        case .after: return today.adding(days: delta == 0 ? 7 : delta)
        case .before: return today.adding(days: delta == 0 ? -7 : delta - 7)
        case .afterNext: return today.adding(days: (delta == 0 ? 7 : delta) + 7)
        }
    }

    /// A day and month without a year: today or its next occurrence (SPEC §3).
    func nextOccurrence(month: Int, day: Int) -> CivilDateTime? {
        guard (1...12).contains(month), day >= 1, day <= CivilDateTime.daysInMonth(month, year: 2000) else { return nil }
        var year = now.year
        if (month, day) < (now.month, now.day) { year += 1 }
        while !CivilDateTime.isValidDate(year: year, month: month, day: day) { year += 1 }   // 29 February
        return CivilDateTime(year: year, month: month, day: day)
    }
}

/// A length of time read from the text, in calendar months, days and seconds.
struct Duration {
    var months = 0, days = 0, seconds = 0
    /// Whether a unit finer than a day is in it (then the value is a date-time).
    var hasTime = false

    mutating func add(_ n: Int, _ unit: DateUnit) {
        switch unit {
        case .second: seconds += n
        case .minute: seconds += 60 * n
        case .hour: seconds += 3600 * n
        case .day: days += n
        case .week: days += 7 * n
        case .month: months += n
        case .quarter: months += 3 * n
        case .year: months += 12 * n
        }
        if unit == .second || unit == .minute || unit == .hour { hasTime = true }
    }
}
