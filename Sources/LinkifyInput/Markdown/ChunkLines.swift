/// A chunk's line ranges, held in eight bytes a line when every offset fits
/// in 32 bits (a document under 4 GiB), in sixteen otherwise: a paragraph
/// inside block quotes or list items is a range a line (its prefixes are not
/// part of it), and its lines are held while the paragraph is parsed, beside
/// the document, its joined copy and its entities.
struct ChunkLines: RandomAccessCollection {
    private enum Storage {
        /// `start << 32 | end`.
        case narrow([UInt64])
        case wide([Range<Int>])
    }
    private let storage: Storage

    init(_ lines: [Range<Int>]) {
        if let last = lines.last, last.upperBound <= Int(UInt32.max) {
            var packed: [UInt64] = []
            packed.reserveCapacity(lines.count)
            for r in lines { packed.append(UInt64(r.lowerBound) << 32 | UInt64(r.upperBound)) }
            storage = .narrow(packed)
        } else {
            storage = .wide(lines)
        }
    }

    var startIndex: Int { 0 }
    var endIndex: Int {
        switch storage {
        case .narrow(let p): return p.count
        case .wide(let w): return w.count
        }
    }

    subscript(i: Int) -> Range<Int> {
        switch storage {
        case .narrow(let p): return Int(p[i] >> 32)..<Int(p[i] & 0xFFFF_FFFF)
        case .wide(let w): return w[i]
        }
    }
}
