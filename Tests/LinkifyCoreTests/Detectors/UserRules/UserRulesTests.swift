import Testing
@testable import LinkifyCore
@testable import LinkifyDetectors
@testable import LinkifyFinding
@testable import LinkifyInput
@_spi(Layers) @testable import LinkifyModel
@testable import LinkifyRendering

/// Literal links, pattern links and templates: one line per case, the
/// expected links marked with `|`.
@Suite struct UserRulesTests {
    static func literals(_ pairs: [(String, String)], ignoresCase: Bool = false) -> FinderOptions {
        FinderOptions(userScanners: [LiteralLinkScanner(links: pairs.map { LiteralLink(text: $0.0, target: $0.1) }, ignoresCase: ignoresCase)])
    }

    static let glossary: [(String, String)] = [
        ("Google", "https://google.com"), ("Google Maps", "https://maps.google.com"), ("Swift", "https://swift.org"),
        ("C++", "https://isocpp.org"), ("Zürich", "https://zuerich.ch"), ("東京", "https://tokyo.jp"), ("New York", "https://ny.gov"),
        ("York", "https://york.gov.uk"),
    ]

    static let wholeWords = [
        "use |Swift| today",
        "|Swift|, |Google| and |C++|.",
        "Swifty and unSwift stay",
        "GoogleMaps stays, |Google| Mapsy",
        "in |Zürich|!",
        "Zürichsee stays",
        "|東京|",
        "Swift2 stays, 2Swift too",
        "|C++|x and -|C++|",
        "swift stays (case)",
    ]

    static let longestFirst = [
        "see |Google Maps| now",
        "|Google| Map",
        "|New York| and |York|",
        "|Google Maps|, |Google|",
    ]

    @Test(arguments: wholeWords + longestFirst)
    func literalLinks(_ line: String) {
        #expect(marked(unmarked(line), Self.literals(Self.glossary)) == line)
    }

    static let caseless = [
        "|swift| and |SWIFT| and |Swift|",
        "|ZÜRICH| or |zürich|",
        "|google maps|",
        "ſwift is |ſwift|",   // long s folds to s
    ]

    @Test(arguments: caseless)
    func ignoringCase(_ line: String) {
        let options = Self.literals(Self.glossary + [("swift", "x")], ignoresCase: true)
        let expected = line.hasPrefix("ſwift is") ? "|ſwift| is |ſwift|" : line
        #expect(marked(unmarked(line), options) == expected)
    }

    @Test func caselessOffsetsWhenFoldingChangesLength() {
        // U+212A KELVIN SIGN (3 bytes) folds to `k` (1 byte).
        let options = Self.literals([("kb", "https://kb.example")], ignoresCase: true)
        #expect(marked("a \u{212A}B b KB", options) == "a |\u{212A}B| b |KB|")
    }

    @Test func firstOfEqualLiteralsWins() {
        let found = entities("Swift", Self.literals([("Swift", "https://first"), ("Swift", "https://second")]))
        #expect(found.map { $0.target(in: "Swift") } == ["https://first"])
    }

    @Test func overlappingNumberedLiterals() {
        let options = Self.literals([("term1", "1"), ("term12", "12"), ("term12 extended", "long"), ("term123", "123")])
        #expect(marked("term12 extended term123 term1", options) == "|term12 extended| |term123| |term1|")
    }

