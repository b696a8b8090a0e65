@_spi(Layers) import LinkifyModel

/// Forms people write in mail and chat rather than in headers: names in any
/// case (`monday`, `february 15`), ordinal days (`the 19th`, `Tuesday the
/// 19th`), the n-th weekday of a month (`last Monday of March`, `the first
/// Friday in May`), weekdays counted by weeks (`Friday after next`, `next
/// week's Thursday`, `Mittwoch nächste Woche`).
extension DateReader {
    // MARK: - Case

    /// Whether a month or weekday name is written as names are: Capitalized,
    /// UPPERCASE, or all lowercase when it is a full name (lowercase `mar`,
    /// `sat`, `sun`, `wed` are English words, not names).
    func isNameCase(_ w: TextWord, abbreviated: Bool) -> Bool {
        w.isCapitalized || (!abbreviated && isLowercase(w) && standsAlone(w))
    }

    /// Whether `w` is a word of prose, not part of an identifier, a quoted
    /// key or a file name (`is_tuesday`, `"monday"`, `friday.txt`, `sunday-school`).
    func standsAlone(_ w: TextWord) -> Bool {
        if w.start > 0 {
            let b = t[w.start - 1]
            if b == 0x5F || b == 0x22 || b == 0x2D || b == 0x2F || b == 0x2E { return false }
        }
        let a = byte(w.end)
        if a == 0x5F || a == 0x22 || a == 0x28 || a == 0x40 { return false }   // _ " ( @
        if (a == 0x2E || a == 0x2D || a == 0x2F) && (isASCIILetter(w.end + 1) || isDigit(w.end + 1)) { return false }
        return true
    }

    /// Whether no letter of `w` is uppercase.
    func isLowercase(_ w: TextWord) -> Bool {
        var k = w.start
        while k < w.end {
            let b = t[k]
            if b >= 0x41 && b <= 0x5A { return false }
            if b == 0xC3 && k + 1 < w.end, let (_, upper) = TextWord.latinCode(t[k + 1]), upper { return false }
            k += 1
        }
        return true
    }

    /// Lowercase `may` is the verb (`steps 2 and 3 may fail`): as a month it needs a year.
    func isVerbMay(_ w: TextWord, month: Int) -> Bool {
        month == 5 && !w.isCapitalized
    }

    // MARK: - Words around a position

    /// The word ending just before `i` (after at most three spaces), if it is ASCII letters.
    func previousWord(before i: Int) -> TextWord? {
        var k = i
        var spaces = 0
        while k > 0 && t[k - 1] == 0x20 && spaces < 3 { k -= 1; spaces += 1 }
        let end = k
        while k > 0 && ByteClass.isAlpha(t[k - 1]) && end - k < 12 { k -= 1 }
        guard k < end, !(k > 0 && ByteClass.isAlnum(t[k - 1])) else { return nil }
        return TextWord.read(t, at: k)
    }

    /// Whether a cue word (`at`, `on`, `by`, `until`, `am`, `bis` …) comes just before `i`.
    func followsCue(_ i: Int) -> Bool {
        guard let w = previousWord(before: i), w.end < i else { return false }
        return DateWords.cues[w.key] != nil
    }

    /// The word after the spaces at `i` (at least one space), or nil.
    func nextWord(_ i: Int) -> TextWord? {
        let q = skipSpaces(i)
        guard q > i, let w = TextWord.read(t, at: q), w.key != 0 else { return nil }
        return w
    }

    /// Whether a phrase ending at `i` ends there: no word goes on after it
    /// except a connector to a time (`at`, `um`) or `of`; punctuation, a
    /// line end or the text's end may follow. (`the 19th century`, `the 1st
    /// argument` are not dates.)
    func endsPhrase(_ i: Int) -> Bool {
        if TextWord.startsWord(t, at: i) { return false }
        guard let w = nextWord(i) else {
            let q = skipSpaces(i)
            return !isDigit(q)
        }
        return w.key == DateWords.at || w.key == DateWords.um
    }

    // MARK: - Ordinal days

    /// A day of the month written as an ordinal at `i`: `19th`, `1st`, or
    /// (`spelled`) `first` … `twentieth`, `thirtieth`: the day and the end.
    func ordinalDay(at i: Int, spelled: Bool) -> (Int, Int)? {
        if let n = number(at: i, max: 2) {
            guard (1...31).contains(n.value), let e = ordinalSuffix(at: i + n.count) else { return nil }
            return (n.value, e)
        }
        guard spelled, let w = TextWord.read(t, at: i), w.key != 0, case .ordinal(let n)? = words[w.key] else { return nil }
        return (n, w.end)
    }

