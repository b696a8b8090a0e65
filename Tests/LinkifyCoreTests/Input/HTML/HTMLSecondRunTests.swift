import Testing
@testable import LinkifyCore
@testable import LinkifyFinding
@testable import LinkifyInput
@_spi(Layers) @testable import LinkifyModel
@testable import LinkifyRendering

/// HTML input annotated to HTML, whole and streamed, with `options`.
private func html(_ text: String, _ options: FinderOptions) -> (whole: String, streamed: String) {
    let finder = EntityFinder(options: options)
    var renderer = makeRenderer(RenderOptions(format: .html, input: .html))
    var whole: [UInt8] = []
    Array(text.utf8).withUnsafeBufferPointer { t in
        Annotator.annotate(document: t, input: .html, finder: finder, renderer: &renderer, into: &whole)
    }
    var annotator = StreamingHTMLAnnotator(finder: finder, renderer: makeRenderer(RenderOptions(format: .html, input: .html)),
                                           chunkSize: 16)
    var streamed: [UInt8] = []
    annotator.begin(into: &streamed)
    let bytes = Array(text.utf8)
    var at = 0
    bytes.withUnsafeBufferPointer { t in
        while at < t.count {
            let end = min(t.count, at + 7)
            annotator.feed(UnsafeBufferPointer(rebasing: t[at..<end]), into: &streamed)
            at = end
        }
    }
    annotator.finish(into: &streamed)
    return (String(decoding: whole, as: UTF8.self), String(decoding: streamed, as: UTF8.self))
}

/// Running linkify on its own HTML output changes nothing (SPEC §4): the
/// text after a written element is a text node of its own on the next run,
/// and a `<time>` linkify wrote is not read again. Inputs of our own beside
/// the fuzz regressions that found these (fuzz/regressions).
@Suite struct HTMLSecondRunTests {
    static let cases: [(text: String, options: FinderOptions, linked: String)] = [
        // twitter-text's match runs past the URL it reports; the rest is read afresh.
        ("docs at q.py?NOTES.md now", FinderOptions(profile: .twitter), #"<a href="https://NOTES.md">NOTES.md</a>"#),
        // A mention stops at 20 characters; the name after it stands alone on the next run.
        ("ping a~@abcdefghijklmnopqrstuvwxyzab.com now", FinderOptions(kinds: .all),
         #"<a href="https://uvwxyzab.com">uvwxyzab.com</a>"#),
        // A date without a template is written as <time>, which is not read again.
        ("<p>Due 12 March 2027, see example.org</p>", FinderOptions(kinds: .all),
         #"<time datetime="2027-03-12">12 March 2027</time>"#),
    ]

    @Test(arguments: 0..<cases.count)
    func aSecondRunChangesNothing(_ index: Int) {
        let c = Self.cases[index]
        let once = html(c.text, c.options)
        #expect(once.whole == once.streamed)
        #expect(once.whole.contains(c.linked), "\(once.whole)")
        let twice = html(once.whole, c.options)
        #expect(twice.whole == once.whole)
        #expect(twice.streamed == once.whole)
    }

    @Test func timeIsANeverLinkElement() {
        let text = #"<time datetime="2027-03-12">12 March 2027 at example.org</time>"#
        #expect(html(text, FinderOptions(kinds: .all)).whole == text)
    }
}
