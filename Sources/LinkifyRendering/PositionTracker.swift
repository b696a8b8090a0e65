@_spi(Layers) import LinkifyModel

/// Counts positions as the bytes of one input go by: byte, Unicode scalar and
/// UTF-16 offsets, and 1-based line and column (in scalars). A byte that is
/// not valid UTF-8 counts as one scalar and one UTF-16 unit; only LF ends a line.
package struct PositionTracker: Sendable {
    /// Offsets of the current position.
    package private(set) var byte = 0, scalar = 0, utf16 = 0
    /// 1-based line and column of the current position.
    package private(set) var line = 1, column = 1

    /// A tracker at the start of an input.
    package init() {}

    /// Moves over `t[r]`, which must start at the current position.
    package mutating func advance(over t: UnsafeBufferPointer<UInt8>, _ r: Range<Int>) {
        var i = r.lowerBound
        let end = r.upperBound
        while i < end {
            let b = t[i]
            if b < 0x80 {
                scalar += 1
                utf16 += 1
                if b == 0x0A { line += 1; column = 1 } else { column += 1 }
                i += 1
                continue
            }
            let (v, len) = UTF8Bytes.decode(t, at: i)
            scalar += 1
            utf16 += v != UTF8Bytes.invalid && v >= 0x10000 ? 2 : 1
            column += 1
            i += len
        }
        byte += r.count
    }

    /// The current offset in `unit`.
    package func offset(in unit: OffsetUnit) -> Int {
        switch unit {
        case .scalar: return scalar
        case .utf16: return utf16
        case .utf8: return byte
        }
    }
}
