import Testing
@testable import LinkifyCore
@testable import LinkifyDetectors
@testable import LinkifyFinding
@testable import LinkifyInput
@_spi(Layers) @testable import LinkifyModel
@testable import LinkifyRendering

/// Overlaps (SPEC §5), schemes, rewrites, and the dangerous schemes that no
/// flag can let through.
@Suite struct LinkPolicyTests {
    static func literal(_ text: String, _ target: String) -> LiteralLinkScanner {
        LiteralLinkScanner(links: [LiteralLink(text: text, target: target)])
    }

    // MARK: - Overlaps

    @Test func leftmostWins() {
        // The literal `com/docs` starts later than the URL, so the URL wins.
        let options = FinderOptions(userScanners: [Self.literal("com", "https://c")])
        #expect(marked("see example.com and com", options) == "see |example.com| and |com|")
        let later = FinderOptions(userScanners: [Self.literal("docs here", "https://d")])
        #expect(marked("example.com/docs here", later) == "|example.com/docs| here")
    }

    @Test func userRuleBeatsBuiltInAtTheSameStart() {
        let options = FinderOptions(userScanners: [Self.literal("example.com", "https://mine")])
        let found = entities("go example.com/path now", options)
        #expect(targets("go example.com/path now", options) == ["https://mine"])
        #expect(found.map(\.kind) == [.custom])
    }

