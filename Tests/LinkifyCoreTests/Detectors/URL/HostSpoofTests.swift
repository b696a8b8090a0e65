import Testing
@testable import LinkifyCore
@testable import LinkifyDetectors
@testable import LinkifyFinding
@testable import LinkifyInput
@_spi(Layers) @testable import LinkifyModel
@testable import LinkifyRendering

/// SPEC §5, issue 24 item 15: a host label that UTS #39 flags (beyond the
/// Moderately Restrictive level, or whole-script confusable with Latin) goes
/// into the href as its A-label; the text stays as written, JSON says
/// `"spoof": true` and `--explain` says why. Other IDNs keep their Unicode.
@Suite struct HostSpoofTests {
    /// Text, and the href of its one link. A-labels checked against Python's punycode codec.
    static let flagged: [(String, String)] = [
        ("see https://аpple.com/ now", "https://xn--pple-43d.com/"),               // Cyrillic а + Latin
        ("see аpple.com now", "https://xn--pple-43d.com"),                           // bare domain
        ("see www.аpple.com now", "https://www.xn--pple-43d.com"),                   // www.
        ("see аpple.co.uk now", "https://xn--pple-43d.co.uk"),                       // a run read over several full stops
        ("see the.аpple.com now", "https://the.xn--pple-43d.com"),                   // ASCII first label, flagged second
        ("go to https://Аpple.com:8080/x?q=1", "https://xn--pple-43d.com:8080/x?q=1"), // capital: lowercased, port kept
        ("pay at раураӏ.com today", "https://xn--80aa0cbo65f.com"),                  // all Cyrillic, each has a Latin look-alike
        ("https://gооgle.com/search", "https://xn--ggle-55da.com/search"),            // two Cyrillic о
        ("https://ρayρal.com/", "https://xn--ayal-9ndc.com/"),                       // Greek ρ + Latin
        ("https://ѕсоре.рф/", "https://xn--e1argc3h.рф/"),                          // only the flagged label changes
        ("https://раураӏ。com/", "https://xn--80aa0cbo65f。com/"),                   // ideographic full stop kept
    ]

    @Test(arguments: flagged)
    func flaggedLabelsGoIntoTheHrefAsALabels(_ c: (String, String)) {
        let found = entities(c.0)
        #expect(found.count == 1)
        guard let e = found.first else { return }
        #expect(e.target(in: c.0) == c.1)
        #expect(e.isSpoof)
    }

    /// IDNs that UTS #39 does not flag, and ASCII hosts, keep their href as written.
    static let kept: [(String, String)] = [
        ("https://ja.wikipedia.org/wiki/東京", "https://ja.wikipedia.org/wiki/東京"),
        ("münchen.de", "https://münchen.de"),
        ("пример.рф", "https://пример.рф"),                 // Cyrillic, not confusable with Latin as a whole
        ("東京abc.jp", "https://東京abc.jp"),                 // Han + Latin: Highly Restrictive
        ("https://ｅｘａｍｐｌｅ.com/x", "https://ｅｘａｍｐｌｅ.com/x"), // fullwidth ASCII: ASCII once mapped
        ("xn--pple-43d.com", "https://xn--pple-43d.com"),
        ("https://apple.com/", "https://apple.com/"),
    ]

    @Test(arguments: kept)
    func unflaggedHostsKeepTheirCharacters(_ c: (String, String)) {
        let found = entities(c.0)
        #expect(found.map { $0.target(in: c.0) } == [c.1])
        #expect(found.allSatisfy { !$0.isSpoof })
    }

