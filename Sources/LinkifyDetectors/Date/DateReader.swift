@_spi(Layers) import LinkifyModel

/// A date, time or both found at one position, with its value.
struct DateMatch {
    /// Just past the last byte of the match.
    var end: Int
    /// The date (and time) meant; the offset only when the text gives a zone.
    var value: CivilDateTime
    /// Whether the text gives a time of day (then the value is a date-time).
    var hasTime: Bool
    /// Whether the date is ISO 8601 (`2026-12-01`), after which a time may
    /// carry a `-05:00` offset with no space.
    var isISO = false
    /// Whether the text gives the year (`Jul 13` does not; `date(1)` and
    /// `git log` give it after the time: `DateReader+Logs.swift`).
    var hasYear = true
    /// What a range may borrow from the other end (`DateRange`), packed so a
    /// match stays as small as it was: see `timeAlone`, `openHour`,
    /// `halfDayWritten`, `writtenDay`.
    var marks: UInt8 = 0

    /// Whether the text gives a time of day and no day (`9am`, `at noon`):
    /// the other end of a range may give its day (`9am to 5pm, 20 May`).
    var timeAlone: Bool { get { mark(1) } set { setMark(1, newValue) } }
    /// Whether the hour is 1–12 read without am/pm, `Uhr` or a part of the
    /// day (`3:30` of `3:30–4:30pm`): the other end of a range may say which half.
    var openHour: Bool { get { mark(2) } set { setMark(2, newValue) } }
    /// Whether the text says which half of the day the hour is in (`pm`, `abends`).
    var halfDayWritten: Bool { get { mark(4) } set { setMark(4, newValue) } }
    /// Whether the text gives the day of the month by number beside the month
    /// (`Jan 5`, `5. Dezember`): a bare day after a dash is in the same month (`Jan 5–7`).
    var writtenDay: Bool { get { mark(8) } set { setMark(8, newValue) } }

    @inline(__always) private func mark(_ bit: UInt8) -> Bool { marks & bit != 0 }
    @inline(__always) private mutating func setMark(_ bit: UInt8, _ on: Bool) { marks = on ? marks | bit : marks & ~bit }

    /// The period the text names as a whole (`September 2012`, `next week`),
    /// valued by its first day; nil for a day or a time. A range ending with
    /// one ends on its last day.
    var period: DateUnit?

    /// The ISO 8601 value of SPEC §3: `YYYY-MM-DD` or `YYYY-MM-DDTHH:MM:SS[zone]`.
    var iso: String { hasTime ? value.isoDateTime : value.isoDate }
}

/// A time of day read from the text.
struct ClockMatch {
    var end: Int
    var hour: Int, minute: Int, second: Int
    var offset: Int?
    /// See `DateMatch.openHour` and `DateMatch.halfDayWritten`.
    var openHour = false, halfDayWritten = false
}

/// Reads the date forms that start at one position of the text: bounded
/// look-ahead from a trigger, never a search over the whole text.
///
/// Forms: ISO 8601 dates and date-times, numeric dates in the locale's order,
/// month names (English, German) before or after the day, RFC 2822, weekday
/// prefixes, times (`5pm`, `17:30`, `17 Uhr`) alone or after a date,
/// relative days (`tomorrow at 5pm`, `next Friday`, `in 2 weeks`, `3 days ago`,
/// `übermorgen`) and the Chinese and Japanese forms (`DateReader+CJK.swift`).
struct DateReader {
    let t: UnsafeBufferPointer<UInt8>
    let locale: DateLocale
    /// `--now`, the moment relative forms are read against.
    let now: CivilDateTime
    /// The keyword table, held here so the hot loop does not go through a global's lazy initialiser.
    let words = DateWords.table
    /// The words that begin forms outside `words`, held here for the same reason.
    let leads = DateWords.leads

    /// Midnight of `now`'s day, with no zone.
    var today: CivilDateTime { CivilDateTime(year: now.year, month: now.month, day: now.day) }

    // MARK: - Entry point

