/// Scalars read by index, decoded on demand (`PhoneScalarReader`) or held in an array.
protocol PhoneScalarSource {
    /// The scalar at index `k`, or nil past the end.
    mutating func scalar(at k: Int) -> UInt32?
}

extension Array: PhoneScalarSource where Element == UInt32 {
    mutating func scalar(at k: Int) -> UInt32? { k < count ? self[k] : nil }
}

/// libphonenumber's extension patterns: `;ext=12`, `ext. 12`, `x12`, `#12`,
/// `- 12#`, and when parsing also `,,12` and `;12`.
enum PhoneExtension {
    /// The extension that ends `number`, libphonenumber's EXTN_PATTERN
    /// searched at the end: where it starts and its digit values.
    static func suffix(of number: [UInt32]) -> (start: Int, digits: [UInt8])? {
        var s = number
        // Every alternative starts with a label, a separator or a sign, never a digit.
        for i in 0..<number.count where PhoneCharacters.digit(number[i]) == nil {
            if let (end, digits) = match(&s, at: i, total: number.count), end == number.count { return (i, digits) }
        }
        return nil
    }

    /// The extension starting at `i`: the end of the first alternative that
    /// matches (for parsing, only one that reaches the end counts) and the
    /// extension's digit values.
    static func match<S: PhoneScalarSource>(_ s: inout S, at i: Int, parsing: Bool) -> (end: Int, digits: [UInt8])? {
        match(&s, at: i, total: parsing ? count(&s) : nil)
    }

    /// `match(_:at:parsing:)` with the length of what is parsed (nil: not parsing).
    private static func match<S: PhoneScalarSource>(_ s: inout S, at i: Int, total: Int?) -> (end: Int, digits: [UInt8])? {
        guard let first = s.scalar(at: i), mayStart(first) else { return nil }
        let parsing = total != nil
        func accept(_ r: (Int, [UInt8])?) -> (end: Int, digits: [UInt8])? {
            guard let r else { return nil }
            if let total, r.0 != total { return nil }
            return r
        }
        // ;ext=NNN (RFC 3966)
        if let r = accept(rfc(&s, at: i)) { return r }
        // explicit labels: ext, extn, extension, ｅｘｔ, доб, anexo
        let afterSeparators = skip(&s, from: i) { $0 == 0x20 || $0 == 0xA0 || $0 == 0x09 || $0 == 0x2C }
        for labelEnd in explicitLabelEnds(&s, at: afterSeparators) {
            if let r = accept(tail(&s, at: labelEnd, maxDigits: 20)) { return r }
        }
        // ambiguous labels: x, #, ~, int
        if let labelEnd = ambiguousLabelEnd(&s, at: afterSeparators), let r = accept(tail(&s, at: labelEnd, maxDigits: 9)) {
            return r
        }
        // American style: - 503#
        let afterDashes = skip(&s, from: i) { $0 == 0x2D || $0 == 0x20 }
        if afterDashes > i, let (end, digits) = digitRun(&s, at: afterDashes, max: 6), s.scalar(at: end) == 0x23,
           let r = accept((end + 1, digits)) {
            return r
        }
        guard parsing else { return nil }
        // ,,NNN or ;NNN (auto-dialling), then ,NNN
        let afterBlanks = skip(&s, from: i) { $0 == 0x20 || $0 == 0xA0 || $0 == 0x09 }
        if s.scalar(at: afterBlanks) == 0x2C && s.scalar(at: afterBlanks + 1) == 0x2C,
           let r = accept(tail(&s, at: afterBlanks + 2, maxDigits: 15)) {
            return r
        }
        if s.scalar(at: afterBlanks) == 0x3B, let r = accept(tail(&s, at: afterBlanks + 1, maxDigits: 15)) { return r }
        let afterCommas = skip(&s, from: afterBlanks) { $0 == 0x2C }
        if afterCommas > afterBlanks, let r = accept(tail(&s, at: afterCommas, maxDigits: 9)) { return r }
        return nil
    }

    /// Whether an alternative can start with `v`: `;`, a blank, comma or
    /// dash, or the first letter or sign of a label.
    private static func mayStart(_ v: UInt32) -> Bool {
        switch PhoneCharacters.folded(v) {
        case 0x3B, 0x20, 0xA0, 0x09, 0x2C, 0x2D,             // ; blank , -
             0x65, 0x78, 0x61, 0x69, 0xFF45, 0xFF58, 0xFF49,  // e x a i ｅ ｘ ｉ
             0x434, 0x23, 0xFF03, 0x7E, 0xFF5E:               // д # ＃ ~ ～
            return true
        default:
            return false
        }
    }

    private static func count<S: PhoneScalarSource>(_ s: inout S) -> Int {
        var n = 0
        while s.scalar(at: n) != nil { n += 1 }
        return n
    }

