@_spi(Layers) import LinkifyModel

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
package struct HTMLTokenizer: Sendable {
    /// What a token is.
    package enum Kind: Equatable, Sendable {
        /// Character data, where links may be added.
        case text
        /// The content of a raw-text element (script, style, textarea, title…).
        case rawText
        /// `<name …>`; `name` is lowercased ASCII.
        case startTag(name: TagName)
        /// `</name …>`; `name` is lowercased ASCII.
        case endTag(name: TagName)
        /// `<!-- … -->`.
        case comment
        /// `<![CDATA[ … ]]>`.
        case cdata
        /// `<!DOCTYPE …>`, `<!…>`, `<?…>`, `</…>` that is not an end tag.
        case declaration
    }

    /// One token: its kind and its bytes.
    package struct Token: Equatable, Sendable {
        /// What the token is.
        package var kind: Kind
        /// Its byte range in the input.
        package var range: Range<Int>

        package init(kind: Kind, range: Range<Int>) {
            self.kind = kind
            self.range = range
        }
    }

    /// Elements whose content is raw text up to their end tag (WHATWG HTML
    /// §13.2.6.4.7: RCDATA and RAWTEXT elements, script data, and plaintext).
    package static let rawTextElements: ElementNames = [
        "script", "style", "textarea", "title", "xmp", "iframe", "noembed", "noframes", "noscript", "plaintext",
    ]

    /// Elements that start foreign content (SVG, MathML).
    package static let foreignElements: ElementNames = ["svg", "math"]

    /// Whether `token` (a start tag of `t`) opens SVG or MathML content that
    /// needs an end tag: `<svg/>` closes itself there (§13.2.6.5).
    package static func opensForeignContent(_ token: Token, in t: UnsafeBufferPointer<UInt8>) -> Bool {
        guard case .startTag(let name) = token.kind, foreignElements.contains(name) else { return false }
        let r = token.range
        return !(r.count >= 2 && t[r.upperBound - 1] == 0x3E && t[r.upperBound - 2] == 0x2F)
    }

    /// Calls `body` with each token of `t`, in order. `foreignDepth` is how
    /// many `<svg>`/`<math>` elements are open where `t` starts.
    package static func forEachToken(in t: UnsafeBufferPointer<UInt8>, foreignDepth: Int = 0, _ body: (Token) -> Void) {
        let n = t.count
        var i = 0
        var textStart = 0
        var foreign = foreignDepth
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
            if case .endTag(let name) = kind, foreign > 0, foreignElements.contains(name) { foreign -= 1 }
            if opensForeignContent(Token(kind: kind, range: lt..<end), in: t) { foreign += 1 }
            // In SVG and MathML, `<style>`, `<title>`, `<script>`… hold markup, not
            // raw text (§13.2.6.5): `<svg><style><img title="</style>…">` is one tag.
            if case .startTag(let name) = kind, foreign == 0, rawTextElements.contains(name) {
                let contentEnd = name == "plaintext" ? n : (endTag(named: name, in: t, from: end) ?? n)
                if end < contentEnd { body(Token(kind: .rawText, range: end..<contentEnd)) }
                i = contentEnd
                textStart = contentEnd
            }
        }
        flushText(upTo: n)
    }

    /// All tokens of `t` (for tests and small inputs).
    package static func tokens(in t: UnsafeBufferPointer<UInt8>) -> [Token] {
        var result: [Token] = []
        forEachToken(in: t) { result.append($0) }
        return result
    }

    // MARK: - Markup

    /// The markup token starting with the `<` at `lt`, or nil when that `<` is text.
    package static func markup(_ t: UnsafeBufferPointer<UInt8>, at lt: Int) -> (Kind, Int)? {
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
            if UTF8Bytes.hasPrefix(t, "--", at: lt + 2) {
                return (.comment, commentEnd(t, from: lt + 4))
            }
            // `<![CDATA[` is a CDATA section only in SVG and MathML; in HTML
            // content it is a bogus comment that ends at the first `>`
            // (§13.2.5.42). Taking the shorter reading everywhere means text is
            // never linked where a browser sees a tag (`<![CDATA[ > <img title=" ]]> …">`).
            return (.declaration, through(0x3E, in: t, from: lt + 2))
        case 0x3F: // <? is a bogus comment
            return (.declaration, through(0x3E, in: t, from: lt + 2))
        default:
            return nil
        }
    }

    /// A start or end tag whose name begins at `nameStart`: its lowercased
    /// name and the offset just past its `>` (or the end of the input).
    package static func tag(_ t: UnsafeBufferPointer<UInt8>, nameStart: Int) -> (TagName, Int) {
        let n = t.count
        var i = nameStart
        while i < n, !isTagSpace(t[i]), t[i] != 0x2F, t[i] != 0x3E { i += 1 }
        let name = TagName(t, nameStart..<i)
        var state = TagState()
        let end = scanTag(t, from: i, to: n, &state) ?? n
        return (name, end)
    }

    /// Where a tag's scan stands: inside a quoted or unquoted attribute value, or after `=`.
    package struct TagState: Equatable, Sendable {
        package var quote: UInt8 = 0
        package var afterEquals = false
        package var unquoted = false
        /// The state at a tag's name's end.
        package init() {}
    }

    /// Scans a tag's attributes in `t[i..<limit]` (§13.2.5.32–.38: a quoted
    /// value may hold `>`): the offset just past the closing `>`, or nil when
    /// `limit` comes first, with `state` then saying where the scan stands.
    package static func scanTag(_ t: UnsafeBufferPointer<UInt8>, from i: Int, to limit: Int, _ s: inout TagState) -> Int? {
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
    package static func commentEnd(_ t: UnsafeBufferPointer<UInt8>, from i: Int) -> Int {
        let n = t.count
        if i < n && t[i] == 0x3E { return i + 1 }
        if i + 1 < n && t[i] == 0x2D && t[i + 1] == 0x3E { return i + 2 }
        return commentClose(t, from: i) ?? n
    }

    /// The offset just past the first `-->` or `--!>` at or after `i`: browsers
    /// end a comment at either (§13.2.5.50–.52), so `<!-- --!> <b title="-->…">`
    /// holds a tag, not text.
    package static func commentClose(_ t: UnsafeBufferPointer<UInt8>, from i: Int) -> Int? {
        var k = i
        while let gt = nextByte(0x3E, in: t, from: k) {
            if gt >= i + 2 && t[gt - 1] == 0x2D && t[gt - 2] == 0x2D { return gt + 1 }
            if gt >= i + 3 && t[gt - 1] == 0x21 && t[gt - 2] == 0x2D && t[gt - 3] == 0x2D { return gt + 1 }
            k = gt + 1
        }
        return nil
    }

    /// Where the end tag `</name` (followed by space, `/` or `>`) starts, searching from `i`.
    /// Where a script's content is, as the tokenizer's script data states track it
    /// (WHATWG HTML §13.2.5.4 and §13.2.5.15–.31): `<!--` escapes, and inside an
    /// escape `<script` double-escapes, so that `</script>` does not end the script.
    package struct ScriptEscape: Equatable, Sendable {
        package enum State: Equatable, Sendable { case data, escaped, doubleEscaped }
        package var state = State.data
        /// Dashes just before the current position (`-->` leaves an escape).
        package var dashes = 0
        /// Plain script data, before any `<!--`.
        package init() {}
    }

    /// The start of the `</script` that ends a script whose content is scanned
    /// from `i`, or nil when it is not before `limit`; `escape` holds the state
    /// reached. Markup that starts before `limit` is read whole even past it.
    package static func scriptEnd(in t: UnsafeBufferPointer<UInt8>, from i: Int, limit: Int? = nil,
                          escape: inout ScriptEscape) -> Int? {
        let n = t.count
        let stop = min(limit ?? n, n)
        var k = i
        @inline(__always) func isName(_ at: Int, _ name: StaticString) -> Bool {
            guard UTF8Bytes.hasPrefixIgnoringCase(t, name, at: at) else { return false }
            let after = at + name.utf8CodeUnitCount
            return after == n || isTagSpace(t[after]) || t[after] == 0x2F || t[after] == 0x3E
        }
        while k < stop {
            let b = t[k]
            switch b {
            case 0x3C:
                escape.dashes = 0
                if escape.state == .data && UTF8Bytes.hasPrefix(t, "!--", at: k + 1) {
                    escape.state = .escaped
                    escape.dashes = 2
                    k += 4
                    continue
                }
                if k + 1 < n && t[k + 1] == 0x2F && isName(k + 2, "script") {
                    if escape.state == .doubleEscaped {
                        escape.state = .escaped
                        k += 8
                        continue
                    }
                    return k
                }
                if escape.state == .escaped && isName(k + 1, "script") {
                    escape.state = .doubleEscaped
                    k += 7
                    continue
                }
            case 0x2D:
                escape.dashes += 1
            case 0x3E:
                if escape.state != .data && escape.dashes >= 2 { escape.state = .data }
                escape.dashes = 0
            default:
                escape.dashes = 0
            }
            k += 1
        }
        return nil
    }

    package static func endTag(named name: TagName, in t: UnsafeBufferPointer<UInt8>, from i: Int) -> Int? {
        if name == "script" {
            var escape = ScriptEscape()
            return scriptEnd(in: t, from: i, escape: &escape)
        }
        let n = t.count
        let lower = name.bytes
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
    package static func isTagSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0C || b == 0x0D }

    @inline(__always)
    package static func nextByte(_ byte: UInt8, in t: UnsafeBufferPointer<UInt8>, from i: Int) -> Int? {
        var k = i
        let n = t.count
        while k < n {
            if t[k] == byte { return k }
            k += 1
        }
        return nil
    }

    /// The offset just past the next `byte` at or after `i`, or the end of the input.
    package static func through(_ byte: UInt8, in t: UnsafeBufferPointer<UInt8>, from i: Int) -> Int {
        nextByte(byte, in: t, from: i).map { $0 + 1 } ?? t.count
    }
}
