@_spi(Layers) import LinkifyModel

/// Writes text with its entities in one output format.
///
/// A renderer sees every byte of one input exactly once, in order, through
/// `write` calls whose ranges follow one another; each call brings the
/// entities that lie inside its range. Output is appended to `out`.
package protocol Renderer {
    /// Writes what comes before the first byte of the input.
    mutating func begin(into out: inout [UInt8])
    /// Writes `text[range]`; `entities` lie inside `range`, sorted and disjoint,
    /// with offsets into `text`.
    mutating func write(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, entities: ArraySlice<Entity>, into out: inout [UInt8])
    /// Writes what comes after the last byte of the input.
    mutating func finish(into out: inout [UInt8])
}

extension Renderer {
    /// Writes `text[range]` with `entities` (sorted, disjoint, inside `range`).
    package mutating func write(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, entities: [Entity], into out: inout [UInt8]) {
        write(text, range, entities: entities[...], into: &out)
    }
}

/// How anchors look in html and markdown output (`--attr`, `--class`, `--truncate`).
package struct AnchorOptions: Sendable {
    /// Extra attributes on every anchor, in order.
    package var attributes: [(name: String, value: String)]
    /// Class attribute template; `{kind}` expands to the entity kind.
    package var classTemplate: String?
    /// Display text longer than this many characters is shortened with `…`.
    package var truncate: Int?

    /// Creates anchor options; the defaults add nothing.
    package init(attributes: [(name: String, value: String)] = [], classTemplate: String? = nil, truncate: Int? = nil) {
        self.attributes = attributes
        self.classTemplate = classTemplate
        self.truncate = truncate
    }
}

/// Everything a renderer needs to know besides the text.
package struct RenderOptions: Sendable {
    /// The output format.
    package var format: OutputFormat
    /// The input format: plain text is HTML-escaped in html output.
    package var input: InputFormat
    /// Unit of JSON offsets.
    package var offsets: OffsetUnit
    /// The path written in JSON (`-` for standard input).
    package var path: String
    /// Anchor options for html and markdown output.
    package var anchors: AnchorOptions
    /// Whether dates become links in markdown output (`--date-url` given).
    package var linksDatesInMarkdown: Bool

    /// Creates render options.
    package init(format: OutputFormat, input: InputFormat = .text, offsets: OffsetUnit = .scalar, path: String = "-",
                anchors: AnchorOptions = AnchorOptions(), linksDatesInMarkdown: Bool = false) {
        self.format = format
        self.input = input
        self.offsets = offsets
        self.path = path
        self.anchors = anchors
        self.linksDatesInMarkdown = linksDatesInMarkdown
    }
}

/// Makes the renderer for a set of options. HTML input written as Markdown
/// gets HTML anchors: every byte of it is raw HTML to a Markdown renderer
/// (inside an HTML block Markdown's link syntax is not read), and an anchor
/// is a link wherever it stands.
package func makeRenderer(_ options: RenderOptions) -> any Renderer {
    switch options.format {
    case .html: return HTMLRenderer(options: options)
    case .markdown where options.input == .html: return HTMLRenderer(options: options)
    case .markdown: return MarkdownRenderer(options: options)
    case .json, .jsonl: return JSONRenderer(options: options)
    }
}

extension Array where Element == UInt8 {
    @inline(__always)
    package mutating func append(_ s: StaticString) {
        append(contentsOf: UnsafeBufferPointer(start: s.utf8Start, count: s.utf8CodeUnitCount))
    }

    @inline(__always)
    package mutating func append(_ s: String) {
        var s = s
        s.withUTF8 { append(contentsOf: $0) }
    }
}
