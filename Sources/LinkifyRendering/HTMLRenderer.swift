@_spi(Layers) import LinkifyModel

/// html output (SPEC §3): bytes outside entities kept (plain text HTML-escaped),
/// each entity an `<a href="…">`, dates a `<time datetime="…">`.
package struct HTMLRenderer: Renderer {
    let options: RenderOptions
    let escapesText: Bool
    /// Whether anchors get more than `href` (`--class`, `--attr`, `--truncate`).
    let hasAnchorOptions: Bool
    var writer = ByteWriter()

    /// Creates an html renderer.
    package init(options: RenderOptions) {
        self.options = options
        self.escapesText = options.input == .text
        self.hasAnchorOptions = options.anchors.classTemplate != nil || !options.anchors.attributes.isEmpty
            || options.anchors.truncate != nil
    }

    /// Appends what comes before the first slice.
    package mutating func begin(into out: inout [UInt8]) {}
    /// Appends what comes after the last slice.
    package mutating func finish(into out: inout [UInt8]) {}

    /// Appends `text[range]` with `entities` (sorted, inside `range`) written as this format writes them.
    package mutating func write(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, entities: ArraySlice<Entity>, into out: inout [UInt8]) {
        writer.begin()
        var at = range.lowerBound
        for entity in entities {
            copy(text, at..<entity.start)
            anchor(text, entity)
            at = entity.end
        }
        copy(text, at..<range.upperBound)
        writer.flush(into: &out)
    }

    @inline(__always)
    private func copy(_ text: UnsafeBufferPointer<UInt8>, _ r: Range<Int>) {
        guard !r.isEmpty else { return }
        if escapesText {
            writer.appendEscaped(text, r)
        } else {
            writer.append(text, r)
        }
    }

    /// Appends the entity's target escaped, from the input bytes when it is
    /// the entity's text: no String per link. Text that is not ASCII goes
    /// through the String, which repairs invalid UTF-8. Returns where the
    /// escaped entity text was written, when it was.
    @inline(__always)
    @discardableResult
    private func appendTarget(_ text: UnsafeBufferPointer<UInt8>, _ entity: Entity) -> Range<Int>? {
        if case .text(let prefix) = entity.target {
            let mark = writer.count
            writer.append(prefix.literal)
            let start = writer.count
            if writer.appendEscapedIfASCII(text, entity.range) { return start..<writer.count }
            writer.truncate(to: mark)
        }
        writer.appendEscaped(entity.target(in: text))
        return nil
    }

    private func anchor(_ text: UnsafeBufferPointer<UInt8>, _ entity: Entity) {
        let isTime = entity.isUnlinkedDate
        if isTime {
            writer.append("<time datetime=\"")
            // A range's value is `START/END`; the attribute takes its start (SPEC §3).
            let value = entity.target(in: text)
            if let slash = value.utf8.firstIndex(of: 0x2F) {
                writer.appendEscaped(String(value[..<slash]))
            } else {
                writer.appendEscaped(value)
            }
            writer.append(0x22)
        }
        var escapedText: Range<Int>?
        if !isTime {
            writer.append("<a href=\"")
            escapedText = appendTarget(text, entity)
            writer.append(0x22)
        }
        if !hasAnchorOptions {
            writer.append(0x3E)
            if escapesText, let escaped = escapedText {
                writer.appendCopy(ofWritten: escaped)   // the text shown is the href's text, escaped alike
            } else {
                copy(text, entity.start..<entity.end)
            }
            writer.append(isTime ? "</time>" : "</a>")
            return
        }
        let display = AnchorText.display(text, entity, truncate: options.anchors.truncate)
        if !isTime {
            if let template = options.anchors.classTemplate {
                writer.append(" class=\"")
                writer.appendEscaped(template.replacing("{kind}", with: entity.kind.rawValue))
                writer.append(0x22)
            }
            if display.truncated {
                writer.append(" title=\"")
                appendTarget(text, entity)
                writer.append(0x22)
            }
            var hasRel = false
            var opensBlank = false
            for (name, value) in options.anchors.attributes {
                if name.lowercased() == "rel" { hasRel = true }
                if name.lowercased() == "target" && value == "_blank" { opensBlank = true }
                writer.append(0x20)
                writer.appendEscaped(name)
                writer.append("=\"")
                writer.appendEscaped(value)
                writer.append(0x22)
            }
            if opensBlank && !hasRel { writer.append(" rel=\"noopener\"") }
        }
        writer.append(0x3E)
        if let shortened = display.text {
            writer.appendEscaped(shortened)
        } else {
            copy(text, entity.start..<entity.end)
        }
        writer.append(isTime ? "</time>" : "</a>")
    }
}