    @Test func longerMatchWinsAmongUserRulesAtTheSameStart() {
        let options = FinderOptions(userScanners: [
            Self.literal("Google", "https://g"),
            try! PatternLinkScanner(pattern: #"Google \w+"#, template: "https://p/{0}"),
        ])
        #expect(targets("Google Maps", options) == ["https://p/Google%20Maps"])
    }

    @Test func longerMatchWinsAmongBuiltInsAtTheSameStart() {
        // Two built-in candidates at one start: the finder keeps the longer.
        struct Fixed: EntityScanner {
            let ranges: [Range<Int>]
            func scan(_ text: UnsafeBufferPointer<UInt8>, from minStart: Int, into out: inout [Entity]) {
                for r in ranges where r.lowerBound >= minStart {
                    out.append(Entity(kind: .url, start: r.lowerBound, end: r.upperBound, target: "https://\(r.upperBound)"))
                }
            }
        }
        // A user rule that finds nothing forces the general merge path.
        let options = FinderOptions(userScanners: [Fixed(ranges: [0..<3]), Fixed(ranges: [0..<5])])
        #expect(entities("abcdef", options).map(\.end) == [5])
    }

    @Test func rejectedCandidateDoesNotHideOthers() {
        let options = FinderOptions(userScanners: [Self.literal("example.com", "javascript:alert(1)")])
        #expect(targets("example.com", options) == ["https://example.com"])
    }

    // MARK: - Schemes

    @Test func schemesNarrowAndDeny() {
        let text = "https://a.com http://b.com ftp://c.com/x hi@d.com myapp://e"
        #expect(marked(text, FinderOptions(allowedSchemes: ["https", "mailto"])) == "|https://a.com| http://b.com ftp://c.com/x |hi@d.com| myapp://e")
        #expect(marked(text, FinderOptions(deniedSchemes: ["ftp", "myapp"])) == "|https://a.com| |http://b.com| ftp://c.com/x |hi@d.com| myapp://e")
        #expect(marked(text, FinderOptions(allowedSchemes: ["HTTPS"])) == "|https://a.com| http://b.com ftp://c.com/x hi@d.com myapp://e")
    }

    @Test func rewritesFirstMatchWins() {
        let options = FinderOptions(rewrites: [("http://", "https://"), ("https://old.example/", "https://new.example/"),
                                               ("http://", "ftp://")])
        #expect(targets("http://a.com", options) == ["https://a.com"])
        #expect(targets("https://old.example/x", options) == ["https://new.example/x"])
        #expect(targets("HTTP://A.COM", options) == ["https://A.COM"])
    }

    @Test func rewriteThenPolicy() {
        #expect(entities("http://a.com", FinderOptions(allowedSchemes: ["https"], rewrites: [("http://", "https://")])).count == 1)
        #expect(entities("https://a.com", FinderOptions(deniedSchemes: ["http"], rewrites: [("https://", "http://")])).isEmpty)
    }

    // MARK: - Dangerous schemes, every spelling

    static let dangerousSpellings = [
        "javascript:alert(1)", "JavaScript:alert(1)", " javascript:alert(1)", "\u{01}\u{1F} javascript:x",
        "java\tscript:x", "java\nscript:x", "jav&#x61;script:x", "&#106;avascript:x", "&#0000106avascript:x",
        "javascript&colon;x", "javascript&#58;x", "%6Aavascript:x", "javascript%3Ax", "%256Aavascript:x",
        "&amp;#106;avascript:x", "vbscript:msgbox", "VBScript:x", "data:text/html,<script>", "DATA:x", " data:x",
        "java&Tab;script:x", "javascript://%0aalert(1)",
    ]

    @Test(arguments: dangerousSpellings)
    func dangerousSchemesAreRecognised(_ target: String) {
        let scheme = LinkPolicy.scheme(of: target)
        #expect(scheme.map(LinkPolicy.dangerousSchemes.contains) == true, "\(target) → \(scheme ?? "nil")")
    }

    @Test func safeTargetsStaySafe() {
        #expect(LinkPolicy.scheme(of: "https://example.com/javascript:x") == "https")
        #expect(LinkPolicy.scheme(of: "/docs/javascript:x") == nil)
        #expect(LinkPolicy.scheme(of: "mailto:a@b.c") == "mailto")
        #expect(LinkPolicy.scheme(of: "tel:+1555") == "tel")
    }

    /// Every combination of --schemes, --deny-schemes and --rewrite, with user
    /// literals and patterns whose targets are dangerous: no `javascript:`,
    /// `vbscript:` or `data:` link ever comes out.
    @Test func noCombinationOfFlagsLinksADangerousScheme() {
        let text = "javascript://x.com/%0aalert(1) https://a.com/x vbscript://y.com data://z.com JS VB PJ-1 http://b.com"
        let allowed: [Set<String>?] = [nil, ["javascript"], ["javascript", "vbscript", "data", "https", "http"], ["JavaScript"]]
        let denied: [Set<String>] = [[], ["https"], ["javascript"]]
        let rewrites: [[(from: String, to: String)]] = [
            [], [("https://", "javascript:")], [("http://", " JavaScript:")], [("https://a.com/", "java&#115;cript:")],
            [("javascript://", "https://")], [("", "javascript:")], [("h", "%6Aavascript:h")], [("https://", "data:text/html,")],
        ]
        let users: [any EntityScanner] = [
            LiteralLinkScanner(links: [LiteralLink(text: "JS", target: "javascript:alert(1)"),
                                       LiteralLink(text: "VB", target: "\tvbscript:x")]),
            try! PatternLinkScanner(pattern: #"PJ-(\d+)"#, template: "{0}javascript:{1}"),
            try! PatternLinkScanner(pattern: #"PJ-(\d+)"#, template: "java{1}script:x"),
            try! PatternLinkScanner(pattern: #"javascript:\S+"#, template: "{0}"),
        ]
        for a in allowed {
            for d in denied {
                for r in rewrites {
                    for u in [[], users] {
                        let options = FinderOptions(kinds: .defaults, userScanners: u, allowedSchemes: a, deniedSchemes: d, rewrites: r)
                        for e in entities(text, options) {
                            let scheme = LinkPolicy.scheme(of: e.target(in: text))
                            #expect(!(scheme.map(LinkPolicy.dangerousSchemes.contains) ?? false), "\(e.target(in: text)) with \(String(describing: a)) \(d) \(r)")
                        }
                    }
                }
            }
        }
    }

    // MARK: - Explanations

    final class Collector: ExplanationSink, @unchecked Sendable {
        var log: [Explanation] = []
        func record(_ explanations: [Explanation], in text: UnsafeBufferPointer<UInt8>) { log += explanations }
    }

    @Test func explanationsNameRulesAndRejections() {
        let sink = Collector()
        let options = FinderOptions(userScanners: [Self.literal("Swift", "https://swift.org"), Self.literal("example", "https://ex")],
                                    deniedSchemes: ["ftp"], explanations: sink)
        let text = "Swift example.com control.in main.rs foo.invalidtld ftp://h.com/x http://u@h.com git@github.com:o/r.git"
        let found = entities(text, options)
        #expect(found.count == 2)
        let verdicts = sink.log.map(\.verdict)
        #expect(verdicts.contains(.linked(rule: "literal link --link 'Swift'", target: "https://swift.org")))
        #expect(verdicts.contains { if case .rejected(.bareName(let why)) = $0 { return why.contains("'.in' as a file extension") }; return false })
        #expect(verdicts.contains { if case .rejected(.bareName(let why)) = $0 { return why.contains("a file name (SPEC §5") }; return false })
        #expect(verdicts.contains(.rejected(.unknownTopLevelDomain("invalidtld"))))
        #expect(verdicts.contains(.rejected(.deniedScheme("ftp"))))
        #expect(verdicts.contains(.rejected(.userInfo)))
        #expect(verdicts.contains(.rejected(.sshRemote)))
        #expect(verdicts.contains { if case .rejected(.overlapped(by: .custom, _, _)) = $0 { return true }; return false })
        #expect(sink.log.map(\.start) == sink.log.map(\.start).sorted())
        // The same entities with and without explanations.
        #expect(found == entities(text, FinderOptions(userScanners: options.userScanners, deniedSchemes: ["ftp"])))
    }

    @Test func dangerousSchemeIsExplained() {
        let sink = Collector()
        _ = entities("JS", FinderOptions(userScanners: [Self.literal("JS", "JavaScript:void(0)")], explanations: sink))
        #expect(sink.log.map(\.verdict) == [.rejected(.dangerousScheme("javascript"))])
    }
}
