/// Splits HTML into tokens — text, tags, comments, CDATA sections, doctypes —
/// as byte ranges that together cover the input exactly, in order.
///
/// It follows the shape of the WHATWG HTML tokenizer (§13.2.5) without
/// building a tree: a `<` that does not start markup is text; a tag's
/// attribute values are skipped with their quotes, so a `>` inside
/// `title="a > b"` does not end the tag; the content of raw-text elements
/// (`<script>`, `<style>`, `<textarea>`, `<title>` …) is one token that ends
/// only at the matching end tag. Markup left open at the end of the input
/// runs to the end. Every byte belongs to exactly one token, so nothing is
/// ever lost, whatever the input.
public struct HTMLTokenizer: Sendable {
    /// What a token is.
    public enum Kind: Equatable, Sendable {
        /// Character data, where links may be added.
        case text
        /// The content of a raw-text element (script, style, textarea, title…).
        case rawText
        /// `<name …>`; `name` is lowercased ASCII.
        case startTag(name: String)
        /// `</name …>`; `name` is lowercased ASCII.
        case endTag(name: String)
        /// `<!-- … -->`.
        case comment
        /// `<![CDATA[ … ]]>`.
        case cdata
        /// `<!DOCTYPE …>`, `<!…>`, `<?…>`, `</…>` that is not an end tag.
        case declaration
    }

    /// One token: its kind and its bytes.
    public struct Token: Equatable, Sendable {
        /// What the token is.
        public var kind: Kind
        /// Its byte range in the input.
        public var range: Range<Int>
    }

    /// Elements whose content is raw text up to their end tag (WHATWG HTML
    /// §13.2.6.4.7: RCDATA and RAWTEXT elements, script data, and plaintext).
    public static let rawTextElements: Set<String> = [
        "script", "style", "textarea", "title", "xmp", "iframe", "noembed", "noframes", "plaintext",
    ]

    /// Calls `body` with each token of `t`, in order.
    public static func forEachToken(in t: UnsafeBufferPointer<UInt8>, _ body: (Token) -> Void) {
        let n = t.count
        var i = 0
        var textStart = 0
        @inline(__always) func flushText(upTo end: Int) {
            if textStart < end { body(Token(kind: .text, range: textStart..<end)) }
        }
        while i < n {
            guard let lt = nextByte(0x3C, in: t, from: i) else { break }
            guard let (kind, end) = markup(t, at: lt) else {
                i = lt + 1
                continue
            }
            flushText(upTo: lt)
            body(Token(kind: kind, range: lt..<end))
            i = end
            textStart = end
            if case .startTag(let name) = kind, rawTextElements.contains(name) {
                let contentEnd = name == "plaintext" ? n : (endTag(named: name, in: t, from: end) ?? n)
                if end < contentEnd { body(Token(kind: .rawText, range: end..<contentEnd)) }
                i = contentEnd
                textStart = contentEnd
            }
        }
        flushText(upTo: n)
    }

    /// All tokens of `t` (for tests and small inputs).
    public static func tokens(in t: UnsafeBufferPointer<UInt8>) -> [Token] {
        var result: [Token] = []
        forEachToken(in: t) { result.append($0) }
        return result
    }

    // MARK: - Markup

    /// The markup token starting with the `<` at `lt`, or nil when that `<` is text.
    static func markup(_ t: UnsafeBufferPointer<UInt8>, at lt: Int) -> (Kind, Int)? {
        let n = t.count
        guard lt + 1 < n else { return nil }
        let b = t[lt + 1]
        if ByteClass.isAlpha(b) && b < 0x80 {
            let (name, end) = tag(t, nameStart: lt + 1)
            return (.startTag(name: name), end)
        }
        switch b {
        case 0x2F: // </
            guard lt + 2 < n else { return nil }
            let c = t[lt + 2]
            if ByteClass.isAlpha(c) && c < 0x80 {
                let (name, end) = tag(t, nameStart: lt + 2)
                return (.endTag(name: name), end)
            }
            // `</>` is dropped by browsers; `</` + other is a bogus comment (§13.2.5.7).
            return (.declaration, through(0x3E, in: t, from: lt + 2))
        case 0x21: // <!
            if hasPrefix(t, lt + 2, "--") {
                return (.comment, commentEnd(t, from: lt + 4))
            }
            if hasPrefix(t, lt + 2, "[CDATA[") {
                return (.cdata, search(t, "]]>", from: lt + 9).map { $0 + 3 } ?? n)
            }
            return (.declaration, through(0x3E, in: t, from: lt + 2))
        case 0x3F: // <? is a bogus comment
            return (.declaration, through(0x3E, in: t, from: lt + 2))
        default:
            return nil
        }
    }

