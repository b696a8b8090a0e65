/// A chunk's line ranges, held in eight bytes a line when every offset fits
/// in 32 bits (a document under 4 GiB), in sixteen otherwise: a paragraph
/// inside block quotes or list items is a range a line (its prefixes are not
/// part of it), and its lines are held while the paragraph is parsed, beside
/// the document, its joined copy and its entities.
struct ChunkLines: RandomAccessCollection {
    private enum Storage {
        /// One line (a heading, a table cell, a one-line paragraph): no array.
        case one(Range<Int>)
        /// `start << 32 | end`.
        case narrow([UInt64])
        case wide([Range<Int>])
    }
    private let storage: Storage

    /// `lines`, the last ending at `lastEnd` instead (its trailing blanks cut).
    init(_ lines: [Range<Int>], lastEnd: Int) {
        let n = lines.count
        if n == 1 {
            storage = .one(lines[0].lowerBound..<lastEnd)
        } else if lines[n - 1].upperBound <= Int(UInt32.max) {
            var packed: [UInt64] = []
            packed.reserveCapacity(n)
            for r in lines.dropLast() { packed.append(UInt64(r.lowerBound) << 32 | UInt64(r.upperBound)) }
            packed.append(UInt64(lines[n - 1].lowerBound) << 32 | UInt64(lastEnd))
            storage = .narrow(packed)
        } else {
            var wide = lines
            wide[n - 1] = lines[n - 1].lowerBound..<lastEnd
            storage = .wide(wide)
        }
    }

    init(line: Range<Int>) { storage = .one(line) }

    var startIndex: Int { 0 }
    var endIndex: Int {
        switch storage {
        case .one: return 1
        case .narrow(let p): return p.count
        case .wide(let w): return w.count
        }
    }

    subscript(i: Int) -> Range<Int> {
        switch storage {
        case .one(let r): precondition(i == 0, "index out of range"); return r
        case .narrow(let p): return Int(p[i] >> 32)..<Int(p[i] & 0xFFFF_FFFF)
        case .wide(let w): return w[i]
        }
    }
}
