/// One word or number of an address, with its lowercased text.
struct AddressToken {
    var start: Int
    var end: Int
    /// Lowercased (ASCII letters only), at most `AddressReader.maxTokenBytes` bytes.
    var text: String
    var isCapitalized: Bool
    var isUppercase: Bool
    /// Digits, maybe followed by letters (`187A`, `45th`).
    var isNumber: Bool
    /// `1st`, `45th`, `116th`.
    var isOrdinal: Bool
    /// Letters in the word (0 for numbers).
    var letters: Int
}

/// Reads a street address forward from a house number, a `P.O. Box`, a
/// spelled number (`One Microsoft Way`) or a leading unit (`Flat 3, …`):
///
///     [unit ","] number [direction] name… type [direction] [unit]
///     ("," | line break | " ") town [","] (state [ZIP] | province postcode | postcode) [["," ] country]
///
/// US (state and ZIP), Canadian (province and postal code) and UK (town and
/// postcode) forms, on one line or across lines (one line break between parts).
/// An address needs its town and a state, province or postcode: a street
/// alone (`at 12 Main Street`) is not one. Every step reads a bounded number
/// of words, so a match costs constant time.
struct AddressReader {
    let t: UnsafeBufferPointer<UInt8>

    static let maxTokenBytes = 40

    /// The end of the address starting at `i`, or nil.
    func match(at i: Int) -> Int? {
        var p = i
        if let tok = token(at: p), !tok.isNumber, tok.isCapitalized, AddressWords.units.contains(tok.text) {
            guard let idEnd = unitIdentifier(after: tok.end), byte(idEnd) == 0x2C else { return nil }
            p = skipSpaces(idEnd + 1)
            guard p > idEnd + 1 else { return nil }
        }
        if let e = poBox(at: p) { return locality(at: e) }
        guard let n = houseNumber(at: p) else { return nil }
        let streetEnds = street(at: n)
        for e in streetEnds.reversed() {
            if let end = afterStreet(e) { return end }
        }
        return nil
    }

    // MARK: - Street

    /// `123`, `187A`, `12-14`, `One`: the end, when a space follows.
    func houseNumber(at i: Int) -> Int? {
        var p = i
        if isDigit(p) {
            var k = 0
            while isDigit(p) && k < 7 { p += 1; k += 1 }
            guard k <= 6 else { return nil }
            if (byte(p) == 0x2D) && isDigit(p + 1) {
                p += 1
                var j = 0
                while isDigit(p) && j < 7 { p += 1; j += 1 }
                guard j <= 6 else { return nil }
            }
            if ByteClass.isAlpha(byte(p)) && !ByteClass.isAlnum(byte(p + 1)) { p += 1 }   // 187A
        } else if let tok = token(at: p), tok.isCapitalized, AddressWords.spelledNumbers.contains(tok.text) {
            p = tok.end
        } else {
            return nil
        }
        guard byte(p) == 0x20 || byte(p) == 0x09 else { return nil }
        return p
    }

