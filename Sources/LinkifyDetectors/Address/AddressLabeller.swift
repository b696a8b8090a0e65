@_spi(Layers) import LinkifyModel

/// What a token of an address is, as usaddress and libpostal frame it
/// (coarser: directions are part of the street's name, a unit's designator
/// and number, and a building's name, are one part; a box is its word and
/// number). `out` is text after the address, or no address.
enum AddressLabel: Int, CaseIterable {
    case out, number, street, streetType, unit, box, city, region, postcode, country, separator

    /// The name in the weights table and in `--explain`.
    var name: String { Self.names[rawValue] }
    static let names = ["out", "number", "street", "street_type", "unit", "box", "city", "region", "postcode", "country",
                        "separator"]
}

/// The named features of one token the labeller weighs (a bit each). They
/// say what the token looks like, which word list of `AddressWords` holds it
/// (USPS Publication 28's suffixes, directions and unit designators, the
/// states), and what stands beside it.
enum AddressTokenFeature: Int, CaseIterable {
    case bias
    case number, digits1, digits2, digits3, digits4, digits5, digits6Plus, numberWithLetter, numberWithWord, ordinal, zipPlus4, dashedNumber
    case word, capitalized, uppercase, lowercase, lowercaseAmongCapitals, singleLetter, period
    case streetType, direction, unitWord, boxWord, highwayWord, stateCode, stateName, country, spelledNumber, connector
    case comma, semicolon, hash, lineBreak
    case afterComma, afterLineBreak, beforeComma, beforeLineBreak
    case nextIsRegion, nextIsZip, highwayBeforeNumber, previousIsUnitWord, previousIsBoxWord, previousIsStreetType, previousIsNumber, first

    static let names = [
        "bias",
        "number", "digits1", "digits2", "digits3", "digits4", "digits5", "digits6_plus", "number_with_letter",
        "number_with_word", "ordinal", "zip_plus4", "dashed_number",
        "word", "capitalized", "uppercase", "lowercase", "lowercase_among_capitals", "single_letter", "period",
        "street_type", "direction", "unit_word", "box_word", "highway_word", "state_code", "state_name", "country",
        "spelled_number", "connector",
        "comma", "semicolon", "hash", "line_break",
        "after_comma", "after_line_break", "before_comma", "before_line_break",
        "next_is_region", "next_is_zip", "highway_before_number", "previous_is_unit_word", "previous_is_box_word",
        "previous_is_street_type", "previous_is_number", "first",
    ]
    var name: String { Self.names[rawValue] }
}

/// One token of the labeller's window and the features it has.
struct LabelledToken {
    var start: Int
    /// Just past the token; a word's final period is not in it (`St.` ends an
    /// address before the sentence's period) unless the word has inner ones (`D.C.`).
    var end: Int
    /// Where the next token may start (past a final period).
    var next: Int
    var features: UInt64

    func has(_ f: AddressTokenFeature) -> Bool { features & (1 << UInt64(f.rawValue)) != 0 }
    mutating func set(_ f: AddressTokenFeature) { features |= 1 << UInt64(f.rawValue) }
}

/// A sequence labeller for US addresses: from a trigger (a house number, a
/// box or a unit) it reads a bounded window of tokens, gives each the label
/// of the best-scoring sequence (Viterbi over fitted emission and transition
/// weights, `Tables/AddressLabellerWeights.swift`), and accepts the tokens
/// before the first `out` when their labels form an address: a house number
/// and a street type (USPS Publication 28's suffixes, or a highway word), or
/// a box, then a state (city, ZIP and country as written).
///
/// The weights are fitted by `scripts/gen/train_addresses.py` from addresses
/// of other sources, rendered as text and labelled by their own fields, and
/// from windows of the corpus's text that hold none (docs/addresses.md).
struct AddressLabeller {
    let t: UnsafeBufferPointer<UInt8>

    /// At most this many tokens are read from a trigger, over at most `maxLines` lines.
    static let maxTokens = 24
    static let maxLines = 4