    /// The automaton agrees with a naive leftmost-longest search on random
    /// literals over a small alphabet (where matches overlap a lot).
    @Test func automatonMatchesNaiveSearch() {
        var rng = SystemRandomNumberGenerator()
        let alphabet = Array("ab ".utf8)
        for _ in 0..<200 {
            let words = (0..<Int.random(in: 1...12, using: &rng)).map { _ in
                String(decoding: (0..<Int.random(in: 1...4, using: &rng)).map { _ in alphabet[Int.random(in: 0...1, using: &rng)] }, as: UTF8.self)
            }
            let text = String(decoding: (0..<60).map { _ in alphabet[Int.random(in: 0...2, using: &rng)] }, as: UTF8.self)
            let options = Self.literals(words.map { ($0, $0) })
            let b = Array(text.utf8)
            var expected: [Range<Int>] = []
            var i = 0
            while i < b.count {
                let best = words.filter { w in
                    let wb = Array(w.utf8)
                    return i + wb.count <= b.count && Array(b[i..<(i + wb.count)]) == wb
                        && (i == 0 || b[i - 1] == 0x20) && (i + wb.count == b.count || b[i + wb.count] == 0x20)
                }.map(\.utf8.count).max()
                if let len = best { expected.append(i..<(i + len)); i += len } else { i += 1 }
            }
            #expect(entities(text, options).map(\.range) == expected, "\(words) in '\(text)'")
        }
    }