    /// `the 19th`, `the 1st of March`, `the fifteenth of February 2027`, `the
    /// first Friday in May` (after `the`); `the day after tomorrow` is read in
    /// `dayAfterTomorrow`.
    func theOrdinal(_ the: TextWord) -> DateMatch? {
        let q = skipSpaces(the.end)
        guard q > the.end else { return nil }
        if let w = TextWord.read(t, at: q), w.key != 0, case .ordinal(let n)? = words[w.key],
           let m = nthWeekdayOfMonth(after: w, n) {
            return m
        }
        if let w = TextWord.read(t, at: q), w.key != 0, case .modifier(.before)? = words[w.key],
           let m = nthWeekdayOfMonth(after: w, -1) {
            return m
        }
        guard let (day, e) = ordinalDay(at: q, spelled: true) else { return nil }
        if let m = ofMonth(day: day, after: e) { return m }
        // Alone it is most often a rank (`the first time`, `pass it as the 2nd.`):
        // a day only in digits, after a cue (`on the 15th`, `due the 1st`) and ending the phrase.
        guard ByteClass.isDigit(t[q]), endsPhrase(e), let cue = previousWord(before: the.start), cue.end < the.start,
              Self.numericCues.contains(cue.key) else { return nil }
        guard let date = nextDayOfMonth(day) else { return nil }
        return DateMatch(end: e, value: date, hasTime: false, hasYear: false)
    }

    /// ` of March [2027]` after a day: the date.
    /// `needsOf` false: the month follows the ordinal directly (German `dritten März`).
    func ofMonth(day: Int, after e: Int, needsOf: Bool = true) -> DateMatch? {
        var monthStart = e
        if let of = nextWord(e), of.key == DateWords.of {
            monthStart = of.end
        } else if needsOf {
            return nil
        }
        guard let mw = nextWord(monthStart), mw.key != 0,
              case .month(let month, let abbreviated)? = words[mw.key], isNameCase(mw, abbreviated: abbreviated) else { return nil }
        var end = mw.end
        var year: Int?
        if let y = yearAfter(end, abbreviated: abbreviated) {
            year = y.value
            end = y.end
        }
        if year == nil && isVerbMay(mw, month: month) { return nil }
        return dayMonth(day: day, month: month, year: year, end: end)
    }

    /// The next day numbered `day` on or after today (`the 15th`), in this month or a later one.
    func nextDayOfMonth(_ day: Int) -> CivilDateTime? {
        guard (1...31).contains(day) else { return nil }
        var d = CivilDateTime(year: today.year, month: today.month, day: 1)
        if day < today.day { d = d.adding(months: 1) }
        for _ in 0..<3 {
            if CivilDateTime.isValidDate(year: d.year, month: d.month, day: day) {
                return CivilDateTime(year: d.year, month: d.month, day: day)
            }
            d = d.adding(months: 1)
        }
        return nil
    }

    /// The first day numbered `day` on or after today that falls on
    /// `weekday` (`Tuesday the 19th`), looked for over 28 months (every day
    /// and weekday pair recurs within them); else the next such day.
    func weekdayAndDay(_ weekday: Int, _ day: Int) -> CivilDateTime? {
        var d = CivilDateTime(year: today.year, month: today.month, day: 1)
        if day < today.day { d = d.adding(months: 1) }
        for _ in 0..<28 {
            if CivilDateTime.isValidDate(year: d.year, month: d.month, day: day) {
                let c = CivilDateTime(year: d.year, month: d.month, day: day)
                if c.weekday == weekday { return c }
            }
            d = d.adding(months: 1)
        }
        return nextDayOfMonth(day)
    }

    // MARK: - The n-th weekday of a month

    /// After the ordinal word `w` (`first`, `third`, `last`, `erster`,
    /// `letzter`): ` Friday in May`, ` Monday of March 2027`, ` Dienstag im
    /// Oktober`. `n` is 1–5, or −1 for the last.
    func nthWeekdayOfMonth(after w: TextWord, _ n: Int) -> DateMatch? {
        guard (1...5).contains(n) || n == -1, let d = nextWord(w.end),
              case .weekday(let weekday, let abbreviated)? = words[d.key], isNameCase(d, abbreviated: abbreviated),
              let of = nextWord(d.end), of.key == DateWords.of || of.key == DateWords.inWord || of.key == DateWords.im,
              let mw = nextWord(of.end), case .month(let month, let mAbbreviated)? = words[mw.key],
              isNameCase(mw, abbreviated: mAbbreviated) else { return nil }
        var end = mw.end
        if let y = yearAfter(end, abbreviated: mAbbreviated) {
            guard let date = nthWeekday(n, weekday, month: month, year: y.value) else { return nil }
            return DateMatch(end: y.end, value: date, hasTime: false)
        }
        if mAbbreviated && byte(end) == 0x2E { end += 1 }
        guard var date = nthWeekday(n, weekday, month: month, year: today.year) else { return nil }
        if (date.year, date.month, date.day) < (today.year, today.month, today.day),
           let later = nthWeekday(n, weekday, month: month, year: today.year + 1) { date = later }
        return DateMatch(end: end, value: date, hasTime: false, hasYear: false)
    }

