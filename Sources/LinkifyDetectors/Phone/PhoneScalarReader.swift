@_spi(Layers) import LinkifyModel

/// Decodes the scalars of a text from a byte offset on, as far as they are asked for.
struct PhoneScalarReader: PhoneScalarSource {
    let text: UnsafeBufferPointer<UInt8>
    /// Decoded scalars, from `offsets[0]` on.
    private(set) var values: [UInt32] = []
    /// Byte offset of each decoded scalar, and one more: the end of the last.
    private(set) var offsets: [Int]

    /// A reader starting at byte `start`.
    init(_ text: UnsafeBufferPointer<UInt8>, at start: Int) {
        self.text = text
        offsets = [start]
        values.reserveCapacity(32)
        offsets.reserveCapacity(33)
    }

    /// Starts again at byte `start`, keeping the storage (one reader serves a whole scan).
    mutating func restart(at start: Int) {
        values.removeAll(keepingCapacity: true)
        offsets.removeAll(keepingCapacity: true)
        offsets.append(start)
    }

    /// The scalar `k` places from the start, or nil past the text's end.
    /// Those read already are an array read, inlined where asked (the
    /// candidate rules ask each a few times); the others are decoded out of line.
    @inline(__always)
    mutating func scalar(at k: Int) -> UInt32? {
        if k < values.count { return values[k] }
        return decode(through: k)
    }

    @inline(never)
    private mutating func decode(through k: Int) -> UInt32? {
        while values.count <= k {
            let at = offsets[offsets.count - 1]
            guard at < text.count else { return nil }
            let (v, length) = UTF8Bytes.decode(text, at: at)
            values.append(v)
            offsets.append(at + length)
        }
        return values[k]
    }

    /// The byte offset of scalar `k` (`k` may be one past the last decoded).
    mutating func offset(_ k: Int) -> Int {
        if k > 0 { _ = scalar(at: k - 1) }
        return offsets[k]
    }
}
