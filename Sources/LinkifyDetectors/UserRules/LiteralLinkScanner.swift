@_spi(Layers) import LinkifyModel

/// A user's literal link: every whole-word occurrence of `text` links to `target`.
package struct LiteralLink: Sendable, Equatable {
    /// The text to find.
    package var text: String
    /// The link target.
    package var target: String
    /// Where it was defined, for `--explain` (`--link`, `glossary.tsv:12`).
    package var origin: String

    /// Creates a literal link.
    package init(text: String, target: String, origin: String = "--link") {
        self.text = text
        self.target = target
        self.origin = origin
    }
}

/// Finds user literals (`--link`, `--links`) with one Aho–Corasick automaton,
/// however many there are, and reports each whole-word occurrence as a
/// `.custom` entity; where literals overlap, the leftmost and then the
/// longest wins.
///
/// Whole word: a literal that begins (ends) with a letter, mark or digit
/// does not match right after (before) another one, by Unicode properties.
/// With `ignoresCase`, text and literals are compared after simple case
/// folding (each scalar's lowercase mapping when that is one scalar).
package struct LiteralLinkScanner: EntityScanner {
    let links: [LiteralLink]
    let automaton: LiteralAutomaton
    /// Whether the first and the last scalar of each literal is a word character.
    let wordEdges: [(left: Bool, right: Bool)]
    /// Whether case is ignored (`--ignore-case`).
    package let ignoresCase: Bool

    /// Builds the scanner; of literals with equal (folded) text the first wins.
    package init(links: [LiteralLink], ignoresCase: Bool = false) {
        self.links = links
        self.ignoresCase = ignoresCase
        let patterns = links.map { ignoresCase ? Self.folded(Array($0.text.utf8)) : Array($0.text.utf8) }
        self.automaton = LiteralAutomaton(patterns: patterns)
        self.wordEdges = links.map { link in
            let scalars = link.text.unicodeScalars
            return (scalars.first.map { WordCharacters.contains($0.value) } ?? false,
                    scalars.last.map { WordCharacters.contains($0.value) } ?? false)
        }
    }

    /// Number of automaton states (for benchmarks).
    package var stateCount: Int { automaton.stateCount }

    /// Reports the matches that start at or after `minStart`, leftmost first, not overlapping.
    package func scan(_ t: UnsafeBufferPointer<UInt8>, from minStart: Int, into out: inout [Entity]) {
        guard automaton.maxPatternLength > 0, minStart < t.count else { return }
        var picker = LeftmostLongest(span: 4 * automaton.maxPatternLength + 8)
        if ignoresCase {
            scanFolded(t, from: minStart, picker: &picker, into: &out)
        } else {
            let a = automaton
            var s: Int32 = 0
            var i = minStart
            let n = t.count
            while i < n {
                s = a.next(s, t[i])
                i += 1
                var o = a.firstOutput[Int(s)]
                if o < 0 { continue }
                while o >= 0 {
                    let p = Int(a.terminal[Int(o)])
                    let start = i - Int(a.patternLengths[p])
                    if start >= minStart && isWhole(t, start, i, p) { picker.offer(start, i, p) }
                    o = a.nextOutput[Int(o)]
                }
                picker.settle(before: i, into: &out, links: links)
            }
        }
        picker.settle(before: Int.max, into: &out, links: links)
    }

    /// The folded walk: each scalar is folded and its UTF-8 fed to the
    /// automaton; a ring maps folded byte positions back to source offsets.
    private func scanFolded(_ t: UnsafeBufferPointer<UInt8>, from minStart: Int, picker: inout LeftmostLongest,
                            into out: inout [Entity]) {
        let a = automaton
        var ringSize = 16
        while ringSize < a.maxPatternLength + 8 { ringSize <<= 1 }
        let mask = ringSize - 1
        var sourceOffset = [Int](repeating: -1, count: ringSize)
        var folded = 0   // folded bytes fed so far
        var s: Int32 = 0
        var i = minStart
        let n = t.count
        var cache = FoldCache()
        var encoded: [UInt8] = []
        encoded.reserveCapacity(4)
        while i < n {
            let b = t[i]
            let scalarStart = i
            if b < 0x80 {
                sourceOffset[folded & mask] = i
                folded += 1
                s = a.next(s, ByteClass.lower(b))
                i += 1
            } else {
                let (cp, len) = UTF8Bytes.decode(t, at: i)
                i += len
                encoded.removeAll(keepingCapacity: true)
                if cp == UTF8Bytes.invalid { encoded.append(b) } else { UTF8Bytes.append(cache.fold(cp), to: &encoded) }
                for (k, e) in encoded.enumerated() {
                    sourceOffset[folded & mask] = k == 0 ? scalarStart : -1
                    folded += 1
                    s = a.next(s, e)
                }
            }
            var o = a.firstOutput[Int(s)]
            if o < 0 { continue }
            while o >= 0 {
                let p = Int(a.terminal[Int(o)])
                let start = sourceOffset[(folded - Int(a.patternLengths[p])) & mask]
                if start >= minStart && isWhole(t, start, i, p) { picker.offer(start, i, p) }
                o = a.nextOutput[Int(o)]
            }
            picker.settle(before: i, into: &out, links: links)
        }
    }

    @inline(__always)
    private func isWhole(_ t: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, _ p: Int) -> Bool {
        let edges = wordEdges[p]
        if edges.left && start > 0 && WordCharacters.contains(UTF8Bytes.decode(t, before: start).scalar) { return false }
        if edges.right && end < t.count && WordCharacters.contains(UTF8Bytes.decode(t, at: end).scalar) { return false }
        return true
    }

    /// The rule that made `entity`, as `--explain` names it.
    package func rule(for entity: Entity, in t: UnsafeBufferPointer<UInt8>) -> String {
        var bytes = Array(UnsafeBufferPointer(rebasing: t[entity.start..<entity.end]))
        if ignoresCase { bytes = Self.folded(bytes) }
        guard let p = automaton.pattern(equalTo: bytes) else { return "literal link" }
        return "literal link \(links[p].origin) '\(links[p].text)'"
    }

    /// `bytes` with each scalar simply case-folded.
    static func folded(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        var cache = FoldCache()
        bytes.withUnsafeBufferPointer { t in
            var i = 0
            while i < t.count {
                let (cp, len) = UTF8Bytes.decode(t, at: i)
                if cp == UTF8Bytes.invalid { out.append(t[i]) } else { UTF8Bytes.append(cache.fold(cp), to: &out) }
                i += len
            }
        }
        return out
    }
}

