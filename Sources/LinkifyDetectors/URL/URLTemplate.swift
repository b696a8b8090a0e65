@_spi(Layers) import LinkifyModel

/// Link targets built from a template: each `{}` or `{0}` is replaced by a
/// value, UTF-8 percent-encoded as the URL part it lands in requires, and
/// `{{`, `}}` stand for braces (SPEC §2): `https://example.org/tags/{}` with
/// `Zürich` gives `…/tags/Z%C3%BCrich`.
package enum URLTemplate {
    /// The first thing in `template` that is not `{}`, `{0}`, `{{` or `}}`,
    /// said for a message (`{user} is not a placeholder (…)`); nil when there
    /// is none. The command line refuses such templates; `expand` leaves
    /// those braces as they are.
    package static func problem(in template: String) -> String? {
        PatternTemplate.firstProblem(in: template, allowsGroups: false)
    }

    /// `template` with every `{}` and `{0}` replaced by `value`, percent-encoded for its place.
    ///
    /// Before any `?` or `#` of the template the value is a path: letters,
    /// digits, `-._~`, the sub-delimiters `!$&'()*+,;=`, `:`, `@` and `/` stay;
    /// in the query and fragment `&`, `=`, `+` and `;` are encoded too, so that the value
    /// stays one parameter; `%`, `#`, spaces, controls and every non-ASCII byte
    /// are always encoded (RFC 3986 §2.1, §3.3, §3.4, §3.5).
    /// - Parameters:
    ///   - template: a URL with zero or more `{}` or `{0}` placeholders.
    ///   - value: the text to insert, as written (not yet encoded).
    package static func expand(_ template: String, value: String) -> String {
        var out: [UInt8] = []
        let bytes = Array(template.utf8)
        out.reserveCapacity(bytes.count + value.utf8.count * 3)
        var part = PatternTemplate.URLPart.path
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            if b == 0x7B || b == 0x7D, i + 1 < bytes.count {
                let next = bytes[i + 1]
                if b == 0x7B && next == 0x7D || b == 0x7B && next == 0x30 && i + 2 < bytes.count && bytes[i + 2] == 0x7D {
                    // {} or {0}
                    PercentEncoding.append(value.utf8, as: part, into: &out)
                    i += next == 0x7D ? 2 : 3
                    continue
                }
                if next == b {
                    // {{ or }}
                    out.append(b)
                    i += 2
                    continue
                }
            }
            if b == 0x3F && part == .path { part = .query }
            if b == 0x23 { part = .fragment }
            out.append(b)
            i += 1
        }
        return String(decoding: out, as: UTF8.self)
    }
}
