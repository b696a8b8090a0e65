import Testing
@testable import LinkifyCore
@testable import LinkifyDetectors
@testable import LinkifyFinding
@testable import LinkifyInput
@_spi(Layers) @testable import LinkifyModel
@testable import LinkifyRendering

/// `URLTemplate.expand`: one line per case, grouped by the URL part the value lands in.
@Suite struct URLTemplateTests {
    struct Case: Sendable, CustomStringConvertible {
        let template: String, value: String, expected: String
        init(_ template: String, _ value: String, _ expected: String) {
            self.template = template
            self.value = value
            self.expected = expected
        }
        var description: String { "\(template) <- \(value)" }
    }

    static let path = [
        Case("https://x.org/tags/{}", "Zürich", "https://x.org/tags/Z%C3%BCrich"),
        Case("https://x.org/{}", "alice/list-1", "https://x.org/alice/list-1"),
        Case("https://x.org/{}", "a b?c#d%e", "https://x.org/a%20b%3Fc%23d%25e"),
        Case("https://x.org/{}", "東京", "https://x.org/%E6%9D%B1%E4%BA%AC"),
        Case("https://x.org/{}", "a&b=c+d;e", "https://x.org/a&b=c+d;e"),
        Case("https://x.org/{}", "<\"'>", "https://x.org/%3C%22'%3E"),
        Case("https://x.org/{}/{}", "v", "https://x.org/v/v"),
        Case("https://x.org/", "v", "https://x.org/"),
    ]

    static let query = [
        Case("https://x.org/search?q=%24{}", "ABC.X", "https://x.org/search?q=%24ABC.X"),
        Case("https://x.org/s?q={}&lang=en", "a&b=c+d", "https://x.org/s?q=a%26b%3Dc%2Bd&lang=en"),
        Case("https://x.org/s?q={}", "1 Main St, Springfield", "https://x.org/s?q=1%20Main%20St,%20Springfield"),
        Case("https://x.org/s?q={}", "?/:@", "https://x.org/s?q=?/:@"),
        Case("https://x.org/s?q={}", "café#1", "https://x.org/s?q=caf%C3%A9%231"),
    ]

    static let fragment = [
        Case("https://x.org/#{}", "ABC", "https://x.org/#ABC"),
        Case("https://x.org/p?a=1#{}", "x y", "https://x.org/p?a=1#x%20y"),
        Case("https://x.org/#{}", "a&b=c+d;e?/", "https://x.org/#a%26b%3Dc%2Bd%3Be?/"),
    ]

    /// Issue 24 item 8: `{}` and `{0}` are the value, `{{` and `}}` braces (SPEC §2).
    static let placeholders = [
        Case("https://x.org/{0}", "bob", "https://x.org/bob"),
        Case("https://x.org/{0}/{}?u={0}", "bob", "https://x.org/bob/bob?u=bob"),
        Case("https://x.org/{{{}}}", "bob", "https://x.org/{bob}"),
        Case("https://x.org/{{0}}/{0}", "Zürich", "https://x.org/{0}/Z%C3%BCrich"),
        Case("https://x.org/}}{{", "v", "https://x.org/}{"),
    ]

    @Test(arguments: placeholders) func placeholderSpellings(_ c: Case) { #expect(URLTemplate.expand(c.template, value: c.value) == c.expected) }

    @Test func patternTemplateReadsEmptyBracesAsTheMatch() {
        #expect(PatternTemplate("https://x/{}").pieces == [.text("https://x/"), .group(0, .path)])
    }

    /// What the command line refuses: any other `{…}`, and a lone brace.
    @Test func problemsAreNamed() {
        for good in ["https://x.org/{}", "https://x.org/{0}", "https://x.org/{{x}}", "https://x.org/", "{}"] {
            #expect(URLTemplate.problem(in: good) == nil, "\(good)")
        }
        #expect(URLTemplate.problem(in: "https://x.org/{user}") == "{user} is not a placeholder ({} or {0} is the value; {{ and }} are braces)")
        #expect(URLTemplate.problem(in: "https://x.org/{1}") == "{1} is not a placeholder ({} or {0} is the value; {{ and }} are braces)")
        #expect(URLTemplate.problem(in: "https://x.org/{") == "a '{' without its '}' (write {{ for a brace)")
        #expect(URLTemplate.problem(in: "https://x.org/}") == "a '}' without its '{' (write }} for a brace)")
        // In --pattern, groups by number and name are placeholders too.
        #expect(PatternTemplate.problem(in: "https://x/{1}/{name}/{}/{") == "a '{' without its '}' (write {{ for a brace)")
        #expect(PatternTemplate.problem(in: "https://x/{1}/{name}/{}/{{}}") == nil)
        #expect(PatternTemplate.problem(in: "https://x/{a b}") == "{a b} is not a placeholder ({} or {0} is the match, {1}… a group, {name} a named group; {{ and }} are braces)")
    }

    @Test(arguments: path) func pathValue(_ c: Case) { #expect(URLTemplate.expand(c.template, value: c.value) == c.expected) }
    @Test(arguments: query) func queryValue(_ c: Case) { #expect(URLTemplate.expand(c.template, value: c.value) == c.expected) }
    @Test(arguments: fragment) func fragmentValue(_ c: Case) { #expect(URLTemplate.expand(c.template, value: c.value) == c.expected) }
}