    /// A start or end tag whose name begins at `nameStart`: its lowercased
    /// name and the offset just past its `>` (or the end of the input).
    static func tag(_ t: UnsafeBufferPointer<UInt8>, nameStart: Int) -> (String, Int) {
        let n = t.count
        var i = nameStart
        var name: [UInt8] = []
        while i < n, !isTagSpace(t[i]), t[i] != 0x2F, t[i] != 0x3E {
            if name.count < 32 { name.append(ByteClass.lower(t[i])) }
            i += 1
        }
        var state = TagState()
        let end = scanTag(t, from: i, to: n, &state) ?? n
        return (String(decoding: name, as: UTF8.self), end)
    }

    /// Where a tag's scan stands: inside a quoted or unquoted attribute value, or after `=`.
    public struct TagState: Equatable, Sendable {
        var quote: UInt8 = 0
        var afterEquals = false
        var unquoted = false
        /// The state at a tag's name's end.
        public init() {}
    }

    /// Scans a tag's attributes in `t[i..<limit]` (§13.2.5.32–.38: a quoted
    /// value may hold `>`): the offset just past the closing `>`, or nil when
    /// `limit` comes first, with `state` then saying where the scan stands.
    static func scanTag(_ t: UnsafeBufferPointer<UInt8>, from i: Int, to limit: Int, _ s: inout TagState) -> Int? {
        var i = i
        while i < limit {
            let b = t[i]
            i += 1
            if s.quote != 0 {
                if b == s.quote { s.quote = 0 }
                continue
            }
            if s.unquoted {
                if isTagSpace(b) { s.unquoted = false } else if b == 0x3E { return i }
                continue
            }
            if s.afterEquals {
                if isTagSpace(b) { continue }
                s.afterEquals = false
                if b == 0x22 || b == 0x27 { s.quote = b; continue }
                if b == 0x3E { return i }
                s.unquoted = true
                continue
            }
            if b == 0x3E { return i }
            if b == 0x3D { s.afterEquals = true }
        }
        return nil
    }

    /// The offset just past a comment's `-->` (or `<!-->`, `<!--->`, §13.2.5.43), searching from `i`.
    static func commentEnd(_ t: UnsafeBufferPointer<UInt8>, from i: Int) -> Int {
        let n = t.count
        if i < n && t[i] == 0x3E { return i + 1 }
        if i + 1 < n && t[i] == 0x2D && t[i + 1] == 0x3E { return i + 2 }
        return search(t, "-->", from: i).map { $0 + 3 } ?? n
    }

    /// Where the end tag `</name` (followed by space, `/` or `>`) starts, searching from `i`.
    static func endTag(named name: String, in t: UnsafeBufferPointer<UInt8>, from i: Int) -> Int? {
        let n = t.count
        let lower = Array(name.utf8)
        var k = i
        while let lt = nextByte(0x3C, in: t, from: k) {
            k = lt + 1
            guard lt + 2 + lower.count <= n, t[lt + 1] == 0x2F else { continue }
            var same = true
            for (j, c) in lower.enumerated() where ByteClass.lower(t[lt + 2 + j]) != c { same = false; break }
            guard same else { continue }
            let after = lt + 2 + lower.count
            if after == n || isTagSpace(t[after]) || t[after] == 0x2F || t[after] == 0x3E { return lt }
        }
        return nil
    }

    // MARK: - Byte helpers

    @inline(__always)
    static func isTagSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0C || b == 0x0D }

    @inline(__always)
    static func nextByte(_ byte: UInt8, in t: UnsafeBufferPointer<UInt8>, from i: Int) -> Int? {
        var k = i
        let n = t.count
        while k < n {
            if t[k] == byte { return k }
            k += 1
        }
        return nil
    }

    /// The offset just past the next `byte` at or after `i`, or the end of the input.
    static func through(_ byte: UInt8, in t: UnsafeBufferPointer<UInt8>, from i: Int) -> Int {
        nextByte(byte, in: t, from: i).map { $0 + 1 } ?? t.count
    }

    static func hasPrefix(_ t: UnsafeBufferPointer<UInt8>, _ i: Int, _ s: StaticString) -> Bool {
        let m = s.utf8CodeUnitCount
        guard i + m <= t.count else { return false }
        let p = s.utf8Start
        for j in 0..<m where t[i + j] != p[j] { return false }
        return true
    }

    /// Where `s` next occurs at or after `i`.
    static func search(_ t: UnsafeBufferPointer<UInt8>, _ s: StaticString, from i: Int) -> Int? {
        let first = s.utf8Start[0]
        var k = i
        while let at = nextByte(first, in: t, from: k) {
            if hasPrefix(t, at, s) { return at }
            k = at + 1
        }
        return nil
    }
}