    /// The tokens from `i`: words (with inner `-` or `'`, an abbreviation's
    /// periods), numbers (`187A`, `45th`, `20515-3011`), and `,` `;` `#` and
    /// line breaks; any other byte, or a blank line, ends the window.
    func tokens(from i: Int) -> [LabelledToken] {
        var out: [LabelledToken] = []
        var p = i
        var lines = 1
        var breakBefore = false, commaBefore = false
        while out.count < Self.maxTokens {
            while p < t.count && (t[p] == 0x20 || t[p] == 0x09 || t[p] == 0x0D) { p += 1 }
            guard p < t.count else { break }
            let b = t[p]
            var tok = LabelledToken(start: p, end: p + 1, next: p + 1, features: 0)
            if b == 0x0A {
                lines += 1
                guard lines <= Self.maxLines, !(breakBefore) else { break }
                tok.set(.lineBreak)
            } else if b == 0x2C {
                tok.set(.comma)
            } else if b == 0x3B {
                tok.set(.semicolon)
            } else if b == 0x23 {
                tok.set(.hash)
            } else if ByteClass.isDigit(b) {
                tok.end = numberEnd(at: p, &tok)
                tok.next = tok.end
            } else if let (end, next) = wordEnd(at: p, &tok) {
                (tok.end, tok.next) = (end, next)
            } else {
                break
            }
            if breakBefore { tok.set(.afterLineBreak) }
            if commaBefore { tok.set(.afterComma) }
            breakBefore = tok.has(.lineBreak)
            commaBefore = tok.has(.comma)
            if out.isEmpty { tok.set(.first) }
            tok.set(.bias)
            out.append(tok)
            p = tok.next
        }
        // What stands beside each token.
        let capitals = out.contains { $0.has(.capitalized) || $0.has(.uppercase) }
        for k in out.indices {
            if capitals && out[k].has(.lowercase) && !out[k].has(.connector) && !out[k].has(.number) && out[k].has(.word) {
                out[k].set(.lowercaseAmongCapitals)
            }
            if k + 1 < out.count {
                let next = out[k + 1]
                if next.has(.comma) { out[k].set(.beforeComma) }
                if next.has(.lineBreak) { out[k].set(.beforeLineBreak) }
                if next.has(.stateCode) || next.has(.stateName) { out[k].set(.nextIsRegion) }
                if next.has(.digits5) || next.has(.zipPlus4) { out[k].set(.nextIsZip) }
                if out[k].has(.highwayWord) && next.has(.number) { out[k].set(.highwayBeforeNumber) }
            }
            // The first token's previous word is the one before the window (a box number's `Box`).
            if let previous = k > 0 ? out[k - 1] : wordBefore(i) {
                if previous.has(.unitWord) { out[k].set(.previousIsUnitWord) }
                if previous.has(.boxWord) { out[k].set(.previousIsBoxWord) }
                if previous.has(.streetType) { out[k].set(.previousIsStreetType) }
                if previous.has(.number) { out[k].set(.previousIsNumber) }
            }
        }
        return out
    }

    /// The word in lowercase without its periods (the word lists' form), and
    /// whether it was in lowercase already; ASCII words without building the
    /// String three times.
    static func bareWord(_ bytes: UnsafeBufferPointer<UInt8>) -> (String, Bool) {
        guard bytes.allSatisfy({ $0 < 0x80 }) else {
            let text = String(decoding: bytes, as: UTF8.self)
            let lower = text.lowercased()
            return (lower.replacingDots(), lower == text)
        }
        var isLowercase = true
        let bare = String(unsafeUninitializedCapacity: bytes.count) { out in
            var n = 0
            for b in bytes where b != 0x2E {
                if b &- 0x41 < 26 { isLowercase = false }
                out[n] = b &- 0x41 < 26 ? b | 0x20 : b
                n += 1
            }
            return n
        }
        return (bare, isLowercase)
    }

    /// The ASCII word just before `i` on its line, spaces and a final period
    /// between, with its word features; nil when there is none.
    func wordBefore(_ i: Int) -> LabelledToken? {
        var q = i
        while q > 0 && (t[q - 1] == 0x20 || t[q - 1] == 0x09) { q -= 1 }
        if q > 0 && t[q - 1] == 0x2E { q -= 1 }
        let end = q
        while q > 0 && end - q < AddressReader.maxTokenBytes && (ByteClass.isAlpha(t[q - 1]) || t[q - 1] == 0x2E) { q -= 1 }
        guard q < end, ByteClass.isAlpha(t[q]), q == 0 || t[q - 1] < 0x80 else { return nil }
        var tok = LabelledToken(start: q, end: q, next: q, features: 0)
        guard let (wordEnd, _) = wordEnd(at: q, &tok), abs(wordEnd - end) <= 1 else { return nil }
        return tok
    }

