@_spi(Layers) import LinkifyModel

/// Finds US, Canadian and UK street addresses (`--detect address`): each
/// becomes an entity whose value is the address on one line and whose target
/// is the `--address-url` template (an OpenStreetMap search by default) with
/// that value in it.
///
/// Triggers are house numbers at a word start, spelled house numbers
/// (`One Infinite Loop`), `P.O. Box` and a leading unit (`Flat 3, …`);
/// `AddressReader` reads a bounded distance from each, so the time is linear.
/// Every locale tries all three countries' forms: they do not collide.
package struct AddressScanner: EntityScanner {
    let template: String

    /// A scanner linking to `options.templates.address`.
    package init(options: FinderOptions) {
        template = options.templates.address
    }

    package func scan(_ t: UnsafeBufferPointer<UInt8>, from minStart: Int, into out: inout [Entity]) {
        let reader = AddressReader(t: t)
        let labeller = AddressLabeller(t: t)
        var lowercaseReader = reader
        lowercaseReader.lower = true
        let n = t.count
        var signals = PostcodeSignals(t: t, scanned: minStart)
        var britishPostcodes = BritishPostcodes(reader: reader, scanned: minStart)
        let letterTriggers = AddressWords.letterTriggers
        var i = minStart
        // Where to look ahead for signals again: until the next signal, every
        // window from here on holds it.
        var recheck = minStart
        while i < n {
            if i >= recheck {
                let signal = signals.next(from: i), postcode = britishPostcodes.next(from: i)
                // Before `quiet`, no window holds a signal: no address starts there.
                let quiet = min(signal == Int.max ? n : signal - Self.window + 1,
                                postcode == Int.max ? n : postcode - Self.britishWindow + 1)
                recheck = quiet > i ? quiet : min(signal, postcode) + 1
                // Skip to the last space or line break of the quiet stretch: every
                // path below stops at one (words and digit runs hold none), so
                // the scan goes on from there as it would have.
                var w = min(quiet, n - 1)
                while w > i && !ByteClass.isSpace(t[w]) { w -= 1 }
                if w > i {
                    i = w
                    continue
                }
            }
            let b = t[i]
            if ByteClass.isDigit(b) {
                if Self.isTrigger(t, at: i, word: nil, letterTriggers), signals.any(in: i, window: Self.window),
                   let end = Self.longer(reader.match(at: i), labeller.match(at: i)) {
                    emit(t, i, end, into: &out)
                    i = end
                    continue
                }
                while i < n && ByteClass.isDigit(t[i]) { i += 1 }
            } else if b >= 0x41 && b <= 0x5A {
                // Capitalised triggers only: One, Flat, Suite, P.O., PO, Post.
                let word = TextWord.read(t, at: i)
                if Self.isTrigger(t, at: i, word: word, letterTriggers),
                   signals.any(in: i, window: Self.window), let end = Self.longer(reader.match(at: i), labeller.match(at: i)) {
                    emit(t, i, end, into: &out)
                    i = end
                    continue
                }
                // A British address without a house number starts at a building or street name
                // (`Guildhall, Gresham Street, London, EC2V 7HH`); only a postcode close ahead makes it worth reading.
                if word != nil, !TextWord.continuesWord(t, before: i), britishPostcodes.any(in: i, window: Self.britishWindow),
                   let end = reader.namedStreet(at: i) {
                    emit(t, i, end, into: &out)
                    i = end
                    continue
                }
                i = max(i + 1, word?.end ?? i + 1)
            } else if b >= 0x61 && b <= 0x7A {
                // A box in lowercase text (`po box 108`, `p.o. box 9`, `box 12`, `rr 2`): read as lowercase.
                if Self.isTrigger(t, at: i, word: nil, letterTriggers) && signals.any(in: i, window: Self.window),
                   let end = Self.longer(lowercaseReader.match(at: i), labeller.match(at: i)) {
                    emit(t, i, end, into: &out)
                    i = end
                    continue
                }
                i += 1
                while i < n && t[i] >= 0x61 && t[i] <= 0x7A { i += 1 }
            } else {
                i += 1
            }
        }
    }

    /// The later of two ends: the rules' reader and the labeller each read an address from a trigger.
    @inline(__always)
    static func longer(_ a: Int?, _ b: Int?) -> Int? {
        guard let a else { return b }
        guard let b else { return a }
        return max(a, b)
    }

    /// Scans as `scan(_:from:into:)` does, and tells for `--explain=json` the
    /// labeller's tokens at every trigger, whether or not an address was
    /// found there or covers it: the trainer's export
    /// (`scripts/gen/address_features.py`), the same whatever the weights.
    package func scan(_ t: UnsafeBufferPointer<UInt8>, from minStart: Int, into out: inout [Entity],
                      rejections: inout [Explanation]) {
        scan(t, from: minStart, into: &out)
        let labeller = AddressLabeller(t: t)
        let letterTriggers = AddressWords.letterTriggers
        var signals = PostcodeSignals(t: t, scanned: minStart)
        var i = minStart
        while i < t.count {
            var next = i + 1
            var word: TextWord? = nil
            if ByteClass.isDigit(t[i]) {
                while next < t.count && ByteClass.isDigit(t[next]) { next += 1 }
            } else if ByteClass.isAlpha(t[i]), let w = TextWord.read(t, at: i) {
                word = w
                next = max(next, w.end)
            }
            if Self.isTrigger(t, at: i, word: word, letterTriggers) && signals.any(in: i, window: Self.window) {
                let tokens = labeller.tokens(from: i)
                rejections.append(contentsOf: AddressLabeller.weighings(tokens, AddressLabeller.label(tokens)))
            }
            i = next
        }
    }

    /// Whether an address may start at `i`, before the signals ahead are
    /// looked at: a number that can start one, a capitalised trigger word
    /// (`word`, the word read at `i`; `letterTriggers`, AddressWords' table
    /// the caller holds), or a box in lowercase text.
    @inline(__always)
    static func isTrigger(_ t: UnsafeBufferPointer<UInt8>, at i: Int, word: TextWord?,
                          _ letterTriggers: KeywordTable<Bool>) -> Bool {
        let b = t[i]
        if ByteClass.isDigit(b) { return DateScanner.canStartNumber(t, at: i) }
        if b >= 0x41 && b <= 0x5A {
            guard let word, letterTriggers[word.key] != nil else { return false }
            return !TextWord.continuesWord(t, before: i)
        }
        if b >= 0x61 && b <= 0x7A { return startsLowercaseBox(t, at: i) && !TextWord.continuesWord(t, before: i) }
        return false
    }

    /// Whether `po`, `p.`, `box` or `rr ` starts at `i` (checked on bytes, before any word is read).
    @inline(__always)
    static func startsLowercaseBox(_ t: UnsafeBufferPointer<UInt8>, at i: Int) -> Bool {
        guard i + 3 < t.count else { return false }
        switch t[i] {
        case 0x70:   // `po `, `po.`, `pobox`, `p.o.`
            return (t[i + 1] == 0x6F && (!ByteClass.isAlpha(t[i + 2]) || (t[i + 2] == 0x62 && t[i + 3] == 0x6F)))
                || (t[i + 1] == 0x2E && (t[i + 2] == 0x6F || t[i + 2] == 0x20))
        case 0x62: return t[i + 1] == 0x6F && t[i + 2] == 0x78 && !ByteClass.isAlpha(t[i + 3])   // box
        case 0x72: return t[i + 1] == 0x72 && t[i + 2] == 0x20                      // rr
        default: return false
        }
    }

    /// How far after a trigger the ZIP, postcode or state must start.
    static let window = 320
    /// How far after a building or street name a UK postcode must start.
    static let britishWindow = 120

    func emit(_ t: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, into out: inout [Entity]) {
        let value = Self.oneLine(t, start..<end)
        out.append(Entity(kind: .address, start: start, end: end, target: URLTemplate.expand(template, value: value), value: value))
    }

    /// The address on one line: each line break (with the spaces around it)
    /// becomes `, ` (a space after a comma), runs of spaces one space.
    static func oneLine(_ t: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        var out: [UInt8] = []
        var pendingSpace = false
        var pendingBreak = false
        for b in UnsafeBufferPointer(rebasing: t[range]) {
            if b == 0x0A || b == 0x0D {
                pendingBreak = true
            } else if b == 0x20 || b == 0x09 {
                pendingSpace = true
            } else {
                if pendingBreak {
                    if out.last != 0x2C { out.append(0x2C) }
                    out.append(0x20)
                } else if pendingSpace {
                    out.append(0x20)
                }
                pendingBreak = false
                pendingSpace = false
                out.append(b)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}

/// Where the text has what ends every address this detector finds — a ZIP
/// (five digits), the start of a UK or Canadian postcode (a capital then a
/// digit), a state after a comma (`, IL`), a two-capital word (`DC`), a
/// parenthesised name (`(Québec)`), a state or province name after a comma
/// (`, Ontario`) — found in one forward pass, so triggers far from any cost
/// no parsing.
struct PostcodeSignals {
    let t: UnsafeBufferPointer<UInt8>
    var search: ForwardSearch

    init(t: UnsafeBufferPointer<UInt8>, scanned: Int) {
        self.t = t
        search = ForwardSearch(scanned: scanned)
    }

    /// Whether a signal starts in `i ..< i + window`; queries come with `i` not decreasing.
    mutating func any(in i: Int, window: Int) -> Bool {
        let signals = self
        return search.any(in: i, window: window, count: t.count, skip: signals.nextCandidateByte) { k in
            signals.isCandidate(k) && signals.isSignal(at: k)
        }
    }

    /// Where the first signal at or after `i` starts, or `Int.max`.
    mutating func next(from i: Int) -> Int {
        let signals = self
        return search.next(from: i, count: t.count, skip: signals.nextCandidateByte) { k in
            signals.isCandidate(k) && signals.isSignal(at: k)
        }
    }

    /// The first place in `k ..< limit` holding a comma, a parenthesis, a
    /// digit or a capital (`isCandidate`'s bytes), sixteen bytes at a time, or `limit`.
    @inline(__always)
    func nextCandidateByte(_ k: Int, _ limit: Int) -> Int {
        ByteSearch.first(in: t, from: k, before: limit, block: { v in
            (v .== ByteSearch.splat(0x2C)) .| (v .== ByteSearch.splat(0x28))
                .| ((v &- ByteSearch.splat(0x30)) .< ByteSearch.splat(10)) .| ((v &- ByteSearch.splat(0x41)) .< ByteSearch.splat(26))
        }, matches: { b in b == 0x2C || b == 0x28 || ByteClass.isDigit(b) || isUpper(b) })
    }

    /// Only a comma, a parenthesis, or a digit or capital starting a word can start a signal.
    @inline(__always)
    func isCandidate(_ k: Int) -> Bool {
        let b = t[k]
        return b == 0x2C || b == 0x28 || ((ByteClass.isDigit(b) || isUpper(b)) && (k == 0 || !ByteClass.isAlnum(t[k - 1])))
    }

    func isSignal(at k: Int) -> Bool {
        let b = t[k]
        if b == 0x2C {
            var p = k + 1
            while p < t.count && p - k < 4 && t[p] == 0x20 { p += 1 }
            guard p + 1 < t.count, isUpper(t[p]) else { return false }
            if isUpper(t[p + 1]) { return true }
            if let w = TextWord.read(t, at: p), w.key != 0 { return Self.regionWords[w.key] != nil }
            return false
        }
        if b == 0x28 { return k + 1 < t.count && (isUpper(t[k + 1]) || t[k + 1] == 0xC3) }
        guard k == 0 || !ByteClass.isAlnum(t[k - 1]) else { return false }
        if ByteClass.isDigit(b) {
            var p = k
            while p < t.count && ByteClass.isDigit(t[p]) && p - k < 6 { p += 1 }
            return p - k == 5
        }
        if isUpper(b) && k + 1 < t.count {
            if ByteClass.isDigit(t[k + 1]) { return true }
            guard isUpper(t[k + 1]) else { return false }
            if k + 2 < t.count && ByteClass.isDigit(t[k + 2]) { return true }   // AB1, a postcode
            // a state or province code alone (`Washington DC`)
            return (k + 2 >= t.count || !ByteClass.isAlpha(t[k + 2]))
                && Self.regionCodes[Int(t[k] - 0x41) * 26 + Int(t[k + 1] - 0x41)]
        }
        return false
    }

    /// US state and Canadian province codes, indexed by their two letters (`AA` = 0).
    static let regionCodes: [Bool] = {
        var codes = [Bool](repeating: false, count: 26 * 26)
        for code in AddressWords.usStates.union(AddressWords.caProvinces) {
            let b = Array(code.utf8)
            codes[Int(b[0] - 0x41) * 26 + Int(b[1] - 0x41)] = true
        }
        return codes
    }()

    /// First words of state and province names (`new` of New York, `ontario`).
    static let regionWords: KeywordTable<Bool> = {
        let names = AddressWords.usStateNames.union(AddressWords.caProvinceNames)
        return KeywordTable(names.map { name in
            let first = name.split(whereSeparator: { $0 == " " || $0 == "-" }).first.map(String.init) ?? name
            return (TextWord.key(first), true)
        })
    }()

    @inline(__always) func isUpper(_ b: UInt8) -> Bool { b >= 0x41 && b <= 0x5A }
}

/// Where the text has a whole UK postcode (`EC2V 7HH`), found in one forward
/// pass: addresses without a house number are read only before one.
struct BritishPostcodes {
    let reader: AddressReader
    var search: ForwardSearch

    init(reader: AddressReader, scanned: Int) {
        self.reader = reader
        search = ForwardSearch(scanned: scanned)
    }

    /// Whether a postcode starts in `i ..< i + window`; queries come with `i` not decreasing.
    mutating func any(in i: Int, window: Int) -> Bool {
        let reader = self.reader
        return search.any(in: i, window: window, count: reader.t.count, skip: Self.nextCapital(reader.t)) { reader.isPostcode(at: $0) }
    }

    /// Where the first postcode at or after `i` starts, or `Int.max`.
    mutating func next(from i: Int) -> Int {
        let reader = self.reader
        return search.next(from: i, count: reader.t.count, skip: Self.nextCapital(reader.t)) { reader.isPostcode(at: $0) }
    }

    /// The first capital (`isPostcode`'s first byte) in `k ..< limit`, sixteen bytes at a time, or `limit`.
    @inline(__always)
    static func nextCapital(_ t: UnsafeBufferPointer<UInt8>) -> (Int, Int) -> Int {
        { k, limit in
            ByteSearch.first(in: t, from: k, before: limit, block: { v in (v &- ByteSearch.splat(0x41)) .< ByteSearch.splat(26) },
                             matches: { $0 >= 0x41 && $0 <= 0x5A })
        }
    }
}

extension AddressReader {
    /// Whether a UK postcode starts at `k` (a capital starting a word).
    @inline(__always)
    func isPostcode(at k: Int) -> Bool {
        let b = t[k]
        return b >= 0x41 && b <= 0x5A && (k == 0 || !ByteClass.isAlnum(t[k - 1])) && ukPostcode(at: k) != nil
    }
}

/// A search forward through the text for a place that `matches`, asked with
/// windows whose start never decreases (`PostcodeSignals`, `BritishPostcodes`):
/// each place is tested once however many windows cover it.
struct ForwardSearch {
    /// Places before this were tested.
    var scanned: Int
    /// The last place found (at or after every earlier query's start).
    var found = -1

    /// The first place at or after `i` that matches, or `Int.max`. `skip(k,
    /// limit)` is the first place in `k ..< limit` that may match (or
    /// `limit`): the places it passes over are not tested.
    mutating func next(from i: Int, count: Int, skip: (Int, Int) -> Int = { k, _ in k }, where matches: (Int) -> Bool) -> Int {
        first(from: i, before: count, count: count, skip: skip, where: matches) ?? Int.max
    }

    /// Whether a place in `i ..< min(i + window, count)` matches.
    @inline(__always)
    mutating func any(in i: Int, window: Int, count: Int, skip: (Int, Int) -> Int = { k, _ in k },
                      where matches: (Int) -> Bool) -> Bool {
        first(from: i, before: min(count, i + window), count: count, skip: skip, where: matches) != nil
    }

    /// The first place in `i ..< limit` that matches, or nil; the places
    /// before it (before `limit` when there is none) are then tested.
    @inline(__always)
    private mutating func first(from i: Int, before limit: Int, count: Int, skip: (Int, Int) -> Int,
                                where matches: (Int) -> Bool) -> Int? {
        if found >= i { return found < limit ? found : nil }
        var k = max(scanned, i)
        while k < limit {
            k = skip(k, limit)
            guard k < limit else { break }
            if matches(k) {
                found = k
                scanned = k + 1
                return k
            }
            k += 1
        }
        scanned = max(scanned, limit)
        // Nothing from `i` to the end: no later query finds anything either.
        if limit >= count { found = Int.max }
        return nil
    }
}
