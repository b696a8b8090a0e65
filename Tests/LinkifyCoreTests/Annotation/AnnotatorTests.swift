import Testing
@testable import LinkifyCore
@testable import LinkifyDetectors
@testable import LinkifyFinding
@testable import LinkifyInput
@_spi(Layers) @testable import LinkifyModel
@testable import LinkifyRendering

/// Records which document the annotator says it scans (`--explain`).
final class DocumentRecorder: ExplanationSink, @unchecked Sendable {
    var documents: [Int] = []
    var ended = 0
    var recorded = 0
    func record(_ explanations: [Explanation], in text: UnsafeBufferPointer<UInt8>) { recorded += explanations.count }
    func beginDocument(_ document: UnsafeBufferPointer<UInt8>) { documents.append(document.count) }
    func endDocument() { ended += 1 }
}

@Suite struct AnnotatorTests {
    static let documents: [(InputFormat, String)] = [
        (.text, "See example.com and mail hi@example.org, then https://a.example/x?y=1.\n"),
        (.markdown, "# Title\n\nSee example.com, `code.example.com` and [x](https://b.example).\n\n[r]: https://c.example\n"),
        (.html, "<p>See example.com <a href=\"https://d.example\">d.example</a><!-- e.example --> f.example</p>\n"),
    ]

    /// The document fed in pieces of `piece` bytes, with a drain that takes the output away.
    static func fed(_ text: String, _ input: InputFormat, _ format: OutputFormat, piece: Int,
                    finder: EntityFinder = EntityFinder()) -> [UInt8] {
        let bytes = Array(text.utf8)
        var annotator = Annotator(input: input, finder: finder,
                                  renderer: makeRenderer(RenderOptions(format: format, input: input)), sliceSize: 16)
        var out: [UInt8] = []
        var drained: [UInt8] = []
        let drain: (inout [UInt8]) -> Void = { drained += $0; $0.removeAll() }
        var at = 0
        while at < bytes.count {
            let end = min(bytes.count, at + piece)
            bytes[at..<end].withUnsafeBufferPointer { annotator.feed($0, into: &out, drain: drain) }
            at = end
        }
        annotator.finish(into: &out, drain: drain)
        return drained + out
    }

    /// `<!-- linkify-disable -->` and its kin turn links off in annotate and `-i`
    /// as they do for lint (SPEC §6); markdownlint's comments are lint's only.
    @Test func disableCommentsTurnLinksOff() {
        let doc = "a https://a.com\n<!-- linkify-disable -->\nb https://b.com\n<!-- linkify-enable -->\n"
            + "c https://c.com <!-- linkify-disable-line -->\n<!-- linkify-disable-next-line bare-url -->\n"
            + "d https://d.com d@e.com\ne https://e.com <!-- markdownlint-disable-line -->\n"
        let expected = "a <https://a.com>\n<!-- linkify-disable -->\nb https://b.com\n<!-- linkify-enable -->\n"
            + "c https://c.com <!-- linkify-disable-line -->\n<!-- linkify-disable-next-line bare-url -->\n"
            + "d https://d.com [d@e.com](mailto:d@e.com)\ne <https://e.com> <!-- markdownlint-disable-line -->\n"
        #expect(rendered(doc, .markdown, input: .markdown) == expected)
        #expect(String(decoding: Self.fed(doc, .markdown, .markdown, piece: 7), as: UTF8.self) == expected)
    }

    /// Streamed text and HTML honour the same comments, line by line, across windows too.
    @Test func disableCommentsInStreamedTextAndHTML() {
        let doc = "a https://a.com\n<!-- linkify-disable -->\nb https://b.com\n<!-- linkify-enable -->\n"
            + "c https://c.com <!-- linkify-disable-line -->\n<!-- linkify-disable-next-line bare-url -->\n"
            + "d https://d.com d@e.com\ne https://e.com\n"
        for input in [InputFormat.text, .html] {
            let out = String(decoding: Self.fed(doc, input, .jsonl, piece: 7), as: UTF8.self)
            let linked = out.split(separator: "\n").map { line -> String in
                guard let r = line.firstRange(of: "\"text\": \"") else { return "" }
                return String(line[r.upperBound..<line.endIndex].prefix { $0 != "\"" })
            }
            #expect(linked == ["https://a.com", "d@e.com", "https://e.com"], "\(input): \(out)")
        }
        // A disabled range longer than a streaming window (300 KB of lines).
        let long = "<!-- linkify-disable -->\n" + String(repeating: "x https://a.com and more words on the line\n", count: 7000)
            + "<!-- linkify-enable -->\ny https://b.com\n"
        let out = String(decoding: Self.fed(long, .text, .jsonl, piece: 65536), as: UTF8.self)
        #expect(out.split(separator: "\n").count == 1 && out.contains("https://b.com"), "\(out.prefix(300))")
    }

    /// HTML written as Markdown is raw HTML to a Markdown renderer: links are anchors there.
    @Test func htmlInputWrittenAsMarkdownGetsAnchors() {
        let doc = "<div>\nsee https://a.com &amp; b@c.com\n</div>\n"
        let expected = "<div>\nsee <a href=\"https://a.com\">https://a.com</a> &amp; <a href=\"mailto:b@c.com\">b@c.com</a>\n</div>\n"
        #expect(rendered(doc, .markdown, input: .html) == expected)
        #expect(String(decoding: Self.fed(doc, .html, .markdown, piece: 5), as: UTF8.self) == expected)
    }

    @Test func feedingInPiecesWritesWhatTheWholeDocumentWrites() {
        for (input, text) in Self.documents {
            for format in [OutputFormat.html, .markdown, .jsonl] {
                let whole = Array(rendered(text, format, input: input).utf8)
                #expect(!whole.isEmpty)
                for piece in [1, 5, 1000] {
                    #expect(Self.fed(text, input, format, piece: piece) == whole, "\(input) \(format) in pieces of \(piece)")
                }
            }
        }
    }

    @Test func linkifyAnnotateGoesThroughTheSamePipeline() {
        for (input, text) in Self.documents {
            #expect(Array(Linkify.annotate(text, to: .html, from: input).utf8) == Self.fed(text, input, .html, piece: 7))
        }
    }

    @Test func whatIsReadWholeIsDecidedByTheInputAndTheSink() {
        let plain = EntityFinder()
        #expect(!Annotator.readsWhole(.text, plain))
        #expect(!Annotator.readsWhole(.html, plain))
        #expect(Annotator.readsWhole(.markdown, plain))
        let recorder = DocumentRecorder()
        let explaining = EntityFinder(options: FinderOptions(explanations: recorder))
        #expect(Annotator.readsWhole(.text, explaining))
        let text = Self.documents[0].1
        let out = Self.fed(text, .text, .html, piece: 3, finder: explaining)
        // The sink is told the whole document, once, before anything is explained.
        #expect(recorder.documents == [text.utf8.count])
        #expect(recorder.ended == 1)
        #expect(recorder.recorded > 0)
        #expect(out == Array(rendered(text, .html).utf8))
    }

    @Test func renderWritesFoundEntitiesAsTheyAre() {
        let text = Array("a example.com b".utf8)
        let found = text.withUnsafeBufferPointer { EntityFinder().entities(in: $0) }
        var renderer = makeRenderer(RenderOptions(format: .markdown, input: .markdown))
        var out: [UInt8] = []
        text.withUnsafeBufferPointer { Annotator.render($0, entities: found, renderer: &renderer, into: &out) }
        #expect(String(decoding: out, as: UTF8.self) == "a [example.com](https://example.com) b")
    }
}
