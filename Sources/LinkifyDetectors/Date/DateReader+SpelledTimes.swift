@_spi(Layers) import LinkifyModel

/// Times written in words and parts of the day: `noon`, `midnight`, `half
/// past three`, `a quarter to five`, `three pm`, `8 tonight`, `this morning
/// at 10`, `tonight at 11`, `3:18 früh`, `7 Uhr abends`, `heute Abend um 20 Uhr`.
extension DateReader {
    /// German words that name a part of the day right after a time (`7 Uhr
    /// abends`); English says `in the evening`, `at night`, `tonight`.
    static let partsAfterTime: Set<UInt64> = Set(["früh", "morgens", "vormittags", "nachmittags", "abends", "nachts"].map(TextWord.key))
    static let this = TextWord.key("this")

    /// A part of the day after a time ending at `i`: ` in the morning`, ` at
    /// night`, ` tonight`, ` this evening`, ` früh`, ` abends`, ` in der Früh`,
    /// ` am Abend`.
    func dayPartAfterTime(_ i: Int) -> (DayPart, Int)? {
        guard let w = nextWord(i) else { return nil }
        if w.key == DateWords.tonight { return (.night, w.end) }
        if Self.partsAfterTime.contains(w.key), case .dayPart(let part)? = words[w.key] { return (part, w.end) }
        guard w.key == DateWords.inWord || w.key == DateWords.am || w.key == DateWords.at || w.key == Self.this,
              var x = nextWord(w.end) else { return nil }
        if x.key == DateWords.the || x.key == DateWords.der {
            guard let y = nextWord(x.end) else { return nil }
            x = y
        }
        guard case .dayPart(let part)? = words[x.key] else { return nil }
        return (part, x.end)
    }

    /// A part of the day right after a day ending at `i`: ` morning`, ` evening`, ` Abend`, ` früh`.
    func dayPartAfterDay(_ i: Int) -> (DayPart, Int)? {
        guard let w = nextWord(i), case .dayPart(let part)? = words[w.key] else { return nil }
        return (part, w.end)
    }

    /// `m`, a day, with the part of the day after it (`tomorrow| morning`)
    /// and then its hour (`tonight| at 11`, `this morning| at 10:30`, `heute
    /// Abend| um 20 Uhr`); `part` is the one the day word names itself
    /// (`tonight`). A bare hour is read only after a part of the day.
    func withDayPart(_ match: DateMatch?, part: DayPart?) -> DateMatch? {
        guard var m = match, !m.hasTime else { return match }
        var part = part
        if let (p, e) = dayPartAfterDay(m.end) {
            part = p
            m.end = e
        }
        guard let part else { return m }
        var p = m.end
        if byte(p) == 0x2C { p += 1 }
        var q = skipSpaces(p)
        guard q > p else { return m }
        if let w = TextWord.read(t, at: q), w.key == DateWords.at || w.key == DateWords.um {
            q = skipSpaces(w.end)
            guard q > w.end else { return m }
        } else if byte(q) == 0x40 {
            q = skipSpaces(q + 1)
        } else {
            return m
        }
        if let c = clock(at: q, afterISODate: false) {
            var clock = c.clock
            clock.hour = part.adjusted(clock.hour)
            return combined(m, clock)
        }
        guard let (hour, e) = bareHour(at: q) else { return m }
        if let u = uhr(at: e) {
            return combined(m, ClockMatch(end: u, hour: part.adjusted(hour), minute: 0, second: 0))
        }
        return combined(m, ClockMatch(end: e, hour: part.adjusted(hour), minute: 0, second: 0))
    }

    /// `at 5 tomorrow`, `um 8 morgen`: a bare hour after `at` or `um`, taken
    /// as written, when a date follows. Alone it is as often a count or a
    /// position (`starting at 1,`, `I'm at 10`: corpus/features/dates.tsv).
    func hourAfterAt(at i: Int) -> DateMatch? {
        guard let w = previousWord(before: i), w.end < i, w.key == DateWords.at || w.key == DateWords.um,
              let (h, e) = bareHour(at: i) else { return nil }
        return withDate(combined(DateMatch(end: i, value: today, hasTime: false),
                                 ClockMatch(end: e, hour: h, minute: 0, second: 0, offset: nil, openHour: true)))
    }

