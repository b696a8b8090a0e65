@_spi(Layers) import LinkifyModel

/// markdown output (SPEC §3): every byte outside entities kept; each entity a
/// link that CommonMark and GFM render to exactly its text and target:
/// `<TARGET>` when the text is the target, else `[TEXT](TARGET)`.
package struct MarkdownRenderer: Renderer {
    let options: RenderOptions

    /// Creates a markdown renderer.
    package init(options: RenderOptions) { self.options = options }

    /// Appends what comes before the first slice.
    package mutating func begin(into out: inout [UInt8]) {}
    /// Appends what comes after the last slice.
    package mutating func finish(into out: inout [UInt8]) {}

    /// Appends `text[range]` with `entities` (sorted, inside `range`) written as this format writes them.
    package mutating func write(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, entities: ArraySlice<Entity>, into out: inout [UInt8]) {
        var at = range.lowerBound
        for entity in entities {
            if entity.isUnlinkedDate && !options.linksDatesInMarkdown { continue }
            // A link to its own ASCII text (`https://…`, not truncated) whose
            // byte before needs nothing is `<text>`, written from the bytes as
            // `append` would write it, with no String made.
            if options.anchors.truncate == nil, entity.target == .text(after: .none),
               entity.start == 0 || (text[entity.start - 1] != 0x5C && text[entity.start - 1] != 0x21),
               case let bytes = UnsafeBufferPointer(rebasing: text[entity.start..<entity.end]), bytes.allSatisfy({ $0 < 0x80 }), MarkdownLink.isAutolinkable(bytes) {
                out.append(contentsOf: UnsafeBufferPointer(rebasing: text[at..<entity.start]))
                out.append(0x3C)
                out.append(contentsOf: bytes)
                out.append(0x3E)
                at = entity.end
                continue
            }
            let display = AnchorText.display(text, entity, truncate: options.anchors.truncate)
            let shown = display.text ?? UTF8Bytes.string(text, entity.start..<entity.end)
            let target = entity.target(in: text)
            switch MarkdownLink.before(text, entity.start, text: shown, target: target) {
            case .asIs:
                out.append(contentsOf: UnsafeBufferPointer(rebasing: text[at..<entity.start]))
            case .escaped where entity.start - 1 >= at:
                // `\!`, `\\`: the one byte outside entities the writer may change (SPEC §3).
                out.append(contentsOf: UnsafeBufferPointer(rebasing: text[at..<entity.start - 1]))
                out.append(0x5C)
                out.append(text[entity.start - 1])
            case .escaped, .unwritable:
                continue   // written as the text it is (a byte already written cannot be escaped)
            }
            MarkdownLink.append(text: shown, target: target, into: &out)
            at = entity.end
        }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: text[at..<range.upperBound]))
    }
}