    /// The `n`-th (1–5) or last (−1) `weekday` of a month, or nil when the month has no fifth one.
    func nthWeekday(_ n: Int, _ weekday: Int, month: Int, year: Int) -> CivilDateTime? {
        let length = CivilDateTime.daysInMonth(month, year: year)
        if n > 0 {
            let first = CivilDateTime(year: year, month: month, day: 1)
            let day = 1 + (weekday - first.weekday + 7) % 7 + 7 * (n - 1)
            return day <= length ? CivilDateTime(year: year, month: month, day: day) : nil
        }
        let last = CivilDateTime(year: year, month: month, day: length)
        return CivilDateTime(year: year, month: month, day: length - (last.weekday - weekday + 7) % 7)
    }

    /// `3rd Tuesday of September`: a number and suffix before the weekday.
    func nthWeekdayDigits(at i: Int) -> DateMatch? {
        guard let n = number(at: i, max: 1), let e = ordinalSuffix(at: i + n.count) else { return nil }
        return nthWeekdayOfMonth(after: TextWord(start: i, end: e, key: 0, letters: 0, isCapitalized: false, isUppercase: false), n.value)
    }

    // MARK: - Weekdays counted by weeks

    /// The date of `weekday` in the week `weeks` from this one, weeks
    /// starting on Monday (ISO 8601).
    func weekdayInWeek(_ weekday: Int, weeks: Int) -> CivilDateTime {
        today.adding(days: 1 - today.weekday + 7 * weeks + weekday - 1)
    }

    /// What may follow a weekday name (from `i`, the end of the name and
    /// its comma): `the 19th`, `19th`, `after next`, `of next week`, `next
    /// week`, `nach dem nächsten`, `der nächsten Woche`, `dieser Woche`.
    func weekdayQualified(_ weekday: Int, from i: Int) -> DateMatch? {
        let q = skipSpaces(i)
        guard q > i else { return nil }
        // `Monday 18th`, `Monday the 18th`; with its month, `Monday the 18th of February`.
        if let (day, e) = ordinalDay(at: q, spelled: false) {
            if let m = ofMonth(day: day, after: e) { return m }
            if let date = weekdayAndDay(weekday, day) { return DateMatch(end: e, value: date, hasTime: false, hasYear: false) }
        }
        guard var x = TextWord.read(t, at: q), x.key != 0 else { return nil }
        if x.key == DateWords.the, skipSpaces(x.end) > x.end, let (day, e) = ordinalDay(at: skipSpaces(x.end), spelled: true) {
            if let m = ofMonth(day: day, after: e) { return m }
            if let date = weekdayAndDay(weekday, day) { return DateMatch(end: e, value: date, hasTime: false, hasYear: false) }
        }
        // `after next`, `nach dem nächsten`
        if x.key == DateWords.after, let y = nextWord(x.end), y.key == DateWords.next {
            return DateMatch(end: y.end, value: weekdayDate(weekday, .afterNext), hasTime: false)
        }
        if x.key == DateWords.nach, let y = nextWord(x.end), y.key == DateWords.dem, let z = nextWord(y.end),
           case .modifier(.after)? = words[z.key] {
            return DateMatch(end: z.end, value: weekdayDate(weekday, .afterNext), hasTime: false)
        }
        // `of next week`, `next week`, `der nächsten Woche`, `dieser Woche`
        if x.key == DateWords.of || x.key == DateWords.der {
            guard let y = nextWord(x.end) else { return nil }
            x = y
        }
        guard case .modifier(let choice)? = words[x.key], let u = nextWord(x.end), case .unit(.week)? = words[u.key] else { return nil }
        let weeks = choice == .after ? 1 : choice == .before ? -1 : choice == .afterNext ? 2 : 0
        return DateMatch(end: u.end, value: weekdayInWeek(weekday, weeks: weeks), hasTime: false)
    }

    /// `next week's Thursday`, `last week's Sunday`, `this week's Friday`
    /// (after the modifier word `w`).
    func weekPossessive(_ w: TextWord, _ choice: WeekdayChoice) -> DateMatch? {
        guard let u = nextWord(w.end), case .unit(.week)? = words[u.key], u.letters == 4 else { return nil }
        var p = u.end
        if byte(p) == 0x27 {
            p += 1
        } else if byte(p) == 0xE2 && byte(p + 1) == 0x80 && byte(p + 2) == 0x99 {
            p += 3
        } else {
            return nil
        }
        guard ByteClass.lower(byte(p)) == 0x73, !TextWord.startsWord(t, at: p + 1), let d = nextWord(p + 1),
              case .weekday(let weekday, let abbreviated)? = words[d.key], isNameCase(d, abbreviated: abbreviated) else { return nil }
        let weeks = choice == .after ? 1 : choice == .before ? -1 : choice == .afterNext ? 2 : 0
        return DateMatch(end: d.end, value: weekdayInWeek(weekday, weeks: weeks), hasTime: false)
    }
}
