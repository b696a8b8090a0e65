@_spi(Layers) import LinkifyModel

/// A range written as one phrase (SPEC §3): two dates or times joined by a
/// dash, a tilde or a word (`Monday to Friday`, `9am–5pm`, `10. bis 22.
/// Oktober`, `between 3 and 5pm`, `3月1日至3月5日`). Its value is the ISO 8601
/// interval `START/END`.
///
/// One rule for every pair of forms the reader reads, not a form per phrase:
/// each end is read as it would be alone, then an end borrows what it leaves
/// out from the other — the month of `Jan 5–7`, the half of the day of
/// `9–11am`, the day of `9am to 5pm, Tuesday 20 May`, the zone of `9am–5pm
/// EST` — and an end that would
/// come before the start is read again from the start (`Monday to Friday`
/// read on a Wednesday is next week's Monday to the Friday after it;
/// `10pm to 2am` ends the next day). A pair whose end still comes first is
/// no range. The words that open or join a range are locale tables
/// (`DateWords.rangeWords`); the leading `from` or `between` stays outside
/// the span, as other leading prepositions do.
struct DateRange {
    /// Just past the last byte of the range.
    var end: Int
    var first: DateMatch
    var last: DateMatch

    /// `START/END`, each as SPEC §3 writes a date or a date-time.
    var iso: String { first.iso + "/" + last.iso }
}

extension DateReader {
    /// The range that begins with `first`, read at `start`, or nil.
    func range(from first: DateMatch, start: Int) -> DateRange? {
        guard let q = rangeConnector(after: first.end, start: start) else { return nil }
        if let last = otherEnd(at: q, after: first) { return joined(first, last, at: q) }
        // `Jan 5–7`, `5. – 7. Dezember` read as `Jan 5`: the last day in the same month.
        guard first.writtenDay && !first.hasTime, let (day, e) = bareDay(at: q), day > first.value.day,
              CivilDateTime.isValidDate(year: first.value.year, month: first.value.month, day: day) else { return nil }
        var a = first, b = first
        b.value.day = day
        b.end = e
        if let y = yearAfter(e, abbreviated: false),   // `Jan 5–7, 2027`: the year is both ends'
           CivilDateTime.isValidDate(year: y.value, month: a.value.month, day: a.value.day) {
            a.value.year = y.value
            b.value.year = y.value
            b.end = y.end
        }
        return DateRange(end: b.end, first: a, last: b)
    }

    /// A range whose first end is a bare number the last end completes:
    /// `10. – 22. August 2012`, `5–7 January` (a day) or `9–11am`, `3 to 5pm` (an hour).
    ///
    /// The number must stand apart (after a space, a line break or an opening
    /// bracket, not `beta.2 - May 25, 2019`), and a day must look like one: a
    /// German ordinal dot or `th`, or a dash written close (`5–7 January`) or a word.
    func range(fromNumberAt i: Int) -> DateRange? {
        guard i == 0 || [0x20, 0x09, 0x0A, 0x0D, 0x28, 0x5B].contains(t[i - 1]), let n = number(at: i, max: 2) else { return nil }
        var p = i + n.count
        var minute = 0
        var marked = false
        if byte(p) == 0x3A, let m = number(at: p + 1, max: 2), m.count == 2, m.value < 60 {
            minute = m.value
            p += 3
        } else if byte(p) == 0x2E && !isDigit(p + 1) {
            p += 1   // German ordinal dot
            marked = true
        } else if let e = ordinalSuffix(at: p) {
            p = e
            marked = true
        }
        if isASCIILetter(p) || isDigit(p) { return nil }
        guard let q = rangeConnector(after: p, start: i), let last = match(at: q) else { return nil }
        var first = last
        first.end = p
        if last.writtenDay && !last.hasTime && minute == 0 {
            let close = !ByteClass.isSpace(byte(p)) || TextWord.startsWord(t, at: skipSpaces(p))
            guard marked || close, n.value >= 1, n.value < last.value.day else { return nil }
            first.value.day = n.value
        } else if last.hasTime && (last.halfDayWritten || !last.openHour) {
            guard (1...12).contains(n.value) else { return nil }
            first.value.hour = n.value
            first.value.minute = minute
            first.value.second = 0
            first.openHour = true
            first.timeAlone = false
            first = borrowingHalfDay(first, last)
        } else {
            return nil
        }
        guard isBefore(first.value, last.value) else { return nil }
        return DateRange(end: last.end, first: first, last: last)
    }

