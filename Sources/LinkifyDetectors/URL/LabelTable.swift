@_spi(Layers) import LinkifyModel

/// A set of labels (top-level domains, file extensions), each a word, with a
/// byte of value, in an open-addressing table: a lookup is one multiply and
/// about one probe. A label of up to 8 ASCII bytes is its lowercase bytes
/// packed into the word (`pack`), so it is exact; the callers hash longer
/// labels themselves (`TLDDoubleLife`'s keys). A binary search over the
/// sorted words took a dozen dependent compares a label, on every name of
/// the text that ends in a registered top-level domain (docs/benchmarks.md).
///
/// The slots are allocated once and live as long as the process (the tables
/// are `static let`s), so a lookup reads them through a pointer, without
/// an array's bounds checks. They are written only by `init`, so sharing a
/// table between threads is safe (`@unchecked Sendable`).
struct LabelTable: @unchecked Sendable {
    private let slots: UnsafeMutablePointer<UInt64>
    private let values: UnsafeMutablePointer<UInt8>
    private let mask: Int

    /// The table of `keys` (none of them 0) and their `values`.
    init(keys: [UInt64], values: [UInt8]) {
        precondition(keys.count == values.count)
        var size = 64
        while size < keys.count * 4 { size *= 2 }   // at most a quarter full: probes stay short
        mask = size - 1
        slots = .allocate(capacity: size)
        slots.initialize(repeating: 0, count: size)
        self.values = .allocate(capacity: size)
        self.values.initialize(repeating: 0, count: size)
        for (key, value) in zip(keys, values) {
            var i = Self.slot(key, mask)
            while slots[i] != 0 && slots[i] != key { i = (i + 1) & mask }
            slots[i] = key
            self.values[i] = value
        }
    }

    @inline(__always)
    private static func slot(_ key: UInt64, _ mask: Int) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 40) & mask
    }

    /// The value of `key`, or nil when the table does not hold it.
    @inline(__always)
    func value(_ key: UInt64) -> UInt8? {
        var i = Self.slot(key, mask)
        while true {
            let k = slots[i]
            if k == key { return values[i] }
            if k == 0 { return nil }
            i = (i + 1) & mask
        }
    }

    /// Whether the table holds `key`.
    @inline(__always)
    func contains(_ key: UInt64) -> Bool { value(key) != nil }

    /// `t[r]` lowercased, its first byte lowest in the word, when it is 1 to 8
    /// ASCII bytes; else nil.
    @inline(__always)
    static func pack(_ t: UnsafeBufferPointer<UInt8>, _ r: Range<Int>) -> UInt64? {
        guard !r.isEmpty, r.count <= 8 else { return nil }
        let w = word(t, r)
        return w & 0x8080_8080_8080_8080 == 0 ? w : nil
    }

    /// The 1 to 8 bytes `t[r]`, their ASCII capitals lowercased (other bytes
    /// as they are), the first byte lowest in the word. Where the buffer holds
    /// 8 bytes from `r`'s start, they are read as one word and lowercased together.
    @inline(__always)
    static func word(_ t: UnsafeBufferPointer<UInt8>, _ r: Range<Int>) -> UInt64 {
        let count = r.count
        guard count > 0, count <= 8, let base = t.baseAddress, r.lowerBound >= 0, r.upperBound <= t.count else { return 0 }
        if r.lowerBound + 8 <= t.count {
            let loaded = UInt64(littleEndian: UnsafeRawPointer(base + r.lowerBound).loadUnaligned(as: UInt64.self))
            let w = count == 8 ? loaded : loaded & ((1 << UInt64(count * 8)) - 1)
            // On each byte's low seven bits these sums carry into its own top
            // bit only: set from `A` (0x41) on, and from `[` (0x5B) on; a byte
            // of 0x80 or more is no capital whatever its low bits.
            let low = w & 0x7F7F_7F7F_7F7F_7F7F
            let fromA = (low &+ 0x3F3F_3F3F_3F3F_3F3F) & 0x8080_8080_8080_8080
            let pastZ = (low &+ 0x2525_2525_2525_2525) & 0x8080_8080_8080_8080
            let capitals = fromA & ~pastZ & ~w
            return w | capitals >> 2
        }
        var key: UInt64 = 0
        var k = r.upperBound
        while k > r.lowerBound {
            k -= 1
            key = key << 8 | UInt64(ByteClass.lower(base[k]))
        }
        return key
    }

    /// A hash of `t[r]` with ASCII capitals lowercased, eight bytes at a time
    /// (never 0). Equal for the same bytes up to ASCII case, and, at 64 bits,
    /// different for different ones in practice.
    @inline(__always)
    static func foldedHash(_ t: UnsafeBufferPointer<UInt8>, _ r: Range<Int>) -> UInt64 {
        var h = UInt64(truncatingIfNeeded: r.count) &* 0x9E37_79B9_7F4A_7C15
        var k = r.lowerBound
        while k < r.upperBound {
            h = (h ^ word(t, k..<min(k + 8, r.upperBound))) &* 0xFF51_AFD7_ED55_8CCD
            h ^= h >> 29
            k += 8
        }
        return h == 0 ? 1 : h
    }
}
