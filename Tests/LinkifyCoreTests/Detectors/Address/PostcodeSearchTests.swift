import Testing
import LinkifyTestSupport
@testable import LinkifyDetectors

/// The address scanner's forward searches for postcode signals and UK
/// postcodes pass over the bytes that cannot start one sixteen at a time;
/// they find what a search testing every place finds, queried with starts
/// and windows as the scanner asks (not decreasing), on drawn texts of
/// digits, capitals, commas, parentheses, state names and other bytes (fixed seed).
@Suite struct PostcodeSearchTests {
    @Test func skippingSearchesFindWhatEveryPlaceFinds() {
        let pieces = ["12345", "1234", "EC2V 7HH", "SW1A 1AA", "K1A 0B1", ", IL", ", Ontario", ", New York", "(Québec)",
                      "DC", "Washington", "a", " ", "\n", ",", "(", "9", "Z", "é", "AB1", "x,", "Main St"].map { Array($0.utf8) }
        var rng = SplitMix(state: 58_008)
        for _ in 0..<1_500 {
            var bytes: [UInt8] = []
            for _ in 0..<Int(rng.next() % 24) { bytes += pieces[Int(rng.next() % UInt64(pieces.count))] }
            bytes.withUnsafeBufferPointer { t in
                let reader = AddressReader(t: t)
                var signals = PostcodeSignals(t: t, scanned: 0)
                var every = ForwardSearch(scanned: 0)
                var british = BritishPostcodes(reader: reader, scanned: 0)
                var everyBritish = ForwardSearch(scanned: 0)
                var i = 0
                while i <= t.count {
                    let window = 1 + Int(rng.next() % 40)
                    if rng.next() % 2 == 0 {
                        let expected = every.any(in: i, window: window, count: t.count) { k in signals.isCandidate(k) && signals.isSignal(at: k) }
                        #expect(signals.any(in: i, window: window) == expected, "\(Array(t)) at \(i)")
                        let expectedBritish = everyBritish.any(in: i, window: window, count: t.count) { reader.isPostcode(at: $0) }
                        #expect(british.any(in: i, window: window) == expectedBritish, "\(Array(t)) at \(i)")
                    } else {
                        let expected = every.next(from: i, count: t.count) { k in signals.isCandidate(k) && signals.isSignal(at: k) }
                        #expect(signals.next(from: i) == expected, "\(Array(t)) from \(i)")
                        let expectedBritish = everyBritish.next(from: i, count: t.count) { reader.isPostcode(at: $0) }
                        #expect(british.next(from: i) == expectedBritish, "\(Array(t)) from \(i)")
                    }
                    i += 1 + Int(rng.next() % 6)
                }
            }
        }
    }
}
