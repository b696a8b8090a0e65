import Testing
import LinkifyTestSupport
@testable import LinkifyDetectors

/// The sign search of the mention, hashtag and cashtag scanners reads
/// sixteen bytes at a time; it finds what the byte-by-byte definition
/// finds, from every start, on drawn texts of signs, fullwidth forms cut
/// anywhere, and other bytes (fixed seed).
@Suite struct SigilSearchTests {
    @Test func blockSearchIsByteSearch() {
        let alphabet: [UInt8] = [0x40, 0x23, 0x24, 0xEF, 0xBC, 0xA0, 0x83, 0x61, 0x20, 0x0A, 0xC3, 0xA9]
        let signs: [(UInt8, UInt8?)] = [(0x40, 0xA0), (0x23, 0x83), (0x24, nil)]
        var rng = SplitMix(state: 2_026_120_8)
        for _ in 0..<3_000 {
            let length = Int(rng.next() % 80)
            let bytes = (0..<length).map { _ in alphabet[Int(rng.next() % UInt64(alphabet.count))] }
            bytes.withUnsafeBufferPointer { t in
                for (ascii, fullwidth) in signs {
                    for start in 0...length {
                        let block = SigilScanning.nextSign(t, from: start, ascii: ascii, fullwidth: fullwidth)
                        let byBytes = SigilScanning.nextSignByBytes(t, from: start, ascii: ascii, fullwidth: fullwidth)
                        #expect(block?.0 == byBytes?.0 && block?.1 == byBytes?.1, "\(Array(t)) from \(start)")
                    }
                }
            }
        }
    }
}