    /// The longest date form starting at `i`, if any.
    func match(at i: Int) -> DateMatch? {
        let b = t[i]
        var best: DateMatch?
        func consider(_ m: DateMatch?) {
            if let m, m.end > (best?.end ?? i) { best = m }
        }
        if ByteClass.isDigit(b) {
            consider(withTime(numericDate(at: i)))
            consider(withTime(dayFirst(at: i)))
            consider(timeFirst(at: i))
            consider(relativeCount(at: i))
            consider(withTime(yearlessNumeric(at: i, inContext: false)))
            consider(hourBeforeDayPart(at: i))
            consider(hourAfterAt(at: i))
            consider(nthWeekdayDigits(at: i))
            consider(numericMonthYear(at: i))
            // Chinese and Japanese forms put a Han character right after the number (2026年, 15時, 3天后).
            var k = i + 1
            while isDigit(k) && k - i < 5 { k += 1 }
            if byte(k) >= 0xE3 { consider(cjk(at: i)) }
        } else if b < 0x80 || (b >= 0xC3 && b < 0xE0) {
            if let w = TextWord.read(t, at: i), w.key != 0 { consider(wordForm(w)) }
        } else {
            consider(cjk(at: i))
        }
        return best
    }

    /// A date form without a time, as may follow a weekday or a time
    /// (`Fri, 5 Dec 2026`, `5pm on Friday`).
    func calendarDate(at i: Int, allowsRelative: Bool) -> DateMatch? {
        guard i < t.count else { return nil }
        if ByteClass.isDigit(t[i]) {
            var best: DateMatch?
            for m in [numericDate(at: i), dayFirst(at: i), yearlessNumeric(at: i, inContext: true)] {
                if let m, m.end > (best?.end ?? i) { best = m }
            }
            return best
        }
        guard let w = TextWord.read(t, at: i), w.key != 0, let meaning = words[w.key] else { return nil }
        switch meaning {
        case .month(let m, let abbreviated):
            return monthFirst(w, month: m, abbreviated: abbreviated)
        case .weekday(let d, let abbreviated) where allowsRelative:
            return weekdayFirst(w, weekday: d, abbreviated: abbreviated, attachesTime: false)
        case .relativeDay(let k) where allowsRelative:
            return relativeDay(w, k)
        case .modifier(let choice) where allowsRelative:
            return modifiedWeekday(w, choice)
        default:
            return nil
        }
    }

    /// Forms that start with a word.
    func wordForm(_ w: TextWord) -> DateMatch? {
        if let meaning = words[w.key] {
            switch meaning {
            case .month(let m, let abbreviated):
                if let d = withTrailingYear(withTime(monthFirst(w, month: m, abbreviated: abbreviated))) { return d }
                return monthYear(w, month: m, abbreviated: abbreviated) ?? monthAfterCue(w, month: m)
            case .weekday(let d, let abbreviated):
                return weekdayFirst(w, weekday: d, abbreviated: abbreviated, attachesTime: true)
            case .relativeDay(let k):
                return withTime(withDayPart(relativeDay(w, k), part: w.key == DateWords.tonight ? .night : nil))
            case .modifier(let choice):
                if choice == .before, let m = nthWeekdayOfMonth(after: w, -1) { return withTime(m) }   // last Monday of March
                if let m = modifiedWeekday(w, choice) ?? weekPossessive(w, choice) ?? relativePeriod(w, choice)
                    ?? lastDayPart(w, choice) { return withTime(m) }
                if w.key == Self.this, dayPartAfterDay(w.end) != nil {                                  // this morning at 10
                    return withTime(withDayPart(DateMatch(end: w.end, value: today, hasTime: false), part: nil))
                }
                return nil
            case .count:
                if let m = relativeCount(at: w.start, word: w) ?? spelledHour(w) { return m }
                // `a quarter to`, `ten past`, `zehn nach`, `fünf vor`: only `a` before
                // `quarter` and five or ten can start one.
                let q = skipSpaces(w.end)
                let next = ByteClass.lower(byte(q))
                guard q > w.end, next == (w.key == DateWords.a ? 0x71 : 0x70) || next == 0x74 || next == 0x6E || next == 0x76
                else { return nil }
                return minutesAroundHour(w)
            case .ordinal(let n):
                return withTime(nthWeekdayOfMonth(after: w, n) ?? ofMonth(day: n, after: w.end,
                                                                         needsOf: DateWords.germanOrdinals[w.key] == nil))
            case .dayPart(let part):
                return dayPartThenHour(w, part)
            case .unit, .zone:
                break
            }
        }
        switch leads[w.key] {
        case .the?:
            // `the` is the commonest word: look at what follows once before reading further.
            let q = skipSpaces(w.end)
            guard q > w.end, q < t.count else { return nil }
            if ByteClass.isDigit(t[q]) { return withTime(theOrdinal(w)) }
            guard let next = TextWord.read(t, at: q), next.key != 0 else { return nil }
            if next.key == DateWords.day { return withTime(dayAfterTomorrow(w)) }
            switch words[next.key] {
            case .ordinal?, .modifier(.before)?: return withTime(theOrdinal(w))
            default: return nil
            }
        case .day?: return withTime(dayAfterTomorrow(w))
        case .minutes?:
            // `half past three`; `half an hour ago` (`halfUnit`).
            return minutesAroundHour(w) ?? (w.key == DateWords.half ? relativeCount(at: w.start, word: w) : nil)
        case .inWord?: return relativeIn(w, sign: 1)
        case .noon?, .midnight?: return wordTimeFirst(w)
        case .vor?: return relativeIn(w, sign: -1)
        case nil: break
        }
        if locale.readsGermanAbbreviations, w.isCapitalized, let d = DateWords.germanWeekdayAbbreviations[w.key],
           byte(w.end) == 0x2E || byte(w.end) == 0x2C {
            return weekdayFirst(w, weekday: d, abbreviated: true, attachesTime: true)
        }
        return nil
    }

