@_spi(Layers) import LinkifyModel

/// One word or number of an address, with its lowercased text.
struct AddressToken {
    var start: Int
    var end: Int
    /// Lowercased, at most `AddressReader.maxTokenBytes` bytes.
    var text: String
    var isCapitalized: Bool
    var isUppercase: Bool
    /// Every letter lowercase (`hastings`, not `McCaslin`).
    var isLowercase: Bool
    /// Digits, maybe followed by letters (`187A`, `45th`).
    var isNumber: Bool
    /// `1st`, `45th`, `116th`, French `18e`.
    var isOrdinal: Bool
    /// Letters in the word (0 for numbers).
    var letters: Int
}

/// Where a street may end, and how sure that it is a street.
struct StreetEnd {
    var end: Int
    /// Ends with a street type (`Main Street`, `rue Holt`), a highway number or a standalone name (`Broadway`).
    var typed: Bool
    /// Without a type, still reads as a street: a direction before a one-word name, or an
    /// ordinal or grid number (`Southwest 229th`, `West McDermott`, `N 2200`).
    var cued: Bool
}

/// Reads a street address forward from a house number, a `P.O. Box` or rural
/// route, a spelled number (`One Microsoft Way`) or a leading unit (`Flat 3, …`):
///
///     [unit ("," | line break | " ")] number [","] [direction] name… [type] [direction] [unit…]
///     ("," | line break | " ") [town] (state [ZIP] | province [postcode] | postcode | ZIP) [country [postcode]]
///
/// US (state and ZIP), Canadian (province and postal code, English and French)
/// and UK (town and postcode) forms, on one line or across lines (one line
/// break between parts). An address needs a town with a state, province or
/// postcode, or a ZIP or postcode right after a typed street: a street alone
/// (`at 12 Main Street`) is not one. Words may be capitalised, all capitals or,
/// when the street is written so, all lowercase (`340 loyola dr apt b elgin
/// illinois 60123`). Every step reads a bounded number of words, so a match
/// costs constant time.
struct AddressReader {
    let t: UnsafeBufferPointer<UInt8>
    /// Whether the street is written in lowercase: then lowercase words may
    /// name the street and the town, which otherwise must be capitalised
    /// (so `3 Park Avenue tickets for Boston, MA` is no address).
    var lower = false

    static let maxTokenBytes = 40

    /// The end of the address starting at `i`, or nil.
    func match(at i: Int) -> Int? {
        if isDigit(i) {
            // A box or route number is never a house number (`Box # 63`, `RR 2`).
            guard let n = houseNumber(at: i), let end = styled(after: n).streetAddress(from: n), !followsBoxWord(i) else {
                return nil
            }
            return end
        }
        var p = i
        if let tok = token(at: p), !tok.isNumber, tok.isCapitalized, AddressWords.units.contains(tok.text) {
            guard let idEnd = unitIdentifier(after: tok.end) else { return nil }
            var q = idEnd
            if byte(q) == 0x2C { q += 1 }
            p = skipLineBreak(q)
            guard p > idEnd else { return nil }
        }
        if p > i, !isDigit(p), let end = namedStreet(at: p) { return end }   // Flat 5, Byrne Shores, …
        if let e = poBox(at: p) {
            // `PO Box 2243, 6645 N Ensign St, …`: the box, then the street.
            if let (q, _) = separator(at: e, allowsLineBreak: true), let n = houseNumber(at: q),
               let end = styled(after: n).streetAddress(from: n) {
                return end
            }
            // Units after the box, as after a street (`Post Office Box 17, Suite 200, Denver, …`).
            let units = unitEnds(after: e)
            return locality(at: units.last ?? e, typed: true) ?? (units.isEmpty ? nil : locality(at: e, typed: true))
        }
        guard let n = houseNumber(at: p) else { return nil }
        return styled(after: n).streetAddress(from: n)
    }