    /// `afternoon at 5`, `abends um 8`, `Abend um 5`: a part of the day (`w`,
    /// `part`), `at` or `um`, and a bare hour: today, the hour in that part.
    func dayPartThenHour(_ w: TextWord, _ part: DayPart) -> DateMatch? {
        guard let a = nextWord(w.end), a.key == DateWords.at || a.key == DateWords.um else { return nil }
        let q = skipSpaces(a.end)
        guard q > a.end, let (h, e) = bareHour(at: q) else { return nil }
        let m = combined(DateMatch(end: w.start, value: today, hasTime: false),
                         ClockMatch(end: e, hour: part.adjusted(h), minute: 0, second: 0))
        if let d = withDate(m) { return d }
        return endsPhrase(e) ? m : nil   // `the evening at 5 points`
    }

    /// An hour 1–12 written alone (digits, not a longer number or a clock).
    func bareHour(at i: Int) -> (Int, Int)? {
        guard let h = number(at: i, max: 2), (1...12).contains(h.value) else { return nil }
        let e = i + h.count
        if TextWord.startsWord(t, at: e) { return nil }
        if (byte(e) == 0x3A || byte(e) == 0x2E || byte(e) == 0x2C || byte(e) == 0x2F) && isDigit(e + 1) { return nil }
        return (h.value, e)
    }

    /// `8 tonight`, `8 this evening`, `8 in the evening` (a bare hour before a part of the day).
    func hourBeforeDayPart(at i: Int) -> DateMatch? {
        guard let (hour, e) = bareHour(at: i), byte(e) == 0x20, isASCIILetter(e + 1) || byte(e + 1) == 0xC3,
              let (part, end) = dayPartAfterTime(e) else { return nil }
        return combined(DateMatch(end: i, value: today, hasTime: false), ClockMatch(end: end, hour: part.adjusted(hour), minute: 0, second: 0))
    }

    /// An hour spelled `one` … `twelve` (`a`, `an`, `ein` are not hours) at `w`.
    func spelledHourValue(_ w: TextWord) -> Int? {
        guard w.key != 0, case .count(let n)? = words[w.key], (1...12).contains(n), n > 1 || w.key == DateWords.one else { return nil }
        return n
    }

    /// `three pm`, `nine a.m.`, `eight tonight`, `seven o'clock`, `drei Uhr`.
    func spelledHour(_ w: TextWord) -> DateMatch? {
        guard let c = spelledHourClock(w) else { return nil }
        let m = combined(DateMatch(end: w.start, value: today, hasTime: false), c)
        return withDate(m) ?? m
    }

    /// The time of `spelledHour` alone (`three pm`, `seven o'clock`), to follow a date too (`Friday at seven pm`).
    func spelledHourClock(_ w: TextWord) -> ClockMatch? {
        guard let n = spelledHourValue(w), byte(w.end) == 0x20, isASCIILetter(w.end + 1) || byte(w.end + 1) == 0xC3,
              let (hour, end) = hourEnding(n, after: w.end, needsMark: true) else { return nil }
        // `I for one am quite sure`: a plain `am` after a spelled number is the verb unless the phrase ends there.
        if let am = TextWord.read(t, at: skipSpaces(w.end)), am.key == DateWords.am, am.end == end, !endsPhrase(end) { return nil }
        return ClockMatch(end: end, hour: hour, minute: 0, second: 0)
    }

    /// A time written in words after a date (`tomorrow| at half past three`,
    /// `Friday| noon`, `Monday| at seven pm`): the time the word `w` starts,
    /// and whether a mark says it is a time (`minutesAroundHourClock`; `noon`
    /// and a spelled hour have one).
    func spelledClock(_ w: TextWord) -> (clock: ClockMatch, marked: Bool)? {
        if let hour = DateWords.clockWords[w.key] {
            return (ClockMatch(end: w.end, hour: hour, minute: 0, second: 0), true)
        }
        return minutesAroundHourClock(w) ?? spelledHourClock(w).map { ($0, true) }
    }

    /// What follows an hour `h` (1–12) written at `i`: `pm`, ` a.m.`, ` o'clock`,
    /// ` Uhr`, a part of the day: the hour of the day and the end. With
    /// `needsMark` false the hour alone is kept.
    func hourEnding(_ h: Int, after i: Int, needsMark: Bool) -> (Int, Int)? {
        if let (isPM, e) = meridiem(at: i) { return (h % 12 + (isPM ? 12 : 0), e) }
        if let e = oClock(at: i) ?? uhr(at: i) {
            if let (part, e2) = dayPartAfterTime(e) { return (part.adjusted(h), e2) }   // drei Uhr nachmittags
            return (h, e)
        }
        if let (part, e) = dayPartAfterTime(i) { return (part.adjusted(h), e) }
        return needsMark ? nil : (h, i)
    }