/// Markdown link syntax that renders to a given text and target.
package enum MarkdownLink {
    /// Appends a link showing `text` and pointing at `target`.
    package static func append(text: String, target: String, into out: inout [UInt8]) {
        if text == target && isAutolinkable(target) {
            out.append("<")
            out.append(target)
            out.append(">")
            return
        }
        out.append("[")
        appendEscapedText(text, into: &out)
        out.append("](")
        appendDestination(target, into: &out)
        out.append(")")
    }

    /// The last byte `append` writes for this link: `>` for an autolink, else `)`.
    package static func lastByte(text: String, target: String) -> UInt8 {
        text == target && isAutolinkable(target) ? 0x3E : 0x29
    }

    /// What a link written at `start` of `t` needs of the byte before it.
    package enum Before: Sendable {
        /// Nothing: the link is written right after it.
        case asIs
        /// It is escaped first: a literal `\` (else `\<`, `\[` would be
        /// escapes) or, before `[…](…)`, a `!` (else an image).
        case escaped
        /// No link can start here: the backslash before it escapes its first character.
        case unwritable
    }

    /// What a link at `start` of `t`, showing `text` and pointing at
    /// `target`, needs of the byte before it (SPEC §3).
    package static func before(_ t: UnsafeBufferPointer<UInt8>, _ start: Int, text: String, target: String) -> Before {
        guard start > 0 else { return .asIs }
        let b = t[start - 1]
        if b == 0x5C {
            guard isEscaped(t, start) else { return .asIs }
            return ByteClass.isASCIIPunctuation(t[start]) ? .unwritable : .escaped
        }
        guard b == 0x21 else { return .asIs }
        // `!`: an escaped one (`\!`) is text already, and `!<…>` is no image.
        if isEscaped(t, start - 1) || lastByte(text: text, target: target) == 0x3E { return .asIs }
        return .escaped
    }

    /// Whether a link can be written at `start` of `t`: not when an unescaped
    /// backslash before it escapes its first character (`before` says
    /// `.unwritable` then, whatever the link's text and target).
    package static func isWritable(_ t: UnsafeBufferPointer<UInt8>, at start: Int) -> Bool {
        !(start < t.count && ByteClass.isASCIIPunctuation(t[start]) && isEscaped(t, start))
    }

    /// Whether the byte at `i` follows an odd run of backslashes (the last escapes it).
    static func isEscaped(_ t: UnsafeBufferPointer<UInt8>, _ i: Int) -> Bool {
        var k = i
        while k > 0 && t[k - 1] == 0x5C { k -= 1 }
        return (i - k) % 2 == 1
    }

    /// The link as a String.
    package static func link(text: String, target: String) -> String {
        var out: [UInt8] = []
        append(text: text, target: target, into: &out)
        return String(decoding: out, as: Unicode.UTF8.self)
    }

    /// Whether `<target>` is a CommonMark autolink showing exactly `target`:
    /// a scheme of 2–32 characters, a colon, and no space, `<`, `>`, `\`, `&`
    /// or control character.
    static func isAutolinkable(_ target: String) -> Bool {
        var target = target
        return target.withUTF8 { isAutolinkable($0) }
    }

    static func isAutolinkable(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let colon = bytes.firstIndex(of: 0x3A), colon >= 2, colon <= 32, ByteClass.isAlpha(bytes[0]) else { return false }
        for b in bytes[1..<colon] where !(ByteClass.isAlnum(b) || b == 0x2B || b == 0x2E || b == 0x2D) { return false }
        for b in bytes where b <= 0x20 || b == 0x7F || b == 0x3C || b == 0x3E || b == 0x5C || b == 0x26 { return false }
        return true
    }

    /// Characters that could start Markdown syntax inside link text.
    static let textSpecials: Set<UInt8> = Set("\\`*_[]<>&!|~".utf8)

    static func appendEscapedText(_ text: String, into out: inout [UInt8]) {
        for b in text.utf8 {
            if b == 0x60 {
                // A backslash does not stop a backtick from closing a code span
                // opened before the link (CommonMark §6.1): `&#96;` has no backtick.
                out.append("&#96;")
                continue
            }
            if textSpecials.contains(b) { out.append(0x5C) }
            out.append(b)
        }
    }

    /// A link destination: spaces and controls percent-encoded, `\` and
    /// unbalanced parentheses backslash-escaped, `&` written as `&amp;`.
    static func appendDestination(_ target: String, into out: inout [UInt8]) {
        let bytes = Array(target.utf8)
        // Parentheses that pair up stay; the others are escaped.
        var balanced = [Bool](repeating: false, count: bytes.count)
        var open: [Int] = []
        for (i, b) in bytes.enumerated() {
            if b == 0x28 { open.append(i) } else if b == 0x29, let o = open.popLast() {
                if open.count < 32 { balanced[o] = true; balanced[i] = true }
            }
        }
        for (i, b) in bytes.enumerated() {
            switch b {
            case 0x00...0x20, 0x7F:
                out.append(0x25)
                out.append(ByteClass.hexDigit(b >> 4))
                out.append(ByteClass.hexDigit(b & 0xF))
            case 0x5C:
                out.append(0x5C)
                out.append(b)
            case 0x26:
                // cmark decodes entities before backslash escapes in destinations,
                // so `\&amp;` would lose its `amp;`: write the entity instead.
                out.append("&amp;")
            case 0x3C where i == 0:
                out.append(0x5C)
                out.append(b)
            case 0x28, 0x29:
                if !balanced[i] { out.append(0x5C) }
                out.append(b)
            default:
                out.append(b)
            }
        }
    }
}
