import Testing
@testable import LinkifyCore
@testable import LinkifyFinding
@testable import LinkifyInput
@_spi(Layers) @testable import LinkifyModel
@testable import LinkifyRendering

/// `--explain` holds a text document whole (to place what it tells), but
/// reads it through the windows a stream makes: what is linked is the same
/// as without it, and each candidate is told once.
@Suite struct ExplainObserverTests {
    /// Tells where each explanation is in the document.
    final class Sink: ExplanationSink, @unchecked Sendable {
        var document: UnsafeBufferPointer<UInt8>?
        var told: [String] = []
        func beginDocument(_ document: UnsafeBufferPointer<UInt8>) { self.document = document }
        func endDocument() { document = nil }
        func record(_ explanations: [Explanation], in text: UnsafeBufferPointer<UInt8>) {
            let base = document.flatMap { d in text.baseAddress.map { $0 - d.baseAddress! } } ?? -1
            for e in explanations { told.append("\(base + e.start)-\(base + e.end) \(e.verdict)") }
        }
    }

    /// Text of several windows: a bare name that evidence far away would
    /// unlink (a stem before other names), and links on every window's edges.
    static func document() -> [UInt8] {
        var text = "see blog.post for it\n"
        for k in 0..<70_000 {
            text += k % 97 == 0 ? "at https://example.com/\(k) and mail\(k)@example.org here\n" : "plain words without any links in them\n"
        }
        text += "blog.foo blog.bar blog.baz blog.qux\n"
        return Array(text.utf8)
    }

    @Test func explainingChangesNothingAndTellsEachCandidateOnce() {
        let bytes = Self.document()
        #expect(bytes.count > 2 * (1 << 20))
        func run(_ finder: EntityFinder) -> [UInt8] {
            var out: [UInt8] = []
            var annotator = Annotator(input: .text, finder: finder, renderer: makeRenderer(RenderOptions(format: .jsonl)))
            bytes.withUnsafeBufferPointer { annotator.feed($0, into: &out) }
            annotator.finish(into: &out)
            return out
        }
        let plain = run(EntityFinder())
        let sink = Sink()
        var options = FinderOptions()
        options.explanations = sink
        let explained = run(EntityFinder(options: options))
        #expect(String(decoding: explained, as: UTF8.self) == String(decoding: plain, as: UTF8.self))
        #expect(String(decoding: plain, as: UTF8.self).contains("\"blog.post\""))
        #expect(sink.told.count > 1000)
        #expect(!sink.told.contains { $0.hasPrefix("-") }, "every explanation placed in the document")
        var seen = Set<String>()
        let repeated = sink.told.filter { !seen.insert($0).inserted }
        #expect(repeated.isEmpty, "told twice: \(repeated.prefix(3))")
    }
}
