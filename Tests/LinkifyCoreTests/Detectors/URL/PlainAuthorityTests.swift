import Testing
@testable import LinkifyCore
@testable import LinkifyDetectors
@testable import LinkifyFinding
@testable import LinkifyInput
@_spi(Layers) @testable import LinkifyModel
@testable import LinkifyRendering

/// The one-pass reading of plain web authorities (`plainWebURL`) finds what
/// the general path finds, with the same rejections.
@Suite struct PlainAuthorityTests {
    /// Pieces that make the cases the two paths could disagree on: ports,
    /// userinfo, trailing soft characters, brackets, stoppers, hyphens, empty labels.
    static let pieces = ["http://", "https://", "ftp://", "HTTPS://", "myapp://", "a", "b9", "example", "com", ".", "..",
                         ":", ":80", ":65535", ":65536", ":123456", "-", "_", "@", "/", "?", "#", "(", ")", "[", "]",
                         "<", ">", ",", ";", "!", "'", "\"", " ", "\n", "\u{3002}", "例", "é", "user:pw@", "~", "&",
                         "=", "{", "}", "|", "\\", "^", "`", "*", "+", "%", "\u{FF0C}"]

    static func scan(_ text: String, onePass: Bool) -> ([Entity], [Explanation]) {
        var scanner = UTS58Scanner()
        scanner.readsPlainAuthorityInOnePass = onePass
        var found: [Entity] = []
        var rejected: [Explanation] = []
        Array(text.utf8).withUnsafeBufferPointer { scanner.scan($0, from: 0, into: &found, rejections: &rejected) }
        return (found, rejected)
    }

    @Test(arguments: 0..<8)
    func onePassAgreesWithTheGeneralPath(_ seed: Int) {
        var random = SeededRandom(state: UInt64(seed) &+ 0x9E37_79B9)
        for _ in 0..<2_000 {
            var text = ""
            for _ in 0..<(1 + random.next(14)) { text += Self.pieces[random.next(Self.pieces.count)] }
            let onePass = Self.scan(text, onePass: true)
            let general = Self.scan(text, onePass: false)
            #expect(onePass.0 == general.0, "entities of \(text.debugDescription)")
            #expect(onePass.1 == general.1, "rejections of \(text.debugDescription)")
        }
    }

    @Test(arguments: ["http://example.com", "http://example.com.", "http://example.com:", "http://example.com:8080/x",
                      "see https://a.b.c/d?e#f.", "http://a-.com", "http://-a.com", "http://a..com/", "http://a.com./",
                      "http://:80/", "http://a:1:2/", "http://a_b.com", "http://user@a.com", "(http://a.com)", "http://a.com,@b",
                      "http://a.com:99999", "http://a.com:65535", "ftp://files.x.org/pub", "http://a.com)x"])
    func casesAgree(_ text: String) {
        #expect(Self.scan(text, onePass: true).0 == Self.scan(text, onePass: false).0, "\(text)")
        #expect(Self.scan(text, onePass: true).1 == Self.scan(text, onePass: false).1, "\(text)")
    }

    /// The labels' check from bit masks is the scalar loop's, on ranges of
    /// every length up to past the masks' 64 bytes, with `_` allowed or not,
    /// and on ranges where the loop must decide (bytes past ASCII, others).
    @Test(arguments: [false, true])
    func asciiLabelsAgreeWithTheLoop(_ allowUnderscore: Bool) {
        let alphabet = Array("ab9Z-._".utf8) + [0x20, 0xC3, 0xA9, 0x2F]
        var random = SeededRandom(state: allowUnderscore ? 11 : 12)
        for _ in 0..<20_000 {
            // Mostly letters, full stops and hyphens; now and then another byte.
            let length = random.next(70)
            var bytes = (0..<length).map { _ in alphabet[random.next(random.next(8) == 0 ? alphabet.count : 7)] }
            let from = random.next(3)
            bytes += Array(repeating: UInt8(ascii: "a"), count: 64)   // room for the block loads
            bytes.withUnsafeBufferPointer { t in
                let r = min(from, length)..<length
                let loop = UTS58Scanner.validLabelsByScalars(t, r, allowUnderscore: allowUnderscore)
                #expect(UTS58Scanner.validLabels(t, r, allowUnderscore: allowUnderscore) == loop,
                        "\(String(decoding: t[r], as: UTF8.self).debugDescription)")
            }
        }
    }

    @Test func plainAuthorityValidationMatchesTheGeneralOne() {
        let alphabet = Array("ab9-._:".utf8)
        var random = SeededRandom(state: 7)
        for _ in 0..<20_000 {
            let bytes = (0..<random.next(12)).map { _ in alphabet[random.next(alphabet.count)] }
            bytes.withUnsafeBufferPointer { t in
                let plain = UTS58Scanner.validPlainAuthority(t, 0..<t.count)
                let general = UTS58Scanner.validAuthority(t, 0..<t.count) != nil
                #expect(plain == general, "\(String(decoding: bytes, as: UTF8.self).debugDescription)")
            }
        }
    }
}
