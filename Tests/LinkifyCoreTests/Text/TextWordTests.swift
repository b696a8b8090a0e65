import Testing
import LinkifyTestSupport
@_spi(Layers) @testable import LinkifyModel

/// `TextWord.read` reads a short ASCII word from one sixteen-byte load; it
/// says what the scalar-by-scalar reading says (range, key, letters, case)
/// from every start of drawn texts of letters in both cases, Latin and
/// other letters, ideographs, digits, punctuation and invalid bytes, near
/// and past the sixteen-byte edge and the twelve-letter key limit (fixed seed).
@Suite struct TextWordTests {
    @Test func blockReadIsScalarRead() {
        let pieces = ["a", "Z", "mon", "Tuesday", "MAY", "abcdefghijkl", "abcdefghijklm", "é", "Ö", "ß", "ж", "普",
                      " ", ".", "1", "-", "'", "\u{0301}"].map { Array($0.utf8) } + [[0xFF], [0xC3]]
        var rng = SplitMix(state: 0x7E57_30D5)
        for _ in 0..<3_000 {
            var bytes: [UInt8] = []
            for _ in 0..<Int(rng.next() % 12) { bytes += pieces[Int(rng.next() % UInt64(pieces.count))] }
            bytes.withUnsafeBufferPointer { t in
                for i in 0..<t.count {
                    let a = TextWord.read(t, at: i), b = TextWord.readByScalars(t, at: i)
                    #expect(a?.start == b?.start && a?.end == b?.end && a?.key == b?.key && a?.letters == b?.letters
                            && a?.isCapitalized == b?.isCapitalized && a?.isUppercase == b?.isUppercase, "\(Array(t)) at \(i)")
                }
            }
        }
    }
}
