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
    /// The window's bytes are `window[..<filled]`. The array only grows (to
    /// its high-water mark, zero-filled once): the bytes past `filled` are
    /// room that `feed(reading:)` reads the input into in place, without the
    /// copy a chunk read elsewhere costs (docs/benchmarks.md).
    var window: [UInt8] = []
    var filled = 0
    /// A document held whole (`--explain`), read through the same windows as
    /// views into it instead of copies: `heldStart..<heldEnd` is the window.
    /// The finder then sees the document's own bytes (an explanation sink
    /// places what it is told by address) and decides what the stream would.
    var held: UnsafeBufferPointer<UInt8>?
    var heldStart = 0, heldEnd = 0
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
            let take = min(room(), rest.count)
            window.withUnsafeMutableBufferPointer { w in
                _ = UnsafeMutableBufferPointer(rebasing: w[filled..<(filled + take)]).initialize(from: rest.prefix(take))
            }
            filled += take
            rest = rest.dropFirst(take)
            if filled >= fullAt { try process(final: false, into: &out, drain: drain) }
        }
    }

    /// Adds input bytes read in place: `read` fills the buffer it is given
    /// (the window's room) and returns how many bytes it put there, 0 at the
    /// end of the input. Returns false at the end of the input.
    mutating func feed(reading read: (UnsafeMutableBufferPointer<UInt8>) throws -> Int, into out: inout [UInt8],
                       drain: (inout [UInt8]) throws -> Void) throws -> Bool {
        let room = room()
        // `process` always settles part of a full window (a window holds at
        // least `windowChunk` bytes past what was written), so there is room.
        precondition(room > 0, "a full window left unprocessed")
        let n = try window.withUnsafeMutableBufferPointer { w in
            try read(UnsafeMutableBufferPointer(rebasing: w[filled..<(filled + room)]))
        }
        precondition(n >= 0 && n <= room, "a read past the room it was given")
        filled += n
        if filled >= fullAt { try process(final: false, into: &out, drain: drain) }
        return n > 0
    }

    /// The window (gathered or held) is processed once it holds this many bytes.
    private var fullAt: Int { written + windowChunk + Self.keep }

    /// How many bytes the window takes now: at most what it takes before it
    /// is processed, and what the array holds past `filled`. The array grows
    /// by doubling from 16 KiB, so a short input touches little memory.
    private mutating func room() -> Int {
        let room = max(0, fullAt - filled)
        if window.count < filled + room {
            let grown = min(filled + room, max(2 * window.count, filled + 16384))
            if grown > window.count { window.append(contentsOf: repeatElement(0, count: grown - window.count)) }
        }
        return min(room, window.count - filled)
    }

    /// Renders the rest of the input and ends the output.
    mutating func finish(into out: inout [UInt8], drain: (inout [UInt8]) throws -> Void) rethrows {
        try process(final: true, into: &out, drain: drain)
        renderer.finish(into: &out)
    }

    /// Annotates a document held whole through the windows `feed` would make
    /// of it, with the finder's explanations limited to what each window
    /// settles, so that each candidate is told once. `document` must stay
    /// valid until this returns.
    mutating func annotateHeld(_ document: UnsafeBufferPointer<UInt8>, into out: inout [UInt8],
                               drain: (inout [UInt8]) throws -> Void) rethrows {
        held = document
        heldStart = 0
        heldEnd = 0
        defer { held = nil }
        begin(into: &out)
        while heldEnd < document.count {
            heldEnd = min(document.count, heldStart + fullAt)
            if heldEnd - heldStart >= fullAt { try process(final: false, into: &out, drain: drain) }
        }
        try finish(into: &out, drain: drain)
    }

    /// The window: the bytes gathered, or the view into the held document.
    func withWindow<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        if let held { return try body(UnsafeBufferPointer(rebasing: held[heldStart..<heldEnd])) }
        return try window.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[..<filled])) }
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
        let written = self.written
        let limit = withWindow { t -> Int in
            let n = t.count
            var limit = final ? n : n - Self.keep
            if !final {
                // Prefer to stop after white space, so that the next window starts a word.
                var k = limit
                while k > max(written, limit - 32 * 1024) && !ByteClass.isSpace(t[k - 1]) { k -= 1 }
                if k > written && ByteClass.isSpace(t[k - 1]) { limit = k }
                limit = UTF8Bytes.characterBoundary(t, limit, after: written)
            }
            return limit
        }
        guard limit > written || final else { return }
        var flushEnd = limit
        let start = written
        // `--explain`: what the window tells is held until the window settles,
        // and only what it settles is told (the rest is told by the next window).
        let told = finder.explanations.map { WindowExplanations(inner: $0) }
        let finder = told.map { self.finder.explaining(to: $0) } ?? self.finder
        try withWindow { t in
            var entities = finder.entities(in: t, from: start)
            if !final, let cut = entities.firstIndex(where: { $0.start >= limit }) {
                entities.removeSubrange(cut...)
            }
            if let last = entities.last { flushEnd = max(flushEnd, last.end) }
            told?.tell(in: t, before: final ? .max : flushEnd)
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
        self.written = flushEnd
        let drop = max(0, flushEnd - Limits.maxEntityBytes)
        if drop > 0 {
            withWindow { disable.drop(drop, in: $0) }
            if held != nil {
                heldStart += drop
            } else {
                let kept = filled - drop
                window.withUnsafeMutableBufferPointer { w in w.baseAddress!.update(from: w.baseAddress! + drop, count: kept) }
                filled = kept
            }
            self.written -= drop
        }
    }
}

/// What a window's finder tells `--explain`, held until the window settles:
/// a candidate that starts past what the window writes is found again, and
/// told, by the next window.
final class WindowExplanations: ExplanationSink, @unchecked Sendable {
    let inner: any ExplanationSink
    var told: [([Explanation], UnsafeBufferPointer<UInt8>)] = []

    init(inner: any ExplanationSink) { self.inner = inner }

    func record(_ explanations: [Explanation], in text: UnsafeBufferPointer<UInt8>) { told.append((explanations, text)) }

    /// Tells the inner sink what was told about the window `t` before `end`
    /// (and all that was told about other buffers).
    func tell(in t: UnsafeBufferPointer<UInt8>, before end: Int) {
        for (explanations, text) in told {
            let kept = text.baseAddress == t.baseAddress ? explanations.filter { $0.start < end } : explanations
            if !kept.isEmpty { inner.record(kept, in: text) }
        }
        told = []
    }
}
