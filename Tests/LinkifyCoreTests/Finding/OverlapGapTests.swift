import Testing
@testable import LinkifyCore
@testable import LinkifyDetectors
@testable import LinkifyFinding
@testable import LinkifyInput
@_spi(Layers) @testable import LinkifyModel
@testable import LinkifyRendering

/// SPEC §4: annotating twice equals annotating once. When a candidate loses to
/// an overlapping winner but runs past it, the text after the winner is
/// scanned on its own, as the second run over the output would see it.
@Suite struct OverlapGapTests {
    static let all = FinderOptions(kinds: .all)

    @Test(arguments: [
        "|@P|.|oa://m|",                    // regression: fuzz/regressions/mention-overlap-markdown-not-idempotent
        "|@P|.|myapp://x|",
        // No candidate ran past the winner: nothing to rescan (and none on a second run).
        "|@alice|.example.com/path",
    ])
    func gapAfterWinnerIsScanned(_ c: String) { #expect(marked(unmarked(c), Self.all) == c) }

    @Test(arguments: ["@P.oa://m", "@alice.example.com/path and more", "#tag.example.org"])
    func markdownIsIdempotent(_ text: String) {
        let once = Linkify.annotate(text, to: .markdown, from: .markdown, options: Self.all)
        let twice = Linkify.annotate(once, to: .markdown, from: .markdown, options: Self.all)
        #expect(twice == once)
    }
}
