@_spi(Layers) import LinkifyModel

/// A tag's name, lowercased (ASCII), as a value that is made and compared
/// without allocating: its first sixteen bytes in two words and its length.
/// A `String` per tag, with its reference counting, was most of the cost of
/// tag-dense HTML (docs/benchmarks.md). Names that share their first sixteen
/// bytes and length are equal here; every name the readers ask about is
/// shorter (`plaintext`, `datalist`), so a longer name is never taken for one.
package struct TagName: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// Bytes 0–7 and 8–15 of the name, little-endian, zero past its end.
    let low: UInt64
    let high: UInt64
    /// The name's length in bytes, at most `UInt16.max`.
    package let count: UInt16

    /// The name written in `t[range]`, lowercased.
    @inline(__always)
    package init(_ t: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) {
        var words: (UInt64, UInt64) = (0, 0)
        let stored = min(range.count, 16)
        for k in 0..<stored {
            let b = UInt64(ByteClass.lower(t[range.lowerBound + k]))
            if k < 8 { words.0 |= b << UInt64(8 * k) } else { words.1 |= b << UInt64(8 * (k - 8)) }
        }
        low = words.0
        high = words.1
        count = UInt16(min(range.count, Int(UInt16.max)))
    }

    /// `name`, which must be lowercase.
    package init(stringLiteral name: String) {
        let bytes = Array(name.utf8)
        self = bytes.withUnsafeBufferPointer { TagName($0, 0..<$0.count) }
    }

    /// The name's first byte (0 for an empty name).
    @inline(__always)
    var first: UInt8 { UInt8(truncatingIfNeeded: low) }

    /// The bytes stored: the whole name when it has at most sixteen.
    package var bytes: [UInt8] {
        (0..<min(Int(count), 16)).map { (k: Int) -> UInt8 in
            let word = k < 8 ? low : high
            return UInt8(truncatingIfNeeded: word >> UInt64(8 * (k & 7)))
        }
    }

    package var description: String { String(decoding: bytes, as: UTF8.self) }
}
