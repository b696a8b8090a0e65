import Testing
@testable import LinkifyCore
@testable import LinkifyDetectors
@testable import LinkifyFinding
@testable import LinkifyInput
@_spi(Layers) @testable import LinkifyModel
@testable import LinkifyRendering

/// SPEC §4: annotating linkify's Markdown output again changes nothing. The
/// Markdown reader scans the text between links as the second run will see
/// it: after a link, on its own with the link's `)` or `>` before it; before a
/// link, cut where the link starts (`LinkBoundaryRescan`).
@Suite struct LinkBoundaryRescanTests {
    static let all = FinderOptions(kinds: .all)
    static let twitter = FinderOptions(profile: .twitter)
    static let gfmAll = FinderOptions(kinds: .all, profile: .gfm)

    static func markdown(_ c: String, _ options: FinderOptions) -> String {
        marked(unmarked(c), options, reader: MarkdownReader())
    }

    static func isIdempotent(_ c: String, _ options: FinderOptions) -> Bool {
        let once = Linkify.annotate(unmarked(c), to: .markdown, from: .markdown, options: options)
        return Linkify.annotate(once, to: .markdown, from: .markdown, options: options) == once
    }

    // Rule: text after a link is seen after the link's last byte, not after the entity's own text.
    @Test(arguments: [
        "|@abcdefghijklmnopqrst||example.com|",        // a mention ends at 20 characters; after `)` a URL may start
        "see .|@abcdefghijklmnopqrst||example.com/x|",
        ".a~|@1pYYYYYYYYYYYYYYYYYY||YYYYYYYYle.cA|",    // regression: fuzz/regressions/url-after-inserted-link-not-idempotent
        "|@alice|.example.com/path",                    // no URL starts at `.` after `)` either
    ])
    func textAfterLinkHasLinkContext(_ c: String) {
        #expect(Self.markdown(c, Self.all) == c)
        #expect(Self.isIdempotent(c, Self.all))
    }

    // Rule: what a scanner skipped past a link (twitter-text drops the query of a
    // URL without protocol or path, and resumes after it) is scanned afresh.
    @Test(arguments: [
        "see |p.py|?|README.md|",                       // regression: fuzz/regressions/twitter-markdown-not-idempotent
        "|a.co|?|b.co|?|c.co|?|d.co|",                 // each rescan finds the next one: converges in one run
        "|example.com|?q=1",                           // nothing in the dropped query: nothing more
    ])
    func skippedTextAfterLinkIsRescanned(_ c: String) {
        #expect(Self.markdown(c, Self.twitter) == c)
        #expect(Self.isIdempotent(c, Self.twitter))
    }

    // Rule (twitter, Markdown only): the URL scanner resumes right after the URL it
    // reports, so a chain is found in one scan, not one rescan per link.
    @Test(arguments: [
        ("|a.co|?|b.co|?|c.co|", true),
        ("|a.co|?b.co?c.co", false),                   // text input keeps twitter-text's match
    ])
    func twitterResumesAfterLinks(_ c: String, _ resumes: Bool) {
        var options = Self.twitter
        options.resumesAfterLinks = resumes
        #expect(marked(unmarked(c), options) == c)
    }

    // Rule: a gap with no ASCII letter or digit and no non-ASCII byte holds no
    // built-in entity and is not rescanned; with a user rule it is.
    @Test(arguments: [
        ("?!", false), ("a", true), ("é", true), (" 1 ", true), ("@_", true), ("@-", false),
    ])
    func gapsThatMayHoldEntities(_ gap: String, _ may: Bool) {
        let bytes = Array(gap.utf8)
        let rescan = LinkBoundaryRescan(finder: EntityFinder(options: Self.twitter), budget: 0)
        #expect(bytes.withUnsafeBufferPointer { rescan.mayHoldEntity($0, 0..<$0.count) } == may)
    }

    // Rule: only entities written as links are boundaries.
    @Test(arguments: [
        ("see example.com", true),
        ("!example.com", true),                        // written `\![…](…)`: the writer escapes the `!` (SPEC §3)
        ("!https://example.org", true),                // `!<…>` is no image
        ("\\https://example.org", true),               // written `\\<…>`: the writer escapes the literal `\`
        ("Jan 5, 2026", false),                        // a date without a URL stays text
    ])
    func onlyLinksAreBoundaries(_ text: String, _ isLink: Bool) {
        let bytes = Array(text.utf8)
        let first = bytes.withUnsafeBufferPointer { EntityFinder(options: Self.all).entities(in: $0).first }
        #expect(first.map { e in bytes.withUnsafeBufferPointer { SecondRun.isLink(e, in: $0) } } == isLink)
    }

    @Test func dateIsNoBoundary() {
        let c = "|Jan 5, 2026| and |@abcdefghijklmnopqrst||example.com|"
        #expect(Self.markdown(c, Self.all) == c)
        #expect(Self.isIdempotent(c, Self.all))
    }

    // Rule (gfm): text after a URL found during inline parsing is seen after the link too.
    @Test(arguments: [
        "|www.example.com| and |@bob|",
        "|www.example.com.+1| |202 555 0143|",         // the phone follows `)` on the next run, not `1`
    ])
    func gfmTextAfterURL(_ c: String) {
        #expect(Self.markdown(c, Self.gfmAll) == c)
        #expect(Self.isIdempotent(c, Self.gfmAll))
    }

    // Rule (WrittenChunkCheck): a link beside a `*`, `_` or `~` run changes how the
    // run flanks; such a chunk is written and read again until nothing new is linked.
    @Test(arguments: [
        "~|@c|~\u{0}.1.mg/4~|0.km|",                  // regression: fuzz/regressions/delimiter-beside-link-flanks-differently
        "**|x.com|**",                                // flanking unchanged: nothing more
        "a*|x.com|*b",
    ])
    func delimiterBesideLink(_ c: String) {
        let options = FinderOptions(kinds: .all, profile: .twitter)
        #expect(Self.markdown(c, options) == c)
        #expect(Self.isIdempotent(c, options))
    }

    // twitter-text links `x.com` before `_`; the default profile's bare-name
    // model does not (a name glued to `_` is part of an identifier).
    @Test(arguments: [("~x.com", true), ("x.com_", true), ("(x.com)", false)])
    func touchesDelimiterRun(_ text: String, _ touches: Bool) {
        let bytes = Array(text.utf8)
        let first = bytes.withUnsafeBufferPointer { EntityFinder(options: FinderOptions(profile: .twitter)).entities(in: $0).first }
        #expect(first.map { e in bytes.withUnsafeBufferPointer { WrittenChunkCheck.touchesDelimiterRun(e, $0) } } == touches)
    }

    // The budget: once spent, a gap keeps what the first scan found.
    @Test func spentBudgetKeepsFirstScan() {
        let text = Array("a.co?b.co?c.co".utf8)
        let found = text.withUnsafeBufferPointer { t -> [Entity] in
            var rescan = LinkBoundaryRescan(finder: EntityFinder(options: Self.twitter), budget: 0)
            return rescan.entities(in: t, from: 0)
        }
        #expect(found.map(\.start) == [0])
    }
}
