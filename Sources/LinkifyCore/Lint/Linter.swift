@_spi(Layers) import LinkifyModel
import LinkifyRendering
import LinkifyFinding
import LinkifyInput

/// Finds what `lint` reports in one document: each entity that annotate would
/// turn into a link, read by the document's own reader (so nothing inside
/// code, existing links or markup counts), less what disable comments turn off.
///
/// A date that annotate would show as a date rather than link is not bare.
public struct Linter: Sendable {
    /// How the document is read.
    public let format: InputFormat
    /// What is looked for.
    public let finder: EntityFinder

    /// Creates a linter for documents of `format`.
    public init(format: InputFormat, finder: EntityFinder) {
        self.format = format
        self.finder = finder
    }

    /// What one document holds: the findings, and the entities they stand for
    /// (what `--fix` links), in the same order.
    public struct Result: Sendable {
        /// The findings, in document order.
        public var findings: [LintFinding] = []
        /// The entity behind each finding.
        public var entities: [Entity] = []
    }

    /// Lints `document`, naming it `path` in the findings.
    public func lint(_ document: UnsafeBufferPointer<UInt8>, path: String) -> Result {
        // Markdown: nothing inside `<code>`, `<kbd>`, `<a>` … or comments, with
        // gfm too (markdownlint's MD034), by the reader's own skipping.
        let reader: any DocumentReader = format == .markdown ? MarkdownReader(skipsRawElementsWithGFM: true) : format.reader
        let found = reader.entities(in: document, finder: finder).filter { !$0.isUnlinkedDate }
        var result = Result()
        guard !found.isEmpty else { return result }
        let suppressions = LintSuppressions(document)
        var tracker = PositionTracker()
        for entity in found {
            tracker.advance(over: document, tracker.byte..<entity.start)
            let start = SourceLocation(line: tracker.line, column: tracker.column)
            tracker.advance(over: document, entity.start..<entity.end)
            let end = SourceLocation(line: tracker.line, column: tracker.column)
            let rule = LintRule(entity.kind)
            if suppressions.isSuppressed(rule, line: start.line) { continue }
            result.findings.append(LintFinding(path: path, rule: rule, text: UTF8Bytes.string(document, entity.range),
                                               target: entity.target(in: document), start: start, end: end, range: entity.range))
            result.entities.append(entity)
        }
        return result
    }

    /// `document` with `entities` written as links in its own syntax (SPEC §6
    /// `--fix`): Markdown links in Markdown, anchors in HTML; nil for plain
    /// text, which is reported but never changed.
    public func fixed(_ document: UnsafeBufferPointer<UInt8>, entities: [Entity]) -> [UInt8]? {
        let output: OutputFormat
        switch format {
        case .markdown: output = .markdown
        case .html: output = .html
        case .text: return nil
        }
        var renderer = makeRenderer(RenderOptions(format: output, input: format))
        var out: [UInt8] = []
        out.reserveCapacity(document.count + entities.count * 16)
        Annotator.render(document, entities: entities, renderer: &renderer, into: &out)
        return out
    }
}
