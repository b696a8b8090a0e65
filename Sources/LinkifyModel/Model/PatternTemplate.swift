/// A `--pattern` URL template: literal text with `{0}` (the whole match),
/// `{1}`… (groups) and `{name}` (named groups). Each inserted value is UTF-8
/// percent-encoded as the part of the URL it lands in requires (SPEC §2).
package struct PatternTemplate: Sendable, Equatable {
    /// Where in a URL a value lands, which decides what is percent-encoded.
    package enum URLPart: Sendable, Equatable {
        /// At the very start, before any scheme: the value is a URL itself;
        /// only characters no URL may hold are encoded.
        case whole
        /// In the host: everything but unreserved characters is encoded.
        case authority
        /// In the path, the query or the fragment (after `/`, `?`, `#`).
        case path, query, fragment
    }

    /// A piece of the template.
    package enum Piece: Sendable, Equatable {
        /// Literal text, written as it is.
        case text(String)
        /// `{N}`: group N (0 the whole match), and where it lands.
        case group(Int, URLPart)
        /// `{name}`: a named group, and where it lands.
        case named(String, URLPart)
    }

    /// The pieces in order.
    package let pieces: [Piece]

    /// Parses `template`; `{}` is `{0}`, the whole match; `{{` and `}}` stand
    /// for braces. Any other brace is literal text (`problem(in:)` finds them).
    package init(_ template: String) {
        var pieces: [Piece] = []
        var text = ""
        var written = ""   // the literal text so far, to tell the URL part
        var chars = template[...]
        while let c = chars.first {
            chars = chars.dropFirst()
            if c == "{" && chars.first == "{" || c == "}" && chars.first == "}" {
                chars = chars.dropFirst()
                text.append(c)
                written.append(c)
                continue
            }
            if c == "{", let close = chars.firstIndex(of: "}") {
                let name = String(chars[..<close])
                if name.isEmpty || Self.isGroupName(name) {
                    if !text.isEmpty { pieces.append(.text(text)); text = "" }
                    let part = Self.part(after: written)
                    pieces.append(name.isEmpty ? .group(0, part) : Int(name).map { .group($0, part) } ?? .named(name, part))
                    written.append("x")
                    chars = chars[chars.index(after: close)...]
                    continue
                }
            }
            text.append(c)
            written.append(c)
        }
        if !text.isEmpty { pieces.append(.text(text)) }
        self.pieces = pieces
    }

    /// The group numbers and names the template refers to.
    package var references: [String] {
        pieces.compactMap { piece in
            switch piece {
            case .text: return nil
            case .group(let n, _): return String(n)
            case .named(let name, _): return name
            }
        }
    }

    /// The URL with each placeholder replaced by `value(number)` /
    /// `value(name)` (nil: empty), percent-encoded for its part.
    package func expand(_ value: (Piece) -> Substring?) -> String {
        var out: [UInt8] = []
        for piece in pieces {
            switch piece {
            case .text(let s): out.append(contentsOf: s.utf8)
            case .group(_, let part), .named(_, let part):
                if let v = value(piece) { PercentEncoding.append(v.utf8, as: part, into: &out) }
            }
        }
        return String(decoding: out, as: Unicode.UTF8.self)
    }

    /// The first thing in a `--pattern` template that is not a placeholder,
    /// `{{` or `}}` (SPEC §2), said for a message; nil when there is none.
    package static func problem(in template: String) -> String? {
        firstProblem(in: template, allowsGroups: true)
    }

    /// `{1}` or `{name}`: ASCII letters, digits and `_`.
    static func isGroupName(_ name: String) -> Bool {
        !name.isEmpty && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
    }

    /// The first brace of `template` that is neither `{{`, `}}` nor a
    /// placeholder: `{}` and `{0}` everywhere, `{N}` and `{name}` where
    /// `allowsGroups`; nil when there is none.
    package static func firstProblem(in template: String, allowsGroups: Bool) -> String? {
        var chars = template[...]
        while let c = chars.first {
            chars = chars.dropFirst()
            if c == "{" && chars.first == "{" || c == "}" && chars.first == "}" {
                chars = chars.dropFirst()
                continue
            }
            if c == "}" { return "a '}' without its '{' (write }} for a brace)" }
            guard c == "{" else { continue }
            guard let close = chars.firstIndex(of: "}") else { return "a '{' without its '}' (write {{ for a brace)" }
            let name = String(chars[..<close])
            chars = chars[chars.index(after: close)...]
            if name.isEmpty || name == "0" || allowsGroups && isGroupName(name) { continue }
            let placeholders = allowsGroups
                ? "{} or {0} is the match, {1}… a group, {name} a named group" : "{} or {0} is the value"
            return "{\(name)} is not a placeholder (\(placeholders); {{ and }} are braces)"
        }
        return nil
    }

    /// The part of a URL that follows `prefix`.
    static func part(after prefix: String) -> URLPart {
        let b = Array(prefix.utf8)
        if b.isEmpty { return .whole }
        if b.contains(0x23) { return .fragment }
        if b.contains(0x3F) { return .query }
        if let r = prefix.utf8.firstRange(of: "://".utf8) {
            let afterScheme = prefix.utf8[r.upperBound...]
            return afterScheme.contains(0x2F) ? .path : .authority
        }
        return .path
    }
}
