import Testing
@testable import LinkifyCore
@testable import LinkifyDetectors
@testable import LinkifyFinding
@testable import LinkifyInput
@_spi(Layers) @testable import LinkifyModel
@testable import LinkifyRendering

/// Properties that hold for every input: spans rebuild it, entities are
/// sorted and disjoint, streaming equals reading whole, invalid UTF-8 survives.
@Suite struct PropertyTests {
    /// Deterministic pseudo-random texts built from link-like pieces.
    static func samples(count: Int, seed: UInt64 = 0x9E37_79B9_7F4A_7C15) -> [[UInt8]] {
        let pieces: [[UInt8]] = [
            "example.com", "www.a.org", "https://x.y/z(1)", "a@b.co", ".", ",", " ", "\n", "(", ")", "[", "]",
            "mailto:", "://", "@", "é", "普遍", "。", "，", "😀", "main.rs", "1.2.3", "&", "<", ">", "\"", "'",
            "xn--p1ai", "#", "?", "=", "/", ":", "-", "_", "http", "ftp",
        ].map { Array($0.utf8) } + [[0xFF], [0xC3], [0xE2, 0x82], [0x00], [0x0D]]
        return pseudoRandomTexts(from: pieces, count: count, maxPieces: 40, seed: seed)
    }

    static let profiles: [Profile] = Profile.allCases

    @Test(arguments: profiles) func spansAreSortedDisjointAndInside(_ profile: Profile) {
        let finder = EntityFinder(options: FinderOptions(kinds: .all, profile: profile))
        for text in Self.samples(count: 3000) {
            let found = text.withUnsafeBufferPointer { finder.entities(in: $0) }
            var end = 0
            for e in found {
                #expect(e.start >= end && e.start < e.end && e.end <= text.count, "\(e) in \(text)")
                end = e.end
            }
        }
    }

    @Test(arguments: [OutputFormat.markdown, .html]) func bytesOutsideEntitiesSurvive(_ format: OutputFormat) {
        let finder = EntityFinder()
        for text in Self.samples(count: 1500) {
            var renderer = makeRenderer(RenderOptions(format: format, input: .markdown))
            var out: [UInt8] = []
            text.withUnsafeBufferPointer { Annotator.annotate(document: $0, input: .text, finder: finder, renderer: &renderer, into: &out) }
            let found = text.withUnsafeBufferPointer { finder.entities(in: $0) }
            // Removing what was added for each entity gives the input back.
            var rebuilt: [UInt8] = []
            var at = 0
            var outAt = 0
            for e in found {
                let before = Array(text[at..<e.start])
                #expect(Array(out[outAt..<(outAt + before.count)]) == before)
                rebuilt += before
                outAt += before.count
                // Skip the link syntax: find the end of this entity's rendering.
                let rendering = Self.rendering(of: e, in: text, format: format)
                #expect(Array(out[outAt..<min(out.count, outAt + rendering.count)]) == rendering)
                outAt += rendering.count
                rebuilt += text[e.start..<e.end]
                at = e.end
            }
            rebuilt += text[at...]
            #expect(Array(out[outAt...]) == Array(text[at...]))
            #expect(rebuilt == text)
        }
    }

    static func rendering(of e: Entity, in text: [UInt8], format: OutputFormat) -> [UInt8] {
        var renderer = makeRenderer(RenderOptions(format: format, input: .markdown))
        var out: [UInt8] = []
        text.withUnsafeBufferPointer { renderer.write($0, e.start..<e.end, entities: [e], into: &out) }
        return out
    }

    @Test(arguments: [1, 7, 64, 1000]) func streamingEqualsWholeDocument(_ feedSize: Int) {
        let finder = EntityFinder()
        var text: [UInt8] = []
        for sample in Self.samples(count: 400) { text += sample + [0x20] }
        for format in [OutputFormat.html, .jsonl] {
            var whole: [UInt8] = []
            var renderer = makeRenderer(RenderOptions(format: format))
            text.withUnsafeBufferPointer { Annotator.annotate(document: $0, input: .text, finder: finder, renderer: &renderer, into: &whole) }
            var streamed: [UInt8] = []
            var annotator = StreamingAnnotator(finder: finder, renderer: makeRenderer(RenderOptions(format: format)), chunkSize: 512)
            annotator.begin(into: &streamed)
            var i = 0
            while i < text.count {
                let j = min(text.count, i + feedSize)
                text[i..<j].withUnsafeBufferPointer { annotator.feed($0, into: &streamed) }
                i = j
            }
            annotator.finish(into: &streamed)
            #expect(streamed == whole, "format \(format)")
        }
    }

    /// Input read into the window in place (`Annotator.feed(reading:)`, what
    /// the CLI does) gives what the same bytes fed as chunks give, whatever
    /// the reads return: short reads, one byte, more than a window; for each
    /// reader (plain text streams in place, HTML and Markdown do not).
    @Test(arguments: [1, 5, 300, 70_000, 3_000_000]) func readingInPlaceEqualsFeeding(_ readSize: Int) throws {
        let finder = EntityFinder()
        var text: [UInt8] = []
        for sample in Self.samples(count: 6000) { text += sample + [0x20, 0x0A] }
        for input in [InputFormat.text, .html, .markdown] {
            let options = RenderOptions(format: .jsonl, input: input)
            var fed: [UInt8] = []
            var annotator = Annotator(input: input, finder: finder, renderer: makeRenderer(options))
            text.withUnsafeBufferPointer { annotator.feed($0, into: &fed) }
            annotator.finish(into: &fed)
            var read: [UInt8] = []
            var reading = Annotator(input: input, finder: finder, renderer: makeRenderer(options))
            var at = 0
            var calls = 0
            let drain: (inout [UInt8]) -> Void = { _ in }
            while try reading.feed(reading: { room in
                calls += 1
                let n = min(room.count, readSize, text.count - at, calls % 3 == 0 ? 1 : .max)
                for k in 0..<n { room[k] = text[at + k] }
                at += n
                return n
            }, into: &read, drain: drain) {}
            reading.finish(into: &read)
            #expect(at == text.count)
            let same = read == fed   // (not the arrays themselves: a failure would print them whole)
            #expect(same, "input \(input)")
        }
    }

    @Test func streamingFindsEntitiesAcrossWindowEdges() {
        // Entities that straddle every possible window edge of a small window.
        let unit = Array("xx https://example.com/path yy a@b.org ".utf8)
        var text: [UInt8] = []
        for _ in 0..<4000 { text += unit }
        let finder = EntityFinder()
        var annotator = StreamingAnnotator(finder: finder, renderer: makeRenderer(RenderOptions(format: .jsonl)), chunkSize: 4093)
        var out: [UInt8] = []
        annotator.begin(into: &out)
        text.withUnsafeBufferPointer { annotator.feed($0, into: &out) }
        annotator.finish(into: &out)
        let lines = out.split(separator: 0x0A)
        #expect(lines.count == 8000)
    }

    @Test func positionTrackerCountsUnits() {
        var tracker = PositionTracker()
        let text: [UInt8] = Array("a😀\né".utf8) + [0xFF] + Array("b".utf8)
        text.withUnsafeBufferPointer { tracker.advance(over: $0, 0..<$0.count) }
        #expect(tracker.scalar == 6)
        #expect(tracker.utf16 == 7)
        #expect(tracker.byte == text.count)
        #expect(tracker.line == 2)
        #expect(tracker.column == 4)
    }
}