    @Test func labelVerdictsFollowUTS39() {
        func verdict(_ s: String) -> HostSpoof.Reason? { HostSpoof.reason(forLabel: s.unicodeScalars.map(\.value)) }
        #expect(verdict("аpple") == .mixedScripts(["Cyrillic", "Latin"]))
        #expect(verdict("ρayρal") == .mixedScripts(["Greek", "Latin"]))
        #expect(verdict("раураӏ") == .wholeScriptConfusable("Cyrillic"))
        #expect(verdict("οο") == .wholeScriptConfusable("Greek"))
        #expect(verdict("пример") == nil)          // п, и, м have no Latin look-alike
        #expect(verdict("ббб") == nil)             // б looks like the digit 6, not a Latin letter
        #expect(verdict("東京abc") == nil)          // Highly Restrictive
        #expect(verdict("ひらがなカタカナ漢字abc") == nil)
        #expect(verdict("한국abc") == nil)
        #expect(verdict("abcแมว") == nil)          // Latin + Thai: Moderately Restrictive
        #expect(verdict("abcпривет") == .mixedScripts(["Latin", "Cyrillic"]))
        #expect(verdict("แมวпривет") == .mixedScripts(["Thai", "Cyrillic"]))   // two non-Latin scripts
        #expect(verdict("☃") == .restricted(0x2603))   // not allowed in identifiers: Unrestricted
        #expect(verdict("münchen") == nil)
        #expect(verdict("straße") == nil)
    }

    @Test func jsonSaysSpoofOnlyWhenTrue() {
        let out = rendered("https://аpple.com/ and münchen.de\n", .jsonl)
        let lines = out.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.first?.hasSuffix(", \"spoof\": true}") == true)
        #expect(lines.first?.contains("\"text\": \"https://аpple.com/\"") == true)
        #expect(lines.last?.contains("spoof") == false)
    }

    @Test func textStaysAsWritten() {
        #expect(rendered("see https://аpple.com/\n", .html) == "see <a href=\"https://xn--pple-43d.com/\">https://аpple.com/</a>\n")
        #expect(rendered("see https://аpple.com/\n", .markdown, input: .markdown) == "see [https://аpple.com/](https://xn--pple-43d.com/)\n")
    }

    final class Sink: ExplanationSink, @unchecked Sendable {
        var log: [Explanation] = []
        func record(_ explanations: [Explanation], in text: UnsafeBufferPointer<UInt8>) { log += explanations }
    }

    @Test func explainSaysWhichLabelAndWhichRule() {
        let sink = Sink()
        let text = Array("see https://аpple.com/ and раураӏ.com\n".utf8)
        _ = text.withUnsafeBufferPointer { EntityFinder(options: FinderOptions(explanations: sink)).entities(in: $0) }
        let rules = sink.log.compactMap { e -> String? in
            if case .linked(let rule, _) = e.verdict { return rule }
            return nil
        }
        #expect(rules.count == 2)
        #expect(rules.first?.contains("host label 'аpple'") == true)
        #expect(rules.first?.contains("mixed scripts Cyrillic+Latin") == true)
        #expect(rules.first?.contains("xn--pple-43d") == true)
        #expect(rules.last?.contains("whole-script confusable with Latin (Cyrillic)") == true)
    }

    /// twitter-text links the URL too (same check); gfm writes hrefs as GitHub does, no IDNA conversion (SPEC §5).
    @Test func profiles() {
        let text = "see https://аpple.com/ now"
        #expect(targets(text, FinderOptions(profile: .twitter)) == ["https://xn--pple-43d.com/"])
        #expect(targets(text, FinderOptions(profile: .gfm)) == ["https://аpple.com/"])
    }

    /// A flagged label longer than DNS allows has no A-label: percent-encoded,
    /// in time linear in its length (Punycode's is quadratic).
    @Test func overlongFlaggedLabelIsPercentEncoded() {
        let label = "a" + String(repeating: "а", count: 5000)
        let found = entities("https://\(label).com/")
        #expect(found.count == 1)
        let href = found.first.map { $0.target(in: "https://\(label).com/") } ?? ""
        #expect(href.hasPrefix("https://a%D0%B0%D0%B0"))
        #expect(href.hasSuffix(".com/"))
        #expect(href.utf8.allSatisfy { $0 < 0x80 })
    }
}
