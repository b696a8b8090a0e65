import Testing
import LinkifyTestSupport
@_spi(Layers) @testable import LinkifyModel
@testable import LinkifyInput

/// The block searches find what a byte-by-byte search finds.
@Suite struct ByteSearchTests {
    /// `first(pair:_:in:from:)` on drawn texts of `<`, `!`, `-` and a letter,
    /// of every length around its 128-byte steps, from every start.
    @Test func pairSearchIsTheByteByByteOne() {
        let alphabet = Array("<!-a".utf8)
        var rng = SplitMix(state: 5)
        for _ in 0..<3_000 {
            let length = Int(rng.next() % 300)
            // Mostly letters, so that pairs are rare and the long steps run.
            let bytes = (0..<length).map { _ in rng.next() % 16 == 0 ? alphabet[Int(rng.next() % 3)] : alphabet[3] }
            let start = length == 0 ? 0 : Int(rng.next() % UInt64(length + 1))
            bytes.withUnsafeBufferPointer { t in
                var expected = t.count
                var k = start
                while k + 1 < t.count {
                    if t[k] == 0x3C && t[k + 1] == 0x21 { expected = k; break }
                    k += 1
                }
                #expect(ByteSearch.first(pair: 0x3C, 0x21, in: t, from: start) == expected, "\(bytes) from \(start)")
            }
        }
    }

    /// A comment's opening is found wherever it stands, and only a whole `<!--`.
    @Test func commentOpenings() {
        for (text, open) in [("<!--", 0), ("a<!-x <!-- b", 6), ("<!<!--", 2), ("<!-", nil), (String(repeating: "x", count: 200) + "<!--", 200),
                             (String(repeating: "<!", count: 100) + "-", nil)] as [(String, Int?)] {
            Array(text.utf8).withUnsafeBufferPointer { t in
                #expect(DisableComments.commentOpen(in: t, from: 0) == open, "\(text)")
            }
        }
    }
}
