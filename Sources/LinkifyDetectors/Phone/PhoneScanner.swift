@_spi(Layers) import LinkifyModel

/// Finds phone numbers as libphonenumber's `PhoneNumberMatcher` does at its
/// VALID leniency: candidates shaped like numbers (digit groups joined by at
/// most four punctuation characters, an optional lead `+` or bracket, an
/// optional extension), kept only when they parse to a valid number of their
/// region — national numbers read in `region`, international ones by their
/// calling code — and are not dates, time stamps or page references, nor glued
/// to Latin letters, `%` or currency signs.
///
/// Linear time: the text is walked once; each candidate is bounded (21 digit
/// groups of at most 20 digits), and everything done on it is bounded by its length.
package struct PhoneScanner: EntityScanner {
    /// The region national numbers are read in; nil: only international numbers.
    let region: PhoneTerritory?
    /// The fewest digits a candidate needs to be worth parsing.
    let floor: PhoneDigitFloor

    /// A scanner for national numbers of the region with ISO 3166 id `regionID` (`US`).
    package init(regionID: String) {
        region = PhoneMetadata.territory(id: regionID.uppercased())
        floor = PhoneDigitFloor(region: region)
    }

    /// Digit groups in a candidate (libphonenumber's BLOCK_LIMIT + 1) and digits in a group.
    static let maxGroups = 21, maxGroupDigits = 20

    package func scan(_ text: UnsafeBufferPointer<UInt8>, from minStart: Int, into out: inout [Entity]) {
        let n = text.count
        var i = resynchronized(text, minStart)
        var reader = PhoneScalarReader(text, at: i)
        // The next ASCII digit or byte past ASCII (which may be a digit) at or after `i`, once searched.
        var nextDigit = -1
        while i < n {
            let b = text[i]
            var length = 1
            if b < 0x80 {
                // Digit-run prefilter: a candidate starts at a digit, `+`, `(` or `[`.
                guard (b >= 0x30 && b <= 0x39) || b == 0x2B || b == 0x28 || b == 0x5B else { i += 1; continue }
                if !ByteClass.isDigit(b) {
                    // A candidate has a digit within its first 11 characters (`candidateLength`):
                    // where the next 11 bytes are ASCII and none is a digit, none starts here,
                    // nor anywhere before the 11 bytes that end at the next digit (`((((…`).
                    if nextDigit < i { nextDigit = Self.nextDigitOrWide(text, from: i) }
                    if nextDigit - i > 10 {
                        i = nextDigit - 10
                        continue
                    }
                }
            } else {
                let (v, l) = UTF8Bytes.decode(text, at: i)
                length = l
                guard PhoneCharacters.digit(v) != nil || PhoneCharacters.isLead(v) else { i += l; continue }
            }
            reader.restart(at: i)
            guard let candidateLength = Self.candidateLength(&reader) else { i += length; continue }
            if mayHoldNumber(reader.values[0..<candidateLength]), let found = extractMatch(&reader, candidateLength) {
                if found.start >= minStart {
                    out.append(Entity(kind: .phone, start: found.start, end: found.end,
                                      target: found.number.telURI, value: found.number.e164))
                }
                i = found.end
            } else {
                i = max(reader.offset(candidateLength), i + length)
            }
        }
    }

    /// The first byte at or after `i` that is an ASCII digit or past ASCII (a
    /// digit of another script, or a lead or punctuation character), or `t.count`.
    static func nextDigitOrWide(_ t: UnsafeBufferPointer<UInt8>, from i: Int) -> Int {
        ByteSearch.first(in: t, from: i, block: { v in
            ((v &- ByteSearch.splat(0x30)) .< ByteSearch.splat(10)) .| (v .>= ByteSearch.splat(0x80))
        }, matches: { $0 &- 0x30 < 10 || $0 >= 0x80 })
    }

    /// Whether the scalars have the digits some valid number needs.
    func mayHoldNumber(_ scalars: ArraySlice<UInt32>) -> Bool {
        var digits = 0, plus = false
        for v in scalars {
            if PhoneCharacters.digit(v) != nil { digits += 1 } else if PhoneCharacters.isPlus(v) { plus = true }
        }
        return floor.admits(digits: digits, plus: plus)
    }

    /// Where to start so that candidates are cut as they would be from the
    /// start of the text: back over the characters a candidate can hold.
    func resynchronized(_ text: UnsafeBufferPointer<UInt8>, _ minStart: Int) -> Int {
        var i = minStart
        while i > 0 && minStart - i < 1024 {
            let (v, length) = UTF8Bytes.decode(text, before: i)
            guard PhoneCharacters.digit(v) != nil || PhoneCharacters.isPunctuation(v) || PhoneCharacters.isLead(v) else { break }
            i -= length
        }
        return i
    }

    // MARK: - Candidates

    /// The length in scalars of libphonenumber's candidate PATTERN matched at
    /// the reader's start, cut before a second number (`/ x`); nil when none starts there.
    static func candidateLength(_ s: inout PhoneScalarReader) -> Int? {
        // Before its first digit a candidate holds at most two leads, each
        // with up to four punctuation characters: no digit that near, no candidate.
        var near = 0
        while near <= 10, let v = s.scalar(at: near), PhoneCharacters.isLead(v) || PhoneCharacters.isPunctuation(v) { near += 1 }
        guard near <= 10, let v = s.scalar(at: near), PhoneCharacters.digit(v) != nil else { return nil }
        guard let first = leadEnd(&s, at: 0, groupsLeft: 2) else { return nil }
        var k = digitGroupEnd(&s, at: first)
        var groups = 1
        while groups < maxGroups {
            var q = k
            var punctuation = 0
            while punctuation < 4, let v = s.scalar(at: q), PhoneCharacters.isPunctuation(v) {
                q += 1
                punctuation += 1
            }
            guard let v = s.scalar(at: q), PhoneCharacters.digit(v) != nil else { break }
            k = digitGroupEnd(&s, at: q)
            groups += 1
        }
        if let (end, _) = PhoneExtension.match(&s, at: k, parsing: false) { k = end }
        // SECOND_NUMBER_START: `/`, spaces, `x` starts another number.
        for j in 0..<k where s.scalar(at: j) == 0x2F {
            var q = j + 1
            while s.scalar(at: q) == 0x20 { q += 1 }
            if q < k && s.scalar(at: q) == 0x78 { return j }
        }
        return k
    }

    /// `(?:[LEAD][PUNCTUATION]{0,4}){0,2}` followed by a digit: where the digit is.
    static func leadEnd(_ s: inout PhoneScalarReader, at k: Int, groupsLeft: Int) -> Int? {
        guard let v = s.scalar(at: k) else { return nil }
        if groupsLeft > 0 && PhoneCharacters.isLead(v) {
            var punctuation = 0
            while punctuation < 4, let p = s.scalar(at: k + 1 + punctuation), PhoneCharacters.isPunctuation(p) {
                punctuation += 1
            }
            for taken in stride(from: punctuation, through: 0, by: -1) {
                if let r = leadEnd(&s, at: k + 1 + taken, groupsLeft: groupsLeft - 1) { return r }
            }
        }
        return PhoneCharacters.digit(v) != nil ? k : nil
    }

    static func digitGroupEnd(_ s: inout PhoneScalarReader, at k: Int) -> Int {
        var q = k
        while q - k < maxGroupDigits, let v = s.scalar(at: q), PhoneCharacters.digit(v) != nil { q += 1 }
        return q
    }

    // MARK: - Matches

    struct Found {
        var start: Int
        var end: Int
        var number: ParsedPhoneNumber
    }

    /// libphonenumber's `extractMatch`: the whole candidate, else a number inside it.
    func extractMatch(_ s: inout PhoneScalarReader, _ length: Int) -> Found? {
        let candidate = Array(s.values[0..<length])
        // The checks are all conditions on one answer, so the cheap and
        // selective ones come first: the number, then what rules it out.
        guard let found = parseAndVerify(&s, candidate, 0..<length) ?? extractInnerMatch(&s, candidate) else { return nil }
        // A slash-separated date or a time stamp is not a number (nor is anything inside it).
        if PhonePattern(PhoneMetadataTables.slashSeparatedDates)!.prefixMatch(candidate.map(Self.dateSymbol)) != nil {
            return nil
        }
        if PhonePattern(PhoneMetadataTables.timeStamps)!.matchesWhole(candidate.map(Self.timeStampSymbol)) {
            var after = PhoneScalarReader(s.text, at: s.offset(length))
            if after.scalar(at: 0) == 0x3A, let m = after.scalar(at: 1), m >= 0x30, m <= 0x35,
               let d = after.scalar(at: 2), PhoneCharacters.digit(d) != nil {
                return nil
            }
        }
        return found
    }

    /// libphonenumber's INNER_MATCHES, tried in order: the text before each
    /// break and the group after it.
    func extractInnerMatch(_ s: inout PhoneScalarReader, _ c: [UInt32]) -> Found? {
        for pattern in 0..<6 {
            var from = 0
            var isFirst = true
            while let (start, group) = Self.innerMatch(pattern, c, from: from) {
                if isFirst {
                    if let found = parseAndVerify(&s, c, Self.trimmedEnd(c, 0..<start)) { return found }
                    isFirst = false
                }
                if let found = parseAndVerify(&s, c, Self.trimmedEnd(c, group)) { return found }
                from = start + 1
            }
        }
        return nil
    }

    /// The first match at or after `from` of inner pattern `pattern`: its start and group 1.
    static func innerMatch(_ pattern: Int, _ c: [UInt32], from: Int) -> (Int, Range<Int>)? {
        let n = c.count
        let ws = PhoneCharacters.isWhitespace
        func skipWhitespace(_ k: Int) -> Int {
            var q = k
            while q < n && ws(c[q]) { q += 1 }
            return q
        }
        // `\s*(.+)`: the spaces are taken unless they run to the end.
        func restAfterSpaces(_ k: Int) -> Range<Int>? {
            guard k < n else { return nil }
            let q = skipWhitespace(k)
            return q < n ? q..<n : (n - 1)..<n
        }
        var i = from
        while i < n {
            switch pattern {
            case 0:   // /+(.*)
                if c[i] == 0x2F {
                    var q = i
                    while q < n && c[q] == 0x2F { q += 1 }
                    return (i, q..<n)
                }
            case 1:   // (\([^(]*)
                if c[i] == 0x28 {
                    var q = i + 1
                    while q < n && c[q] != 0x28 { q += 1 }
                    return (i, i..<q)
                }
            case 2:   // (?:\s-|-\s)\s*(.+)
                if i + 1 < n && ((ws(c[i]) && c[i + 1] == 0x2D) || (c[i] == 0x2D && ws(c[i + 1]))),
                   let r = restAfterSpaces(i + 2) {
                    return (i, r)
                }
            case 3:   // [\u2012-\u2015\uFF0D]\s*(.+)
                if (c[i] >= 0x2012 && c[i] <= 0x2015) || c[i] == 0xFF0D, let r = restAfterSpaces(i + 1) {
                    return (i, r)
                }
            case 4:   // \.+\s*([^.]+)
                if c[i] == 0x2E {
                    var q = i
                    while q < n && c[q] == 0x2E { q += 1 }
                    let afterSpaces = skipWhitespace(q)
                    var e = afterSpaces
                    while e < n && c[e] != 0x2E { e += 1 }
                    if e > afterSpaces { return (i, afterSpaces..<e) }
                    // Give the spaces back to the group when nothing else follows.
                    var e2 = q
                    while e2 < n && c[e2] != 0x2E { e2 += 1 }
                    if e2 > q { return (i, (e2 - 1)..<e2) }
                }
            default:  // \s+(\S+)
                if ws(c[i]) {
                    let q = skipWhitespace(i)
                    var e = q
                    while e < n && !ws(c[e]) { e += 1 }
                    if e > q { return (i, q..<e) }
                }
            }
            i += 1
        }
        return nil
    }

    /// The range without trailing UNWANTED_END_CHARS (`_`, or neither `#` nor a word character).
    static func trimmedEnd(_ c: [UInt32], _ r: Range<Int>) -> Range<Int> {
        var e = r.upperBound
        while e > r.lowerBound, c[e - 1] == 0x5F || (c[e - 1] != 0x23 && !PhoneCharacters.isWordCharacter(c[e - 1])) {
            e -= 1
        }
        return r.lowerBound..<e
    }

    /// libphonenumber's `parseAndVerify` on `c[r]`.
    func parseAndVerify(_ s: inout PhoneScalarReader, _ c: [UInt32], _ r: Range<Int>) -> Found? {
        guard !r.isEmpty else { return nil }
        let sub = c[r]
        guard mayHoldNumber(sub) else { return nil }
        let start = s.offset(r.lowerBound), end = s.offset(r.upperBound)
        let text = s.text
        // Not glued to Latin letters, `%` or a currency sign (VALID leniency).
        if start > 0 && !PhoneCharacters.isLead(sub.first!) {
            let (previous, _) = UTF8Bytes.decode(text, before: start)
            if PhoneCharacters.isInvalidPunctuation(previous) || PhoneCharacters.isLatinLetter(previous) { return nil }
        }
        if end < text.count {
            let (next, _) = UTF8Bytes.decode(text, at: end)
            if PhoneCharacters.isInvalidPunctuation(next) || PhoneCharacters.isLatinLetter(next) { return nil }
        }
        guard let number = PhoneNumberParser.parse(sub, region: region),
              PhoneMetadata.isValid(callingCode: number.callingCode, nsn: number.nationalNumber),
              Self.hasOnlyValidXs(sub, number),
              Self.hasNationalPrefixIfRequired(number, rawDigits: PhoneNumberParser.digits(of: sub)) else {
            return nil
        }
        guard PhonePattern(PhoneMetadataTables.matchingBrackets)!.matchesWhole(sub.map(Self.bracketSymbol)),
              PhonePattern(PhoneMetadataTables.publicationPages)!.prefixMatch(sub.map(Self.pageSymbol)) == nil else {
            return nil
        }
        if PhoneLookalikes.isLookalike(text, start, end, sub) { return nil }
        // An opening bracket whose partner lies outside the number, as in
        // "(+1 201 555 0123)", frames it and is not part of it.
        if PhoneCharacters.isOpening(sub.first!),
           sub.count(where: PhoneCharacters.isOpening) > sub.count(where: PhoneCharacters.isClosing) {
            var k = r.lowerBound + 1
            while k < r.upperBound, PhoneCharacters.isPunctuation(c[k]) || PhoneCharacters.isWhitespace(c[k]) { k += 1 }
            return Found(start: s.offset(k), end: end, number: number)
        }
        return Found(start: start, end: end, number: number)
    }

    /// An `x` must introduce the extension (a carrier code `xx…` is not read here).
    static func hasOnlyValidXs(_ sub: ArraySlice<UInt32>, _ number: ParsedPhoneNumber) -> Bool {
        var i = sub.startIndex
        while i < sub.endIndex - 1 {
            if sub[i] == 0x78 || sub[i] == 0x58 {
                let next = sub[i + 1]
                if next == 0x78 || next == 0x58 { return false }
                guard let ext = number.fileExtension, PhoneNumberParser.digits(of: sub[i...]) == ext else { return false }
            }
            i += 1
        }
        return true
    }

    /// A number written nationally carries its national prefix where the
    /// region's format requires one (libphonenumber's `isNationalPrefixPresentIfRequired`).
    ///
    /// Where no format fits the whole number, libphonenumber asks for no
    /// prefix; here the format of its leading digits decides. Such a number
    /// is shorter than the region's formats for its range: in a region that
    /// dials that range with a trunk prefix (German `0`), digits written
    /// without it are a local number whose area code is not written (its
    /// E.164 value would be wrong), or no number at all — the 5- and 6-digit
    /// bug numbers of changelogs (`[16976] glob: …`, `339699 implement …`)
    /// are valid German numbers to libphonenumber.
    static func hasNationalPrefixIfRequired(_ number: ParsedPhoneNumber, rawDigits: [UInt8]) -> Bool {
        guard number.source == .defaultRegion,
              let t = PhoneMetadata.territories(callingCode: number.callingCode).first,
              let format = PhoneMetadata.format(for: number.nationalNumber, in: t)
                ?? PhoneMetadata.format(forLeadingDigitsOf: number.nationalNumber, in: t),
              let rule = format.nationalPrefixRule, !rule.isEmpty, !format.prefixOptional else {
            return true
        }
        if rule.hasPrefix("\\1") || rule.hasPrefix("(\\1") { return true }
        return PhoneMetadata.strippingNationalPrefix(rawDigits, t).stripped
    }

    // MARK: - Symbols of the structural patterns (scripts/gen/gen_phone_tables.py)

    static func dateSymbol(_ v: UInt32) -> UInt8 {
        if let d = PhoneCharacters.digit(v) { return d }
        return v == 0x2F ? 10 : 11
    }

    static func timeStampSymbol(_ v: UInt32) -> UInt8 {
        if let d = PhoneCharacters.digit(v) { return d }
        if v == 0x2D || v == 0x2F { return 10 }
        return v == 0x20 ? 11 : 12
    }

    static func bracketSymbol(_ v: UInt32) -> UInt8 {
        PhoneCharacters.isOpening(v) ? 10 : PhoneCharacters.isClosing(v) ? 11 : 0
    }

    static func pageSymbol(_ v: UInt32) -> UInt8 {
        if PhoneCharacters.digit(v) != nil { return 0 }
        if v == 0x2D { return 10 }
        if PhoneCharacters.isWhitespace(v) { return 11 }
        return v == 0x28 ? 12 : 13
    }
}
