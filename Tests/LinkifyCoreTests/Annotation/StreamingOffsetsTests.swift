import Testing
@testable import LinkifyCore
@testable import LinkifyDetectors
@testable import LinkifyFinding
@testable import LinkifyInput
@_spi(Layers) @testable import LinkifyModel
@testable import LinkifyRendering

/// JSON offsets, lines and columns of a streamed input are those of the
/// whole input: windows and render slices never cut a character in two.
@Suite struct StreamingOffsetsTests {
    /// Text without white space (so that windows cannot end after a space),
    /// of 1- to 4-byte characters and stray bytes, with links between them.
    static func document(seed: UInt64) -> [UInt8] {
        var random = SeededRandom(state: seed)
        let pieces: [[UInt8]] = [Array("x".utf8), Array("é".utf8), Array("例".utf8), Array("😀".utf8), [0xFF], [0x80],
                                 Array("https://example.com/ü".utf8), Array("a@b.org".utf8), Array("www.例え.jp".utf8)]
        var out: [UInt8] = []
        while out.count < 600_000 { out += pieces[random.next(pieces.count)] }
        return out
    }

    static func streamed(_ document: [UInt8], _ offsets: OffsetUnit, piece: Int) -> [UInt8] {
        var annotator = StreamingAnnotator(finder: EntityFinder(),
                                           renderer: makeRenderer(RenderOptions(format: .jsonl, offsets: offsets)))
        var out: [UInt8] = []
        annotator.begin(into: &out)
        document.withUnsafeBufferPointer { t in
            var at = 0
            while at < t.count {
                let end = min(t.count, at + piece)
                annotator.feed(UnsafeBufferPointer(rebasing: t[at..<end]), into: &out)
                at = end
            }
        }
        annotator.finish(into: &out)
        return out
    }

    static func whole(_ document: [UInt8], _ offsets: OffsetUnit) -> [UInt8] {
        var renderer = makeRenderer(RenderOptions(format: .jsonl, offsets: offsets))
        var out: [UInt8] = []
        document.withUnsafeBufferPointer { t in
            Annotator.annotate(document: t, input: .text, finder: EntityFinder(), renderer: &renderer, into: &out)
        }
        return out
    }

    @Test(arguments: [(1, OffsetUnit.scalar), (2, .utf16), (3, .scalar), (4, .utf16)])
    func streamedOffsetsAreTheWholeInputs(_ seed: Int, _ offsets: OffsetUnit) {
        let document = Self.document(seed: UInt64(seed))
        let expected = Self.whole(document, offsets)
        #expect(!expected.isEmpty)
        for piece in [4_096, 100_003] {
            let got = Self.streamed(document, offsets, piece: piece)
            // The first record that differs, rather than two megabytes of bytes.
            let gotLines = got.split(separator: 0x0A), expectedLines = expected.split(separator: 0x0A)
            let first = zip(gotLines, expectedLines).first { $0.0 != $0.1 }
                .map { "\(String(decoding: $0.0, as: UTF8.self)) instead of \(String(decoding: $0.1, as: UTF8.self))" }
            #expect(first == nil && gotLines.count == expectedLines.count, "seed \(seed), pieces of \(piece): \(first ?? "count")")
        }
    }

    @Test func characterBoundaryNeverSplitsASequence() {
        let bytes: [UInt8] = Array("a例😀é".utf8) + [0x80, 0x80, 0xE4, 0xBE] + Array("z".utf8)
        bytes.withUnsafeBufferPointer { t in
            for k in 0...t.count {
                let b = UTF8Bytes.characterBoundary(t, k, after: 0)
                // Decoding from 0 reaches `b` exactly: it is a character start.
                var i = 0
                while i < b { i += UTF8Bytes.decode(t, at: i).length }
                #expect(i == b, "boundary \(b) for \(k)")
                #expect(abs(b - k) <= 3, "moved from \(k) to \(b)")
            }
        }
    }
}