    /// This reader, lowercase when the first word of the street after `n` is
    /// (`317 conniston road`) and is not a French street type (`405, rue Holt`).
    func styled(after n: Int) -> AddressReader {
        var r = self
        r.lower = false
        let q = skipSpaces(n)
        guard byte(q) >= 0x61 && byte(q) <= 0x7A else { return r }
        if let tok = token(at: q), !tok.isNumber, tok.isLowercase,
           !AddressWords.prefixTypes.contains(tok.text), !AddressWords.connectors.contains(tok.text) {
            r.lower = true
        }
        return r
    }

    /// The end of the address whose house number ends at `n`.
    func streetAddress(from n: Int) -> Int? {
        // In lowercase text only a street type or a direction marks a street (`12 files changed` is none).
        for s in street(at: n).reversed() where !lower || s.typed || s.cued {
            if let end = afterStreet(s) { return end }
        }
        return nil
    }

    // MARK: - Street

    /// `123`, `187A`, `12-14`, `3813 1/2`, `104-18663`, `200 - 5050`, `One`, `405,` (before
    /// a French street type): the end, when a space follows. `718 - 8th Avenue`
    /// ends before the ordinal street.
    func houseNumber(at i: Int) -> Int? {
        var p = i
        if isDigit(p) {
            guard let e = digitRun(at: p) else { return nil }
            p = e
            if byte(p) == 0x2D && isDigit(p + 1) {
                guard let f = digitRun(at: p + 1) else { return nil }
                p = f
            }
            if ByteClass.isAlpha(byte(p)) && !ByteClass.isAlnum(byte(p + 1)) { p += 1 }   // 187A
            // 3813 1/2
            if byte(p) == 0x20 && isDigit(p + 1) && byte(p + 2) == 0x2F && isDigit(p + 3) && byte(p + 4) == 0x20 {
                p += 4
            }
            // `200 - 5050 Kingsway`, `718 - 8th Avenue`: a unit, then the house number or the street.
            if byte(p) == 0x20 && byte(p + 1) == 0x2D && byte(p + 2) == 0x20 && isDigit(p + 3) {
                let q = p + 3
                if let tok = token(at: q), tok.isNumber, !tok.isOrdinal, let e = digitRun(at: q), e == tok.end, byte(e) == 0x20 {
                    p = e
                } else if let tok = token(at: q), tok.isOrdinal {
                    p += 2
                }
            }
            // `405, rue Sainte-Catherine`: French writes a comma after the number.
            if byte(p) == 0x2C, byte(p + 1) == 0x20, let tok = token(at: p + 2), AddressWords.prefixTypes.contains(tok.text) {
                p += 1
            }
        } else if let tok = token(at: p), tok.isCapitalized, !tok.isUppercase || tok.letters == 1,
                  AddressWords.spelledNumbers.contains(tok.text) {
            // `One Microsoft Way`; in capitals (`ONE HEALING CENTER`) a spelled number is a word.
            p = tok.end
        } else {
            return nil
        }
        guard byte(p) == 0x20 || byte(p) == 0x09 else { return nil }
        return p
    }

    /// One to six digits at `p`: their end.
    func digitRun(at p: Int) -> Int? {
        var e = p
        while isDigit(e) && e - p < 7 { e += 1 }
        return e > p && e - p <= 6 ? e : nil
    }

    /// Where the street may end after the house number: after each street
    /// type (`Main Street`, `Park Avenue`), each word of a French name
    /// (`rue Saint-Denis`), a numbered highway (`Route 9`), and — marked
    /// untyped — each name word.
    func street(at n: Int) -> [StreetEnd] {
        let q = skipSpaces(n)
        guard q > n else { return [] }
        return street(from: q)
    }

