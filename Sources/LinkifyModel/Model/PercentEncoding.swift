/// UTF-8 percent-encoding of a value inserted into a URL template, shared by
/// `URLTemplate` (`--mention-url` and the other kind templates) and
/// `PatternTemplate` (`--pattern`), so that a value is encoded the same way
/// whichever template it lands in (SPEC §2).
package enum PercentEncoding {
    /// Appends `value` with every byte that may not stand as is in `part`
    /// written as `%XX` (UTF-8, upper-case hex; RFC 3986 §2.1).
    package static func append<Bytes: Sequence<UInt8>>(_ value: Bytes, as part: PatternTemplate.URLPart, into out: inout [UInt8]) {
        let bit = mask(part)
        for b in value {
            if b < 0x80 && kept[Int(b)] & bit != 0 {
                out.append(b)
            } else {
                out.append(0x25)
                out.append(ByteClass.hexDigit(b >> 4))
                out.append(ByteClass.hexDigit(b & 0xF))
            }
        }
    }

    @inline(__always)
    static func mask(_ part: PatternTemplate.URLPart) -> UInt8 {
        switch part {
        case .whole: return 1 << 0
        case .authority: return 1 << 1
        case .path: return 1 << 2
        case .query: return 1 << 3
        case .fragment: return 1 << 4
        }
    }

    /// For each ASCII byte, the parts (bits of `mask`) it stays unencoded in.
    ///
    /// Unreserved characters stay everywhere (RFC 3986 §2.3). In the host
    /// nothing else does. In a path the sub-delimiters, `:`, `@` and `/` stay
    /// (§3.3); in the query and fragment `?` too, but `&`, `=`, `+` and `;`
    /// are encoded so that a value stays one parameter (§3.4, §3.5). A value
    /// at the very start is a URL itself: only what no URL may hold (spaces,
    /// controls, `"<>\^`{|}`) is encoded, and `%` stays as it was written.
    static let kept: [UInt8] = (0..<128).map { i -> UInt8 in
        let c = UInt8(i)
        let whole: UInt8 = c > 0x20 && c < 0x7F && !"\"<>\\^`{|}".utf8.contains(c) ? 1 << 0 : 0
        if ByteClass.isAlnum(c) || c == 0x2D || c == 0x2E || c == 0x5F || c == 0x7E { return 0b11111 }
        switch c {
        case UInt8(ascii: "&"), UInt8(ascii: "="), UInt8(ascii: "+"), UInt8(ascii: ";"):
            return whole | 1 << 2
        case UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "'"), UInt8(ascii: "("), UInt8(ascii: ")"),
             UInt8(ascii: "*"), UInt8(ascii: ","), UInt8(ascii: ":"), UInt8(ascii: "@"), UInt8(ascii: "/"):
            return whole | 1 << 2 | 1 << 3 | 1 << 4
        case UInt8(ascii: "?"):
            return whole | 1 << 3 | 1 << 4
        default:
            return whole
        }
    }
}
