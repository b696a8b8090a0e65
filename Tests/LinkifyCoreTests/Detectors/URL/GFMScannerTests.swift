import Testing
@testable import LinkifyCore
@testable import LinkifyDetectors
@testable import LinkifyFinding
@testable import LinkifyInput
@_spi(Layers) @testable import LinkifyModel
@testable import LinkifyRendering

/// `--profile gfm`, one line per case, links marked with `|`; each case was
/// checked against `cmark-gfm -e autolink` (0.29.0.gfm.6).
@Suite struct GFMScannerTests {
    static let gfm = FinderOptions(profile: .gfm)

    static let www = [
        "|www.commonmark.org|",
        "Visit |www.commonmark.org/help| for more.",
        "Visit |www.commonmark.org|.",
        "(|www.google.com/search?q=Markup+(business)|)",
        "**|www.b.com|**",
        "~|www.b.com|~",
        "x\t|www.a.com|",
        "awww.a.com",
        "wwww.a.com",
        "WWW.a.com",
        "'www.x.com'",
        "@ www.",
        "www.a_b.c_d.com |www.a_b.cd.com|",
        "|www.ab.c_d.e.com|",
        "_www.foo.com_ bar",
        "|www.a|._",
    ]

    static let schemes = [
        "|http://commonmark.org|",
        "|HTTP://a.com|",
        "|ftp://foo.bar.baz|.",
        "xhttp://a.com 1|http://a.com|",
        "http://§a http://—a",
        "|https://a|_",
        "|http://x.com/`a`b|",
        "|http://a.b/c|\td",
        "\"|http://google.com|\"",
        "|http://a.com/a(b)|)",
        "|http://a.com/|&amp; |http://a.com/&a1|;",
        "|www.commonmark.org/he|<lp",
        "|http://🍄.ga/|",
    ]

    static let emails = [
        "|foo@bar.baz|",
        "hello@mail+xyz.example isn't valid, but |hello+xyz@mail.example| is.",
        "|a.b-c_d@a.b|.",
        "a.b-c_d@a.b-",
        "a.b-c_d@a.b_",
        "x@|y@z.com|",
        "|mailto:a@b.com|.",
        "MAILTO:|a@b.com|",
        "|xmpp:a@b.com/x|.",
        "|mailto:a@b.c|/d",
        "|a.mailto:foo@bar.com|",
        "@a.b.c@. x",
        "n@.  b",
    ]

    /// Addresses and URLs on the same lines: addresses are looked for in the
    /// text between URLs, found in one pass with them.
    static let mixed = [
        "x |a@b.com| |http://x.yz/p| |c@d.com|",
        "a@b.|http://c.de| f",
        "|www.a.com@b.com|",
        "|e@f.com| |www.g.hi| |j@k.lm|",
        "|p@q.rs|\n|http://t.uv| |w@x.yz|\nno at here |www.a.bc|",
        "a@b_|www.c.de|",
    ]

    @Test(arguments: www + schemes + emails + mixed)
    func marksLinks(_ expected: String) {
        #expect(marked(unmarked(expected), Self.gfm) == expected)
    }

    /// cmark reads a NUL as U+FFFD: the domain ends after it, and the link
    /// runs on (`www.6222222222\0_w` is one link, no phone inside it).
    @Test(arguments: ["|www.6222222222\u{0}_w|", "|www.a\u{0}b.com|", "see www.x_y\u{0}.com z"])
    func nulReadsAsReplacementCharacter(_ expected: String) {
        #expect(marked(unmarked(expected), Self.gfm) == expected)
        #expect(marked(unmarked(expected).replacing("\u{0}", with: "\u{FFFD}"), Self.gfm) == expected.replacing("\u{0}", with: "\u{FFFD}"))
    }

    @Test func hrefsAsGitHubWritesThem() {
        let found = entities("www.a.com foo@bar.baz mailto:x@y.zz xmpp:a@b.cc HTTP://A.com/é", Self.gfm)
        #expect(found.map { $0.target(in: "www.a.com foo@bar.baz mailto:x@y.zz xmpp:a@b.cc HTTP://A.com/é") } == ["http://www.a.com", "mailto:foo@bar.baz", "mailto:x@y.zz", "xmpp:a@b.cc", "HTTP://A.com/é"])
    }

    @Test func emailsOnlyStillSkipURLs() {
        var options = Self.gfm
        options.kinds = .email
        #expect(marked("http://a.com/x@y.com b@c.com", options) == "http://a.com/x@y.com |b@c.com|")
    }

    @Test func hostCharacterTableIsTheDefinition() {
        // cmark-gfm: not white space (tab, LF, FF, CR, space) and not ASCII punctuation.
        for b in UInt8(0)..<0x80 {
            let bytes = [b]
            let isHost = bytes.withUnsafeBufferPointer { GFMScanner.isHostCharacter($0, at: 0) }
            let expected = ![0x09, 0x0A, 0x0C, 0x0D, 0x20].contains(b) && !ByteClass.isASCIIPunctuation(b)
            #expect(isHost == expected, "byte \(b)")
        }
    }

    @Test func longRunsStayLinear() {
        // Each of these would be quadratic if every trigger rescanned the run.
        let underscores = String(repeating: "_www.a", count: 20_000)
        let ats = String(repeating: "a@", count: 50_000)
        let parens = "http://a.b/" + String(repeating: ")", count: 50_000)
        // Only the last `www.a` is a domain without an underscore in its last two labels.
        #expect(entities(underscores, Self.gfm).map(\.start) == [underscores.utf8.count - 5])
        #expect(entities(ats, Self.gfm).isEmpty)
        #expect(entities(parens, Self.gfm).map(\.end) == [11])
    }
}