    // MARK: - Numeric dates

    /// `2026-12-01`, `2026/12/01`, `1/12/2026`, `1.12.2026`, `01.12.26`, `1/12/26`;
    /// an ISO date may carry `T` and a time.
    func numericDate(at i: Int) -> DateMatch? {
        guard let a = number(at: i, max: 4) else { return nil }
        var p = i + a.count
        let sep = byte(p)
        guard sep == 0x2D || sep == 0x2F || sep == 0x2E, let b = number(at: p + 1, max: 2) else { return nil }
        p += 1 + b.count
        guard byte(p) == sep, let c = number(at: p + 1, max: 4) else { return nil }
        p += 1 + c.count
        // A further field means a version, an IP address or a code (1.2.2026.5).
        if (byte(p) == 0x2E || byte(p) == 0x2D || byte(p) == 0x2F || byte(p) == 0x3A) && isDigit(p + 1) { return nil }
        var year: Int, month: Int, day: Int
        if a.count == 4 {
            guard c.count <= 2 else { return nil }
            (year, month, day) = (a.value, b.value, c.value)
        } else {
            guard a.count <= 2 else { return nil }
            if c.count == 4 {
                year = c.value
            } else if c.count == 2 && (sep == 0x2F || (sep == 0x2E && a.count == 2 && b.count == 2)) {
                // Two-digit years, as POSIX strptime %y reads them: 69–99 are 19xx.
                year = c.value < 69 ? 2000 + c.value : 1900 + c.value
            } else {
                return nil
            }
            (month, day) = locale.order == .monthDay ? (a.value, b.value) : (b.value, a.value)
            if !CivilDateTime.isValidDate(year: year, month: month, day: day)
                && CivilDateTime.isValidDate(year: year, month: day, day: month) {
                (month, day) = (day, month)
            }
        }
        guard CivilDateTime.isValidDate(year: year, month: month, day: day) else { return nil }
        var m = DateMatch(end: p, value: CivilDateTime(year: year, month: month, day: day), hasTime: false,
                          isISO: a.count == 4 && sep == 0x2D)
        if a.count == 4 && (byte(p) == 0x54 || byte(p) == 0x74), let c = clock(at: p + 1, afterISODate: true), c.hasMinutesForm {
            m = combined(m, c.clock)
        }
        if isASCIILetter(m.end) { return nil }
        return m
    }

    // MARK: - Month names

