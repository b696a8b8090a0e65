import Testing
@testable import LinkifyCore
@testable import LinkifyDetectors
@testable import LinkifyFinding
@testable import LinkifyInput
@_spi(Layers) @testable import LinkifyModel
@testable import LinkifyRendering

/// `--from markdown`: what is linked and what is skipped, one line per case,
/// links marked with `⸠…⸡` so that table pipes stay readable (default
/// profile unless the case list says gfm).
@Suite struct MarkdownReaderTests {
    /// Marks the entities the Markdown reader finds.
    static func markedMarkdown(_ text: String, _ options: FinderOptions = FinderOptions()) -> String {
        let bytes = Array(text.utf8)
        let found = bytes.withUnsafeBufferPointer { MarkdownReader().entities(in: $0, finder: EntityFinder(options: options)) }
        var out: [UInt8] = []
        var at = 0
        for e in found {
            out += bytes[at..<e.start] + Array("⸠".utf8) + bytes[e.start..<e.end] + Array("⸡".utf8)
            at = e.end
        }
        out += bytes[at...]
        return String(decoding: out, as: UTF8.self)
    }

    static func plain(_ marked: String) -> String { marked.replacing("⸠", with: "").replacing("⸡", with: "") }

    static let skipped = [
        "`https://a.com` and ⸠https://b.com⸡",
        "``x `https://a.com` y`` ⸠https://b.com⸡",
        "```\nhttps://a.com\n```\n⸠https://b.com⸡",
        "~~~ js\nhttps://a.com\n~~~",
        "    https://a.com/indented",
        "para\n    ⸠https://lazy.com⸡",
        "[https://a.com](https://b.com) ⸠https://c.com⸡",
        "![https://a.com](https://b.com)",
        "[text][ref] and [ref]\n\n[ref]: https://a.com \"https://t.com\"",
        "[ref]\n\n[ref]:\n  https://def-after-use.com",
        "<https://a.com> ⸠https://b.com⸡",
        "<foo@bar.com>",
        "<span title=\"https://a.com\">⸠https://b.com⸡</span>",
        "<div>\nhttps://a.com\n</div>\n\n⸠https://b.com⸡",
        "<!-- https://a.com -->",
        // A declaration is `<!`, uppercase letters, whitespace, … `>` (GFM 0.29, as cmark-gfm reads it).
        "x <!DOCTYPE https://a.com> ⸠https://b.com⸡",
        "x <!doctype ⸠https://a.com⸡>",
        "<!--\nhttps://a.com\n-->",
        "---\nurl: https://a.com\n---\n⸠https://b.com⸡",
        "+++\nurl = \"https://a.com\"\n+++",
        // A byte-order mark before front matter keeps it front matter (editors on Windows write one).
        "\u{FEFF}---\nurl: https://a.com\n---\n⸠https://b.com⸡",
        "\u{FEFF}+++\nurl = \"https://a.com\"\n+++\n⸠www.b.com⸡",
        // Inside raw HTML elements that are links or code, as the HTML reader skips them.
        "<a href=\"https://a.com\">https://a.com</a> ⸠https://b.com⸡",
        "x <A HREF=/y>see **www.z.com**</A> and ⸠www.after.com⸡",
        "<a href=x>one</a> ⸠https://mid.com⸡ <a href=y>two https://in.com</a>",
        "<code>https://a.com</code>, <kbd>a@b.com</kbd>, <samp>www.c.com</samp> ⸠https://d.com⸡",
        "<tt>https://a.com</tt>, <button>www.b.com</button>, <select><option>c@d.com</option></select> ⸠https://e.com⸡",
        "<abbr title=x>⸠https://abbr.com⸡</abbr> <a name=\"top\"/> ⸠https://self-closed.com⸡",
        "<a href=x>not closed in the paragraph ⸠https://a.com⸡\n\n⸠https://b.com⸡</a>",
        // A literal `\` or a `!` before a link: the writer escapes it (SPEC §3); `\#` escapes the hashtag's `#`.
        "\\⸠https://a.com⸡ Go!⸠www.b.com⸡ \\\\⸠https://c.com⸡",
        "\\[⸠https://a.com⸡\\] \\*⸠https://b.com⸡\\*",
    ]

