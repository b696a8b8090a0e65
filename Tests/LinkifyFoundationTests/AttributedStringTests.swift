import Foundation
import Testing
import LinkifyFoundation

/// `AttributedString(linkifying:using:)` and the Foundation conveniences.
@Suite struct AttributedStringTests {
    /// The runs that carry a link: their text and URL.
    func links(_ s: AttributedString) -> [(String, String)] {
        s.runs.compactMap { run in run.link.map { (String(s[run.range].characters), $0.absoluteString) } }
    }

    @Test func urlEmailPhoneAndTemplatedDateBecomeLinks() throws {
        let linkifier = try Linkifier(kinds: [.url, .email, .phone, .date], templates: LinkTemplates(date: "calshow://{}"),
                                      referenceTime: CivilDateTime(year: 2026, month: 12, day: 6))
        let s = AttributedString(linkifying: "Mail hi@example.org, see example.com, call +1 415 555 0100 on 3 March 2026.",
                                 using: linkifier)
        #expect(links(s).map(\.0) == ["hi@example.org", "example.com", "+1 415 555 0100", "3 March 2026"])
        #expect(links(s).map(\.1) == ["mailto:hi@example.org", "https://example.com", "tel:+14155550100", "calshow://2026-03-03"])
        #expect(s.runs.compactMap { $0[Linkifier.KindAttribute.self] } == [.email, .url, .phone, .date])
    }

    @Test func aDateWithoutTemplateKeepsItsValueAndNoLink() throws {
        let linkifier = try Linkifier(kinds: [.date], referenceTime: CivilDateTime(year: 2026, month: 12, day: 6))
        let s = AttributedString(linkifying: "Due tomorrow.", using: linkifier)
        #expect(links(s).isEmpty)
        #expect(s.runs.compactMap { $0[Linkifier.DateValueAttribute.self] } == ["2026-12-07"])
    }

    @Test func existingAttributesAndLinksAreKept() throws {
        var text = AttributedString("Bold example.com and ")
        text[text.range(of: "Bold")!][Highlight.self] = "bold"
        var linked = AttributedString("example.org")
        linked.link = URL(string: "https://mine.example/")
        text.append(linked)
        let s = AttributedString(linkifying: text, using: try Linkifier())
        #expect(links(s).map(\.1) == ["https://example.com", "https://mine.example/"])
        #expect(s[s.range(of: "Bold")!][Highlight.self] == "bold")
        #expect(String(s.characters) == String(text.characters))
    }

    @Test func keywordsCustomTemplatesAndPolicies() throws {
        let linkifier = try Linkifier(kinds: [.url, .email, .mention, .hashtag],
                                      rules: [.keyword("FoodPin", url: "foodpinapp://actions/new")],
                                      templates: LinkTemplates(mention: "myapp://user/{}", hashtag: "myapp://tag/{}"))
        let text = "FoodPin by @anna #swift https://example.com/recipes/1 mail me@example.org"
        let s = AttributedString(linkifying: text, using: linkifier, action: { match in
            if match.target?.hasPrefix("mailto:") == true { return .discard }
            if let t = match.target, t.hasPrefix("https://example.com/") {
                return .rewrite(URL(string: "myapp://" + t.dropFirst("https://example.com/".count))!)
            }
            return .allow
        })
        #expect(links(s).map(\.1) == ["foodpinapp://actions/new", "myapp://user/anna", "myapp://tag/swift", "myapp://recipes/1"])
    }

    @Test func styleIsMergedPerKind() throws {
        let s = AttributedString(linkifying: "see example.com or hi@example.org", using: try Linkifier(), style: { kind in
            var c = AttributeContainer()
            c[Highlight.self] = kind == .url ? "blue" : "green"
            return c
        })
        #expect(s[s.range(of: "example.com")!][Highlight.self] == "blue")
        #expect(s[s.range(of: "hi@example.org")!][Highlight.self] == "green")
        #expect(s[s.range(of: "see")!][Highlight.self] == nil)
    }

    @Test func rangesWithEmojiCombiningMarksAndCJK() throws {
        let text = "👩‍👩‍👧 cafe\u{301} 東京 example.com/é 👍🏽 x@例え.jp"
        let s = AttributedString(linkifying: text, using: try Linkifier())
        #expect(links(s).map(\.0) == ["example.com/é", "x@例え.jp"])
        for match in try Linkifier().matches(in: text) {
            let ns = match.nsRange
            #expect((text as NSString).substring(with: ns) == String(text[match.range]))
            #expect(Range(ns, in: text) == match.range)
        }
    }

    @Test func civilDateTimeAndDate() {
        let utc = TimeZone(secondsFromGMT: 0)!
        let d = CivilDateTime(year: 2026, month: 12, day: 6, hour: 9, minute: 30).date(in: utc)!
        #expect(CivilDateTime(d, in: utc) == CivilDateTime(year: 2026, month: 12, day: 6, hour: 9, minute: 30))
        let plusOne = CivilDateTime(year: 2026, month: 12, day: 6, hour: 10, minute: 30, utcOffsetMinutes: 60)
        #expect(plusOne.date() == d)
    }
}

/// An attribute of the tests' own (a color, say), to see that runs keep theirs.
enum Highlight: AttributedStringKey {
    typealias Value = String
    static let name = "test.highlight"
}

/// The clock as the reference time (`Linkifier.withClock`, `CivilDateTime.now`).
@Suite struct ClockTests {
    @Test func withClockReadsRelativeDatesAgainstNow() throws {
        let before = CivilDateTime.now()
        let linkifier = try Linkifier.withClock(kinds: [.date])
        let after = CivilDateTime.now()
        let found = Array(linkifier.matches(in: "due tomorrow"))
        // Tomorrow of the moment the linkifier was made (the run may cross midnight).
        let days = [before, after].map { now -> Linkifier.Value in
            let t = now.adding(days: 1)
            return .date(CivilDateTime(year: t.year, month: t.month, day: t.day))
        }
        #expect(found.count == 1)
        #expect(found.first.flatMap(\.value).map(days.contains) == true)
        #expect(throws: Linkifier.ConfigurationError.self) { try Linkifier(kinds: [.date]) }
    }
}

/// A rewrite to a dangerous scheme is refused like any dangerous target.
@Suite struct PolicyTests {
    @Test func aRewriteToJavaScriptIsNotLinked() throws {
        let s = AttributedString(linkifying: "see example.com", using: try Linkifier(),
                                 action: { _ in .rewrite(URL(string: "javascript:alert(1)")!) })
        #expect(s.runs.allSatisfy { $0.link == nil })
    }
}