    /// `5 December 2026`, `5th of Dec`, `5. Dezember 2026`, `12-Mar-2028`, `1 May`.
    func dayFirst(at i: Int) -> DateMatch? {
        guard let dn = number(at: i, max: 2), dn.value >= 1 else { return nil }
        var p = i + dn.count
        if let e = ordinalSuffix(at: p) {
            p = e
        } else if byte(p) == 0x2E {
            p += 1   // German ordinal dot: 5. Dezember
        }
        let sep = byte(p)
        var q: Int
        if (sep == 0x2D || sep == 0x2F) && p == i + dn.count {
            q = p + 1
        } else {
            q = skipSpaces(p)
            guard q > p else { return nil }
            if let w = TextWord.read(t, at: q), w.key == DateWords.of {
                let r = skipSpaces(w.end)
                guard r > w.end else { return nil }
                q = r
            }
        }
        guard let w = TextWord.read(t, at: q), w.key != 0, case .month(let month, let abbreviated)? = words[w.key],
              isNameCase(w, abbreviated: abbreviated), !isVerbMay(w, month: month) else { return nil }
        var end = w.end
        var year: Int?
        if sep == 0x2D || sep == 0x2F, q == p + 1 {
            if byte(end) == sep, let y = year4(at: end + 1) {
                year = y.value
                end = y.end
            } else if byte(end) == sep {
                return nil
            }
        } else if let y = yearAfter(end, abbreviated: abbreviated) {
            year = y.value
            end = y.end
        } else if abbreviated && byte(end) == 0x2E && byte(end + 1) == 0x20 && (byte(end + 2) >= 0x61 && byte(end + 2) <= 0x7A || byte(end + 2) == 0xC3) {
            end += 1   // the abbreviation's dot, when the sentence goes on (`11. Dez. bestätigt`)
        }
        return dayMonth(day: dn.value, month: month, year: year, end: end)
    }

    /// `December 5, 2026`, `Dec. 5th 2026`, `Jan 1`.
    func monthFirst(_ w: TextWord, month: Int, abbreviated: Bool) -> DateMatch? {
        guard isNameCase(w, abbreviated: abbreviated) else { return nil }
        var p = w.end
        if abbreviated && byte(p) == 0x2E { p += 1 }
        let q = skipSpaces(p)
        guard q > p else { return nil }
        var r = q
        if let the = TextWord.read(t, at: q), the.key == DateWords.the {   // February the 15th
            r = skipSpaces(the.end)
            guard r > the.end else { return nil }
        }
        var day: Int, end: Int
        if let dn = number(at: r, max: 2), dn.value >= 1 {
            day = dn.value
            end = r + dn.count
            if let e = ordinalSuffix(at: end) {
                end = e
            } else if r > q {
                return nil
            }
            // `May 12:30`, `Jan 5.5`, `Mar 3a` are not a day after a month.
            if TextWord.startsWord(t, at: end) { return nil }
            if (byte(end) == 0x3A || byte(end) == 0x2E || byte(end) == 0x2F) && isDigit(end + 1) { return nil }
        } else if w.isCapitalized, let (n, e) = ordinalDay(at: r, spelled: true) {   // March first
            day = n
            end = e
        } else {
            return nil
        }
        var year: Int?
        if let y = yearAfter(end, abbreviated: false) {
            year = y.value
            end = y.end
        }
        if year == nil && isVerbMay(w, month: month) { return nil }
        return dayMonth(day: day, month: month, year: year, end: end)
    }

    /// A year after a day and month: `, 2026` or ` 2026` (after an
    /// abbreviation, also `. 2026`).
    func yearAfter(_ i: Int, abbreviated: Bool) -> (value: Int, end: Int)? {
        var p = i
        if abbreviated && byte(p) == 0x2E { p += 1 }
        if byte(p) == 0x2C { p += 1 }
        let q = skipSpaces(p)
        if q > p, let y = year4(at: q) { return y }
        return wrappedYear(at: q)
    }

    /// Four digits that end a number (not `2026` of `20261`, nor of `2026:10`).
    func year4(at i: Int) -> (value: Int, end: Int)? {
        guard let y = number(at: i, max: 4), y.count == 4 else { return nil }
        let e = i + 4
        if isASCIILetter(e) { return nil }
        if (byte(e) == 0x2E || byte(e) == 0x2C) && isDigit(e + 1) { return nil }
        return (y.value, e)
    }

