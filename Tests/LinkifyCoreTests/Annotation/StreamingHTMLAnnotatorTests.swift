import Testing
@testable import LinkifyCore
@testable import LinkifyDetectors
@testable import LinkifyFinding
@testable import LinkifyInput
@_spi(Layers) @testable import LinkifyModel
@testable import LinkifyRendering

/// `document` annotated whole with the HTML reader.
func wholeHTML(_ document: [UInt8], _ format: OutputFormat) -> [UInt8] {
    var renderer = makeRenderer(RenderOptions(format: format, input: .html))
    var out: [UInt8] = []
    document.withUnsafeBufferPointer { t in
        Annotator.annotate(document: t, input: .html, finder: EntityFinder(), renderer: &renderer, into: &out)
    }
    return out
}

/// `document` streamed in pieces of `piece` bytes.
func streamedHTML(_ document: [UInt8], _ format: OutputFormat, chunkSize: Int, piece: Int) -> [UInt8] {
    var annotator = StreamingHTMLAnnotator(finder: EntityFinder(), renderer: makeRenderer(RenderOptions(format: format, input: .html)),
                                           chunkSize: chunkSize)
    var out: [UInt8] = []
    annotator.begin(into: &out)
    var at = 0
    document.withUnsafeBufferPointer { t in
        while at < t.count {
            let end = min(t.count, at + piece)
            annotator.feed(UnsafeBufferPointer(rebasing: t[at..<end]), into: &out)
            at = end
        }
    }
    annotator.finish(into: &out)
    return out
}

@Suite struct StreamingHTMLAnnotatorTests {
    /// Pieces whose long forms cross every window edge: long comments, tags,
    /// scripts, code blocks and text nodes, with links and references around them.
    static func document(seed: UInt64) -> [UInt8] {
        var random = SeededRandom(state: seed)
        func next(_ n: Int) -> Int { random.next(n) }
        var out = ""
        let filler = String(repeating: "word ", count: 20)
        while out.utf8.count < 1_500_000 {
            switch next(9) {
            case 0: out += "<!-- " + String(repeating: "http://in-comment.example.com ", count: next(20_000)) + "-->"
            case 1: out += "<img alt=\"" + String(repeating: "a > http://in-attr.example.com ", count: next(15_000)) + "\">"
            case 2: out += "<script>" + String(repeating: "var u = 'http://in-script.example.com'; ", count: next(10_000))
                + (next(2) == 0 ? "<!--<script></script>http://double-escaped.example.com-->" : "") + "</script>"
            case 3: out += "<pre>" + String(repeating: "http://in-pre.example.com\n", count: next(10_000)) + "</pre>"
            case 4: out += String(repeating: filler + "see http://text.example.com/?a=1&amp;b=2 ", count: next(2_000))
            case 5: out += "<p>mail me@example.org or www.example.com/ü&nbsp;x</p>\n"
            case 6: out += String(repeating: "x", count: next(200_000)) + " https://after-run.example.com "
            case 7: out += "<a href=\"http://a.example.com\">http://a.example.com</a> <code>http://c.example.com</code> "
            default: out += "<![CDATA[ " + String(repeating: "http://cdata.example.com ", count: next(15_000)) + "]]>"
            }
        }
        return Array(out.utf8)
    }

    @Test("streaming gives the same bytes as reading the whole document", arguments: [
        (UInt64(1), 1, 7919), (UInt64(2), 65536, 1 << 20), (UInt64(3), 2 << 20, 4096), (UInt64(4), 300_000, 100_003),
    ])
    func sameAsWhole(_ c: (UInt64, Int, Int)) {
        let doc = Self.document(seed: c.0)
        for format in [OutputFormat.html, .jsonl] {
            let whole = wholeHTML(doc, format)
            let streamed = streamedHTML(doc, format, chunkSize: c.1, piece: c.2)
            #expect(streamed.count == whole.count)
            #expect(streamed == whole)
        }
    }

    @Test("long markup crossing windows ends where it ends", arguments: [
        "<!-- " + String(repeating: "http://c.example.com ", count: 40_000) + "-->",
        "<img alt=\"" + String(repeating: "a > http://c.example.com ", count: 40_000) + "\">",
        "<img alt=" + String(repeating: "x", count: 900_000) + ">",
        "<script>" + String(repeating: "u = 'http://c.example.com'; ", count: 40_000) + "</script>",
        "<pre>" + String(repeating: "http://c.example.com\n", count: 40_000) + "</pre>",
        "<![CDATA[" + String(repeating: "http://c.example.com ", count: 40_000) + "]]>",
        "<!DOCTYPE " + String(repeating: "http://c.example.com ", count: 40_000) + ">",
        String(repeating: "see http://t.example.com/?a&amp;b ", count: 40_000),
        String(repeating: "x", count: 900_000) + "&amp; http://t.example.com",
    ])
    func longMarkup(_ c: String) {
        let doc = Array(("<p>before http://before.example.com</p>" + c + " after http://after.example.com").utf8)
        for (chunk, piece) in [(1, 65536), (700_000, 1_000_003)] {
            let streamed = streamedHTML(doc, .html, chunkSize: chunk, piece: piece)
            #expect(streamed == wholeHTML(doc, .html))
        }
        #expect(String(decoding: wholeHTML(doc, .html), as: UTF8.self).hasSuffix("<a href=\"http://after.example.com\">http://after.example.com</a>"))
    }

    @Test("unterminated markup at the end keeps every byte", arguments: [
        "<!-- " + String(repeating: "x ", count: 300_000),
        "<img alt=\"" + String(repeating: "x ", count: 300_000),
        "<script>" + String(repeating: "x ", count: 300_000),
        "<plaintext>" + String(repeating: "http://p.example.com ", count: 30_000),
    ])
    func unterminated(_ c: String) {
        let doc = Array((c + " http://after.example.com").utf8)
        #expect(streamedHTML(doc, .html, chunkSize: 1, piece: 65536) == doc)
    }
}