    /// The street ends from its first word at `start` (see `street(at:)`).
    func street(from start: Int) -> [StreetEnd] {
        var ends: [StreetEnd] = []
        var q = start
        var names = 0
        var prefixType = false
        var highway = false
        var direction = false
        var previousConnector = false
        for index in 0..<8 {
            guard let tok = token(at: q) else { break }
            var e = tok.end
            if TextWord.startsWord(t, at: e) { break }
            if tok.isNumber && !tok.isOrdinal {
                if highway {
                    ends.append(StreetEnd(end: e, typed: true, cued: true))
                    break
                }
                // `52 Ave`, `207 St.`, `121a Ave`, or a grid number after a direction (`N 2200 W`)
                if nextIsSuffix(after: e) {
                    // read on: the type comes next
                } else if direction && names == 1 {
                    ends.append(StreetEnd(end: e, typed: false, cued: true))
                    break
                } else {
                    break
                }
                names += 1
            } else if tok.isNumber {
                // 45th, 18e
                names += 1
                if prefixType { ends.append(StreetEnd(end: e, typed: true, cued: true)) }
                ends.append(StreetEnd(end: e, typed: false, cued: true))
            } else if index == 0 && AddressWords.prefixTypes.contains(tok.text) && !AddressWords.highways.contains(tok.text)
                        && !nextIsSuffix(after: e) {
                prefixType = true
            } else if prefixType {
                // rue Saint-Denis, boulevard de l'Université, avenue de la Cathédrale
                if isName(tok) || AddressWords.elidedArticles.contains(where: { tok.text.hasPrefix($0) }) {
                    ends.append(StreetEnd(end: e, typed: true, cued: true))
                    names += 1
                } else if !AddressWords.connectors.contains(tok.text) {
                    break
                }
            } else {
                let isDirection = isDirectionWord(tok)
                let connector = names > 0 && AddressWords.connectors.contains(tok.text)
                let suffix = AddressWords.suffixes.contains(tok.text) && names >= 1 && !previousConnector
                guard isName(tok) || connector || (suffix && tok.isLowercase) else { break }
                if suffix {
                    ends.append(StreetEnd(end: byte(e) == 0x2E ? e + 1 : e, typed: true, cued: true))
                }
                if tok.isCapitalized && AddressWords.standaloneStreets.contains(tok.text) {
                    ends.append(StreetEnd(end: e, typed: true, cued: true))
                }
                if index == 0 && isDirection {
                    direction = true
                } else if !connector && !suffix {
                    // A direction vouches for one name word (`West McDermott`), not a phrase (`West Coast Marathons`).
                    ends.append(StreetEnd(end: e, typed: false, cued: direction && names == 1))
                }
                highway = AddressWords.highways.contains(tok.text)
                    || (highway && (tok.text == "no" || tok.text == "hwy" || tok.text == "highway"))
                previousConnector = connector
                if !connector { names += 1 }
            }
            if byte(e) == 0x2E && (tok.letters <= 4 || tok.isNumber) { e += 1 }   // N. Hill, Jr. Blvd
            let next = skipSpaces(e)
            guard next > e && next - e <= 2 else { break }
            q = next
        }
        return ends
    }

    /// Whether a street type follows `e` after spaces (`52 Ave`).
    func nextIsSuffix(after e: Int) -> Bool {
        let q = skipSpaces(e)
        guard q > e, let tok = token(at: q), !tok.isNumber else { return false }
        return AddressWords.suffixes.contains(tok.text) && !TextWord.startsWord(t, at: tok.end)
    }

    /// A word that may be part of a street or town name in this address's case.
    func isName(_ tok: AddressToken) -> Bool {
        if tok.isNumber { return tok.isOrdinal }
        return tok.isCapitalized || (lower && tok.isLowercase)
    }

    func isDirectionWord(_ tok: AddressToken) -> Bool {
        !tok.isNumber && AddressWords.directions.contains(tok.text) && (tok.isCapitalized || lower)
            && (tok.letters > 2 || tok.isUppercase || lower)
    }