    /// A year at the start of the next line, when wrapping put a line break
    /// between it and its date (`since Apr 5\n\t2000.` in findutils'
    /// ChangeLog, `Thu May 14 18:05:05\n     2020` in S-Lang's NEWS): one
    /// line break and the indentation after it, then a plain year. A blank
    /// line ends the date's paragraph.
    func wrappedYear(at i: Int) -> (value: Int, end: Int)? {
        var p = i
        if byte(p) == 0x0D { p += 1 }
        guard byte(p) == 0x0A else { return nil }
        p += 1
        var n = 0
        while (byte(p) == 0x20 || byte(p) == 0x09) && n < 16 {
            p += 1
            n += 1
        }
        return plainYear(at: p)
    }

    /// Four digits that are a year by themselves: 1900–2099 (a wrapped line or
    /// a bare time gives a weaker cue than a year in place, so a count such as
    /// `1500 users` is not taken) and not the start of a date or time of their
    /// own (`2004-01-07  aleidinger`, the heading of the next ChangeLog entry).
    func plainYear(at i: Int) -> (value: Int, end: Int)? {
        guard let y = year4(at: i), (1900...2099).contains(y.value) else { return nil }
        let b = byte(y.end)
        if (b == 0x2D || b == 0x2F || b == 0x3A || b == 0x2E) && isDigit(y.end + 1) { return nil }
        return y
    }

    func dayMonth(day: Int, month: Int, year: Int?, end: Int) -> DateMatch? {
        if let year {
            guard CivilDateTime.isValidDate(year: year, month: month, day: day) else { return nil }
            var m = DateMatch(end: end, value: CivilDateTime(year: year, month: month, day: day), hasTime: false)
            m.writtenDay = true
            return m
        }
        guard let date = nextOccurrence(month: month, day: day) else { return nil }
        var m = DateMatch(end: end, value: date, hasTime: false, hasYear: false)
        m.writtenDay = true
        return m
    }

    /// `Friday, 5 December 2026`, `Thu, 27 Jan 2028 21:30:38 +0100`, or a bare
    /// full weekday name (`Friday`: the next Friday after today, SPEC §3, so
    /// `Tuesday` written on a Tuesday is a week later).
    func weekdayFirst(_ w: TextWord, weekday: Int, abbreviated: Bool, attachesTime: Bool) -> DateMatch? {
        guard isNameCase(w, abbreviated: abbreviated) else { return nil }
        var p = w.end
        if abbreviated && byte(p) == 0x2E { p += 1 }
        if byte(p) == 0x2C { p += 1 }
        var q = skipSpaces(p)
        // German puts an article between the two: `Freitag, den 5. Dezember`.
        if q > p, let article = TextWord.read(t, at: q), article.key == DateWords.den || article.key == DateWords.dem,
           skipSpaces(article.end) > article.end {
            q = skipSpaces(article.end)
        }
        if q > p, let date = calendarDate(at: q, allowsRelative: false) {
            return attachesTime ? withTrailingYear(withTime(date)) : date
        }
        if let m = weekdayQualified(weekday, from: p) {   // Tuesday the 19th, Friday after next
            return attachesTime ? withTime(m) : m
        }
        guard !abbreviated else { return nil }
        let date = DateMatch(end: w.end, value: weekdayDate(weekday, .after), hasTime: false)
        return attachesTime ? withTime(withDayPart(date, part: nil)) : date
    }

    // MARK: - Times

    /// A time, then maybe a date: `17:30`, `5pm tomorrow`, `10am on 3 March`.
    func timeFirst(at i: Int) -> DateMatch? {
        guard let c = clock(at: i, afterISODate: false) else { return nil }
        var m = combined(DateMatch(end: i, value: today, hasTime: false), c.clock)
        if let dated = withDate(m) { return dated }
        m.timeAlone = true
        // A time, maybe a zone, then a year (`Sunday July, 7 12:45:00 PST 1996`,
        // Linux-PAM's changelog): the end of a log date whose day was not
        // read. Its day is in that year, not today, so it is no time of today.
        if isYearAfterTime(m.end) { return nil }
        return m
    }

    /// Whether ` YYYY` or ` ZONE YYYY` (a plain year) follows a time that ends at `i`.
    func isYearAfterTime(_ i: Int) -> Bool {
        guard byte(i) == 0x20 else { return false }
        var p = i + 1
        if let w = TextWord.read(t, at: p), w.isUppercase, (2...5).contains(w.letters), byte(w.end) == 0x20 {
            p = w.end + 1
        }
        return plainYear(at: p) != nil
    }

