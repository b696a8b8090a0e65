/// Byte classes for ASCII, as bit flags in one 256-entry table.
@_spi(Layers) public enum ByteClass {
    @usableFromInline package static let alpha: UInt8 = 1, digit: UInt8 = 2, host: UInt8 = 4, scheme: UInt8 = 8, space: UInt8 = 16

    @usableFromInline package static let table: [UInt8] = (0..<256).map { i -> UInt8 in
        let c = UInt8(i)
        var f: UInt8 = 0
        let isAlpha = (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A)
        let isDigit = c >= 0x30 && c <= 0x39
        if isAlpha { f |= alpha }
        if isDigit { f |= digit }
        if isAlpha || isDigit || c == 0x2D { f |= host }
        if isAlpha || isDigit || c == 0x2B || c == 0x2D || c == 0x2E { f |= scheme }
        if c == 0x20 || (c >= 0x09 && c <= 0x0D) { f |= space }
        return f
    }

    // The tests below are arithmetic rather than lookups in `table`: a global
    // table costs a lazy-initialisation check (swift_once) on every use, a cost
    // that showed on real text (docs/benchmarks.md).
    @inlinable @inline(__always) package static func isAlpha(_ b: UInt8) -> Bool { (b | 0x20) &- 0x61 < 26 }
    @inlinable @inline(__always) package static func isDigit(_ b: UInt8) -> Bool { b &- 0x30 < 10 }
    @inlinable @inline(__always) package static func isAlnum(_ b: UInt8) -> Bool { isAlpha(b) || isDigit(b) }
    @inlinable @inline(__always) package static func isHostASCII(_ b: UInt8) -> Bool { isAlnum(b) || b == 0x2D }
    @inlinable @inline(__always) package static func isSchemeChar(_ b: UInt8) -> Bool { isAlnum(b) || b == 0x2B || b == 0x2D || b == 0x2E }
    @inlinable @inline(__always) package static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b &- 0x09 < 5 }
    @inlinable @inline(__always) package static func lower(_ b: UInt8) -> UInt8 { (b >= 0x41 && b <= 0x5A) ? b | 0x20 : b }

    /// `!` to `/`, `:` to `@`, `[` to `` ` ``, `{` to `~` (CommonMark §2.1).
    @inlinable @inline(__always) package static func isASCIIPunctuation(_ b: UInt8) -> Bool {
        (b >= 0x21 && b <= 0x2F) || (b >= 0x3A && b <= 0x40) || (b >= 0x5B && b <= 0x60) || (b >= 0x7B && b <= 0x7E)
    }
    /// The upper-case hexadecimal digit of `v` (0–15), as percent-encoding and JSON escapes write it.
    @inlinable @inline(__always) package static func hexDigit(_ v: UInt8) -> UInt8 { v < 10 ? 0x30 + v : 0x41 + v - 10 }
}
