/// Streams a plain-text input through a finder and a renderer in bounded memory.
///
/// Bytes are fed in chunks into a window. When the window is full, every
/// entity that starts before `keep` bytes from its end is settled — an entity
/// is at most `Limits.maxEntityBytes` long, so it lies wholly in the window —
/// and the text up to there is rendered. The unsettled tail is carried over,
/// with up to `Limits.maxEntityBytes` of written text before it as context for
/// scanners that look backwards.
public struct StreamingAnnotator {
    /// The finder used on each window.
    public let finder: EntityFinder
    /// The renderer that receives the settled text.
    public var renderer: any Renderer
    /// Bytes gathered before a window is processed.
    public let chunkSize: Int
    var window: [UInt8] = []
    /// Bytes at the start of `window` that were already rendered (context only).
    var written = 0

    /// Bytes at the end of a window that wait for the next chunk.
    public static let keep = Limits.maxEntityBytes + 4096

    /// Creates an annotator; `chunkSize` is how many new bytes make a window.
    ///
    /// The default, 1 MiB, weighs memory against time: a window's entities
    /// and its rendered output are held at once (with 2 MiB, 33 MiB peak RSS
    /// on URL-dense text), while the `keep` bytes at its end are scanned
    /// twice (6.5 % of the window here).
    public init(finder: EntityFinder, renderer: any Renderer, chunkSize: Int = 1 << 20) {
        self.finder = finder
        self.renderer = renderer
        self.chunkSize = max(chunkSize, 1)
        window.reserveCapacity(self.chunkSize + 2 * Self.keep + 1)
    }

    /// Starts the output.
    public mutating func begin(into out: inout [UInt8]) {
        renderer.begin(into: &out)
    }

    /// Adds input bytes; renders what is settled into `out`.
    public mutating func feed(_ bytes: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) {
        var rest = bytes[...]
        while !rest.isEmpty {
            let room = max(0, written + chunkSize + Self.keep - window.count)
            let take = min(room, rest.count)
            window.append(contentsOf: rest.prefix(take))
            rest = rest.dropFirst(take)
            if window.count >= written + chunkSize + Self.keep { process(final: false, into: &out) }
        }
    }

    /// Renders the rest of the input and ends the output.
    public mutating func finish(into out: inout [UInt8]) {
        process(final: true, into: &out)
        renderer.finish(into: &out)
    }

    mutating func process(final: Bool, into out: inout [UInt8]) {
        let n = window.count
        var limit = final ? n : n - Self.keep
        if !final {
            // Prefer to stop after white space, so that the next window starts a word.
            var k = limit
            while k > max(written, limit - 32 * 1024) && !ByteClass.isSpace(window[k - 1]) { k -= 1 }
            if k > written && ByteClass.isSpace(window[k - 1]) { limit = k }
        }
        guard limit > written || final else { return }
        var flushEnd = limit
        let finder = self.finder
        let start = written
        window.withUnsafeBufferPointer { t in
            var entities = finder.entities(in: t, from: start)
            if !final, let cut = entities.firstIndex(where: { $0.start >= limit }) {
                entities.removeSubrange(cut...)
            }
            if let last = entities.last { flushEnd = max(flushEnd, last.end) }
            renderer.write(t, start..<flushEnd, entities: entities, into: &out)
        }
        written = flushEnd
        let drop = max(0, flushEnd - Limits.maxEntityBytes)
        if drop > 0 {
            window.removeSubrange(0..<drop)
            written -= drop
        }
    }
}

/// Annotates a whole document: the reader finds the entities, the renderer writes.
public func annotateDocument(_ document: UnsafeBufferPointer<UInt8>, reader: any DocumentReader, finder: EntityFinder,
                             renderer: inout any Renderer, into out: inout [UInt8]) {
    let entities = reader.entities(in: document, finder: finder)
    renderer.begin(into: &out)
    renderer.write(document, 0..<document.count, entities: entities, into: &out)
    renderer.finish(into: &out)
}
