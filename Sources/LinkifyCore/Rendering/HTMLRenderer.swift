/// html output (SPEC §3): bytes outside entities kept (plain text HTML-escaped),
/// each entity an `<a href="…">`, dates a `<time datetime="…">`.
public struct HTMLRenderer: Renderer {
    let options: RenderOptions
    let escapesText: Bool

    /// Creates an html renderer.
    public init(options: RenderOptions) {
        self.options = options
        self.escapesText = options.input == .text
    }

    /// Appends what comes before the first slice.
    public mutating func begin(into out: inout [UInt8]) {}
    /// Appends what comes after the last slice.
    public mutating func finish(into out: inout [UInt8]) {}

    /// Appends `text[range]` with `entities` (sorted, inside `range`) written as this format writes them.
    public mutating func write(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, entities: ArraySlice<Entity>, into out: inout [UInt8]) {
        var at = range.lowerBound
        for entity in entities {
            copy(text, at..<entity.start, into: &out)
            anchor(text, entity, into: &out)
            at = entity.end
        }
        copy(text, at..<range.upperBound, into: &out)
    }

    @inline(__always)
    private func copy(_ text: UnsafeBufferPointer<UInt8>, _ r: Range<Int>, into out: inout [UInt8]) {
        guard !r.isEmpty else { return }
        if escapesText {
            HTMLEscaping.appendEscaped(text, r, into: &out)
        } else {
            out.append(contentsOf: UnsafeBufferPointer(rebasing: text[r]))
        }
    }

    /// Appends the entity's target escaped, from the input bytes when it is
    /// the entity's text: no String per link. Text that is not ASCII goes
    /// through the String, which repairs invalid UTF-8.
    @inline(__always)
    private func appendTarget(_ text: UnsafeBufferPointer<UInt8>, _ entity: Entity, into out: inout [UInt8]) {
        if case .text(let prefix) = entity.target, HTMLEscaping.isASCII(text, entity.range) {
            out.append(prefix.literal)
            HTMLEscaping.appendEscaped(text, entity.range, into: &out)
        } else {
            HTMLEscaping.appendEscaped(entity.target(in: text), into: &out)
        }
    }

    private func anchor(_ text: UnsafeBufferPointer<UInt8>, _ entity: Entity, into out: inout [UInt8]) {
        let isTime = entity.isUnlinkedDate
        if isTime {
            out.append("<time datetime=\"")
            HTMLEscaping.appendEscaped(entity.target(in: text), into: &out)
            out.append("\"")
        } else {
            out.append("<a href=\"")
            appendTarget(text, entity, into: &out)
            out.append("\"")
        }
        let display = AnchorText.display(text, entity, truncate: options.anchors.truncate)
        if !isTime {
            if let template = options.anchors.classTemplate {
                out.append(" class=\"")
                HTMLEscaping.appendEscaped(template.replacing("{kind}", with: entity.kind.rawValue), into: &out)
                out.append("\"")
            }
            if display.truncated {
                out.append(" title=\"")
                appendTarget(text, entity, into: &out)
                out.append("\"")
            }
            var hasRel = false
            var opensBlank = false
            for (name, value) in options.anchors.attributes {
                if name.lowercased() == "rel" { hasRel = true }
                if name.lowercased() == "target" && value == "_blank" { opensBlank = true }
                out.append(" ")
                HTMLEscaping.appendEscaped(name, into: &out)
                out.append("=\"")
                HTMLEscaping.appendEscaped(value, into: &out)
                out.append("\"")
            }
            if opensBlank && !hasRel { out.append(" rel=\"noopener\"") }
        }
        out.append(">")
        if let shortened = display.text {
            HTMLEscaping.appendEscaped(shortened, into: &out)
        } else {
            copy(text, entity.start..<entity.end, into: &out)
        }
        out.append(isTime ? "</time>" : "</a>")
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
public enum HTMLEscaping {
    @inline(__always)
    static func needsEscape(_ b: UInt8) -> Bool {
        b == 0x26 || b == 0x3C || b == 0x3E || b == 0x22 || b == 0x27
    }

    /// Whether `t[r]` is all ASCII.
    @inline(__always)
    static func isASCII(_ t: UnsafeBufferPointer<UInt8>, _ r: Range<Int>) -> Bool {
        let slice = UnsafeBufferPointer(rebasing: t[..<r.upperBound])
        return ByteSearch.first(in: slice, from: r.lowerBound, block: { v in v .>= ByteSearch.splat(0x80) },
                                matches: { $0 >= 0x80 }) == r.upperBound
    }

    /// Appends `t[r]` with `& < > " '` replaced by character references.
    @inline(__always)
    static func appendEscaped(_ t: UnsafeBufferPointer<UInt8>, _ r: Range<Int>, into out: inout [UInt8]) {
        // Runs without a special byte are found sixteen bytes at a time and copied whole.
        let slice = UnsafeBufferPointer(rebasing: t[..<r.upperBound])
        var run = r.lowerBound
        while run < r.upperBound {
            let i = ByteSearch.first(in: slice, from: run, block: { v in
                (v .== ByteSearch.splat(0x26)) .| (v .== ByteSearch.splat(0x3C)) .| (v .== ByteSearch.splat(0x3E)) .| (v .== ByteSearch.splat(0x22)) .| (v .== ByteSearch.splat(0x27))
            }, matches: needsEscape)
            if run < i { out.append(contentsOf: UnsafeBufferPointer(rebasing: t[run..<i])) }
            guard i < r.upperBound else { return }
            switch t[i] {
            case 0x26: out.append("&amp;")
            case 0x3C: out.append("&lt;")
            case 0x3E: out.append("&gt;")
            case 0x22: out.append("&quot;")
            default: out.append("&#39;")
            }
            run = i + 1
        }
    }

    /// Appends `s` escaped.
    public static func appendEscaped(_ s: String, into out: inout [UInt8]) {
        var s = s
        s.withUTF8 { appendEscaped($0, 0..<$0.count, into: &out) }
    }

    /// `s` escaped.
    public static func escaped(_ s: String) -> String {
        var out: [UInt8] = []
        appendEscaped(s, into: &out)
        return String(decoding: out, as: Unicode.UTF8.self)
    }
}