    /// A British address without a house number, from its building name or
    /// street: `[building ("," | line break)] street type "," town [","] postcode`
    /// (`Guildhall, Gresham Street, London, EC2V 7HH`, `SHEPPEY WAY, SITTINGBOURNE, ME9 8RZ`).
    /// The street must have its type and the town its postcode.
    func namedStreet(at i: Int) -> Int? {
        if let end = typedStreetInBritain(at: i) { return end }
        // `Visit Cardiff Castle, …`: a capitalised word that introduces the building is not part of its name.
        if let first = token(at: i), AddressWords.leadIns.contains(first.text) { return nil }
        for e in words(at: i, max: 4).reversed() {
            var p = e
            let comma = byte(p) == 0x2C
            if comma { p += 1 }
            let q = skipLineBreak(p)
            guard q > p, comma || hasLineBreak(e, q) else { continue }
            if let end = typedStreetInBritain(at: q) { return end }
        }
        return nil
    }

    /// Whether a line break lies between `a` and `b`.
    func hasLineBreak(_ a: Int, _ b: Int) -> Bool {
        var k = a
        while k < b { if byte(k) == 0x0A { return true }; k += 1 }
        return false
    }

    /// A street with its type at `q`, maybe a unit, then a British town and postcode.
    func typedStreetInBritain(at q: Int) -> Int? {
        guard let tok = token(at: q), !tok.isNumber, tok.isCapitalized else { return nil }
        for s in street(from: q).reversed() where s.typed {
            var ends = [s.end]
            if let u = unit(at: s.end) { ends.append(u) }
            for e in ends.reversed() {
                if let end = britishTown(at: e) { return end }
            }
        }
        return nil
    }

    /// A separator, a town (and maybe a county after a comma), then a UK postcode: the end.
    func britishTown(at s: Int) -> Int? {
        guard let (c0, _) = separator(at: s, allowsLineBreak: true) else { return nil }
        if let pc = ukPostcode(at: c0) { return country(after: pc) }
        for e in words(at: c0, max: 4).reversed() {
            guard let (q, comma) = separator(at: e, allowsLineBreak: true) else { continue }
            if let pc = ukPostcode(at: q) { return country(after: pc) }
            if comma {
                for c in words(at: q, max: 3).reversed() {
                    if let (r, _) = separator(at: c, allowsLineBreak: true), let pc = ukPostcode(at: r) { return country(after: pc) }
                }
            }
        }
        return nil
    }

    /// After the street: a direction (maybe after a comma), units, then the town and the rest.
    func afterStreet(_ s: StreetEnd) -> Int? {
        var starts: [(Int, Bool)] = [(s.end, s.typed || s.cued)]
        if let d = postDirection(after: s.end) { starts.append((d, true)) }
        for (p, standsAlone) in starts.reversed() {
            // A street without a type or direction needs a dwelling's unit after it
            // (`840 Garrison Brooks Suite 985`); a room or building (`10 East Conference
            // Room, Building 4`) is no such evidence.
            if !standsAlone && !startsDwellingUnit(p) { continue }
            let ends = (standsAlone ? [p] : []) + unitEnds(after: p)
            for e in ends.reversed() {
                if let end = locality(at: e, typed: s.typed) { return end }
            }
        }
        // British and Canadian streets often have no type (`1 Piccadilly, Manchester M1 1AE`,
        // `3264 Mainway Burlington L7M 1A7`): a postcode after the town vouches for them.
        if !s.typed && !s.cued, let (c0, comma) = separator(at: s.end, allowsLineBreak: true), comma || hasLineBreak(s.end, c0) {
            if let end = britishTown(at: s.end) { return end }
            for e in words(at: c0, max: 4).reversed() {
                if let (q, _) = separator(at: e, allowsLineBreak: false), let z = canadianPostalCode(at: q),
                   let end = region(at: e, typed: false), end >= z {
                    return end
                }
            }
        }
        return nil
    }

    /// The ends of up to three units one after the other from `p` (`, Suite 200`, ` Floor 3`), in order.
    func unitEnds(after p: Int) -> [Int] {
        var ends: [Int] = []
        var q = p
        while ends.count < 3, let u = unit(at: q) {
            ends.append(u)
            q = u
        }
        return ends
    }

