/// One detector: finds candidates of its kinds in UTF-8 text.
///
/// `text` is one region of the input; the scanner may look at any byte of it,
/// but reports only candidates that start at or after `minStart` (the bytes
/// before are context), in increasing order of start, without overlaps.
/// Candidate ranges are byte offsets into `text`.
package protocol EntityScanner: Sendable {
    /// Appends the candidates found in `text` from `minStart` on to `out`.
    func scan(_ text: UnsafeBufferPointer<UInt8>, from minStart: Int, into out: inout [Entity])

    /// Like `scan(_:from:into:)`, and also appends to `rejections` the
    /// candidates it turned down and why (`--explain`). The default reports none.
    /// A `.linked` explanation there names the rule of a candidate the scan
    /// reported (same range), with evidence the candidate alone no longer
    /// shows; the finder then prints it instead of `rule(for:in:)`.
    func scan(_ text: UnsafeBufferPointer<UInt8>, from minStart: Int, into out: inout [Entity],
              rejections: inout [Explanation])

    /// The rule that made `entity` (one of this scanner's), as `--explain` names it.
    func rule(for entity: Entity, in text: UnsafeBufferPointer<UInt8>) -> String

    /// Bytes of which every candidate holds one, when the scanner has such a
    /// set: a text without any finds nothing, and need not be scanned
    /// (`EntityFinder` skips a short text without one). Nil: any text may hold a candidate.
    var triggers: ByteSet? { get }
}

/// A set of byte values, a bit each.
package struct ByteSet: Sendable, Equatable {
    private var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

    /// The set of `bytes`.
    package init(_ bytes: [UInt8]) {
        for b in bytes { insert(b) }
    }

    package mutating func insert(_ b: UInt8) {
        let bit = UInt64(1) << UInt64(b & 63)
        switch b >> 6 {
        case 0: words.0 |= bit
        case 1: words.1 |= bit
        case 2: words.2 |= bit
        default: words.3 |= bit
        }
    }

    /// The union of this set and `other`.
    package func union(_ other: ByteSet) -> ByteSet {
        var u = self
        u.words = (words.0 | other.words.0, words.1 | other.words.1, words.2 | other.words.2, words.3 | other.words.3)
        return u
    }

    @inline(__always)
    package func contains(_ b: UInt8) -> Bool {
        let word: UInt64
        switch b >> 6 {
        case 0: word = words.0
        case 1: word = words.1
        case 2: word = words.2
        default: word = words.3
        }
        return word & (UInt64(1) << UInt64(b & 63)) != 0
    }

    /// Whether a byte of `text[from...]` is in the set.
    package func occurs(in text: UnsafeBufferPointer<UInt8>, from start: Int) -> Bool {
        var i = start
        while i < text.count {
            if contains(text[i]) { return true }
            i += 1
        }
        return false
    }

    package static func == (a: ByteSet, b: ByteSet) -> Bool {
        a.words == b.words
    }
}

extension EntityScanner {
    /// Scans without telling rejections: a scanner that explains none needs only `scan(_:from:into:)`.
    package func scan(_ text: UnsafeBufferPointer<UInt8>, from minStart: Int, into out: inout [Entity],
                     rejections: inout [Explanation]) {
        scan(text, from: minStart, into: &out)
    }

    /// Any text may hold a candidate.
    package var triggers: ByteSet? { nil }

    /// The kind's name and "detector", for scanners with a single rule.
    package func rule(for entity: Entity, in text: UnsafeBufferPointer<UInt8>) -> String { "\(entity.kind.rawValue) detector" }
}
