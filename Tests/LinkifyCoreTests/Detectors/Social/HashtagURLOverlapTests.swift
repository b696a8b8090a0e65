import Testing
@testable import LinkifyDetectors
@_spi(Layers) @testable import LinkifyModel
import LinkifyTestSupport

/// Hashtags and URLs (issue 27): the overlap rule scans only the stretches
/// between spaces and line breaks that hold a hashtag for URLs. On random
/// texts built from the shapes where the two meet, it keeps what the rule
/// keeps with the URLs of the whole text.
@Suite struct HashtagURLOverlapTests {
    /// The rule as twitter-text states it, with every URL of the text.
    static func reference(_ tags: [Entity], _ t: UnsafeBufferPointer<UInt8>, from minStart: Int) -> [Entity] {
        var urls: [Entity] = []
        TwitterURLScanner().scan(t, from: minStart, into: &urls)
        return HashtagScanner.kept(tags, beside: urls)
    }

    static let pieces = ["#tag", "#foo.com/#bar", "example.com/#x", "http://a.co/#b", "https://t.co/abc#d", "#日本",
                         "x.org", "#a#b", "see", " ", " ", "\n", "\t", ".", "/", "é", "#", "foo.com", "#tag.co.uk"]

    @Test func stretchesGiveTheWholeTextsAnswer() {
        var rng = SplitMix(state: 2027)
        var compared = 0, dropped = 0
        for _ in 0..<3000 {
            let text = (0..<Int.random(in: 1...14, using: &rng)).map { _ in Self.pieces.randomElement(using: &rng)! }.joined()
            let bytes = Array(text.utf8)
            bytes.withUnsafeBufferPointer { t in
                let minStart = Bool.random(using: &rng) ? 0 : Int.random(in: 0...t.count, using: &rng)
                // Hashtag-like candidates (a sign, then up to a break, `#` or `.`) for the rule to sort out.
                var tags: [Entity] = []
                let scanner = HashtagScanner(template: "")
                SigilScanning.scan(t, from: minStart, ascii: 0x23, fullwidth: 0x83,
                                   precedes: { scanner.precedes(t, at: $0, lastIndex: $1) }) { h, length in
                    var end = h + length
                    while end < t.count, t[end] != 0x20, t[end] != 0x0A, t[end] != 0x09, t[end] != 0x23, t[end] != 0x2E { end += 1 }
                    guard end > h + length else { return nil }
                    tags.append(Entity(kind: .hashtag, start: h, end: end, target: "", value: ""))
                    return end
                }
                let expected = Self.reference(tags, t, from: minStart).map(\.start)
                #expect(HashtagScanner.removingURLOverlaps(tags, t, from: minStart).map(\.start) == expected, "\(text.debugDescription) from \(minStart)")
                compared += 1
                dropped += tags.count - expected.count
            }
        }
        // The texts put hashtags inside URLs often enough to test the rule.
        #expect(compared == 3000 && dropped > 300)
    }
}