    private static func skip<S: PhoneScalarSource>(_ s: inout S, from i: Int, while test: (UInt32) -> Bool) -> Int {
        var k = i
        while let v = s.scalar(at: k), test(v) { k += 1 }
        return k
    }

    /// Whether the scalars at `i` spell `word` (lower case), ignoring case.
    private static func spells<S: PhoneScalarSource>(_ s: inout S, _ word: [UInt32], at i: Int) -> Bool {
        for (k, w) in word.enumerated() {
            guard let v = s.scalar(at: i + k), PhoneCharacters.folded(v) == w else { return false }
        }
        return true
    }

    private static func rfc<S: PhoneScalarSource>(_ s: inout S, at i: Int) -> (Int, [UInt8])? {
        guard spells(&s, [0x3B, 0x65, 0x78, 0x74, 0x3D], at: i) else { return nil }
        return digitRun(&s, at: i + 5, max: 20)
    }

    /// `[:\.．]?[ \t,-]*` then 1…maxDigits digits and an optional `#`.
    private static func tail<S: PhoneScalarSource>(_ s: inout S, at i: Int, maxDigits: Int) -> (Int, [UInt8])? {
        var k = i
        if let v = s.scalar(at: k), v == 0x3A || v == 0x2E || v == 0xFF0E { k += 1 }
        k = skip(&s, from: k) { $0 == 0x20 || $0 == 0xA0 || $0 == 0x09 || $0 == 0x2C || $0 == 0x2D }
        guard case (var end, let digits)? = digitRun(&s, at: k, max: maxDigits) else { return nil }
        if s.scalar(at: end) == 0x23 { end += 1 }
        return (end, digits)
    }

    private static func digitRun<S: PhoneScalarSource>(_ s: inout S, at i: Int, max: Int) -> (Int, [UInt8])? {
        var digits: [UInt8] = []
        var k = i
        while digits.count < max, let v = s.scalar(at: k), let d = PhoneCharacters.digit(v) {
            digits.append(d)
            k += 1
        }
        return digits.isEmpty ? nil : (k, digits)
    }

    /// Ends of `e?xt(?:ensi(?:ó|ó))?n?`, `ｅ?ｘｔｎ?`, `доб` and `anexo` at `i`,
    /// in the order a backtracking matcher tries them.
    private static func explicitLabelEnds<S: PhoneScalarSource>(_ s: inout S, at i: Int) -> [Int] {
        guard let first = s.scalar(at: i) else { return [] }
        switch PhoneCharacters.folded(first) {
        case 0x65, 0x78, 0xFF45, 0xFF58, 0x434, 0x61: break   // e x ｅ ｘ д a
        default: return []
        }
        var ends: [Int] = []
        for start in [i + 1, i] where start == i || PhoneCharacters.folded(s.scalar(at: i) ?? 0) == 0x65 {
            guard spells(&s, [0x78, 0x74], at: start) else { continue }
            let afterXT = start + 2
            var stems: [Int] = []
            if spells(&s, [0x65, 0x6E, 0x73, 0x69], at: afterXT) {
                let k = afterXT + 4
                let o = PhoneCharacters.folded(s.scalar(at: k) ?? 0)
                if o == 0x6F {
                    if s.scalar(at: k + 1) == 0x301 { stems.append(k + 2) }
                    stems.append(k + 1)
                } else if o == 0xF3 {
                    stems.append(k + 1)
                }
            }
            stems.append(afterXT)
            for stem in stems {
                if PhoneCharacters.folded(s.scalar(at: stem) ?? 0) == 0x6E { ends.append(stem + 1) }
                ends.append(stem)
            }
        }
        for start in [i + 1, i] where start == i || PhoneCharacters.folded(s.scalar(at: i) ?? 0) == 0xFF45 {
            guard spells(&s, [0xFF58, 0xFF54], at: start) else { continue }
            if PhoneCharacters.folded(s.scalar(at: start + 2) ?? 0) == 0xFF4E { ends.append(start + 3) }
            ends.append(start + 2)
        }
        if spells(&s, [0x434, 0x43E, 0x431], at: i) { ends.append(i + 3) }
        if spells(&s, [0x61, 0x6E, 0x65, 0x78, 0x6F], at: i) { ends.append(i + 5) }
        return ends
    }

    private static func ambiguousLabelEnd<S: PhoneScalarSource>(_ s: inout S, at i: Int) -> Int? {
        guard let v = s.scalar(at: i) else { return nil }
        switch PhoneCharacters.folded(v) {
        case 0x78, 0xFF58, 0x23, 0xFF03, 0x7E, 0xFF5E: return i + 1
        default: break
        }
        if spells(&s, [0x69, 0x6E, 0x74], at: i) || spells(&s, [0xFF49, 0xFF4E, 0xFF54], at: i) { return i + 3 }
        return nil
    }
}
