@_spi(Layers) import LinkifyModel

/// The town, region, postcode and country after the street.
extension AddressReader {
    /// A separator, then the town and region, or (after a typed street) a ZIP or
    /// postcode alone (`233 S Wacker Dr 60606`, `195 Jill hollow, TF6 4YD`).
    func locality(at s: Int, typed: Bool) -> Int? {
        guard let (c0, _) = separator(at: s, allowsLineBreak: true) else { return nil }
        if typed {
            // A ZIP without a state must end the address (`Wacker Dr 60606`, not `Park Road 10000 iterations`).
            if let z = zip(at: c0), endsAddress(z) { return country(after: z) }
            if let pc = ukPostcode(at: c0) { return country(after: pc) }
        }
        let towns = words(at: c0, max: 5)
        for e in towns.reversed() {
            if let end = region(at: e, typed: typed) { return end }
        }
        return nil
    }

    /// Name words from `i` (with lowercase connectors between them, `St.`
    /// style abbreviations): the end after each name word.
    func words(at i: Int, max: Int) -> [Int] {
        var ends: [Int] = []
        var q = i
        for k in 0..<max {
            guard let tok = token(at: q), !tok.isNumber, !TextWord.startsWord(t, at: tok.end), !isDigit(tok.end) else { break }
            var e = tok.end
            // `Des Moines`, `La Crosse`; in lowercase text `in boston` is no town.
            if isName(tok) && !(k == 0 && tok.isLowercase && AddressWords.connectors.contains(tok.text)) {
                if byte(e) == 0x2E && tok.letters <= 3 && !tok.isUppercase { e += 1 }   // St. John's
                ends.append(e)
            } else if k == 0 || !AddressWords.townConnectors.contains(tok.text) {
                break
            }
            let next = skipSpaces(e)
            guard next > e, next - e <= 2 else { break }
            q = next
        }
        return ends
    }