    /// `noon tomorrow`, `midnight on Friday`, `at noon` (today).
    func wordTimeFirst(_ w: TextWord) -> DateMatch? {
        let clock = ClockMatch(end: w.end, hour: DateWords.clockWords[w.key] ?? 12, minute: 0, second: 0)
        var m = combined(DateMatch(end: w.start, value: today, hasTime: false), clock)
        if let dated = withDate(m) { return dated }
        m.timeAlone = true
        // Alone, only after a cue: `at noon`, `by midnight`; not `the midnight oil`, `Midnight Commander`.
        return followsCue(w.start) ? m : nil
    }

    /// The time `m` followed by the date it is on (`5pm| tomorrow`, `10am| on 3 March`), or nil.
    func withDate(_ m: DateMatch) -> DateMatch? {
        var p = m.end
        if byte(p) == 0x2C { p += 1 }
        var q = skipSpaces(p)
        guard q > p else { return nil }
        if let w = TextWord.read(t, at: q), w.key == DateWords.on || w.key == DateWords.am {
            let r = skipSpaces(w.end)
            guard r > w.end else { return nil }
            q = r
        }
        guard let date = calendarDate(at: q, allowsRelative: true) else { return nil }
        var v = date.value
        v.hour = m.value.hour
        v.minute = m.value.minute
        v.second = m.value.second
        v.utcOffsetMinutes = m.value.utcOffsetMinutes
        var end = date.end
        // `3:30 tomorrow afternoon`: the day's part puts an hour written without am/pm in its half.
        if let (part, e) = dayPartAfterDay(end) {
            if !m.halfDayWritten { v.hour = part.adjusted(v.hour) }
            end = e
        }
        return DateMatch(end: end, value: v, hasTime: true)
    }

    /// A date followed by its time: `, 17:30`, ` at 5pm`, ` um 17 Uhr`, ` 21:30:38 +0100`.
    func withTime(_ match: DateMatch?) -> DateMatch? {
        guard let m = match else { return nil }
        guard !m.hasTime else { return m }
        var p = m.end
        if byte(p) == 0x2C { p += 1 }
        var q = skipSpaces(p)
        guard q > p else { return m }
        var connector = false
        if let w = TextWord.read(t, at: q), w.key == DateWords.at || w.key == DateWords.um {
            let r = skipSpaces(w.end)
            guard r > w.end else { return m }
            q = r
            connector = true
        } else if byte(q) == 0x40 {
            let r = skipSpaces(q + 1)
            guard r > q + 1 else { return m }
            q = r
            connector = true
        }
        if let c = clock(at: q, afterISODate: m.isISO) { return combined(m, c.clock) }
        // A time in words (`tomorrow at half past three`, `Friday noon`): after
        // `at`, any; right after the date, one in lower case with a mark or
        // that ends the phrase (`Monday| five to ten people` is a count,
        // `2024-01-28| Midnight Commander` a name).
        if let w = TextWord.read(t, at: q), w.key != 0, let (c, marked) = spelledClock(w),
           connector || ((marked || endsPhrase(c.end)) && !w.isCapitalized) {
            return combined(m, c)
        }
        // A bare hour after `at` or `um` (`tomorrow at 3.`, `Friday at 5 o'clock`,
        // `morgen um 8`): taken as written, when a mark follows or the phrase
        // ends there (`Friday at 5 venues` is a count).
        if connector, let (h, e) = bareHour(at: q), let (hour, end) = hourEnding(h, after: e, needsMark: false),
           end > e || endsPhrase(e) {
            return combined(m, ClockMatch(end: end, hour: hour, minute: 0, second: 0, offset: nil, openHour: end == e))
        }
        return m
    }

    func combined(_ m: DateMatch, _ c: ClockMatch) -> DateMatch {
        var v = m.value
        v.hour = c.hour
        v.minute = c.minute
        v.second = c.second
        v.utcOffsetMinutes = c.offset
        var r = DateMatch(end: c.end, value: v, hasTime: true, hasYear: m.hasYear)
        r.openHour = c.openHour
        r.halfDayWritten = c.halfDayWritten
        r.writtenDay = m.writtenDay
        return r
    }

