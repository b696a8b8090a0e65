@_spi(Layers) import LinkifyModel
import LinkifyRendering
import LinkifyFinding
import LinkifyInput

/// The annotation pipeline: bytes in, the input read by its syntax, the
/// entities found by a finder, the text written back by a renderer.
///
/// The CLI, `Linkifier.annotated` and `lint --fix` all go through this type, and
/// it alone decides how a document is held (SPEC §7, bounded memory):
///
/// - plain text and HTML stream: windows of the input are settled and written
///   as they arrive (`StreamingAnnotator`, `StreamingHTMLAnnotator`);
/// - Markdown is read whole (a reference definition may follow its use), its
///   entities found chunk by chunk and written as they settle;
/// - with an explanation sink (`--explain`) every input is read whole, so the
///   sink can place what it is told in the document (`ExplanationSink.beginDocument`);
///   plain text held whole is still read through the windows a stream makes
///   of it (`StreamingAnnotator.annotateHeld`), so what is linked is the same.
///
/// ```swift
/// var annotator = Annotator(input: .html, finder: finder, renderer: makeRenderer(RenderOptions(format: .html, input: .html)))
/// for chunk in chunks { annotator.feed(chunk, into: &out) }
/// annotator.finish(into: &out)
/// ```
package struct Annotator {
    /// The finder used on every part of the input that may be linked.
    package let finder: EntityFinder
    /// How the input is read.
    package let input: InputFormat
    /// Output bytes written between two calls of `drain` (about; an entity is never split).
    package let sliceSize: Int

    var text: StreamingAnnotator?
    var html: StreamingHTMLAnnotator?
    /// The whole document so far and the renderer, when the input is read whole.
    var document: [UInt8]?
    var renderer: (any Renderer)?
    var begun = false

    /// Creates an annotator for one document of `input`.
    /// - Parameters:
    ///   - expectedSize: the document's size when known (a regular file):
    ///     a document read whole is then held in one allocation.
    package init(input: InputFormat, finder: EntityFinder, renderer: any Renderer, sliceSize: Int = 64 * 1024,
                expectedSize: Int? = nil) {
        self.init(input: input, finder: finder, renderer: renderer, sliceSize: sliceSize, expectedSize: expectedSize,
                  comments: DisableStream(), reader: input.reader)
    }

    /// Creates an annotator whose disable comments are read by `comments`
    /// (lint's read markdownlint's too) and whose documents held whole are
    /// read by `reader` (lint's Markdown reader skips more).
    package init(input: InputFormat, finder: EntityFinder, renderer: any Renderer, sliceSize: Int = 64 * 1024,
                 expectedSize: Int? = nil, comments: DisableStream, reader: any DocumentReader) {
        self.finder = finder
        self.input = input
        self.sliceSize = max(1, sliceSize)
        self.comments = comments
        self.reader = reader
        // A small file is read into as much as it needs (and one byte to see its end), not a whole MiB.
        readSize = expectedSize.map { min(Self.largestRead, max(16384, $0 + 1)) } ?? Self.largestRead
        if Self.readsWhole(input, finder) {
            var bytes: [UInt8] = []
            if let expectedSize, expectedSize > 0 { bytes.reserveCapacity(expectedSize + 1) }
            document = bytes
            self.renderer = renderer
        } else if input == .html {
            html = StreamingHTMLAnnotator(finder: finder, renderer: renderer, disable: comments)
        } else {
            text = StreamingAnnotator(finder: finder, renderer: renderer, disable: comments)
        }
    }

    /// How disable comments are read (SPEC §6).
    let comments: DisableStream
    /// How a document held whole is read.
    let reader: any DocumentReader

    /// Whether a document of `input` is held whole before anything is written.
    package static func readsWhole(_ input: InputFormat, _ finder: EntityFinder) -> Bool {
        input == .markdown || finder.explanations != nil
    }

    /// Adds input bytes; writes what is settled to `out`, calling `drain`
    /// whenever `out` may be written away.
    package mutating func feed(_ bytes: UnsafeBufferPointer<UInt8>, into out: inout [UInt8],
                              drain: (inout [UInt8]) throws -> Void) rethrows {
        if document != nil {
            document!.append(contentsOf: bytes)
            return
        }
        begin(into: &out)
        if text != nil {
            try text!.feed(bytes, into: &out, drain: drain)
        } else {
            html!.feed(bytes, into: &out)
            try drain(&out)
        }
    }

    /// Adds input bytes that `read` puts in the buffer it is given,
    /// returning how many (0 at the end of the input); writes what is settled
    /// to `out` as `feed` does. Plain text streamed is read into its window
    /// in place, without a copy. Returns false at the end of the input.
    package mutating func feed(reading read: (UnsafeMutableBufferPointer<UInt8>) throws -> Int, into out: inout [UInt8],
                               drain: (inout [UInt8]) throws -> Void) throws -> Bool {
        if text != nil {
            begin(into: &out)
            return try text!.feed(reading: read, into: &out, drain: drain)
        }
        if scratch.isEmpty { scratch = [UInt8](repeating: 0, count: readSize) }
        let n = try scratch.withUnsafeMutableBufferPointer { try read($0) }
        precondition(n >= 0 && n <= scratch.count, "a read past the room it was given")
        guard n > 0 else { return false }
        try scratch.withUnsafeBufferPointer { try feed(UnsafeBufferPointer(rebasing: $0[..<n]), into: &out, drain: drain) }
        return true
    }

    /// The most `feed(reading:)` asks for at a time when it does not read in place.
    static let largestRead = 1 << 20
    /// What it asks for: less for a file known to be small.
    let readSize: Int
    /// Where `feed(reading:)` reads when it does not read in place.
    var scratch: [UInt8] = []

    /// Writes the rest and ends the output.
    package mutating func finish(into out: inout [UInt8], drain: (inout [UInt8]) throws -> Void) rethrows {
        if let bytes = document, var renderer {
            document = nil
            self.renderer = nil
            let (finder, reader, comments, size) = (self.finder, self.reader, self.comments, sliceSize)
            try bytes.withUnsafeBufferPointer { t in
                try Self.annotate(document: t, reader: reader, finder: finder, comments: comments, renderer: &renderer,
                                  sliceSize: size, into: &out, drain: drain)
            }
            return
        }
        begin(into: &out)
        if text != nil {
            try text!.finish(into: &out, drain: drain)
        } else {
            html!.finish(into: &out)
            try drain(&out)
        }
    }

    /// Adds input bytes; writes what is settled to `out`.
    package mutating func feed(_ bytes: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) {
        feed(bytes, into: &out, drain: { _ in })
    }

    /// Writes the rest and ends the output.
    package mutating func finish(into out: inout [UInt8]) {
        finish(into: &out, drain: { _ in })
    }

    /// `document`, whole, annotated into `out`.
    package mutating func annotate(_ document: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) {
        feed(document, into: &out)
        finish(into: &out)
    }

    private mutating func begin(into out: inout [UInt8]) {
        guard !begun else { return }
        begun = true
        if text != nil { text!.begin(into: &out) } else { html?.begin(into: &out) }
    }

    /// Annotates a document held whole: its reader finds the entities batch by
    /// batch (Markdown: chunk by chunk), and each settled stretch is written in
    /// slices of about `sliceSize` bytes, `drain` called after each. With an
    /// explanation sink, every entity is found before anything is written,
    /// in one piece.
    static func annotate(document: UnsafeBufferPointer<UInt8>, reader: any DocumentReader, finder: EntityFinder,
                         comments: DisableStream, renderer: inout any Renderer, sliceSize: Int, into out: inout [UInt8],
                         drain: (inout [UInt8]) throws -> Void) rethrows {
        // Plain text is read through the windows a stream makes of it, so that
        // what is found (the evidence a decision may look at: the window) is
        // the same whether the text was streamed or held whole (`--explain`).
        if reader is TextReader {
            let sink = finder.explanations
            sink?.beginDocument(document)
            defer { sink?.endDocument() }
            var stream = StreamingAnnotator(finder: finder, renderer: renderer, disable: comments)
            try stream.annotateHeld(document, into: &out, drain: drain)
            renderer = stream.renderer
            return
        }
        // `<!-- linkify-disable -->` and its kin turn entities off as they do for lint (SPEC §6).
        var disabled = comments
        disabled.look(in: document)
        if let sink = finder.explanations {
            sink.beginDocument(document)
            let entities = disabled.filter(reader.entities(in: document, finder: finder), in: document)
            sink.endDocument()
            try render(document, entities: entities, renderer: &renderer, sliceSize: .max, into: &out, drain: drain)
            return
        }
        try framed(document, renderer: &renderer, into: &out) { renderer, out in
            var at = 0
            var pending: [Entity] = []
            try reader.entities(in: document, finder: finder) { batch, settled in
                let kept = disabled.filter(batch, in: document)
                if pending.isEmpty && (kept.first?.start ?? at) >= at {
                    pending = kept   // the batch itself, not a copy (a Markdown paragraph's may be large)
                } else {
                    for e in kept where e.start >= at { pending.append(e) }
                }
                let end = max(settled, pending.last?.end ?? 0)
                guard end - at >= sliceSize else { return }
                try writeSlices(document, &at, to: end, pending, sliceSize, &renderer, &out, drain)
                pending = []
            }
            try writeSlices(document, &at, to: document.count, pending, sliceSize, &renderer, &out, drain)
        }
    }

    /// `document`, held whole, read by `input`'s reader, with linkify's disable comments.
    static func annotate(document: UnsafeBufferPointer<UInt8>, input: InputFormat, finder: EntityFinder,
                         renderer: inout any Renderer, sliceSize: Int, into out: inout [UInt8],
                         drain: (inout [UInt8]) throws -> Void) rethrows {
        try annotate(document: document, reader: input.reader, finder: finder, comments: DisableStream(), renderer: &renderer,
                     sliceSize: sliceSize, into: &out, drain: drain)
    }

    /// `document`, held whole, annotated into `out` in one piece.
    package static func annotate(document: UnsafeBufferPointer<UInt8>, input: InputFormat, finder: EntityFinder,
                         renderer: inout any Renderer, into out: inout [UInt8]) {
        annotate(document: document, input: input, finder: finder, renderer: &renderer, sliceSize: .max, into: &out,
                 drain: { _ in })
    }

    /// `document` with `entities` (found in it already: sorted and disjoint)
    /// written by `renderer`, begin to finish; `lint --fix` writes its findings so.
    package static func render(_ document: UnsafeBufferPointer<UInt8>, entities: [Entity], renderer: inout any Renderer,
                              into out: inout [UInt8]) {
        render(document, entities: entities, renderer: &renderer, sliceSize: .max, into: &out, drain: { _ in })
    }

    /// `render(_:entities:renderer:into:)` in slices of about `sliceSize`
    /// bytes, calling `drain` after each.
    package static func render(_ document: UnsafeBufferPointer<UInt8>, entities: [Entity], renderer: inout any Renderer,
                              sliceSize: Int, into out: inout [UInt8],
                              drain: (inout [UInt8]) throws -> Void) rethrows {
        try framed(document, renderer: &renderer, into: &out) { renderer, out in
            var at = 0
            try writeSlices(document, &at, to: document.count, entities, max(1, sliceSize), &renderer, &out, drain)
        }
    }

    /// The renderer's frame around a document held whole: `begin`, then
    /// `body` writing the document, then `finish`. An empty document still
    /// gets one write (of nothing), so a renderer is called for every
    /// document as it is when a document is written in one piece.
    private static func framed(_ document: UnsafeBufferPointer<UInt8>, renderer: inout any Renderer, into out: inout [UInt8],
                               _ body: (inout any Renderer, inout [UInt8]) throws -> Void) rethrows {
        renderer.begin(into: &out)
        if document.isEmpty { renderer.write(document, 0..<0, entities: [], into: &out) }
        try body(&renderer, &out)
        renderer.finish(into: &out)
    }

    /// Writes `document[at..<end]` with `entities` (sorted, inside that range) in slices of about
    /// `size` bytes, calling `drain` after each, and moves `at` to `end`.
    private static func writeSlices(_ document: UnsafeBufferPointer<UInt8>, _ at: inout Int, to end: Int, _ entities: [Entity],
                                    _ size: Int, _ renderer: inout any Renderer, _ out: inout [UInt8],
                                    _ drain: (inout [UInt8]) throws -> Void) rethrows {
        var next = 0
        while at < end {
            var sliceEnd = at + min(size, end - at)
            var j = next
            // Entities are sorted and disjoint: one that crosses the cut moves the cut past it.
            // An entity that starts at the cut goes with this slice, so that the byte before it can be escaped (MarkdownLink.before).
            while j < entities.count, entities[j].start <= sliceEnd {
                sliceEnd = max(sliceEnd, entities[j].end)
                j += 1
            }
            renderer.write(document, at..<sliceEnd, entities: entities[next..<j], into: &out)
            try drain(&out)
            at = sliceEnd
            next = j
        }
    }
}