    /// Whether a dwelling's unit (`Suite`, `Apt`, `Unit`, `#`) follows `p`.
    func startsDwellingUnit(_ p: Int) -> Bool {
        var q = p
        if byte(q) == 0x2C { q += 1 }
        q = skipSpaces(q)
        if byte(q) == 0x23 { return true }
        guard let tok = token(at: q), !tok.isNumber else { return false }
        return AddressWords.dwellingUnits.contains(tok.text)
    }

    /// ` SW`, ` N.W.`, `, NE`, ` S. W.`, ` North`, ` Ouest`: the end.
    func postDirection(after e: Int) -> Int? {
        var p = e
        if byte(p) == 0x2C { p += 1 }
        let q = skipSpaces(p)
        guard q > p, q - p <= 2, let tok = token(at: q), !tok.isNumber else { return nil }
        if tok.letters == 1, byte(tok.end) == 0x2E {
            // N. / N.W. / S. W.
            var end = tok.end + 1
            var r = end
            if byte(r) == 0x20 { r += 1 }
            if let second = token(at: r), second.letters == 1, byte(second.end) == 0x2E,
               AddressWords.directions.contains(tok.text + second.text) {
                end = second.end + 1
            }
            return AddressWords.directions.contains(tok.text) && tok.isUppercase ? end : nil
        }
        guard isDirectionWord(tok), !TextWord.startsWord(t, at: tok.end) else { return nil }
        return tok.end
    }

    /// `, Apt. 95B`, ` Suite 377`, ` #944`, `, Floor 3`, ` 28TH FLOOR`, `, Building II`,
    /// ` P.O. Box 472`, `, bureau 1105`, on the same line or the next: the end.
    func unit(at s: Int) -> Int? {
        var p = s
        if byte(p) == 0x2C {
            p += 1
        } else if byte(p) == 0x20 && byte(p + 1) == 0x2D && byte(p + 2) == 0x20 {
            p += 2   // `51 Franklin Street - Fifth Floor`
        }
        let q = skipLineBreak(p)
        guard q > s else { return nil }
        if byte(q) == 0x23 {
            return identifier(at: skipSpaces(q + 1))
        }
        guard let tok = token(at: q) else { return nil }
        // `PEACHTREE ST NE 900, ATLANTA`: a bare number of up to four digits before a comma.
        if tok.isNumber && !tok.isOrdinal && byte(tok.end) == 0x2C && tok.end - q <= 4 && q > s && byte(q - 1) == 0x20 {
            return isDigit(tok.end - 1) ? tok.end : nil
        }
        if tok.isOrdinal || (!tok.isNumber && AddressWords.spelledOrdinals.contains(tok.text) && tok.isCapitalized) {
            // 41st Floor, Second Floor
            var e = tok.end
            if byte(e) == 0x2E { e += 1 }
            let r = skipSpaces(e)
            guard r > e, let floor = token(at: r), floor.text == "floor" || floor.text == "fl" else { return nil }
            return byte(floor.end) == 0x2E ? floor.end + 1 : floor.end
        }
        if let box = poBox(at: q) { return box }
        guard !tok.isNumber, tok.isCapitalized || lower || tok.text == "bureau",
              AddressWords.units.contains(tok.text) else { return nil }
        return unitIdentifier(after: tok.end)
    }

    /// `. 95B`, ` #12`, ` 3`, ` II`, ` b`: the identifier after a unit word.
    func unitIdentifier(after e: Int) -> Int? {
        var p = e
        if byte(p) == 0x2E { p += 1 }
        var q = skipSpaces(p)
        guard q > p else { return nil }
        if byte(q) == 0x23 { q = skipSpaces(q + 1) }
        if let id = identifier(at: q) { return id }
        // Building II; apt b
        if let tok = token(at: q), !tok.isNumber, !TextWord.startsWord(t, at: tok.end) {
            if tok.isUppercase && tok.letters <= 4 && tok.text.allSatisfy({ "ivx".contains($0) }) { return tok.end }
            if lower && tok.letters == 1 { return tok.end }
        }
        return nil
    }

