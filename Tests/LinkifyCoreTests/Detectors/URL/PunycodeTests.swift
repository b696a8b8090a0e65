import Testing
@testable import LinkifyCore
@testable import LinkifyDetectors
@testable import LinkifyFinding
@testable import LinkifyInput
@_spi(Layers) @testable import LinkifyModel
@testable import LinkifyRendering

/// Punycode (RFC 3492 §7.1 samples and IDNA labels).
@Suite struct PunycodeTests {
    static let samples: [(String, String)] = [
        ("bücher", "bcher-kva"),
        ("münchen", "mnchen-3ya"),
        ("みんな", "q9jyb4c"),
        ("中国", "fiqs8s"),
        ("ليهمابتكلموشعربي؟", "egbpdaj6bu4bxfgehfvwxn"),
        ("abc", "abc-"),
    ]

    @Test(arguments: samples) func encodes(_ sample: (String, String)) {
        let scalars = sample.0.unicodeScalars.map(\.value)
        #expect(Punycode.encode(scalars).map { String(decoding: $0, as: UTF8.self) } == sample.1)
    }

    @Test func longLabelIsRefused() {
        #expect(Punycode.encode(Array(repeating: 0x3042, count: 64)) == nil)
    }
}