    /// Where the street may end after the house number: after each street
    /// type (`Main Street`, `Park Avenue`), each word of a French name
    /// (`rue Saint-Denis`), or a numbered highway (`Route 9`).
    func street(at n: Int) -> [Int] {
        var ends: [Int] = []
        var q = skipSpaces(n)
        guard q > n else { return ends }
        var names = 0
        var prefixType = false
        var highway = false
        for index in 0..<8 {
            guard let tok = token(at: q) else { break }
            var e = tok.end
            if tok.isNumber && !tok.isOrdinal {
                guard highway else { break }
                ends.append(e)
                break
            }
            if TextWord.startsWord(t, at: e) || isDigit(e) { break }
            highway = false
            if index == 0 && AddressWords.prefixTypes.contains(tok.text) {
                prefixType = true
            } else if prefixType {
                if tok.isCapitalized || tok.isOrdinal {
                    ends.append(e)
                } else if !AddressWords.connectors.contains(tok.text) {
                    break
                }
            } else {
                let acceptable = tok.isCapitalized || tok.isOrdinal || (names > 0 && AddressWords.connectors.contains(tok.text))
                guard acceptable else { break }
                if tok.isCapitalized && AddressWords.suffixes.contains(tok.text) && names >= 1 {
                    ends.append(byte(e) == 0x2E ? e + 1 : e)
                }
                if tok.isCapitalized && AddressWords.standaloneStreets.contains(tok.text) { ends.append(e) }
                if tok.text == "highway" || tok.text == "hwy" || tok.text == "route" || tok.text == "rte" { highway = true }
                names += 1
            }
            if byte(e) == 0x2E && tok.letters <= 4 { e += 1 }   // N. Hill, Jr. Blvd
            let next = skipSpaces(e)
            guard next > e && next - e <= 2 else { break }
            q = next
        }
        return ends
    }

    /// After the street: an optional direction and unit, then the town and the rest.
    func afterStreet(_ e: Int) -> Int? {
        var starts = [e]
        let q = skipSpaces(e)
        if q > e, q - e <= 2, let tok = token(at: q), !tok.isNumber, tok.isCapitalized || tok.isUppercase,
           AddressWords.directions.contains(tok.text), !TextWord.startsWord(t, at: tok.end) {
            starts.append(tok.end)
            if byte(tok.end) == 0x2E { starts.append(tok.end + 1) }
        }
        for s in starts.reversed() {
            if let u = unit(at: s), let end = locality(at: u) { return end }
            if let end = locality(at: s) { return end }
        }
        return nil
    }

    /// `, Apt. 95B`, ` Suite 377`, ` #944`, `, Floor 3`: the end.
    func unit(at s: Int) -> Int? {
        var p = s
        if byte(p) == 0x2C { p += 1 }
        let q = skipSpaces(p)
        guard q > s else { return nil }
        if byte(q) == 0x23 {
            return identifier(at: skipSpaces(q + 1))
        }
        guard let tok = token(at: q), !tok.isNumber, tok.isCapitalized, AddressWords.units.contains(tok.text) else { return nil }
        return unitIdentifier(after: tok.end)
    }

    /// `. 95B`, ` #12`, ` 3`: the identifier after a unit word.
    func unitIdentifier(after e: Int) -> Int? {
        var p = e
        if byte(p) == 0x2E { p += 1 }
        var q = skipSpaces(p)
        guard q > p else { return nil }
        if byte(q) == 0x23 { q = skipSpaces(q + 1) }
        return identifier(at: q)
    }

    /// `95B`, `1022`, `B`, `2-101`: letters and digits, with at least one digit or one capital letter alone.
    func identifier(at i: Int) -> Int? {
        var p = i
        var digits = 0
        while p < t.count && p - i < 10 && (ByteClass.isAlnum(t[p]) || (t[p] == 0x2D && p > i && ByteClass.isAlnum(byte(p + 1)))) {
            if ByteClass.isDigit(t[p]) { digits += 1 }
            p += 1
        }
        guard p > i, p - i < 10 else { return nil }
        if digits == 0 && !(p - i == 1 && byte(i) >= 0x41 && byte(i) <= 0x5A) { return nil }
        return p
    }

    /// `P.O. Box 123`, `PO Box 123`, `P. O. Box 123`, `Post Office Box 123`: the end.
    func poBox(at i: Int) -> Int? {
        var p = i
        guard let first = token(at: p), !first.isNumber else { return nil }
        if first.text == "p" {
            p = first.end
            guard byte(p) == 0x2E else { return nil }
            p = skipSpaces(p + 1)
            guard let o = token(at: p), o.text == "o", byte(o.end) == 0x2E else { return nil }
            p = o.end + 1
        } else if first.text == "po" {
            p = first.end
            if byte(p) == 0x2E { p += 1 }
        } else if first.text == "post" {
            let q = skipSpaces(first.end)
            guard q > first.end, let o = token(at: q), o.text == "office" else { return nil }
            p = o.end
        } else {
            return nil
        }
        let q = skipSpaces(p)
        guard let box = token(at: q), box.text == "box" else { return nil }
        let r = skipSpaces(box.end)
        guard r > box.end else { return nil }
        var e = r
        while isDigit(e) && e - r < 10 { e += 1 }
        guard e > r, e - r < 10, !ByteClass.isAlnum(byte(e)) else { return nil }
        return e
    }