    /// `95B`, `1022`, `B`, `2-101`, `2.5`: letters and digits, with at least one digit or one capital letter alone.
    func identifier(at i: Int) -> Int? {
        var p = i
        var digits = 0
        while p < t.count && p - i < 10 {
            let b = t[p]
            let joiner = (b == 0x2D || b == 0x2E) && p > i && isDigit(p - 1) && isDigit(p + 1)
            guard ByteClass.isAlnum(b) || joiner else { break }
            if ByteClass.isDigit(b) { digits += 1 }
            p += 1
        }
        guard p > i, p - i < 10, !TextWord.startsWord(t, at: p) else { return nil }
        if digits == 0 && !(p - i == 1 && byte(i) >= 0x41 && byte(i) <= 0x5A) { return nil }
        return p
    }

    /// `P.O. Box 123`, `PO Box 123`, `P. O. Box 123`, `P.O.BOX 167`, `Post Office Box 123`,
    /// `Box # 63`, `PMB 29700`, `RR 2`, `Rural Route 2`, `C.P. 500`, `Case postale 710`: the end.
    func poBox(at i: Int) -> Int? {
        var p = i
        guard let first = token(at: p), !first.isNumber else { return nil }
        var needsBox = true
        switch first.text {
        case "p", "c":
            // P.O. / C.P.
            p = first.end
            guard byte(p) == 0x2E else { return nil }
            p = skipSpaces(p + 1)
            guard let o = token(at: p), o.text == (first.text == "p" ? "o" : "p"), byte(o.end) == 0x2E else { return nil }
            p = o.end + 1
            needsBox = first.text == "p"
        case "po", "pobox":
            p = first.end
            if byte(p) == 0x2E { p += 1 }
            needsBox = first.text == "po"
        case "post":
            let q = skipSpaces(first.end)
            guard q > first.end, let o = token(at: q), o.text == "office" else { return nil }
            p = o.end
        case "case":
            let q = skipSpaces(first.end)
            guard q > first.end, let o = token(at: q), o.text == "postale" else { return nil }
            p = o.end
            needsBox = false
        case "rural":
            let q = skipSpaces(first.end)
            guard q > first.end, let o = token(at: q), o.text == "route" else { return nil }
            p = o.end
            needsBox = false
        case "box", "pmb", "rr":
            guard first.isCapitalized || lower else { return nil }
            p = first.end
            needsBox = false
        default:
            return nil
        }
        if needsBox {
            let q = skipSpaces(p)
            guard let box = token(at: q), box.text == "box" else { return nil }
            p = box.end
        }
        var r = skipSpaces(p)
        guard r > p || (r == p && byte(r) == 0x23) else { return nil }
        if byte(r) == 0x23 { r = skipSpaces(r + 1) }
        var e = r
        while isDigit(e) && e - r < 10 { e += 1 }
        guard e > r, e - r < 10, !ByteClass.isAlnum(byte(e)) else { return nil }
        // RR 2 Box 5
        if first.text == "rr" || first.text == "rural", let box = poBox(at: skipSpaces(e)), skipSpaces(e) > e { return box }
        return e
    }

    /// Whether the number at `i` follows `Box`, `PMB`, `RR`, `Route`, `Box #`: it is that box's number.
    func followsBoxWord(_ i: Int) -> Bool {
        var p = i
        while p > 0 && p > i - 4 && (t[p - 1] == 0x20 || t[p - 1] == 0x23) { p -= 1 }
        guard p < i else { return false }
        var s = p
        while s > 0 && p - s < 8 && ByteClass.isAlpha(t[s - 1]) { s -= 1 }
        guard s < p, let tok = token(at: s), tok.end == p else { return false }
        return AddressWords.boxWords.contains(tok.text)
    }
}
