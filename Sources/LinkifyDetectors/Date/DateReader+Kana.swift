@_spi(Layers) import LinkifyModel

/// Japanese dates written in kana (`かようび`, `きょう`, `あした`) and
/// numeric dates in fullwidth digits and slashes (`２０２１／３／２５`).
extension DateReader {
    /// Kana words: the scalars, then a weekday (1 Monday … 7 Sunday) or a day offset from today.
    static let kanaWords: [(scalars: [UInt32], weekday: Int?, days: Int)] = {
        var list: [([UInt32], Int?, Int)] = []
        for (i, w) in ["げつようび", "かようび", "すいようび", "もくようび", "きんようび", "どようび", "にちようび"].enumerated() {
            list.append((w.unicodeScalars.map(\.value), i + 1, 0))
        }
        for (w, d) in [("きょう", 0), ("本日", 0), ("あした", 1), ("きのう", -1), ("あさって", 2), ("おととい", -2)] {
            list.append((w.unicodeScalars.map(\.value), nil, d))
        }
        return list
    }()

    /// Hiragana and katakana (and the prolonged sound mark).
    @inline(__always) static func isKana(_ v: UInt32) -> Bool { v >= 0x3041 && v <= 0x30FF }

    /// A kana date word at `i`, standing as a word: no kana right before it
    /// (`べんきょう` is "study"), and after it something that is not kana or a
    /// particle (`かようびに`, `きょうは`, `あしたから`).
    func kanaWord(at i: Int) -> DateMatch? {
        let first = scalar(at: i).value
        if i > 0 {
            let (v, _) = UTF8Bytes.decode(t, before: i)
            if Self.isKana(v) && v != 0x306E && v != 0x306F && v != 0x306B { return nil }   // after の は に a word may start
        }
        for word in Self.kanaWords where word.scalars[0] == first {
            var p = i
            var matched = true
            for c in word.scalars {
                let s = scalar(at: p)
                guard s.value == c else { matched = false; break }
                p += s.length
            }
            guard matched, kanaWordEnds(at: p) else { continue }
            let value = word.weekday.map { weekdayDate($0, .after) } ?? today.adding(days: word.days)
            return DateMatch(end: p, value: value, hasTime: false)
        }
        return nil
    }

    /// Whether a kana word may end at `p`: not kana next, or a particle.
    func kanaWordEnds(at p: Int) -> Bool {
        let a = scalar(at: p)
        guard Self.isKana(a.value) else { return true }
        switch a.value {
        case 0x306F, 0x304C, 0x306B, 0x306E, 0x3082, 0x3067, 0x3078, 0x3068, 0x3092, 0x3084:   // は が に の も で へ と を や
            return true
        case 0x304B: return scalar(at: p + a.length).value == 0x3089   // から
        case 0x307E: return scalar(at: p + a.length).value == 0x3067   // まで
        default: return false
        }
    }

    /// `２０２１／３／２５`, `２０２１．０３．２５`, `2021／3／25`: year, month and day
    /// in fullwidth or ASCII digits, separated by the same fullwidth or ASCII
    /// slash, hyphen or full stop.
    func fullwidthNumericDate(at i: Int) -> DateMatch? {
        guard let (year, e) = cjkNumber(at: i, maxDigits: 4), e - i >= 4, year >= 1000 else { return nil }
        let sep = scalar(at: e)
        guard [0xFF0F, 0xFF0D, 0xFF0E, 0x2F, 0x2D, 0x2E].contains(sep.value),
              let (month, e2) = cjkNumber(at: e + sep.length, maxDigits: 2), scalar(at: e2).value == sep.value,
              let (day, e3) = cjkNumber(at: e2 + sep.length, maxDigits: 2) else { return nil }
        // Not a fullwidth date when every character is ASCII: numericDate reads those.
        if sep.value < 0x80 && t[i] < 0x80 && t[e + 1] < 0x80 && t[e2 + 1] < 0x80 { return nil }
        let next = scalar(at: e3).value
        if (next >= 0x30 && next <= 0x39) || (next >= 0xFF10 && next <= 0xFF19) || next == sep.value { return nil }
        guard CivilDateTime.isValidDate(year: year, month: month, day: day) else { return nil }
        return DateMatch(end: e3, value: CivilDateTime(year: year, month: month, day: day), hasTime: false)
    }
}