    // MARK: - Town and region

    /// A separator and the town, then a state with ZIP, a province with postal code, or a postcode.
    func locality(at s: Int) -> Int? {
        guard let (c0, _) = separator(at: s, allowsLineBreak: true) else { return nil }
        let towns = words(at: c0, max: 5)
        for e in towns.reversed() {
            if let end = region(at: e) { return end }
        }
        return nil
    }

    /// Capitalised words from `i` (with lowercase connectors between them,
    /// `St.` style abbreviations): the end after each capitalised one.
    func words(at i: Int, max: Int) -> [Int] {
        var ends: [Int] = []
        var q = i
        for k in 0..<max {
            guard let tok = token(at: q), !tok.isNumber, !TextWord.startsWord(t, at: tok.end), !isDigit(tok.end) else { break }
            var e = tok.end
            if tok.isCapitalized {
                if byte(e) == 0x2E && tok.letters <= 3 && !tok.isUppercase { e += 1 }   // St. John's
                ends.append(e)
            } else if k == 0 || !AddressWords.connectors.contains(tok.text) {
                break
            }
            let next = skipSpaces(e)
            guard next > e, next - e <= 2 else { break }
            q = next
        }
        return ends
    }

    /// After the town: `, ST 12345`, ` ST`, `, State 12345`, ` PR A1A 1A1`, `, Province A1A 1A1`,
    /// ` AB1 2CD`, `\nAB1 2CD`, `, County AB1 2CD`; then maybe a country.
    func region(at e: Int) -> Int? {
        let sameLine = separator(at: e, allowsLineBreak: false)
        // US state or Canadian province
        if let (p, comma) = sameLine, let (stateEnd, kind) = stateOrProvince(at: p) {
            if let (zp, _) = separator(at: stateEnd, allowsLineBreak: false, allowsComma: false) {
                if kind != .province, let z = zip(at: zp) { return country(after: z) }
                if kind != .state, let z = canadianPostalCode(at: zp) { return country(after: z) }
            }
            if kind == .state, comma, !TextWord.startsWord(t, at: stateEnd), !isDigit(stateEnd) {
                return country(after: stateEnd)
            }
        }
        // UK: the postcode after the town, maybe on its own line, maybe after a county
        if let (q, _) = separator(at: e, allowsLineBreak: true), let pc = ukPostcode(at: q) { return country(after: pc) }
        if let (p, comma) = sameLine, comma {
            for c in words(at: p, max: 3).reversed() {
                if let (q, _) = separator(at: c, allowsLineBreak: true), let pc = ukPostcode(at: q) { return country(after: pc) }
            }
        }
        return nil
    }

    enum RegionKind { case state, province }