    /// `123`, `187A`, `45th`, `20515-3011`, `7-212`: the end, with the number's features set.
    func numberEnd(at i: Int, _ tok: inout LabelledToken) -> Int {
        var p = i
        while p < t.count && ByteClass.isDigit(t[p]) && p - i < 12 { p += 1 }
        let digits = p - i
        tok.set(.number)
        tok.set(digits >= 6 ? .digits6Plus : [.digits1, .digits1, .digits2, .digits3, .digits4, .digits5][digits])
        if p + 1 < t.count && t[p] == 0x2D && ByteClass.isDigit(t[p + 1]) {
            var q = p + 1
            while q < t.count && ByteClass.isDigit(t[q]) && q - p < 8 { q += 1 }
            tok.set(digits == 5 && q - p - 1 == 4 ? .zipPlus4 : .dashedNumber)
            p = q
        }
        let lettersStart = p
        while p < t.count && ByteClass.isAlpha(t[p]) && p - lettersStart < 4 { p += 1 }
        if p > lettersStart {
            let suffix = String(decoding: UnsafeBufferPointer(rebasing: t[lettersStart..<p]), as: UTF8.self).lowercased()
            tok.set(["st", "nd", "rd", "th"].contains(suffix) ? .ordinal : p - lettersStart == 1 ? .numberWithLetter : .numberWithWord)
        }
        return p
    }

    /// The end of the word at `i` and where the next token may start, with
    /// the word's features set; nil when no word starts at `i`.
    func wordEnd(at i: Int, _ tok: inout LabelledToken) -> (Int, Int)? {
        guard let first = TextWord.read(t, at: i) else { return nil }
        var end = first.end
        var upper = first.isUppercase
        // Inner `-`, `'` or `.` before another word (`Saint-Denis`, `O'Hare`, `P.O.`, `U.S.`).
        while end - i < AddressReader.maxTokenBytes, end + 1 < t.count,
              t[end] == 0x2D || t[end] == 0x27 || (t[end] == 0x2E && end - i <= 2),
              let next = TextWord.read(t, at: end + 1) {
            end = next.end
            upper = upper && next.isUppercase
        }
        guard end - i <= AddressReader.maxTokenBytes else { return nil }
        let (bare, isLowercase) = Self.bareWord(UnsafeBufferPointer(rebasing: t[i..<end]))
        tok.set(.word)
        if first.isCapitalized { tok.set(.capitalized) }
        if upper && first.letters > 1 { tok.set(.uppercase) }
        if isLowercase { tok.set(.lowercase) }
        if first.letters == 1 && end == first.end { tok.set(.singleLetter) }
        tok.features |= Self.listFeatures[bare] ?? 0
        if end < t.count && t[end] == 0x2E {
            tok.set(.period)
            // `D.C.`, `U.S.`: the final period belongs to the abbreviation.
            return (end > first.end ? end + 1 : end, end + 1)
        }
        return (end, end)
    }

    /// The word-list features of each listed word (lowercase, without
    /// periods), one lookup for all the lists.
    static let listFeatures: [String: UInt64] = {
        var table: [String: UInt64] = [:]
        func add(_ words: some Sequence<String>, _ feature: AddressTokenFeature) {
            for w in words { table[w, default: 0] |= 1 << UInt64(feature.rawValue) }
        }
        add(AddressWords.suffixes, .streetType)
        add(AddressWords.directions, .direction)
        add(AddressWords.units, .unitWord)
        add(AddressWords.mailBoxWords, .boxWord)
        add(AddressWords.highways, .highwayWord)
        add(AddressWords.usStates.filter { $0.count == 2 }.map { $0.lowercased() }, .stateCode)
        add(stateNameWords, .stateName)
        add(countryWords, .country)
        add(AddressWords.spelledNumbers, .spelledNumber)
        add(AddressWords.connectors, .connector)
        return table
    }()

