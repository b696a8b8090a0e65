@_spi(Layers) import LinkifyModel
import LinkifyRendering
import LinkifyFinding
import LinkifyInput

/// Finds what `lint` reports in one document: each entity that annotate would
/// turn into a link, read by the document's own reader (so nothing inside
/// code, existing links or markup counts), less what disable comments turn off.
///
/// Lint is a sink of the annotation pipeline (`Annotator`): the entities
/// reach a `LintSink` instead of a renderer, so lint finds what annotate
/// finds, reading text and HTML as a stream in bounded memory (SPEC §7) and
/// Markdown whole, as annotate does.
///
/// A date that annotate would show as a date rather than link is not bare.
package struct Linter: Sendable {
    /// How the document is read.
    package let format: InputFormat
    /// What is looked for.
    package let finder: EntityFinder

    /// Creates a linter for documents of `format`.
    package init(format: InputFormat, finder: EntityFinder) {
        self.format = format
        self.finder = finder
    }

    /// What one document holds: the findings, and the entities they stand for
    /// (what `--fix` links), in the same order.
    package struct Result: Sendable {
        /// The findings, in document order.
        package var findings: [LintFinding] = []
        /// The entity behind each finding, with offsets into the document.
        package var entities: [Entity] = []
    }

    /// Lints `document`, naming it `path` in the findings.
    package func lint(_ document: UnsafeBufferPointer<UInt8>, path: String) -> Result {
        let found = Found()
        var annotator = annotator(path: path, fileWide: Self.fileWide(document), expectedSize: document.count) { findings, entities in
            found.result.findings += findings
            found.result.entities += entities
            return []
        }
        var out: [UInt8] = []
        annotator.feed(document, into: &out)
        annotator.finish(into: &out)
        return found.result
    }

    /// What a collecting sink gathers.
    private final class Found { var result = Result() }

    /// An annotator that lints what it is fed: `report` is handed the findings
    /// of each settled stretch, in document order, with their entities
    /// (offsets into the document), and returns the bytes to write for them
    /// (a reporter's), which the annotator's output receives.
    /// - Parameter fileWide: the kinds markdownlint's file-wide comments turn
    ///   off (`fileWide(_:)`, or `FileWideScan` over a file read before).
    package func annotator(path: String, fileWide: EntityKinds, expectedSize: Int? = nil, sliceSize: Int = 64 * 1024,
                           report: @escaping ([LintFinding], [Entity]) -> [UInt8]) -> Annotator {
        // Markdown: nothing inside `<code>`, `<kbd>`, `<a>` … or comments, with
        // gfm too (markdownlint's MD034), by the reader's own skipping.
        let reader: any DocumentReader = format == .markdown ? MarkdownReader(skipsRawElementsWithGFM: true) : format.reader
        return Annotator(input: format, finder: finder, renderer: LintSink(path: path, report: report), sliceSize: sliceSize,
                         expectedSize: expectedSize, comments: DisableStream(markdownlint: true, fileWide: fileWide), reader: reader)
    }

    /// The kinds markdownlint's file-wide comments in `document` turn off.
    package static func fileWide(_ document: UnsafeBufferPointer<UInt8>) -> EntityKinds {
        var scan = FileWideScan()
        scan.look(in: document)
        return scan.off
    }

    /// `document` with `entities` written as links in its own syntax (SPEC §6
    /// `--fix`): Markdown links in Markdown, anchors in HTML; nil for plain
    /// text, which is reported but never changed.
    package func fixed(_ document: UnsafeBufferPointer<UInt8>, entities: [Entity]) -> [UInt8]? {
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

/// The sink lint puts where annotate puts a renderer: it sees every byte once,
/// in order, keeps the line and column, and turns each entity into a finding.
struct LintSink: Renderer {
    let path: String
    let report: ([LintFinding], [Entity]) -> [UInt8]
    /// Bytes seen so far, and the 1-based line and column (in scalars) where they end.
    var byte = 0, line = 1, column = 1

    func begin(into out: inout [UInt8]) {}
    func finish(into out: inout [UInt8]) {}

    mutating func write(_ t: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, entities: ArraySlice<Entity>, into out: inout [UInt8]) {
        let shift = byte - range.lowerBound
        var at = range.lowerBound
        var findings: [LintFinding] = [], found: [Entity] = []
        for entity in entities where !entity.isUnlinkedDate {
            move(over: t, at..<entity.start)
            let start = SourceLocation(line: line, column: column)
            move(over: t, entity.start..<entity.end)
            let end = SourceLocation(line: line, column: column)
            at = entity.end
            let inDocument = entity.shifted(by: shift)
            findings.append(LintFinding(path: path, rule: LintRule(entity.kind), text: UTF8Bytes.string(t, entity.range),
                                        target: entity.target(in: t), start: start, end: end, range: inDocument.range))
            found.append(inDocument)
        }
        move(over: t, at..<range.upperBound)
        if !findings.isEmpty { out += report(findings, found) }
    }

    /// Moves over `t[r]`: its line feeds counted, its last line's characters
    /// counted as `PositionTracker` counts them (most bytes are only looked at
    /// for a line feed).
    mutating func move(over t: UnsafeBufferPointer<UInt8>, _ r: Range<Int>) {
        byte += r.count
        var lastLine = r.lowerBound
        var k = r.upperBound
        while k > r.lowerBound && t[k - 1] != 0x0A { k -= 1 }
        if k > r.lowerBound {
            var feeds = 0
            for b in UnsafeBufferPointer(rebasing: t[r.lowerBound..<k]) where b == 0x0A { feeds += 1 }
            line += feeds
            column = 1
            lastLine = k
        }
        var tracker = PositionTracker()
        tracker.advance(over: t, lastLine..<r.upperBound)
        column += tracker.column - 1
    }
}
