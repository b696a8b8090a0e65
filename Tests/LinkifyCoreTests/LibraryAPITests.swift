import Testing
@_spi(Layers) import LinkifyCore
import LinkifyTestSupport

/// The library's public face, `Linkifier` (the README's *Use from Swift*).
@Suite struct LibraryAPITests {
    @Test func readmeExample() throws {
        let linkifier = try Linkifier(kinds: [.url, .email, .mention],
                                      rules: [.keyword("FoodPin", url: "foodpinapp://actions/new")],
                                      templates: LinkTemplates(mention: "myapp://users/{}"))
        let text = "Ask @anna about FoodPin or see example.com"
        let found = Array(linkifier.matches(in: text))
        #expect(found.map { String(text[$0.range]) } == ["@anna", "FoodPin", "example.com"])
        #expect(found.map(\.kind) == [.mention, .custom, .url])
        #expect(found.map(\.target) == ["myapp://users/anna", "foodpinapp://actions/new", "https://example.com"])
        #expect(linkifier.annotated("See example.com", as: .markdown) == "See [example.com](https://example.com)")
        #expect(try Linkifier().annotated("See example.com", as: .html) == "See <a href=\"https://example.com\">example.com</a>")
    }

    @Test func rangesAndOffsetsWithWideCharacters() throws {
        let linkifier = try Linkifier()
        // Emoji (four UTF-8 bytes, two UTF-16 units), a combining mark, CJK (three bytes, one unit).
        let text = "😀 e\u{301}té 見て example.com と hi@example.org 👍🏽"
        let found = Array(linkifier.matches(in: text))
        #expect(found.map { String(text[$0.range]) } == ["example.com", "hi@example.org"])
        for m in found {
            #expect(m.utf8Range.lowerBound == text.utf8.distance(from: text.startIndex, to: m.range.lowerBound))
            #expect(m.utf8Range.upperBound == text.utf8.distance(from: text.startIndex, to: m.range.upperBound))
            #expect(m.utf16Range.lowerBound == text.utf16.distance(from: text.startIndex, to: m.range.lowerBound))
            #expect(m.utf16Range.upperBound == text.utf16.distance(from: text.startIndex, to: m.range.upperBound))
        }
        #expect(found[0].utf16Range == 11..<22)   // 😀 is two UTF-16 units, the rest one each
    }

    @Test func substringRangesAreTheBaseStringsIndices() throws {
        let text = "skip example.org | see example.com"
        let tail = text[text.firstIndex(of: "|")!...]
        let found = Array(try Linkifier().matches(in: tail))
        #expect(found.count == 1)
        #expect(text[found[0].range] == "example.com")
        #expect(found[0].utf8Range == 6..<17)
    }