    /// `17:30`, `17:30:05.25`, `5pm`, `10:00 p.m.`, `5.30pm`, `17 Uhr`, each
    /// with an optional zone (`Z`, `+09:00`, ` +0100`, ` GMT`, ` EST`).
    /// `afterISODate` lets a `-HH:MM` offset follow directly (otherwise
    /// `10:00-11:00` is a range, not a zone).
    func clock(at i: Int, afterISODate: Bool) -> (clock: ClockMatch, hasMinutesForm: Bool)? {
        guard let h = number(at: i, max: 2) else { return nil }
        var p = i + h.count
        var minute = 0, second = 0
        var colon = false, dotted = false, open = false
        if byte(p) == 0x3A, let m = number(at: p + 1, max: 2), m.count == 2 {
            minute = m.value
            p += 3
            colon = true
            if byte(p) == 0x3A, let s = number(at: p + 1, max: 2), s.count == 2 {
                second = s.value
                p += 3
                if (byte(p) == 0x2E || byte(p) == 0x2C) && isDigit(p + 1) {
                    p += 1
                    var k = 0
                    while isDigit(p) && k < 9 { p += 1; k += 1 }
                    if isDigit(p) { return nil }
                }
            }
            if byte(p) == 0x3A && isDigit(p + 1) { return nil }
        } else if byte(p) == 0x2E, let m = number(at: p + 1, max: 2), m.count == 2 {
            minute = m.value
            p += 3
            dotted = true
        }
        var hour = h.value
        var half = false
        if let (isPM, e) = meridiem(at: p) {
            guard (1...12).contains(hour) else { return nil }
            hour = hour % 12 + (isPM ? 12 : 0)
            p = e
            half = true
        } else if let e = uhr(at: p) {
            p = e
            if let (part, e2) = dayPartAfterTime(p) {   // 7 Uhr abends
                hour = part.adjusted(hour)
                p = e2
                half = true
            }
        } else if !colon && !dotted, (1...12).contains(hour), let e = oClock(at: p) {
            // `3 o'clock`, `8 o'clock tonight` (as `seven o'clock`, `hourEnding`).
            p = e
            if let (part, e2) = dayPartAfterTime(p) {
                hour = part.adjusted(hour)
                p = e2
                half = true
            } else {
                open = true
            }
        } else {
            guard colon, !dotted else { return nil }
            if let (part, e2) = dayPartAfterTime(p) {   // 3:18 früh, 3:15 in the afternoon
                hour = part.adjusted(hour)
                p = e2
                half = true
            } else {
                open = (1...12).contains(hour)
            }
        }
        guard hour <= 23, minute <= 59, second <= 60 else { return nil }
        var c = ClockMatch(end: p, hour: hour, minute: minute, second: second, offset: nil, openHour: open, halfDayWritten: half)
        if let (offset, e) = zone(at: p, afterISODate: afterISODate || second > 0 && colon) {
            c.offset = offset
            c.end = e
        }
        if TextWord.startsWord(t, at: c.end) { return nil }
        if (byte(c.end) == 0x2E || byte(c.end) == 0x2C || byte(c.end) == 0x3A) && isDigit(c.end + 1) { return nil }
        return (c, colon)
    }

    /// `am`, `pm`, `a.m.`, `P.M.`, after at most one space: (is it pm, end).
    func meridiem(at i: Int) -> (Bool, Int)? {
        var p = i
        let s = skipSpaces(p)
        if s - p <= 3 { p = s }
        let a = ByteClass.lower(byte(p))
        guard a == 0x61 || a == 0x70 else { return nil }
        var q = p + 1
        let dots = byte(q) == 0x2E
        if dots { q += 1 }
        guard ByteClass.lower(byte(q)) == 0x6D else { return nil }
        q += 1
        if dots && byte(q) == 0x2E { q += 1 }
        if isASCIILetter(q) || isDigit(q) { return nil }
        return (a == 0x70, q)
    }

    /// ` Uhr` (German hours): the end after it.
    func uhr(at i: Int) -> Int? {
        let p = skipSpaces(i)
        guard p - i <= 3, let w = TextWord.read(t, at: p), w.key == DateWords.uhr else { return nil }
        return w.end
    }

