/// Link targets built from a template: each `{}` is replaced by a value,
/// UTF-8 percent-encoded as the URL part it lands in requires (SPEC §2):
/// `https://example.org/tags/{}` with `Zürich` gives `…/tags/Z%C3%BCrich`.
public enum URLTemplate {
    /// The URL parts a placeholder can land in, each with what it leaves as is.
    enum Part {
        case path, query, fragment
    }

    /// `template` with every `{}` replaced by `value`, percent-encoded for its place.
    ///
    /// Before any `?` or `#` of the template the value is a path: letters,
    /// digits, `-._~`, the sub-delimiters `!$&'()*+,;=`, `:`, `@` and `/` stay;
    /// in the query `&`, `=`, `+` and `;` are encoded too, so that the value
    /// stays one parameter; `%`, `#`, spaces, controls and every non-ASCII byte
    /// are always encoded (RFC 3986 §2.1, §3.3, §3.4, §3.5).
    /// - Parameters:
    ///   - template: a URL with zero or more `{}` placeholders.
    ///   - value: the text to insert, as written (not yet encoded).
    public static func expand(_ template: String, value: String) -> String {
        var out: [UInt8] = []
        let bytes = Array(template.utf8)
        out.reserveCapacity(bytes.count + value.utf8.count * 3)
        var part = Part.path
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            if b == 0x7B && i + 1 < bytes.count && bytes[i + 1] == 0x7D {
                encode(value, for: part, into: &out)
                i += 2
                continue
            }
            if b == 0x3F && part == .path { part = .query }
            if b == 0x23 { part = .fragment }
            out.append(b)
            i += 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    static let hex: [UInt8] = Array("0123456789ABCDEF".utf8)

    /// ASCII bytes left as they are, per part (bit 0 path, bit 1 query, bit 2 fragment).
    static let kept: [UInt8] = (0..<128).map { i -> UInt8 in
        let c = UInt8(i)
        let unreserved = ByteClass.isAlnum(c) || c == 0x2D || c == 0x2E || c == 0x5F || c == 0x7E
        if unreserved { return 0b111 }
        switch c {
        case UInt8(ascii: "&"), UInt8(ascii: "="), UInt8(ascii: "+"), UInt8(ascii: ";"):
            return 0b001
        case UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "'"), UInt8(ascii: "("), UInt8(ascii: ")"),
             UInt8(ascii: "*"), UInt8(ascii: ","), UInt8(ascii: ":"), UInt8(ascii: "@"), UInt8(ascii: "/"):
            return 0b111
        case UInt8(ascii: "?"):
            return 0b110
        default:
            return 0
        }
    }

    static func encode(_ value: String, for part: Part, into out: inout [UInt8]) {
        let bit: UInt8 = part == .path ? 1 : part == .query ? 2 : 4
        for b in value.utf8 {
            if b < 0x80 && kept[Int(b)] & bit != 0 {
                out.append(b)
            } else {
                out.append(0x25)
                out.append(hex[Int(b >> 4)])
                out.append(hex[Int(b & 0x0F)])
            }
        }
    }
}