    @Test func valuesOfDatesPhonesAndAddresses() throws {
        let noon = CivilDateTime(year: 2026, month: 12, day: 4, hour: 12)
        let linkifier = try Linkifier(kinds: .all, referenceTime: noon)
        let text = "Call +1 415 555 0100 tomorrow or on 3 March 2026 at 10:00, at 1600 Pennsylvania Ave NW, Washington, DC 20500."
        let found = Array(linkifier.matches(in: text))
        #expect(found.map(\.kind) == [.phone, .date, .date, .address])
        #expect(found[0].value == .phoneNumber("+14155550100"))
        #expect(found[0].target == "tel:+14155550100")
        #expect(found[1].value == .date(CivilDateTime(year: 2026, month: 12, day: 5)))
        #expect(found[1].target == nil)   // no date template: a value, not a link
        #expect(found[2].value == .dateTime(CivilDateTime(year: 2026, month: 3, day: 3, hour: 10)))
        #expect(found[3].value == .address("1600 Pennsylvania Ave NW, Washington, DC 20500"))
        let templated = try Linkifier(kinds: [.date], templates: LinkTemplates(date: "cal://day/{}"), referenceTime: noon)
        #expect(Array(templated.matches(in: "due tomorrow")).map(\.target) == ["cal://day/2026-12-05"])
        #expect(Array(linkifier.pinning(referenceTime: CivilDateTime(year: 2027, month: 1, day: 1)).matches(in: "tomorrow"))
            .map(\.value) == [.date(CivilDateTime(year: 2027, month: 1, day: 2))])
    }

    @Test func rulesTemplatesAndSchemePolicy() throws {
        let linkifier = try Linkifier(
            kinds: [.url, .email, .mention, .hashtag],
            rules: [.keyword("foodpin", url: "foodpinapp://actions/new", ignoringCase: true),
                    .pattern(#"JIRA-(\d+)"#, url: "https://jira.example.com/browse/JIRA-{1}")],
            templates: LinkTemplates(mention: "myapp://user/{}", hashtag: "myapp://tag/{}"),
            schemes: .init(denied: ["mailto"], rewrites: [.init("https://example.com/", to: "myapp://")]))
        let text = "FoodPin JIRA-12 @bo #swift https://example.com/a/b me@example.org"
        let found = Array(linkifier.matches(in: text))
        #expect(found.map(\.target) == ["foodpinapp://actions/new", "https://jira.example.com/browse/JIRA-12",
                                        "myapp://user/bo", "myapp://tag/swift", "myapp://a/b"])
    }

    @Test func badConfigurationIsAnError() {
        #expect(throws: Linkifier.ConfigurationError.self) { try Linkifier(locale: "en_UK") }
        #expect(throws: Linkifier.ConfigurationError.self) { try Linkifier(phoneRegion: "USA") }
        #expect(throws: Linkifier.ConfigurationError.self) { try Linkifier(rules: [.pattern("(", url: "x:{0}")]) }
        #expect(throws: Linkifier.ConfigurationError.self) { try Linkifier(rules: [.pattern("a(b)", url: "x:{2}")]) }
        #expect(throws: Linkifier.ConfigurationError.self) { try Linkifier(templates: LinkTemplates(mention: "x:{y")) }
        #expect(throws: Linkifier.ConfigurationError.self) { try Linkifier(kinds: [.date]) }
    }

    /// The matches are the byte API's entities, with the same offsets the
    /// command line's `--offsets utf16` writes, on generated mixed text.
    @Test func matchesAgreeWithTheByteAPI() throws {
        let pieces = ["a", " ", "é", "😀", "見", "\u{301}", "example.com", "x@y.org", "https://a.b/c", ".", "\n", "👍🏽", "@u", "#t"]
        var rng = SplitMix(state: 7)
        let linkifier = try Linkifier(kinds: [.url, .email, .mention, .hashtag])
        for _ in 0..<200 {
            let text = (0..<Int(rng.next() % 30)).map { _ in pieces[Int(rng.next() % UInt64(pieces.count))] }.joined()
            let matches = Array(linkifier.matches(in: text))
            let entities = linkifier.finder.entities(in: text)
            #expect(matches.map(\.utf8Range) == entities.map(\.range))
            for m in matches {
                #expect(Array(text[m.range].utf8) == Array(Array(text.utf8)[m.utf8Range]))
                #expect(text.utf16.distance(from: text.startIndex, to: m.range.lowerBound) == m.utf16Range.lowerBound)
            }
        }
    }
}

/// What the library checks that the command line checks too.
@Suite struct LinkifierConfigurationTests {
    @Test func emptyKeywordsAndURLsAreErrors() {
        #expect(throws: Linkifier.ConfigurationError.self) { try Linkifier(rules: [.keyword("", url: "x://y")]) }
        #expect(throws: Linkifier.ConfigurationError.self) { try Linkifier(rules: [.keyword("Foo", url: "")]) }
    }

    @Test func aBadRegexIsNamedWithoutTheCommandLinesFlag() {
        do {
            _ = try Linkifier(rules: [.pattern("(", url: "x:{0}")])
            Issue.record("no error")
        } catch {
            #expect(error.description.contains("in a pattern rule"))
            #expect(!error.description.contains("--pattern"))
        }
    }
}