    static let found = [
        "> quoted ⸠https://a.com⸡",
        "- item ⸠https://a.com⸡\n  - nested ⸠https://b.com⸡",
        "1. first ⸠https://a.com⸡",
        "# Heading ⸠https://a.com⸡ #",
        "Title ⸠https://a.com⸡\n=====",
        "**⸠https://a.com⸡**",
        "_⸠https://a.com⸡_",
        "~~⸠https://a.com⸡~~",
        "| a | b |\n|---|---|\n| ⸠https://a.com⸡ | ⸠https://b.com⸡ |",
        // A paragraph's lines that follow one another are one range of the block parser:
        // the last line is still a table's header, definitions still come off the top line by line.
        "one ⸠https://a.com⸡\ntwo ⸠https://b.com⸡\n| x | y |\n|---|---|\n| ⸠https://c.com⸡ | z |",
        "[r]: https://def.com\n[s]: https://def2.com\n⸠https://a.com⸡ [r]\nthen ⸠https://b.com⸡",
        "lines\n`code https://a.com\nstill code` ⸠https://b.com⸡\n  indented ⸠https://c.com⸡\nnext ⸠https://d.com⸡",
    ]

    @Test(arguments: skipped + found)
    func linksOnlyText(_ expected: String) {
        #expect(Self.markedMarkdown(Self.plain(expected)) == expected)
    }

    static let gfmCases = [
        "**⸠www.a.com⸡**",
        "_⸠c@d.com⸡_",
        "[see http://a.com] and ⸠www.b.com⸡",
        "[see ⸠a@b.com⸡]",
        "⸠http://x.com/`a`b⸡ ⸠www.x.com/**b⸡** x",
        "| a | b |\n| --- | --- |\n| ⸠https://github.com⸡ ⸠www.github.com⸡ | ⸠http://pokemon.com⸡ |",
        "| a |\n|---|\n| x | www.extra-cell.com |",
        "`x`www.a.com",
        ">⸠www.x.com⸡",
        // cmark-gfm links text between raw tags, even an `<a>`'s: the output stays GitHub's HTML.
        "<a href=\"x\">⸠https://a.com⸡</a>",
    ]

    @Test(arguments: gfmCases)
    func gfmLinks(_ expected: String) {
        #expect(Self.markedMarkdown(Self.plain(expected), FinderOptions(profile: .gfm)) == expected)
    }

    @Test func gfmLinksInsideRawAnchorsWhateverTheKinds() {
        let emails = FinderOptions(kinds: EntityKinds(.email), profile: .gfm)
        #expect(Self.markedMarkdown("<a href=x>c@d.com</a>", emails) == "<a href=x>⸠c@d.com⸡</a>")
        #expect(Self.markedMarkdown("<a href=x>c@d.com</a>", FinderOptions(kinds: EntityKinds(.email))) == "<a href=x>c@d.com</a>")
    }

    // A backtick in link text is written `&#96;`: `\`` would still close a code
    // span opened before the link (regression: fuzz/regressions/backtick-in-link-text-closes-code-span).
    @Test(arguments: [
        ("`w://``", "`[w://&#96;&#96;](w://``)"),
        ("x ` w://a``b", "x ` [w://a&#96;&#96;b](w://a``b)"),
    ])
    func backtickInLinkText(_ input: String, _ expected: String) {
        let once = rendered(input, .markdown, input: .markdown)
        #expect(once == expected)
        #expect(rendered(once, .markdown, input: .markdown) == once)
    }

    @Test(arguments: ["see https://a.com and www.b.com or c@d.com.\n", "| x | https://a.com/(b) |\n|---|---|\n", "!a@b.com **www.x.com**\n"])
    func annotatingTwiceEqualsOnce(_ input: String) {
        for profile in [Profile.default, .gfm] {
            let options = FinderOptions(profile: profile)
            let once = rendered(input, .markdown, input: .markdown, options: options)
            #expect(once != input)
            #expect(rendered(once, .markdown, input: .markdown, options: options) == once)
        }
    }

    // `a://t<!a@` is no link, but a lowercase `<!a` read as a declaration was
    // closed by the `>` of the link written on the next line, so the second run
    // linked `a://t` (regression: fuzz/regressions/lowercase-declaration-closed-by-written-link).
    @Test func lowercaseDeclarationIsText() {
        let input = "a://t<!a@\na.://h\n"
        let once = rendered(input, .markdown, input: .markdown)
        #expect(once == "a://t<!a@\n<a.://h>\n")
        #expect(rendered(once, .markdown, input: .markdown) == once)
    }

    // `<!P tp://h` opens no declaration until the link after it is written
    // `<tp://h>`: its `>` closes `<!P <tp://h>`, so the second run read the text
    // before the opener on its own and linked `tp://#` (regression:
    // fuzz/regressions/autolink-closes-declaration-minimal, from a 20-minute run).
    /// A second run changes nothing, with every kind on, where a NUL sits in a `www.` name (gfm).
    @Test func nulInAWWWNameIsIdempotent() {
        let options = FinderOptions(kinds: .all, profile: .gfm)
        let once = rendered("www.6222222222\u{0}_w", .markdown, input: .markdown, options: options)
        #expect(once == "[www.6222222222\u{0}\\_w](http://www.6222222222%00_w)")
        #expect(rendered(once, .markdown, input: .markdown, options: options) == once)
    }