    /// A zone right after a time: `Z`, `+09:00`, `+0900`, or after one space
    /// `+0100` (RFC 2822), `GMT`, `UTC+2`, `EST`.
    func zone(at i: Int, afterISODate: Bool) -> (Int, Int)? {
        if byte(i) == 0x5A && !TextWord.startsWord(t, at: i + 1) { return (0, i + 1) }
        if let o = signedOffset(at: i, allowsMinus: afterISODate, requiresMinutes: false) { return o }
        let q = skipSpaces(i)
        guard q > i, q - i <= 3 else { return nil }
        if let o = signedOffset(at: q, allowsMinus: true, requiresMinutes: true) { return o }
        guard let w = TextWord.read(t, at: q), w.key != 0, w.isUppercase, let base = DateWords.zones[w.key] else { return nil }
        if base == 0, let (o, e) = signedOffset(at: w.end, allowsMinus: true, requiresMinutes: false, allowsOneDigit: true) {
            return (o, e)
        }
        return (base, w.end)
    }

    /// `+HH:MM`, `+HHMM`, `+HH` (or one digit after a zone name, `UTC+2`).
    func signedOffset(at i: Int, allowsMinus: Bool, requiresMinutes: Bool, allowsOneDigit: Bool = false) -> (Int, Int)? {
        var p = i
        var sign = 0
        if byte(p) == 0x2B {
            sign = 1
            p += 1
        } else if byte(p) == 0x2D && allowsMinus {
            sign = -1
            p += 1
        } else if byte(p) == 0xE2 && byte(p + 1) == 0x88 && byte(p + 2) == 0x92 && allowsMinus {   // U+2212 minus sign
            sign = -1
            p += 3
        }
        guard sign != 0, let h = number(at: p, max: 4) else { return nil }
        var hours = h.value, minutes = 0
        p += h.count
        switch h.count {
        case 4:
            hours = h.value / 100
            minutes = h.value % 100
        case 2, 1:
            guard h.count == 2 || allowsOneDigit else { return nil }
            if byte(p) == 0x3A, let m = number(at: p + 1, max: 2), m.count == 2 {
                minutes = m.value
                p += 3
            } else if requiresMinutes {
                return nil
            }
        default:
            return nil
        }
        guard hours <= 14, minutes <= 59, !isDigit(p) else { return nil }
        return (sign * (hours * 60 + minutes), p)
    }

    // MARK: - Bytes

    @inline(__always) func byte(_ i: Int) -> UInt8 { i < t.count ? t[i] : 0 }
    @inline(__always) func isDigit(_ i: Int) -> Bool { i < t.count && ByteClass.isDigit(t[i]) }
    @inline(__always) func isASCIILetter(_ i: Int) -> Bool { i < t.count && ByteClass.isAlpha(t[i]) }

    /// ASCII digits at `i`: value and count; nil when there are none or more than `max`.
    func number(at i: Int, max: Int) -> (value: Int, count: Int)? {
        var k = i
        var v = 0
        while k < t.count && ByteClass.isDigit(t[k]) && k - i <= max {
            v = v * 10 + Int(t[k] - 0x30)
            k += 1
        }
        let c = k - i
        guard c >= 1 && c <= max else { return nil }
        return (v, c)
    }

    /// `st`, `nd`, `rd`, `th` after a day number: the end after it.
    func ordinalSuffix(at i: Int) -> Int? {
        let a = ByteClass.lower(byte(i)), b = ByteClass.lower(byte(i + 1))
        guard (a == 0x73 && b == 0x74) || (a == 0x6E && b == 0x64) || (a == 0x72 && b == 0x64) || (a == 0x74 && b == 0x68)
        else { return nil }
        if TextWord.startsWord(t, at: i + 2) { return nil }
        return i + 2
    }

    /// Skips up to four spaces, tabs, no-break or narrow no-break spaces (not line breaks).
    func skipSpaces(_ i: Int) -> Int {
        var k = i
        var n = 0
        while n < 4 {
            let b = byte(k)
            if b == 0x20 || b == 0x09 {
                k += 1
            } else if b == 0xC2 && byte(k + 1) == 0xA0 {
                k += 2
            } else if b == 0xE2 && byte(k + 1) == 0x80 && (byte(k + 2) == 0xAF || byte(k + 2) == 0x89) {
                k += 3
            } else {
                break
            }
            n += 1
        }
        return k
    }
}