    /// ` o'clock` (`o’clock`, `oclock`): the end after it.
    func oClock(at i: Int) -> Int? {
        guard let w = nextWord(i) else { return nil }
        if w.key == TextWord.key("oclock") { return w.end }
        guard w.key == DateWords.o else { return nil }
        var p = w.end
        if byte(p) == 0x27 { p += 1 } else if byte(p) == 0xE2 && byte(p + 1) == 0x80 && byte(p + 2) == 0x99 { p += 3 } else { return nil }
        guard let c = TextWord.read(t, at: p), c.key == DateWords.clock else { return nil }
        return c.end
    }

    /// `half past three`, `a quarter to five`, `quarter past 3pm`, `twenty to
    /// noon`, `ten past nine tonight` (from the first word `w`).
    func minutesAroundHour(_ w: TextWord) -> DateMatch? {
        guard let (c, marked) = minutesAroundHourClock(w) else { return nil }
        let m = combined(DateMatch(end: w.start, value: today, hasTime: false), c)
        if let d = withDate(m) { return d }
        // `five to ten minutes`, `half past three of them`: a count, not a time.
        return marked || endsPhrase(c.end) ? m : nil
    }

    /// German `halb drei` (2:30), `halb 8 abends` (19:30), `halb neun Uhr`:
    /// half an hour before the hour after `halb` (`w`), and whether a mark says it is a time.
    func halbHour(after w: TextWord) -> (clock: ClockMatch, marked: Bool)? {
        let r = skipSpaces(w.end)
        guard r > w.end else { return nil }
        let hour: Int, end: Int, marked: Bool
        if let (h, e) = bareHour(at: r), let (h2, e2) = hourEnding(h, after: e, needsMark: false) {
            (hour, end, marked) = (h2, e2, e2 != e)
        } else if let hw = TextWord.read(t, at: r), let h = spelledHourValue(hw),
                  let (h2, e2) = hourEnding(h, after: hw.end, needsMark: false) {
            (hour, end, marked) = (h2, e2, e2 != hw.end)
        } else {
            return nil
        }
        let total = (hour * 60 - 30 + 1440) % 1440
        return (ClockMatch(end: end, hour: total / 60, minute: total % 60, second: 0), marked)
    }

    /// The time of `minutesAroundHour` and whether a mark (a meridiem,
    /// `o'clock`, a part of the day, `noon`) says it is one.
    func minutesAroundHourClock(_ w: TextWord) -> (clock: ClockMatch, marked: Bool)? {
        var x = w
        if x.key == DateWords.halb { return halbHour(after: x) }
        if x.key == DateWords.a {
            guard let y = nextWord(x.end), y.key == DateWords.quarter else { return nil }
            x = y
        }
        var minutes: Int
        if x.key == DateWords.half {
            minutes = 30
        } else if x.key == DateWords.quarter || x.key == DateWords.viertel {
            minutes = 15
        } else if x.key == DateWords.twenty {
            minutes = 20
        } else if case .count(let n)? = words[x.key], n == 5 || n == 10, x.letters > 3 || n == 10 {
            minutes = n
        } else {
            return nil
        }
        guard let dir = nextWord(x.end) else { return nil }
        var sign: Int
        switch dir.key {
        case DateWords.past, DateWords.after, DateWords.nach: sign = 1
        case DateWords.to, DateWords.before, DateWords.till, DateWords.vor: sign = -1
        default: return nil
        }
        if minutes == 30 && sign < 0 { return nil }
        let r = skipSpaces(dir.end)
        guard r > dir.end else { return nil }
        var hour: Int, end: Int
        var marked = true   // a meridiem, `o'clock`, a part of the day, `noon`
        if let h = number(at: r, max: 2), (1...12).contains(h.value), let (isPM, e) = meridiem(at: r + h.count) {
            (hour, end) = (h.value % 12 + (isPM ? 12 : 0), e)
        } else if let (h, e) = bareHour(at: r) {
            guard let (h2, e2) = hourEnding(h, after: e, needsMark: false) else { return nil }
            (hour, end) = (h2, e2)
            marked = e2 != e
        } else if let hw = TextWord.read(t, at: r), let h = DateWords.clockWords[hw.key] {
            (hour, end) = (h, hw.end)
        } else if let hw = TextWord.read(t, at: r), let h = spelledHourValue(hw), let (h2, e2) = hourEnding(h, after: hw.end, needsMark: false) {
            (hour, end) = (h2, e2)
            marked = e2 != hw.end
        } else {
            return nil
        }
        let total = (hour * 60 + sign * minutes + 1440) % 1440
        return (ClockMatch(end: end, hour: total / 60, minute: total % 60, second: 0), marked)
    }
}