    /// After `!` or a literal `\` the writer escapes that byte, so the page renders as before plus the
    /// link (SPEC §3), in every profile; a second run changes nothing.
    @Test(arguments: [
        ("Mail!me@example.com", "Mail\\![me@example.com](mailto:me@example.com)"),
        ("a\\https://example.com", "a\\\\<https://example.com>"),
        ("x\\\\https://y.com", "x\\\\<https://y.com>"),
        ("see!https://x.com/a", "see!<https://x.com/a>"),
        ("\\#tag \\!www.z.com", "\\#tag \\!www.z.com"),
    ])
    func escapesTheByteBeforeALink(_ input: String, _ expected: String) {
        for profile in [Profile.gfm, .default] {
            let options = FinderOptions(profile: profile)
            let once = rendered(input, .markdown, input: .markdown, options: options)
            if profile == .gfm { #expect(once == expected) }
            #expect(rendered(once, .markdown, input: .markdown, options: options) == once, "\(profile): \(input) -> \(once)")
        }
    }

    @Test func autolinkThatClosesADeclarationIsCheckedAsWritten() {
        for input in ["!tp://#<!P tp://h", "x a://b<!P c://d", "x a://b <a c://d", "a://b<?x c://d"] {
            let once = rendered(input, .markdown, input: .markdown, options: FinderOptions(kinds: .all))
            #expect(rendered(once, .markdown, input: .markdown, options: FinderOptions(kinds: .all)) == once, "\(input) -> \(once)")
        }
        #expect(rendered("!tp://#<!P tp://h", .markdown, input: .markdown, options: FinderOptions(kinds: .all)) == "\\![tp://#\\<\\!P](tp://#<!P) <tp://h>")
    }

    static let documents = [
        "[ref] and https://a.com\n\n- item www.b.com\n  > quote c@d.com\n\n| x | https://e.com |\n|---|---|\n| f@g.com | h |\n\n[ref]: https://def.com\n",
        "# H https://a.com\npara\nlazy https://b.com\n\n```\nhttps://code.com\n```\n    https://indented.com\n\ntext www.c.com",
        "no links at all\n\nbut a [label]\n\n[label]: /x\n",
    ]

    @Test(arguments: documents)
    func batchesAreInOrderAndSettled(_ text: String) {
        let bytes = Array(text.utf8)
        for profile in [Profile.default, .gfm] {
            let finder = EntityFinder(options: FinderOptions(profile: profile))
            bytes.withUnsafeBufferPointer { t in
                let whole = MarkdownReader().entities(in: t, finder: finder)
                var joined: [Entity] = []
                var settled = 0
                MarkdownReader().entities(in: t, finder: finder) { batch, upTo in
                    // Nothing in a later batch starts before what an earlier one settled.
                    #expect(batch.allSatisfy { $0.start >= settled && $0.end <= upTo })
                    settled = upTo
                    joined += batch
                }
                #expect(joined.map(\.range) == whole.map(\.range))
                #expect(!whole.isEmpty || profile == .gfm || text.hasPrefix("no links"))
            }
        }
    }

    @Test(arguments: documents)
    func writtenInSmallSlicesAsWhole(_ text: String) {
        let bytes = Array(text.utf8)
        for format in [OutputFormat.html, .markdown, .jsonl] {
            let finder = EntityFinder(options: FinderOptions())
            var renderer = makeRenderer(RenderOptions(format: format, input: .markdown))
            var whole: [UInt8] = []
            bytes.withUnsafeBufferPointer { Annotator.annotate(document: $0, input: .markdown, finder: finder, renderer: &renderer, into: &whole) }
            for size in [1, 7, 64] {
                var sliced: [UInt8] = []
                var written: [UInt8] = []
                var renderer = makeRenderer(RenderOptions(format: format, input: .markdown))
                bytes.withUnsafeBufferPointer { t in
                    Annotator.annotate(document: t, input: .markdown, finder: finder, renderer: &renderer, sliceSize: size, into: &sliced) { out in
                        written += out
                        out.removeAll()
                    }
                }
                #expect(written + sliced == whole, "\(format) slices of \(size)")
            }
        }
    }

    @Test func bytesOutsideLinksAreKept() {
        let input = "# T\n\n\u{FF}bad https://a.com/x\r\n| a |\n|---|\n"
        let out = rendered(input, .markdown, input: .markdown)
        #expect(out == "# T\n\n\u{FF}bad <https://a.com/x>\r\n| a |\n|---|\n")
    }
}