    @Test func tenThousandLiterals() {
        var pairs: [(String, String)] = []
        for k in 0..<10_000 { pairs.append(("term\(k)", "https://example.com/t/\(k)")) }
        pairs.append(("term12 extended", "https://example.com/long"))
        let scanner = LiteralLinkScanner(links: pairs.map { LiteralLink(text: $0.0, target: $0.1) })
        let options = FinderOptions(userScanners: [scanner])
        let text = "x term0 term9999, term12 extended term10000 term123 (term5000)"
        #expect(marked(text, options) == "x |term0| |term9999|, |term12 extended| term10000 |term123| (|term5000|)")
        let found = entities(text, options)
        #expect(found.map { $0.target(in: text) } == ["https://example.com/t/0", "https://example.com/t/9999", "https://example.com/long",
                                        "https://example.com/t/123", "https://example.com/t/5000"])
        #expect(found.allSatisfy { $0.kind == .custom })
    }

    @Test func literalsAcrossStreamingWindows() {
        // The same entities whether the text is scanned whole or from an offset.
        let options = Self.literals(Self.glossary)
        let text = Array("Swift Google Maps York".utf8)
        let tail = text.withUnsafeBufferPointer { EntityFinder(options: options).entities(in: $0, from: 6) }
        #expect(tail.map(\.start) == [6, 18])
    }

    // MARK: - Patterns

    static func pattern(_ regex: String, _ template: String) -> FinderOptions {
        FinderOptions(userScanners: [try! PatternLinkScanner(pattern: regex, template: template)])
    }

    static let patternCases: [(String, String, String)] = [
        (#"PROJ-\d+"#, "https://t/{0}", "see |PROJ-123| and |PROJ-9|, not PROJ-"),
        (#"\bPROJ-\d+"#, "https://t/{0}", "XPROJ-1 but |PROJ-2|"),
        (#"^TODO"#, "https://t/todo", "|TODO| first\nnot TODO here\n|TODO| again"),
        (#"[A-Z]{2,}-\d+"#, "https://t/{0}", "|AB-1|, x-1, |XYZ-22|"),
        (#"(?<owner>\w+)/(?<repo>\w+)#(\d+)"#, "https://github.com/{owner}/{repo}/issues/{3}", "fix |apple/swift#42| now"),
        (#"#(\w+)"#, "https://tags.example/{1}", "tag |#Zürich| here"),
        (#"(?i)ticket\s+(\d+)"#, "https://t/{1}", "|Ticket 5| and |TICKET  6|"),
        (#"a|b"#, "https://t/{0}", "|a| c |b|"),
    ]

    @Test(arguments: patternCases)
    func patternLinks(_ c: (String, String, String)) {
        #expect(marked(unmarked(c.2), Self.pattern(c.0, c.1)) == c.2)
    }

    @Test func templateValuesArePercentEncodedForTheirPart() {
        let cases: [(String, String, String, String)] = [
            (#"#(\w+)"#, "https://x/tags/{1}", "#Zürich", "https://x/tags/Z%C3%BCrich"),
            (#"q:(\S+)"#, "https://x/search?q={1}&lang=en", "q:a&b=c+d", "https://x/search?q=a%26b%3Dc%2Bd&lang=en"),
            (#"p:(\S+)"#, "https://x/{1}", "p:a/b?c#d", "https://x/a/b%3Fc%23d"),
            (#"f:(\S+)"#, "https://x/#{1}", "f:東京#1", "https://x/#%E6%9D%B1%E4%BA%AC%231"),
            // The same rules as the kind templates (URLTemplate): a value stays one parameter.
            (#"q:(\S+)"#, "https://x/s?q={1}", "q:a;b", "https://x/s?q=a%3Bb"),
            (#"f:(\S+)"#, "https://x/#{1}", "f:a&b=c", "https://x/#a%26b%3Dc"),
            (#"h:(\w+)"#, "https://{1}.wikipedia.org/", "h:ja", "https://ja.wikipedia.org/"),
            (#"u:(\S+)"#, "{1}", "u:https://e.com/a?b=1#c", "https://e.com/a?b=1#c"),
            (#"(?<name>[a-z]+)!"#, "https://x/{name}/{0}", "hey!", "https://x/hey/hey!"),
        ]
        for (regex, template, text, target) in cases {
            #expect(targets(text, Self.pattern(regex, template)) == [target], "\(regex) on \(text)")
        }
    }

    @Test func badRegexAndBadTemplateAreErrors() {
        #expect(throws: PatternError.self) { try PatternLinkScanner(pattern: "([a-", template: "x") }
        #expect(throws: PatternError.self) { try PatternLinkScanner(pattern: "(a)", template: "https://x/{2}") }
        #expect(throws: PatternError.self) { try PatternLinkScanner(pattern: "(?<n>a)", template: "https://x/{m}") }
        do {
            _ = try PatternLinkScanner(pattern: "([a-", template: "x")
        } catch {
            #expect(error.message.contains("'([a-'"))
        }
    }

    @Test func prefilterFindsLiteralPrefixesAndFirstBytes() {
        #expect(RegexPrefilter(pattern: #"PROJ-\d+"#).literalPrefix == Array("PROJ-".utf8))
        #expect(RegexPrefilter(pattern: #"ab*c"#).literalPrefix.isEmpty)   // only `a` is certain
        let digits = RegexPrefilter(pattern: #"\d+x"#)
        #expect(digits.firstBytes[Int(UInt8(ascii: "7"))] && !digits.firstBytes[Int(UInt8(ascii: "x"))])
        let alternatives = RegexPrefilter(pattern: #"(?:foo|bar)\d"#)
        #expect(alternatives.firstBytes.enumerated().filter(\.element).map(\.offset) == [0x62, 0x66])
        #expect(RegexPrefilter(pattern: #"a?b"#).firstBytes.enumerated().filter(\.element).map(\.offset) == [0x61, 0x62])
        #expect(RegexPrefilter(pattern: #"(?=x)y"#).acceptsEveryByte)
        #expect(RegexPrefilter(pattern: #"(a)(?<n>b)(?:c)"#).groupCount == 2)
    }

    @Test func patternMatchesStayWithinALineAndSkipInvalidUTF8() {
        var bytes = Array("id:1 ".utf8)
        bytes.append(0xFF)
        bytes += Array("id:22\nid:3".utf8)
        let found = bytes.withUnsafeBufferPointer { EntityFinder(options: Self.pattern(#"id:\d+"#, "https://t/{0}")).entities(in: $0) }
        #expect(found.map { Array(bytes[$0.start..<$0.end]) } == [Array("id:1".utf8), Array("id:22".utf8), Array("id:3".utf8)])
    }

    @Test func patternTemplateParts() {
        #expect(PatternTemplate("https://x/{1}?q={name}#{0}").pieces == [
            .text("https://x/"), .group(1, .path), .text("?q="), .named("name", .query), .text("#"), .group(0, .fragment),
        ])
        #expect(PatternTemplate("{0}").pieces == [.group(0, .whole)])
        #expect(PatternTemplate("https://{0}.x").pieces == [.text("https://"), .group(0, .authority), .text(".x")])
        #expect(PatternTemplate("a{{b}}{ c").pieces == [.text("a{b}{ c")])
    }
}
