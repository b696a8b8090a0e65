/// UTF-8 decoding on raw bytes, strict as the Unicode standard requires:
/// no overlong forms, no surrogates, nothing above U+10FFFF. A byte that does
/// not start a valid sequence decodes as `UTF8Bytes.invalid` with length 1.
@_spi(Layers) public enum UTF8Bytes {
    /// The scalar value returned for a byte that is not valid UTF-8.
    @usableFromInline package static let invalid: UInt32 = 0xFFFF_FFFF

    /// `k`, or the start of the character that `k` falls inside when that
    /// start is after `floor` (else the end of that character). The streaming
    /// annotators end windows and slices here: the renderers count scalars and
    /// UTF-16 units slice by slice, and a character cut in two was counted twice.
    @inlinable package static func characterBoundary(_ t: UnsafeBufferPointer<UInt8>, _ k: Int, after floor: Int) -> Int {
        guard k < t.count, t[k] & 0xC0 == 0x80 else { return k }
        var lead = k
        while lead > max(0, k - 3) && t[lead] & 0xC0 == 0x80 { lead -= 1 }
        let length = decode(t, at: lead).length
        guard lead + length > k else { return k }   // stray continuation bytes: each is a character
        return lead > floor ? lead : lead + length
    }

    /// Decodes the scalar starting at `i`; returns it and its length in bytes.
    @inline(__always)
    @inlinable package static func decode(_ t: UnsafeBufferPointer<UInt8>, at i: Int) -> (scalar: UInt32, length: Int) {
        let b0 = t[i]
        if b0 < 0x80 { return (UInt32(b0), 1) }
        return decodeMultibyte(t, at: i, lead: b0)
    }

    @inlinable package static func decodeMultibyte(_ t: UnsafeBufferPointer<UInt8>, at i: Int, lead b0: UInt8) -> (scalar: UInt32, length: Int) {
        let n = t.count
        @inline(__always) func cont(_ k: Int) -> UInt32? {
            guard k < n else { return nil }
            let b = t[k]
            return b & 0xC0 == 0x80 ? UInt32(b & 0x3F) : nil
        }
        switch b0 {
        case 0xC2...0xDF:
            guard let c1 = cont(i + 1) else { return (invalid, 1) }
            return ((UInt32(b0 & 0x1F) << 6) | c1, 2)
        case 0xE0...0xEF:
            guard let c1 = cont(i + 1), let c2 = cont(i + 2) else { return (invalid, 1) }
            let v = (UInt32(b0 & 0x0F) << 12) | (c1 << 6) | c2
            if v < 0x800 || (0xD800...0xDFFF).contains(v) { return (invalid, 1) }
            return (v, 3)
        case 0xF0...0xF4:
            guard let c1 = cont(i + 1), let c2 = cont(i + 2), let c3 = cont(i + 3) else { return (invalid, 1) }
            let v = (UInt32(b0 & 0x07) << 18) | (c1 << 12) | (c2 << 6) | c3
            if v < 0x10000 || v > 0x10FFFF { return (invalid, 1) }
            return (v, 4)
        default:
            return (invalid, 1)
        }
    }

    /// Decodes the scalar that ends just before `i` (never reading before `floor`);
    /// returns it and its length. An invalid byte decodes as `invalid`, length 1.
    @inline(__always)
    @inlinable package static func decode(_ t: UnsafeBufferPointer<UInt8>, before i: Int, floor: Int = 0) -> (scalar: UInt32, length: Int) {
        let b = t[i - 1]
        if b < 0x80 { return (UInt32(b), 1) }
        var k = i - 1
        while k > floor && k > i - 4 && t[k] & 0xC0 == 0x80 { k -= 1 }
        let (v, len) = decode(t, at: k)
        if v != invalid && k + len == i { return (v, len) }
        return (invalid, 1)
    }

    /// Appends `scalar` encoded as UTF-8.
    @inlinable package static func append(_ scalar: UInt32, to out: inout [UInt8]) {
        switch scalar {
        case 0..<0x80: out.append(UInt8(scalar))
        case 0x80..<0x800:
            out.append(UInt8(0xC0 | (scalar >> 6)))
            out.append(UInt8(0x80 | (scalar & 0x3F)))
        case 0x800..<0x10000:
            out.append(UInt8(0xE0 | (scalar >> 12)))
            out.append(UInt8(0x80 | ((scalar >> 6) & 0x3F)))
            out.append(UInt8(0x80 | (scalar & 0x3F)))
        default:
            out.append(UInt8(0xF0 | (scalar >> 18)))
            out.append(UInt8(0x80 | ((scalar >> 12) & 0x3F)))
            out.append(UInt8(0x80 | ((scalar >> 6) & 0x3F)))
            out.append(UInt8(0x80 | (scalar & 0x3F)))
        }
    }

    /// `prefix` and then the bytes as one String, built in one allocation,
    /// with U+FFFD for each byte that is not valid UTF-8.
    @inlinable package static func string(prefix: StaticString, _ t: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        let head = prefix.utf8CodeUnitCount
        let count = head + range.count
        return String(unsafeUninitializedCapacity: count) { buffer in
            let base = buffer.baseAddress!
            base.initialize(from: prefix.utf8Start, count: head)
            if let source = t.baseAddress, !range.isEmpty {
                (base + head).initialize(from: source + range.lowerBound, count: range.count)
            }
            return count
        }
    }

    /// The bytes as a String, with U+FFFD for each byte that is not valid UTF-8.
    @inlinable package static func string(_ t: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: t[range]), as: Unicode.UTF8.self)
    }
}