    /// Every word of the US state names (`new`, `york`, `carolina`).
    static let stateNameWords: Set<String> = Set(AddressWords.usStateNames.flatMap { $0.split(separator: " ").map(String.init) })
    /// Every word of the country names, without periods (`usa`, `united`, `states`).
    static let countryWords: Set<String> = Set(AddressWords.countries.flatMap { $0.replacingDots().split(separator: " ").map(String.init) })

    // MARK: - Labelling

    /// The labels of the best-scoring sequence for `tokens`: `out` is
    /// absorbing (text after an address is not an address again), and the
    /// first token is `out`, a house number, a unit or a box (the window
    /// starts at a trigger), a separator is a comma, a semicolon or a line
    /// break and nothing else is (`allows`), and a label follows another only
    /// as the labelled addresses ever have it follow (`AddressLabellerWeights.allowed`).
    static func label(_ tokens: [LabelledToken]) -> [AddressLabel] {
        guard !tokens.isEmpty else { return [] }
        return AddressLabellerWeights.emissions.withUnsafeBufferPointer { emissions in
            AddressLabellerWeights.transitions.withUnsafeBufferPointer { transitions in
                AddressLabellerWeights.allowed.withUnsafeBufferPointer { allowed in
                    label(tokens, emissions: emissions, transitions: transitions, allowed: allowed)
                }
            }
        }
    }

    static func label(_ tokens: [LabelledToken], emissions: UnsafeBufferPointer<Int>,
                      transitions: UnsafeBufferPointer<Int>, allowed: UnsafeBufferPointer<Bool>) -> [AddressLabel] {
        let labels = labelCount
        let start = AddressLabellerWeights.start
        let impossible = Int.min / 4
        var score = [Int](repeating: impossible, count: labels)
        var next = score
        // back[k * labels + l]: the best label before token k when it takes l.
        var back = [Int](repeating: 0, count: tokens.count * labels)
        // The labels with a score at the token (bit l): the others cannot be reached.
        var live: UInt32 = 0
        for l in [AddressLabel.out, .number, .unit, .box] where allows(tokens[0], l.rawValue) {
            score[l.rawValue] = start[l.rawValue] + emission(tokens[0], l.rawValue, emissions)
            live |= 1 << UInt32(l.rawValue)
        }
        let out = AddressLabel.out.rawValue
        for k in 1..<tokens.count {
            var nextLive: UInt32 = 0
            for l in 0..<labels where allows(tokens[k], l) {
                // From `out` only `out` (absorbing); lowest label first, as ties go.
                var from = 0, best = impossible
                var previous = l == out ? live : live & ~(1 << UInt32(out))
                while previous != 0 {
                    let p = previous.trailingZeroBitCount
                    previous &= previous - 1
                    guard allowed[p * labels + l] else { continue }
                    let s = score[p] + transitions[p * labels + l]
                    if s > best {
                        best = s
                        from = p
                    }
                }
                back[k * labels + l] = from
                if best > impossible {
                    next[l] = best + emission(tokens[k], l, emissions)
                    nextLive |= 1 << UInt32(l)
                }
            }
            swap(&score, &next)
            live = nextLive
        }
        var best = live.trailingZeroBitCount
        var rest = live
        while rest != 0 {
            let l = rest.trailingZeroBitCount
            rest &= rest - 1
            if score[l] > score[best] { best = l }
        }
        var path = [AddressLabel](repeating: .out, count: tokens.count)
        var l = best
        for k in stride(from: tokens.count - 1, through: 0, by: -1) {
            path[k] = AddressLabel(rawValue: l)!
            if k > 0 { l = back[k * labels + l] }
        }
        return path
    }

    /// Whether `token` may take `label`, as the labels are defined: any token
    /// may be `out`; `separator` is the punctuation between fields, which no
    /// other label takes; a street type is a USPS suffix or a highway word, a
    /// state a state's code or name, a ZIP five digits or ZIP+4, a country a
    /// country's name, a box a box word or its number, a house number a number.
    /// Street names, units and cities are open.
    @inline(__always)
    static func allows(_ token: LabelledToken, _ label: Int) -> Bool {
        guard let label = AddressLabel(rawValue: label), label != .out else { return true }
        let punctuation = token.has(.comma) || token.has(.semicolon) || token.has(.lineBreak)
        guard punctuation == (label == .separator) else { return false }
        switch label {
        case .streetType: return token.has(.streetType) || token.has(.highwayWord)
        case .region: return token.has(.stateCode) || token.has(.stateName)
        case .postcode: return token.has(.digits5) || token.has(.zipPlus4)
        case .country: return token.has(.country)
        case .box: return token.has(.boxWord) || token.has(.number)
        case .number: return token.has(.number) || token.has(.spelledNumber)
        default: return true
        }
    }