    /// A state or province, by abbreviation or name: its end and which.
    func stateOrProvince(at p: Int) -> (Int, RegionKind)? {
        guard let tok = token(at: p), !tok.isNumber else { return nil }
        if tok.letters == 2 && tok.isUppercase && !TextWord.startsWord(t, at: tok.end) && !isDigit(tok.end) {
            let code = tok.text.uppercased()
            if AddressWords.usStates.contains(code) { return (tok.end, .state) }
            if AddressWords.caProvinces.contains(code) { return (tok.end, .province) }
        }
        // D.C.
        if tok.text == "d", byte(tok.end) == 0x2E, byte(tok.end + 1) == 0x43, byte(tok.end + 2) == 0x2E {
            return (tok.end + 3, .state)
        }
        guard tok.isCapitalized else { return nil }
        var name = ""
        var q = p
        var best: (Int, RegionKind)?
        for _ in 0..<4 {
            guard let w = token(at: q), !w.isNumber, w.isCapitalized || AddressWords.connectors.contains(w.text),
                  !TextWord.startsWord(t, at: w.end), !isDigit(w.end) else { break }
            name += name.isEmpty ? w.text : " " + w.text
            if w.isCapitalized {
                if AddressWords.usStateNames.contains(name) { best = (w.end, .state) }
                if AddressWords.caProvinceNames.contains(name) { best = (w.end, .province) }
            }
            let next = skipSpaces(w.end)
            guard next > w.end, next - w.end <= 2 else { break }
            q = next
        }
        return best
    }

    /// `12345` or `12345-6789`, not followed by a letter or digit.
    func zip(at p: Int) -> Int? {
        var e = p
        while isDigit(e) && e - p < 6 { e += 1 }
        guard e - p == 5 else { return nil }
        if (byte(e) == 0x2D) && isDigit(e + 1) {
            var f = e + 1
            while isDigit(f) && f - e < 6 { f += 1 }
            guard f - e == 5 else { return nil }
            e = f
        }
        return ByteClass.isAlnum(byte(e)) ? nil : e
    }

    /// `K1A 0B1` (or `K1A0B1`): letter digit letter, digit letter digit; Canada
    /// Post never uses D F I O Q U, nor W and Z first.
    func canadianPostalCode(at p: Int) -> Int? {
        func letter(_ i: Int, first: Bool) -> Bool {
            let b = byte(i)
            guard b >= 0x41 && b <= 0x5A else { return false }
            if "DFIOQU".utf8.contains(b) { return false }
            return !(first && (b == 0x57 || b == 0x5A))
        }
        guard letter(p, first: true), isDigit(p + 1), letter(p + 2, first: false) else { return nil }
        var q = p + 3
        if byte(q) == 0x20 { q += 1 }
        guard isDigit(q), letter(q + 1, first: false), isDigit(q + 2), !ByteClass.isAlnum(byte(q + 3)) else { return nil }
        return q + 3
    }

    /// A UK postcode, `SW1A 2AA`, `M1 1AE`, `EC1A 1BB`, `B1 1BB` (outward
    /// code: one or two letters, a digit, maybe a digit or letter; inward code:
    /// a digit and two letters).
    func ukPostcode(at p: Int) -> Int? {
        func upper(_ i: Int) -> Bool { byte(i) >= 0x41 && byte(i) <= 0x5A }
        var q = p
        guard upper(q) else { return nil }
        q += 1
        if upper(q) { q += 1 }
        guard isDigit(q) else { return nil }
        q += 1
        if isDigit(q) || upper(q) { q += 1 }
        guard byte(q) == 0x20 else { return nil }
        q += 1
        guard isDigit(q), upper(q + 1), upper(q + 2), !ByteClass.isAlnum(byte(q + 3)) else { return nil }
        return q + 3
    }

    /// `, USA`, ` Canada`, `, United Kingdom` after the address: the end after it, else `e`.
    func country(after e: Int) -> Int {
        var p = e
        if byte(p) == 0x2C { p += 1 }
        let q = skipSpaces(p)
        guard q > e else { return e }
        var name = ""
        var r = q
        var best = e
        for _ in 0..<4 {
            guard let w = token(at: r), !w.isNumber, w.isCapitalized || w.text == "of" else { break }
            var end = w.end
            name += name.isEmpty ? w.text : " " + w.text
            // U.S.A., U.K.
            while byte(end) == 0x2E && ByteClass.isAlpha(byte(end + 1)) && byte(end + 2) == 0x2E {
                name += "." + String(UnicodeScalar(ByteClass.lower(byte(end + 1))))
                end += 2
            }
            if byte(end) == 0x2E && name.contains(".") {
                name += "."
                end += 1
            }
            if TextWord.startsWord(t, at: end) || isDigit(end) { break }
            if AddressWords.countries.contains(name) && (w.isCapitalized && (w.isUppercase || w.letters > 2)) { best = end }
            let next = skipSpaces(end)
            guard next > end, next - end <= 2 else { break }
            r = next
        }
        return best
    }