/// The text shown for an entity, shortened by `--truncate`.
enum AnchorText {
    /// `text` is nil when the source bytes are shown as they are.
    static func display(_ t: UnsafeBufferPointer<UInt8>, _ e: Entity, truncate: Int?) -> (text: String?, truncated: Bool) {
        guard let limit = truncate else { return (nil, false) }
        let s = UTF8Bytes.string(t, e.start..<e.end)
        guard s.count > limit else { return (nil, false) }
        return (String(s.prefix(max(0, limit - 1))) + "…", true)
    }
}

/// HTML escaping of text and attribute values: `& < > " '`.
package enum HTMLEscaping {
    @inline(__always)
    static func needsEscape(_ b: UInt8) -> Bool {
        b == 0x26 || b == 0x3C || b == 0x3E || b == 0x22 || b == 0x27
    }

    /// Calls `run` for each run of `t[r]` without a special byte and
    /// `reference` for the character reference of each special byte, in order.
    @inline(__always)
    static func forEachPiece(_ t: UnsafeBufferPointer<UInt8>, _ r: Range<Int>, run: (Range<Int>) -> Void,
                             reference: (StaticString) -> Void) {
        // Runs without a special byte are found sixteen bytes at a time and copied
        // whole; the search may read a block past the range, so that a short
        // range has no byte-by-byte tail.
        var at = r.lowerBound
        while at < r.upperBound {
            let i = ByteSearch.first(in: t, from: at, before: r.upperBound, block: { v in
                (v .== ByteSearch.splat(0x26)) .| (v .== ByteSearch.splat(0x3C)) .| (v .== ByteSearch.splat(0x3E)) .| (v .== ByteSearch.splat(0x22)) .| (v .== ByteSearch.splat(0x27))
            }, matches: needsEscape)
            if at < i { run(at..<i) }
            guard i < r.upperBound else { return }
            reference(self.reference(for: t[i]))
            at = i + 1
        }
    }

    /// The character reference that `escapeByte` (one of `& < > " '`) is written as.
    @inline(__always)
    static func reference(for escapeByte: UInt8) -> StaticString {
        switch escapeByte {
        case 0x26: return "&amp;"
        case 0x3C: return "&lt;"
        case 0x3E: return "&gt;"
        case 0x22: return "&quot;"
        default: return "&#39;"
        }
    }

    /// Appends `t[r]` with `& < > " '` replaced by character references.
    @inline(__always)
    static func appendEscaped(_ t: UnsafeBufferPointer<UInt8>, _ r: Range<Int>, into out: inout [UInt8]) {
        forEachPiece(t, r, run: { out.append(contentsOf: UnsafeBufferPointer(rebasing: t[$0])) }, reference: { out.append($0) })
    }

    /// Appends `s` escaped.
    package static func appendEscaped(_ s: String, into out: inout [UInt8]) {
        var s = s
        s.withUTF8 { appendEscaped($0, 0..<$0.count, into: &out) }
    }

    /// `s` escaped.
    package static func escaped(_ s: String) -> String {
        var out: [UInt8] = []
        appendEscaped(s, into: &out)
        return String(decoding: out, as: Unicode.UTF8.self)
    }
}

