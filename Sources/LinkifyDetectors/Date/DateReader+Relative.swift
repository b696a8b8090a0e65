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
        let q = skipSpaces(w.end)
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

    /// `in 2 weeks`, `in a day`, `in 3 Tagen` (sign 1); `vor 3 Tagen` (sign −1).
    func relativeIn(_ w: TextWord, sign: Int) -> DateMatch? {
        let q = skipSpaces(w.end)
        guard q > w.end, let (n, e) = count(at: q) else { return nil }
        let r = skipSpaces(e)
        guard r > e, let u = TextWord.read(t, at: r), u.key != 0, case .unit(let unit)? = words[u.key] else { return nil }
        return shifted(by: sign * n, unit, end: u.end)
    }

    /// `3 days ago`, `a week ago`, `2 weeks from now`.
    func relativeCount(at i: Int) -> DateMatch? {
        guard let (n, e) = count(at: i) else { return nil }
        let q = skipSpaces(e)
        guard q > e, let u = TextWord.read(t, at: q), u.key != 0, case .unit(let unit)? = words[u.key] else { return nil }
        let r = skipSpaces(u.end)
        guard r > u.end, let w = TextWord.read(t, at: r) else { return nil }
        if w.key == DateWords.ago { return shifted(by: -n, unit, end: w.end) }
        if w.key == DateWords.hence { return shifted(by: n, unit, end: w.end) }
        if w.key == DateWords.from {
            let s = skipSpaces(w.end)
            guard s > w.end, let x = TextWord.read(t, at: s) else { return nil }
            if x.key == DateWords.now { return shifted(by: n, unit, end: x.end) }
            if x.key != 0, case .relativeDay(0)? = words[x.key], x.letters == 5 { return shifted(by: n, unit, end: x.end) }
        }
        return nil
    }

    /// A count: up to three digits, or `a`, `one` … `twelve`, `zwei` ….
    func count(at i: Int) -> (Int, Int)? {
        if let n = number(at: i, max: 3) {
            if isASCIILetter(i + n.count) { return nil }
            return (n.value, i + n.count)
        }
        guard let w = TextWord.read(t, at: i), w.key != 0, case .count(let n)? = words[w.key] else { return nil }
        return (n, w.end)
    }

    func shifted(by n: Int, _ unit: DateUnit, end: Int) -> DateMatch {
        switch unit {
        case .day: return DateMatch(end: end, value: today.adding(days: n), hasTime: false)
        case .week: return DateMatch(end: end, value: today.adding(days: 7 * n), hasTime: false)
        case .month: return DateMatch(end: end, value: today.adding(months: n), hasTime: false)
        case .quarter: return DateMatch(end: end, value: today.adding(months: 3 * n), hasTime: false)
        case .year: return DateMatch(end: end, value: today.adding(months: 12 * n), hasTime: false)
        case .hour, .minute:
            var v = now.adding(minutes: unit == .hour ? 60 * n : n)
            v.utcOffsetMinutes = nil
            return DateMatch(end: end, value: v, hasTime: true)
        }
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
