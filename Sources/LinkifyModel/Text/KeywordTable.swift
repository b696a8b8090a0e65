/// A fixed hash table from `TextWord.key` to a meaning: open addressing with
/// a multiplicative hash, so a look-up in a scanner's hot loop costs a
/// multiply and a compare or two (no `Hasher`, no allocation).
@_spi(Layers) public struct KeywordTable<Value>: @unchecked Sendable {
    @usableFromInline var keys: [UInt64]
    @usableFromInline var values: [Value?]
    @usableFromInline let shift: UInt64
    /// For each first letter a–z, the word lengths (bit n: n letters) present.
    @usableFromInline package private(set) var lengthsByInitial: [UInt32]

    /// A table holding `entries` (later entries win over earlier ones with the same key).
    @inlinable package init(_ entries: [(UInt64, Value)]) {
        var bits: UInt64 = 4
        while (1 << bits) < 4 * max(entries.count, 1) { bits += 1 }
        shift = 64 - bits
        keys = Array(repeating: 0, count: 1 << bits)
        values = Array(repeating: nil, count: 1 << bits)
        lengthsByInitial = Array(repeating: 0, count: 32)
        for (key, value) in entries where key != 0 {
            var slot = Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> shift)
            while keys[slot] != 0 && keys[slot] != key { slot = (slot + 1) & (keys.count - 1) }
            keys[slot] = key
            values[slot] = value
            let (initial, length) = Self.initialAndLength(key)
            lengthsByInitial[initial] |= 1 << UInt32(min(length, 31))
        }
    }

    /// The meaning of `key`, if it is in the table.
    @inlinable @inline(__always)
    package subscript(_ key: UInt64) -> Value? {
        guard key != 0 else { return nil }
        var slot = Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> shift)
        while true {
            let k = keys[slot]
            if k == key { return values[slot] }
            if k == 0 { return nil }
            slot = (slot + 1) & (keys.count - 1)
        }
    }

    /// Whether some entry starts with the first letter of `word` and has its length
    /// (a cheap test before reading or looking up).
    @inline(__always)
    @inlinable package func mayContain(initial code: Int, letters: Int) -> Bool {
        letters < 32 && code < 32 && lengthsByInitial[code] & (1 << UInt32(letters)) != 0
    }

    /// The first letter's code (1–31) and the number of letters of a key.
    @inlinable package static func initialAndLength(_ key: UInt64) -> (Int, Int) {
        var k = key
        var length = 1
        while k >= 32 {
            k >>= 5
            length += 1
        }
        return (Int(k), length)
    }
}
