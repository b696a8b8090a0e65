import Testing
import LinkifyCore

/// The library use shown in the README, as a test (public API only).
@Suite struct LibraryAPITests {
    @Test func readmeExample() {
        let finder = EntityFinder(options: FinderOptions(kinds: [.url, .email]))
        let found = finder.entities(in: "Write to hi@example.org or see example.com/docs")
        #expect(found.map(\.kind) == [.email, .url])
        #expect(found.map { $0.target(in: "Write to hi@example.org or see example.com/docs") } == ["mailto:hi@example.org", "https://example.com/docs"])
        #expect(found.map(\.start) == [9, 31])
        #expect(found.map(\.end) == [23, 47])
        #expect(Linkify.annotate("See example.com", to: .html) == "See <a href=\"https://example.com\">example.com</a>")
        #expect(Linkify.annotate("See example.com", to: .markdown) == "See [example.com](https://example.com)")
    }
}