    /// After the town: `, ST 12345`, ` ST`, `, State 12345`, ` PR A1A 1A1`, ` (Québec) A1A 1A1`,
    /// `, Province`, ` 12345` (after a typed street), ` A1A 1A1 Province`, ` AB1 2CD`,
    /// `\nAB1 2CD`, `, County AB1 2CD`; then maybe a country.
    func region(at e: Int, typed: Bool) -> Int? {
        let sameLine = separator(at: e, allowsLineBreak: false)
        if let (p0, comma) = sameLine {
            var p = p0
            let paren = byte(p) == 0x28
            if paren { p += 1 }
            if let (end0, kind, exact) = stateOrProvince(at: p) {
                var stateEnd = end0
                if paren {
                    guard byte(stateEnd) == 0x29 else { return nil }
                    stateEnd += 1
                }
                // The code may wrap to the next line (`Boston, MA\n02110-1301`): its shape is unmistakable.
                if let (zp, _) = separator(at: codeStart(stateEnd), allowsLineBreak: true) {
                    if kind != .province, let z = zip(at: zp) { return country(after: z) }
                    if kind != .state, let z = canadianPostalCode(at: zp) { return country(after: z) }
                }
                // Without a code, a state or province in capitals or by name (`Ottawa, ON`,
                // `Washington DC`, `Winnipeg (Manitoba)`) ends the address; in lowercase text
                // (`weehawken nj`) only where the address ends.
                if exact && (!lower || endsAddress(stateEnd)) && !TextWord.startsWord(t, at: stateEnd) {
                    return country(after: stateEnd)
                }
            }
            // `Creston, 93432`, `NORTON SHORES 49441`
            if typed, let z = zip(at: p0), comma || endsAddress(z) { return country(after: z) }
            // `Burlington L7M 1A7 Ontario, Canada`
            if let z = canadianPostalCode(at: p0) {
                if let (q, _) = separator(at: z, allowsLineBreak: false), let (end, kind, _) = stateOrProvince(at: q), kind == .province {
                    return country(after: end)
                }
                return country(after: z)
            }
        }
        // The state wrapped to the next line with its code (`Boston,\nMA 02110`).
        if let (p, _) = separator(at: e, allowsLineBreak: true), hasLineBreak(e, p),
           let (stateEnd, kind, _) = stateOrProvince(at: p), let (zp, _) = separator(at: stateEnd, allowsLineBreak: false) {
            if kind != .province, let z = zip(at: zp) { return country(after: z) }
            if kind != .state, let z = canadianPostalCode(at: zp) { return country(after: z) }
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

    /// Where a ZIP may start after a state: past a ` - ` (`Austin Tx - 78755`).
    func codeStart(_ e: Int) -> Int {
        if byte(e) == 0x20 && byte(e + 1) == 0x2D && byte(e + 2) == 0x20 { return e + 2 }
        return e
    }

    /// Whether nothing of the address can follow `e` on its line: an end of
    /// line or text, punctuation, or a country name.
    func endsAddress(_ e: Int) -> Bool {
        var p = e
        if byte(p) == 0x2E || byte(p) == 0x2C { p += 1 }
        let q = skipSpaces(p)
        if !TextWord.startsWord(t, at: q) { return true }
        return country(after: e) > e
    }

    enum RegionKind { case state, province }

    /// A state or province at `p`, by abbreviation (`IL`, `B.C.`) or name
    /// (`Illinois`, `New Brunswick`, `Colombie-Britannique`): its end, which
    /// kind, and whether it may end an address without a code (an abbreviation
    /// in capitals, a name; a lowercase abbreviation that is not also a common
    /// word, in a lowercase address).
    func stateOrProvince(at p: Int) -> (Int, RegionKind, Bool)? {
        guard let tok = token(at: p), !tok.isNumber else { return nil }
        if tok.letters == 1, byte(tok.end) == 0x2E, let second = token(at: tok.end + 1), second.letters == 1,
           byte(second.end) == 0x2E, tok.isUppercase, second.isUppercase {
            // D.C., B.C.
            let code = (tok.text + second.text).uppercased()
            if AddressWords.usStates.contains(code) { return (second.end + 1, .state, true) }
            if AddressWords.caProvinces.contains(code) { return (second.end + 1, .province, true) }
            return nil
        }
        if tok.letters == 2 && !TextWord.startsWord(t, at: tok.end) && !isDigit(tok.end) {
            let code = tok.text.uppercased()
            let kind: RegionKind? = AddressWords.usStates.contains(code) ? .state
                : AddressWords.caProvinces.contains(code) ? .province : nil
            if let kind = kind {
                if tok.isUppercase { return (tok.end, kind, true) }
                // `Austin Tx 78755`, `fl 33458`: a ZIP makes the reading safe; alone, only
                // in a lowercase address and not a word of its own (`in`, `or`, `me`).
                if tok.isCapitalized || lower {
                    return (tok.end, kind, lower && !AddressWords.wordLikeStates.contains(tok.text))
                }
            }
        }
        guard isName(tok) else { return nil }
        var name = ""
        var q = p
        var best: (Int, RegionKind, Bool)?
        for _ in 0..<4 {
            guard let w = token(at: q), !w.isNumber, isName(w) || AddressWords.connectors.contains(w.text),
                  !TextWord.startsWord(t, at: w.end), !isDigit(w.end) else { break }
            name += name.isEmpty ? w.text : " " + w.text
            if isName(w) {
                if AddressWords.usStateNames.contains(name) { best = (w.end, .state, true) }
                if AddressWords.caProvinceNames.contains(name) { best = (w.end, .province, true) }
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

    /// A UK postcode, `SW1A 2AA`, `M1 1AE`, `EC1A 1BB`, `B1 1BB`, `BT48 9DR` (outward
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

    /// `, USA`, ` Canada`, `, United Kingdom`, `\nUSA` after the address, maybe
    /// followed by its postcode (`Canada J9A 1L8`): the end after it, else `e`.
    func country(after e: Int) -> Int {
        var p = e
        if byte(p) == 0x2E && !ByteClass.isAlnum(byte(p + 1)) { p += 1 }   // BC. Canada
        if byte(p) == 0x2C { p += 1 }
        let q = skipLineBreak(p)
        guard q > p else { return e }
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
        guard best > e else { return e }
        // The code after the country: `Canada J9A 1L8`, `Canada, G9A 5H7`.
        if let (c, _) = separator(at: best, allowsLineBreak: false) {
            if let z = canadianPostalCode(at: c) ?? ukPostcode(at: c) ?? zip(at: c) { return z }
        }
        return best
    }

    /// Spaces, a comma, and (when allowed) one line break between parts: the
    /// position after them and whether there was a comma; nil when there is none.
    func separator(at s: Int, allowsLineBreak: Bool, allowsComma: Bool = true) -> (Int, Bool)? {
        var p = skipSpaces(s)
        var comma = false
        if allowsComma && (byte(p) == 0x2C || byte(p) == 0x3B) {
            comma = true
            p = skipSpaces(p + 1)
        }
        if allowsLineBreak {
            p = skipLineBreak(p)
        }
        guard p > s else { return nil }
        return (p, comma)
    }

    /// Spaces, at most one line break and the spaces after it.
    func skipLineBreak(_ s: Int) -> Int {
        var p = skipSpaces(s)
        if byte(p) == 0x0D { p += 1 }
        if byte(p) == 0x0A {
            return skipSpaces(p + 1)
        }
        return byte(p - 1) == 0x0D ? p - 1 : p
    }
}
