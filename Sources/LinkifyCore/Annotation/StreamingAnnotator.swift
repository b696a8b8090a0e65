@_spi(Layers) import LinkifyModel
import LinkifyRendering
import LinkifyFinding
import LinkifyInput

/// Streams a plain-text input through a finder and a renderer in bounded memory.
///
/// Bytes are fed in chunks into a window. When the window is full, every
/// entity that starts before `keep` bytes from its end is settled — an entity
/// is at most `Limits.maxEntityBytes` long, so it lies wholly in the window —
/// and the text up to there is rendered. The unsettled tail is carried over,
/// with up to `Limits.maxEntityBytes` of written text before it as context for
/// scanners that look backwards.
struct StreamingAnnotator {
    /// The finder used on each window.
    let finder: EntityFinder
    /// The renderer that receives the settled text.
    var renderer: any Renderer
    /// Bytes gathered before a window is processed.
    let chunkSize: Int
    /// New bytes that make the next window: `chunkSize`, halved while windows
    /// hold many entities so that the entities of one window stay few.
    var windowChunk: Int
    /// Entity weight per window above which the next window is made smaller.
    /// An entity whose target is its own text is a few words and weighs 1; one
    /// with a computed target or a value (Strings on the heap) weighs 4. Sized
    /// as 16,384 entities with Strings were before: memory stays bounded, and
    /// URL-dense text keeps 1 MiB windows, whose 68 KiB `keep` tail is
    /// rescanned once per window rather than once per 128 KiB (docs/benchmarks.md).
    static let denseWindow = 65536
    /// The smallest window chunk.
    static let minimumChunk = 128 * 1024
    var window: [UInt8] = []
    /// Bytes at the start of `window` that were already rendered (context only).
    var written = 0
    /// The disable comments read so far.
    var disable: DisableStream

    /// Bytes at the end of a window that wait for the next chunk.
    static let keep = Limits.maxEntityBytes + 4096

    /// Creates an annotator; `chunkSize` is how many new bytes make a window.
    init(finder: EntityFinder, renderer: any Renderer, chunkSize: Int = 1 << 20, disable: DisableStream = DisableStream()) {
        self.finder = finder
        self.renderer = renderer
        self.disable = disable
        self.chunkSize = max(chunkSize, 1)
        // Start small and grow while windows are sparse: the first window of
        // a dense input is as bounded as the others.
        self.windowChunk = min(self.chunkSize, Self.minimumChunk)
        window.reserveCapacity(self.chunkSize + 2 * Self.keep + 1)
    }

    /// Starts the output.
    mutating func begin(into out: inout [UInt8]) {
        renderer.begin(into: &out)
    }

    /// Adds input bytes; renders what is settled into `out`, calling `drain`
    /// after every slice of about `sliceSize` input bytes so that the caller
    /// can write `out` away and the output never piles up.
    mutating func feed(_ bytes: UnsafeBufferPointer<UInt8>, into out: inout [UInt8],
                              drain: (inout [UInt8]) throws -> Void) rethrows {
        var rest = bytes[...]
        while !rest.isEmpty {
            let room = max(0, written + windowChunk + Self.keep - window.count)
            let take = min(room, rest.count)
            window.append(contentsOf: rest.prefix(take))
            rest = rest.dropFirst(take)
            if window.count >= written + windowChunk + Self.keep { try process(final: false, into: &out, drain: drain) }
        }
    }

    /// Renders the rest of the input and ends the output.
    mutating func finish(into out: inout [UInt8], drain: (inout [UInt8]) throws -> Void) rethrows {
        try process(final: true, into: &out, drain: drain)
        renderer.finish(into: &out)
    }

    /// Adds input bytes; renders what is settled into `out`.
    mutating func feed(_ bytes: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) {
        feed(bytes, into: &out, drain: { _ in })
    }

    /// Renders the rest of the input and ends the output.
    mutating func finish(into out: inout [UInt8]) {
        finish(into: &out, drain: { _ in })
    }

    /// Input bytes rendered between two calls of `drain`.
    static let sliceSize = 64 * 1024

    mutating func process(final: Bool, into out: inout [UInt8], drain: (inout [UInt8]) throws -> Void) rethrows {
        let n = window.count
        var limit = final ? n : n - Self.keep
        if !final {
            // Prefer to stop after white space, so that the next window starts a word.
            var k = limit
            while k > max(written, limit - 32 * 1024) && !ByteClass.isSpace(window[k - 1]) { k -= 1 }
            if k > written && ByteClass.isSpace(window[k - 1]) { limit = k }
            limit = window.withUnsafeBufferPointer { UTF8Bytes.characterBoundary($0, limit, after: written) }
        }
        guard limit > written || final else { return }
        var flushEnd = limit
        let finder = self.finder
        let start = written
        try window.withUnsafeBufferPointer { t in
            var entities = finder.entities(in: t, from: start)
            if !final, let cut = entities.firstIndex(where: { $0.start >= limit }) {
                entities.removeSubrange(cut...)
            }
            if let last = entities.last { flushEnd = max(flushEnd, last.end) }
            // `<!-- linkify-disable -->` and its kin, as in documents read whole (SPEC §6).
            disable.look(in: t)
            entities = disable.filter(entities, in: t)
            // Dense text (a link every few bytes) gets smaller windows: memory
            // is bounded by entities per window, not only by bytes.
            let weight = entities.count + 3 * entities.reduce(0) { $0 + ($1.strings == nil ? 0 : 1) }
            if weight > Self.denseWindow {
                windowChunk = max(min(Self.minimumChunk, chunkSize), windowChunk / 2)
            } else if weight < Self.denseWindow / 4 {
                windowChunk = min(chunkSize, windowChunk * 2)
            }
            // Render in slices that never cut an entity, draining between them.
            var at = start
            var next = 0
            while at < flushEnd {
                var sliceEnd = UTF8Bytes.characterBoundary(t, min(flushEnd, at + Self.sliceSize), after: at)
                var j = next
                while j < entities.count && entities[j].start <= sliceEnd { j += 1 }   // one at the cut too (MarkdownLink.before)
                if j > next { sliceEnd = max(sliceEnd, entities[j - 1].end) }
                renderer.write(t, at..<sliceEnd, entities: entities[next..<j], into: &out)
                try drain(&out)
                at = sliceEnd
                next = j
            }
        }
        written = flushEnd
        let drop = max(0, flushEnd - Limits.maxEntityBytes)
        if drop > 0 {
            window.withUnsafeBufferPointer { disable.drop(drop, in: $0) }
            window.removeSubrange(0..<drop)
            written -= drop
        }
    }
}