    /// The weight of `label` for the features `token` has (`emissions`: the weights' buffer).
    @inline(__always)
    static func emission(_ token: LabelledToken, _ label: Int, _ emissions: UnsafeBufferPointer<Int>) -> Int {
        var bits = token.features
        var sum = 0
        let row = label * featureCount
        while bits != 0 {
            let f = bits.trailingZeroBitCount
            sum += emissions[row + f]
            bits &= bits - 1
        }
        return sum
    }

    /// How many labels and features there are (`allCases` builds an array each time).
    static let labelCount = AddressLabel.allCases.count
    static let featureCount = AddressTokenFeature.allCases.count

    /// The end of the address the labels give, or nil when they give none:
    /// the tokens before the first `out`, less trailing separators, with a
    /// house number and a street type, or a box (its word: a bare number
    /// labelled a box is not one), then a state, and ending at
    /// the state, the ZIP or the country. The city and the state make the
    /// address's last line (USPS Publication 28: city, state, ZIP), so after
    /// the city only the state, the ZIP, a country and separators belong to
    /// the address, and after the state no more city; another field starts
    /// what follows it (the next address of a list). An address has one
    /// delivery line, so a second house number starts another address too.
    static func addressEnd(_ tokens: [LabelledToken], _ labels: [AddressLabel]) -> Int? {
        var last = -1
        var street = false, number = false, box = false, region = false, city = false
        for (k, l) in labels.enumerated() {
            if l == .out { break }
            if region && ![.region, .postcode, .country, .separator].contains(l) { break }
            if city && ![.city, .region, .postcode, .country, .separator].contains(l) { break }
            if l == .number && number && labels[k - 1] != .number { break }
            switch l {
            case .number: number = true
            case .streetType: street = true
            case .box: box = box || tokens[k].has(.boxWord)
            case .region: region = true
            case .city: city = true
            default: break
            }
            if l != .separator { last = k }
        }
        guard last >= 0, (number && street) || box, region,
              [.region, .postcode, .country].contains(labels[last]) else { return nil }
        return tokens[last].end
    }

    /// The end of the address starting at `i`, or nil.
    func match(at i: Int) -> Int? {
        let tokens = tokens(from: i)
        // Only a state's code or name may be labelled a state (`allows`), and
        // an address needs one: a window without one is not labelled.
        guard tokens.contains(where: { $0.has(.stateCode) || $0.has(.stateName) }) else { return nil }
        return Self.addressEnd(tokens, Self.label(tokens))
    }

    /// Each token's labelling for `--explain=json` (the trainer's export):
    /// its features, and the label the weights give it.
    /// The model is named `address token LABEL in window START`, so that a reader
    /// of the export tells the windows apart after the finder orders them.
    static func weighings(_ tokens: [LabelledToken], _ labels: [AddressLabel]) -> [Explanation] {
        let window = tokens.first?.start ?? 0
        return zip(tokens, labels).map { tok, l in
            var features: [Explanation.Weighing.Feature] = []
            var bits = tok.features
            while bits != 0 {
                let f = bits.trailingZeroBitCount
                features.append(.init(name: AddressTokenFeature.names[f], value: 1,
                                      weight: AddressLabellerWeights.emissions[l.rawValue * featureCount + f]))
                bits &= bits - 1
            }
            let score = features.reduce(0) { $0 + $1.weight }
            return Explanation(start: tok.start, end: tok.end, kind: .address,
                               verdict: .weighed(.init(model: "address token \(l.name) in window \(window)", features: features, score: score, threshold: 0)))
        }
    }
}

private extension String {
    /// The word without its periods (`p.o.` → `po`).
    func replacingDots() -> String { contains(".") ? String(filter { $0 != "." }) : self }
}
