@_spi(Layers) import LinkifyModel

/// A day and month in digits without a year (`2/15`, `15/2`, `15.2.`,
/// `03/25`), read in the locale's order and valued on its next occurrence.
/// Fractions, scores and ratios are written the same way (`3/4`, `1/2`,
/// `10/12 passed`), so a short form is a date only when something says so.
extension DateReader {
    /// Words after which `3/4` is a date (`on 3/4`, `due 3/4`, `bis 3.4.`);
    /// not `at` nor `from` (`at 1/2 price`, `from 1/2 to 3/4`).
    static let numericCues: Set<UInt64> = Set(["on", "by", "due", "until", "till", "til", "before", "after", "since",
                                                "am", "bis", "ab", "seit", "vom", "zum"].map(TextWord.key))

    static let germanCues: Set<UInt64> = Set(["am", "bis", "ab", "seit", "vom", "zum"].map(TextWord.key))

    /// Words that may follow a yearless date written alone: a time or another date comes next (`12/24 and 12/31`).
    static let joiners: Set<UInt64> = Set(["at", "and", "or", "to", "through", "thru", "till", "until", "um", "und", "oder", "bis"]
        .map(TextWord.key))

    /// The yearless date at `i`. `inContext`: a weekday or a time comes
    /// before it (`Fri 2/15`, `5pm on 2/15`). Otherwise it is a date when it
    /// cannot be a fraction — the day is 13 or more and written with two
    /// digits (`2/15`, `25/12`), or a field has a leading zero (`03/04`),
    /// and no word but `and`, `at`, `to` … follows — or a cue word comes
    /// before it (`am 15.2.`, `on 3/4`), or a time follows (`4/25 at 4pm`).
    func yearlessNumeric(at i: Int, inContext: Bool) -> DateMatch? {
        guard let a = number(at: i, max: 2) else { return nil }
        var p = i + a.count
        let sep = byte(p)
        guard sep == 0x2F || (sep == 0x2E && locale.order == .dayMonth), let b = number(at: p + 1, max: 2) else { return nil }
        p += 1 + b.count
        if sep == 0x2E {
            // `15.2.`: the closing dot is what makes it a date, not a decimal (`15.2`).
            guard byte(p) == 0x2E else { return nil }
            p += 1
            if isDigit(p) || TextWord.startsWord(t, at: p) { return nil }
        } else {
            if (byte(p) == 0x2F || byte(p) == 0x2E || byte(p) == 0x3A || byte(p) == 0x2D || byte(p) == 0x2C) && isDigit(p + 1) { return nil }
            if byte(p) == 0x2F || byte(p) == 0x25 || TextWord.startsWord(t, at: p) { return nil }   // 2/15/, 3/4%, 3/4in
        }
        let dayFirst = sep == 0x2E || locale.order == .dayMonth
        let (day, month) = dayFirst ? (a, b) : (b, a)
        guard (1...12).contains(month.value), let date = nextOccurrence(month: month.value, day: day.value) else { return nil }
        let m = DateMatch(end: p, value: date, hasTime: false, hasYear: false)
        let leadingZero = (a.count == 2 && t[i] == 0x30) || (b.count == 2 && t[i + a.count + 1] == 0x30)
        if inContext { return m }
        // The dotted form is German: English cues before it are versions (`since 1.5.`, `before 1.7.`).
        if let w = previousWord(before: i), w.end < i,
           sep == 0x2E ? Self.germanCues.contains(w.key) : Self.numericCues.contains(w.key) { return m }
        if let timed = withTime(m), timed.hasTime { return timed }
        // Alone, the shape must say date, and so must what is around it: not
        // a count in a series (`[PATCH 2/15]`, `CVE-2013-1981 12/13`), nor a
        // ratio before a word (`10/20 instead`, `12/24-hour`).
        // `15.2.` alone is as often a section number (`13.1. Errors`, `Packaging 16.6.`): the dotted form needs a cue.
        guard sep == 0x2F, (day.value >= 13 && day.count == 2) || leadingZero, !afterNumber(i) else { return nil }
        if byte(p) == 0x2D && (isDigit(p + 1) || isASCIILetter(p + 1)) { return nil }
        if let w = nextWord(p), !Self.joiners.contains(w.key) { return nil }
        return m
    }

    /// Whether a number (or a word ending in a digit) ends just before `i`, past spaces (`1981 12/13`).
    func afterNumber(_ i: Int) -> Bool {
        var k = i
        while k > 0 && t[k - 1] == 0x20 { k -= 1 }
        return k < i && k > 0 && ByteClass.isDigit(t[k - 1])
    }
}