/// Picks, among candidates offered in order of end, the leftmost and then
/// longest ones that do not overlap, in bounded memory: a candidate that
/// starts `span` bytes or more before the current end can no longer be
/// beaten and is settled.
struct LeftmostLongest {
    let span: Int
    var pending: [(start: Int, end: Int, pattern: Int)] = []
    var lastEnd = Int.min

    init(span: Int) { self.span = span }

    @inline(__always)
    mutating func offer(_ start: Int, _ end: Int, _ pattern: Int) {
        // At one start only the longest can win; offers come with growing ends.
        if let k = pending.lastIndex(where: { $0.start == start }) {
            pending[k] = (start, end, pattern)
        } else {
            pending.append((start, end, pattern))
        }
    }

    @inline(__always)
    mutating func settle(before position: Int, into out: inout [Entity], links: [LiteralLink]) {
        guard !pending.isEmpty else { return }
        let horizon = position == Int.max ? Int.max : position - span
        guard pending.contains(where: { $0.start < horizon }) else { return }
        pending.sort { $0.start < $1.start }
        // In place (this runs once per match): sorted by start, the settled
        // candidates come first, so `lastEnd` is final when the kept ones come.
        var kept = 0
        for k in pending.indices {
            let c = pending[k]
            if c.start >= horizon {
                if c.start >= lastEnd {
                    pending[kept] = c
                    kept += 1
                }
            } else if c.start >= lastEnd {
                out.append(Entity(kind: .custom, start: c.start, end: c.end, target: links[c.pattern].target))
                lastEnd = c.end
            }
        }
        pending.removeSubrange(kept...)
    }
}

/// Letters, marks and digits: what a whole-word literal may not touch.
enum WordCharacters {
    @inline(__always)
    static func contains(_ cp: UInt32) -> Bool {
        if cp < 0x80 { return ByteClass.isAlnum(UInt8(cp)) }
        guard cp != UTF8Bytes.invalid, let scalar = Unicode.Scalar(cp) else { return false }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .letterNumber, .otherNumber:
            return true
        default:
            return false
        }
    }
}

/// Simple case folding with a small direct-mapped cache (the lowercase
/// mapping allocates a String).
struct FoldCache {
    var keys = [UInt32](repeating: UInt32.max, count: 256)
    var values = [UInt32](repeating: 0, count: 256)

    @inline(__always)
    mutating func fold(_ cp: UInt32) -> UInt32 {
        if cp < 0x80 { return UInt32(ByteClass.lower(UInt8(cp))) }
        let slot = Int(cp & 0xFF)
        if keys[slot] == cp { return values[slot] }
        let v = Self.simpleFold(cp)
        keys[slot] = cp
        values[slot] = v
        return v
    }

    static func simpleFold(_ cp: UInt32) -> UInt32 {
        // Final sigma and long s fold like their ordinary forms (CaseFolding.txt, status C).
        if cp == 0x03C2 { return 0x03C3 }
        if cp == 0x017F { return 0x73 }
        guard let scalar = Unicode.Scalar(cp) else { return cp }
        let lower = scalar.properties.lowercaseMapping.unicodeScalars
        return lower.count == 1 ? lower.first!.value : cp
    }
}