    /// Spaces, a comma, and (when allowed) one line break between parts: the
    /// position after them and whether there was a comma; nil when there is none.
    func separator(at s: Int, allowsLineBreak: Bool, allowsComma: Bool = true) -> (Int, Bool)? {
        var p = skipSpaces(s)
        var comma = false
        if allowsComma && byte(p) == 0x2C {
            comma = true
            p = skipSpaces(p + 1)
        }
        if allowsLineBreak {
            var q = p
            if byte(q) == 0x0D { q += 1 }
            if byte(q) == 0x0A {
                p = skipSpaces(q + 1)
            }
        }
        guard p > s else { return nil }
        return (p, comma)
    }

    // MARK: - Tokens and bytes

    /// The word or number at `i`: letters with inner hyphens and apostrophes
    /// (`Saint-Denis`, `Queen's`), or digits with trailing letters (`45th`, `187A`).
    func token(at i: Int) -> AddressToken? {
        guard i < t.count else { return nil }
        if isDigit(i) {
            var p = i
            while isDigit(p) && p - i < 8 { p += 1 }
            let digitsEnd = p
            while ByteClass.isAlpha(byte(p)) && p - digitsEnd < 3 { p += 1 }
            let suffix = String(decoding: UnsafeBufferPointer(rebasing: t[digitsEnd..<p]), as: UTF8.self).lowercased()
            let ordinal = ["st", "nd", "rd", "th"].contains(suffix)
            return AddressToken(start: i, end: p, text: "", isCapitalized: false, isUppercase: false,
                                isNumber: true, isOrdinal: ordinal, letters: 0)
        }
        guard let first = TextWord.read(t, at: i) else { return nil }
        var end = first.end
        var letters = first.letters
        var upper = first.isUppercase
        while end - i < Self.maxTokenBytes {
            var joiner = 0
            if byte(end) == 0x2D || byte(end) == 0x27 {
                joiner = 1
            } else if byte(end) == 0xE2 && byte(end + 1) == 0x80 && byte(end + 2) == 0x99 {   // ’
                joiner = 3
            }
            guard joiner > 0, let next = TextWord.read(t, at: end + joiner) else { break }
            end = next.end
            letters += next.letters
            upper = upper && next.isUppercase
        }
        guard end - i <= Self.maxTokenBytes else { return nil }
        var text = ""
        for b in UnsafeBufferPointer(rebasing: t[i..<end]) {
            text.unicodeScalars.append(Unicode.Scalar(ByteClass.lower(b)))
        }
        if text.utf8.contains(where: { $0 >= 0x80 }) {
            text = String(decoding: UnsafeBufferPointer(rebasing: t[i..<end]), as: UTF8.self).lowercased()
        }
        return AddressToken(start: i, end: end, text: text, isCapitalized: first.isCapitalized, isUppercase: upper,
                            isNumber: false, isOrdinal: false, letters: letters)
    }

    @inline(__always) func byte(_ i: Int) -> UInt8 { i < t.count ? t[i] : 0 }
    @inline(__always) func isDigit(_ i: Int) -> Bool { i < t.count && ByteClass.isDigit(t[i]) }

    /// Skips up to four spaces or tabs (not line breaks).
    func skipSpaces(_ i: Int) -> Int {
        var k = i
        while k - i < 4 && (byte(k) == 0x20 || byte(k) == 0x09) { k += 1 }
        return k
    }
}
