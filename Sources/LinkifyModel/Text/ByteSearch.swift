/// Skipping to the next interesting byte sixteen bytes at a time.
///
/// The scanners and the HTML writer spend most of their time on bytes that
/// need nothing; comparing a `SIMD16<UInt8>` block against a few values and
/// testing the mask as two words finds the next candidate in a few
/// instructions per block instead of a lookup per byte (docs/benchmarks.md).
@_spi(Layers) public enum ByteSearch {
    /// `b` in every lane. Compare with vectors made by this, not with a scalar:
    /// `v .== 0x2E` compiles to a loop over the lanes, `v .== splat(0x2E)` to one instruction.
    @inline(__always)
    @inlinable package static func splat(_ b: UInt8) -> SIMD16<UInt8> { SIMD16(repeating: b) }

    /// One bit per lane of `m`, lane `i` as bit `i` (for masks of several
    /// byte classes over a short range, tested with word operations).
    @inline(__always)
    @inlinable package static func bits(_ m: SIMDMask<SIMD16<Int8>>) -> UInt64 {
        let words = unsafeBitCast(m, to: (UInt64, UInt64).self)
        // Each lane is 0 or 0xFF: keeping bit i of byte i and summing the
        // bytes into the top one gathers the eight lanes of a word.
        let gather: UInt64 = 0x8040_2010_0804_0201, sum: UInt64 = 0x0101_0101_0101_0101
        return ((words.0 & gather) &* sum) >> 56 | (((words.1 & gather) &* sum) >> 56) << 8
    }

    /// The index of the first byte at or after `start` for which `matches`
    /// holds, or `t.count`. `block` must say the same as `matches` lane by lane.
    /// (Not written as `first(in:from:before: t.count)`: the trigger search
    /// runs on every byte, and the bound's extra compare per block and `min`
    /// show in the instruction counts, docs/benchmarks.md.)
    @inline(__always)
    @inlinable package static func first(in t: UnsafeBufferPointer<UInt8>, from start: Int,
                      block: (SIMD16<UInt8>) -> SIMDMask<SIMD16<Int8>>,
                      matches: (UInt8) -> Bool) -> Int {
        let n = t.count
        var i = start
        if let base = t.baseAddress {
            let raw = UnsafeRawPointer(base)
            while i + 16 <= n {
                let mask = block(raw.loadUnaligned(fromByteOffset: i, as: SIMD16<UInt8>.self))
                let words = unsafeBitCast(mask, to: (UInt64, UInt64).self)
                if words.0 != 0 { return i + words.0.trailingZeroBitCount >> 3 }
                if words.1 != 0 { return i + 8 + words.1.trailingZeroBitCount >> 3 }
                i += 16
            }
        }
        while i < n && !matches(t[i]) { i += 1 }
        return i
    }

    /// The index of the first `byte` at or after `start`, or `t.count`, for
    /// a byte that is rare in the text searched (a `!` in prose, a backtick):
    /// 128 bytes a step (eight blocks compared, one test) while there is
    /// none, then sixteen.
    @inline(__always)
    @inlinable package static func first(of byte: UInt8, in t: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var k = start
        if let base = t.baseAddress {
            let raw = UnsafeRawPointer(base)
            let b = splat(byte)
            @inline(__always) func hits(_ offset: Int) -> SIMDMask<SIMD16<Int8>> {
                raw.loadUnaligned(fromByteOffset: k + offset, as: SIMD16<UInt8>.self) .== b
            }
            while k + 128 <= t.count {
                let m = (hits(0) .| hits(16)) .| (hits(32) .| hits(48)) .| ((hits(64) .| hits(80)) .| (hits(96) .| hits(112)))
                let words = unsafeBitCast(m, to: (UInt64, UInt64).self)
                if words.0 | words.1 != 0 { break }
                k += 128
            }
        }
        return first(in: t, from: k, block: { $0 .== splat(byte) }, matches: { $0 == byte })
    }

    /// `first(in:from:before:block:matches:)` for a test that reads the byte
    /// after each one too: `block` gets the sixteen bytes from `i` and the
    /// sixteen from `i + 1`, and must say lane by lane what `matches` says of
    /// each index (which may read `t` up to its end, past `end`).
    @inline(__always)
    @inlinable package static func first(in t: UnsafeBufferPointer<UInt8>, from start: Int, before end: Int,
                      withNext block: (SIMD16<UInt8>, SIMD16<UInt8>) -> SIMDMask<SIMD16<Int8>>,
                      matches: (Int) -> Bool) -> Int {
        var i = start
        if let base = t.baseAddress {
            let raw = UnsafeRawPointer(base)
            while i < end && i + 17 <= t.count {
                let mask = block(raw.loadUnaligned(fromByteOffset: i, as: SIMD16<UInt8>.self),
                                 raw.loadUnaligned(fromByteOffset: i + 1, as: SIMD16<UInt8>.self))
                let words = unsafeBitCast(mask, to: (UInt64, UInt64).self)
                if words.0 != 0 { return min(end, i + words.0.trailingZeroBitCount >> 3) }
                if words.1 != 0 { return min(end, i + 8 + words.1.trailingZeroBitCount >> 3) }
                i += 16
            }
        }
        while i < end && !matches(i) { i += 1 }
        return min(i, end)
    }

    /// `first(in:from:block:matches:)` over `t[..<end]`. It may read up to a
    /// block past `end`, and no further: a short range is still read sixteen
    /// bytes at a time (the byte-by-byte tail was most of the cost on short
    /// ranges), and the work stays proportional to the range.
    @inline(__always)
    @inlinable package static func first(in t: UnsafeBufferPointer<UInt8>, from start: Int, before end: Int,
                      block: (SIMD16<UInt8>) -> SIMDMask<SIMD16<Int8>>,
                      matches: (UInt8) -> Bool) -> Int {
        let n = t.count
        var i = start
        if let base = t.baseAddress {
            // Blocks while any of the range is left, not only while a whole
            // block fits before `end + 15`: that left a byte-by-byte tail of up
            // to fifteen bytes on almost every short range, where the html
            // writer spends its time (docs/benchmarks.md).
            let raw = UnsafeRawPointer(base)
            while i < end && i + 16 <= n {
                let mask = block(raw.loadUnaligned(fromByteOffset: i, as: SIMD16<UInt8>.self))
                let words = unsafeBitCast(mask, to: (UInt64, UInt64).self)
                if words.0 != 0 { return min(end, i + words.0.trailingZeroBitCount >> 3) }
                if words.1 != 0 { return min(end, i + 8 + words.1.trailingZeroBitCount >> 3) }
                i += 16
            }
        }
        while i < min(end, n) && !matches(t[i]) { i += 1 }
        return min(i, end)
    }
}