    /// `first` and `last` as one range, each end completed from the other.
    func joined(_ a: DateMatch, _ b: DateMatch, at q: Int) -> DateRange? {
        var first = a, last = b
        if first.timeAlone && last.hasTime && !last.timeAlone {   // 9am to 5pm, Tuesday 20 May
            first.value.year = last.value.year
            first.value.month = last.value.month
            first.value.day = last.value.day
        }
        first = borrowingHalfDay(first, last)
        if first.hasTime && first.value.utcOffsetMinutes == nil {   // 9am–5pm EST
            first.value.utcOffsetMinutes = last.value.utcOffsetMinutes
        }
        if !isBefore(first.value, last.value) {
            if last.timeAlone {
                last.value.year = first.value.year
                last.value.month = first.value.month
                last.value.day = first.value.day
                if !isBefore(first.value, last.value) { last.value = last.value.adding(days: 1) }   // 10pm to 2am
            } else if let again = DateReader(t: t, locale: locale, now: first.value).otherEnd(at: q, after: first),
                      again.end == last.end {
                last = again
            }
        }
        guard isBefore(first.value, last.value) else { return nil }
        if let unit = last.period {   // `September 2019 to March 2020` ends on 31 March
            last.value = Self.lastDay(of: unit, from: last.value)
            last.period = nil
        }
        return DateRange(end: last.end, first: first, last: last)
    }

    /// The range's second end at `q`. After a day without a time it is a day
    /// too: `Monday to Friday, 9am–5pm` is two ranges, not Monday to Friday at 9am.
    func otherEnd(at q: Int, after first: DateMatch) -> DateMatch? {
        (first.hasTime ? nil : calendarDate(at: q, allowsRelative: true)) ?? match(at: q)
    }

    /// An hour read without am/pm takes the afternoon of an afternoon end
    /// when that keeps it first (`3:30–4:30pm` is 15:30; `10–4pm` stays 10:00).
    func borrowingHalfDay(_ first: DateMatch, _ last: DateMatch) -> DateMatch {
        guard first.openHour, first.value.hour < 12, last.halfDayWritten, last.value.hour >= 12 else { return first }
        var pm = first
        pm.value.hour += 12
        return isBefore(pm.value, last.value) ? pm : first
    }

    /// Where a range's second end starts, after the connector that follows
    /// `i`: a dash, tilde or wave dash with or without spaces, a word of
    /// `DateWords.rangeWords` between spaces, `and` after `between` (before
    /// `start`), or `至`, `到`, `から`.
    func rangeConnector(after i: Int, start: Int) -> Int? {
        let p = skipSpaces(i)
        let b = byte(p), b1 = byte(p + 1), b2 = byte(p + 2)
        var e: Int
        if b == 0x2D || b == 0x7E {
            e = p + 1
            if byte(e) == b { return nil }   // `--`, `~~`
        } else if b == 0xE2 && b1 == 0x80 && (b2 == 0x93 || b2 == 0x94) {   // – —
            e = p + 3
        } else if (b == 0xE3 && b1 == 0x80 && b2 == 0x9C) || (b == 0xEF && b1 == 0xBD && b2 == 0x9E)   // 〜 ～
                    || (b == 0xE8 && b1 == 0x87 && b2 == 0xB3) || (b == 0xE5 && b1 == 0x88 && b2 == 0xB0) {   // 至 到
            e = p + 3
        } else if b == 0xE3 && b1 == 0x81 && b2 == 0x8B && byte(p + 3) == 0xE3 && byte(p + 4) == 0x82 && byte(p + 5) == 0x89 {   // から
            e = p + 6
        } else if p > i, Self.mayStartRangeWord(b), let w = TextWord.read(t, at: p), w.key != 0 {
            if DateWords.rangeAnd[w.key] != nil {
                guard let opener = previousWord(before: start), opener.end < start,
                      DateWords.rangeOpeners[opener.key] != nil else { return nil }
            } else if DateWords.rangeWords[w.key] == nil {
                return nil
            }
            let q = skipSpaces(w.end)
            return q > w.end ? q : nil
        } else {
            return nil
        }
        let q = skipSpaces(e)
        return q < t.count ? q : nil
    }

    /// Whether a word of `DateWords.rangeWords` or `rangeAnd` may start with
    /// byte `b` (`to`, `until`, `through`, `bis`, `and`, `und`): most words
    /// after a date or a number are passed over without being read.
    @inline(__always) static func mayStartRangeWord(_ b: UInt8) -> Bool {
        let l = b | 0x20
        return l == 0x74 || l == 0x75 || l == 0x62 || l == 0x61
    }

    /// A day number ending a range (`7` of `Jan 5–7`, `7th`): the day and its end.
    func bareDay(at i: Int) -> (Int, Int)? {
        guard let n = number(at: i, max: 2), (1...31).contains(n.value) else { return nil }
        var e = i + n.count
        if let s = ordinalSuffix(at: e) { e = s }
        if isASCIILetter(e) || isDigit(e) { return nil }
        if (byte(e) == 0x3A || byte(e) == 0x2E || byte(e) == 0x2F || byte(e) == 0x2D) && isDigit(e + 1) { return nil }
        return (n.value, e)
    }

    /// Whether `a` comes strictly before `b` on the clock (zones aside).
    func isBefore(_ a: CivilDateTime, _ b: CivilDateTime) -> Bool {
        (a.year, a.month, a.day, a.hour, a.minute, a.second) < (b.year, b.month, b.day, b.hour, b.minute, b.second)
    }
}
