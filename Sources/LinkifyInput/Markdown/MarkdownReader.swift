@_spi(Layers) import LinkifyModel
import LinkifyFinding
import LinkifyRendering

/// `--from markdown`: CommonMark 0.29 with the GFM extensions (SPEC §4).
///
/// Only text is linked: nothing inside code spans, fenced or indented code
/// blocks, links and images (inline, reference, `<…>` autolinks) and their
/// destinations and titles, link reference definitions, raw HTML (inline and
/// blocks, comments), front matter (`---` or `+++` at the top), backslash
/// escapes, emphasis delimiters or table pipes. The whole document is read
/// first, so a reference definition may follow its use.
///
/// With `--profile gfm` URLs are matched during inline parsing as cmark-gfm
/// does (so a URL can run over `**` or a code span, and never starts inside
/// brackets); everything else is found in the text runs left after it.
package struct MarkdownReader: DocumentReader {
    /// Whether text inside the raw HTML elements that annotate skips
    /// (`<code>`, `<pre>`, `<a>`, `<kbd>`, `<samp>`, `<tt>` …) is left alone
    /// with the gfm profile too. Annotate with gfm links it, as cmark-gfm
    /// does; `lint` does not report it, as markdownlint's MD034 does not.
    package var skipsRawElementsWithGFM = false

    /// Creates a Markdown reader.
    package init() {}

    /// Creates a Markdown reader that skips raw HTML elements whatever the profile (`lint`).
    package init(skipsRawElementsWithGFM: Bool) { self.skipsRawElementsWithGFM = skipsRawElementsWithGFM }

    /// The entities `finder` finds in the parts of `document` that may be linked, sorted.
    package func entities(in document: UnsafeBufferPointer<UInt8>, finder: EntityFinder) -> [Entity] {
        var result: [Entity] = []
        entities(in: document, finder: finder) { batch, _ in result.append(contentsOf: batch) }
        result.sort { $0.start < $1.start }
        return result
    }

    /// The entities chunk by chunk (paragraph, heading, table cell), in
    /// document order. The reference labels are collected by a first pass
    /// of the block parser (a definition may follow its use); the second
    /// pass holds one chunk at a time, so that memory beyond the document
    /// stays small however long it is.
    package func entities(in document: UnsafeBufferPointer<UInt8>, finder: EntityFinder,
                         batches body: (_ entities: [Entity], _ settled: Int) throws -> Void) rethrows {
        var references: Set<String> = []
        if MarkdownBlockParser.mayDefineReferences(document) {
            var labels = MarkdownBlockParser(document)
            references = labels.parse(chunks: { _ in })
        }
        var parser = MarkdownBlockParser(document)
        let (urlFinder, restFinder) = Self.finders(splitting: finder)
        var joined: [UInt8] = []
        // One inline parser for every chunk (`MarkdownInlineParser.parse(_:)`); its
        // `rescanBudget` is what the document's text runs may still rescan (`LinkBoundaryRescan`).
        var inline = MarkdownInlineParser(chunk: UnsafeBufferPointer(start: nil, count: 0), references: references,
                                          urlFinder: urlFinder, restFinder: restFinder,
                                          rescanBudget: LinkBoundaryRescan.budget(forDocumentOf: document.count))
        inline.skipsRawElementsWithGFM = skipsRawElementsWithGFM
        _ = try parser.parse { chunk in
            guard let last = chunk.lines.last else { return }
            // A chunk's entities come in pieces (`EntityPieces`): each is handed
            // on as a batch, settled at its last entity's end, the last at the chunk's.
            try entities(in: chunk, document, &inline, joined: &joined) { piece, isLast in
                if isLast {
                    try body(piece, last.upperBound)
                } else if let end = piece.last?.end {
                    try body(piece, end)
                }
            }
        }
    }

    /// The entities of one chunk, with offsets into `document`, sorted,
    /// handed to `each` piece by piece (`EntityPieces.drain`), as `inline` parses it.
    func entities(in chunk: MarkdownBlocks.Chunk, _ document: UnsafeBufferPointer<UInt8>, _ inline: inout MarkdownInlineParser,
                  joined: inout [UInt8], each: (_ piece: inout [Entity], _ isLast: Bool) throws -> Void) rethrows {
        guard let first = chunk.lines.first else { return }
        if chunk.lines.count == 1 {
            let slice = UnsafeBufferPointer(rebasing: document[first])
            var found = WrittenChunkCheck.entities(in: slice) { inline.parse($0) }
            try found.drain { piece, isLast in
                Self.place(&piece, in: slice, document, offset: { _ in first.lowerBound })
                try each(&piece, isLast)
            }
            return
        }
        joined.removeAll(keepingCapacity: true)
        // Exactly the lines and the line feeds between them (a doubling array keeps up to twice that).
        joined.reserveCapacity(chunk.lines.reduce(chunk.lines.count - 1) { $0 + $1.count })
        for line in chunk.lines {
            joined.append(contentsOf: UnsafeBufferPointer(rebasing: document[line]))
            joined.append(0x0A)
        }
        joined.removeLast()
        var found = joined.withUnsafeBufferPointer { j -> EntityPieces in
            // `--explain`: what the finders say about the joined copy is told in the document's offsets.
            let (urlFinder, restFinder) = (inline.urlFinder, inline.restFinder)
            defer { (inline.urlFinder, inline.restFinder) = (urlFinder, restFinder) }
            if let sink = (urlFinder ?? restFinder)?.explanations, let base = j.baseAddress {
                var starts: [Int] = []
                starts.reserveCapacity(chunk.lines.count)
                var at = 0
                for line in chunk.lines {
                    starts.append(at)
                    at += line.count + 1
                }
                let mapping = CopySink(inner: sink, document: document, copy: base, count: j.count,
                                       start: { Self.documentOffset($0, starts, chunk.lines) },
                                       end: { Self.documentOffset($0, starts, chunk.lines) })
                inline.urlFinder = urlFinder?.explaining(to: mapping)
                inline.restFinder = restFinder?.explaining(to: mapping)
            }
            return WrittenChunkCheck.entities(in: j) { inline.parse($0) }
        }
        // Sorted: the line of each entity, and where it starts in the copy, are found by moving forward.
        var line = 0, lineStart = 0
        try joined.withUnsafeBufferPointer { j in
            try found.drain { piece, isLast in
                Self.place(&piece, in: j, document, offset: { e in
                    while line + 1 < chunk.lines.count && lineStart + chunk.lines[line].count + 1 <= e.start {
                        lineStart += chunk.lines[line].count + 1
                        line += 1
                    }
                    return chunk.lines[line].lowerBound - lineStart
                })
                try each(&piece, isLast)
            }
        }
    }

    /// Whether `e` holds a line feed of the chunk's text `t`: entities never
    /// cross a line ending (a line's range may hold several lines, and the
    /// prefixes stripped between lines could not be written back); any that
    /// would is dropped.
    static func crossesLineEnd(_ e: Entity, in t: UnsafeBufferPointer<UInt8>) -> Bool {
        UnsafeBufferPointer(rebasing: t[e.start..<min(e.end, t.count)]).contains(0x0A)
    }

    /// The document offset of offset `o` of a chunk's joined copy, whose
    /// lines start at `starts` (a joining `\n` maps to its line's end).
    static func documentOffset(_ o: Int, _ starts: [Int], _ lines: ChunkLines) -> Int {
        var lo = 0, hi = starts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) >> 1
            if starts[mid] <= o { lo = mid } else { hi = mid - 1 }
        }
        return min(lines[lo].lowerBound + (o - starts[lo]), lines[lo].upperBound)
    }

    /// Whether `e` (offsets into `document`) can be written where it stands:
    /// not right after a backslash that escapes its first character (after
    /// `!` or a literal `\` the writer escapes that byte).
    static func isKept(_ e: Entity, _ document: UnsafeBufferPointer<UInt8>) -> Bool {
        MarkdownLink.isWritable(document, at: e.start)
    }

    /// `found` (offsets into the chunk's text `t`) moved into the document
    /// by `offset(e)` and filtered (`crossesLineEnd`, `isKept`) in place: a
    /// chunk's entities are not copied (a paragraph the size of the document
    /// may hold millions).
    static func place(_ found: inout [Entity], in t: UnsafeBufferPointer<UInt8>, _ document: UnsafeBufferPointer<UInt8>,
                      offset: (Entity) -> Int) {
        var kept = 0
        for k in found.indices {
            let e = found[k]
            guard !crossesLineEnd(e, in: t) else { continue }
            let moved = e.shifted(by: offset(e))
            guard isKept(moved, document) else { continue }
            found[kept] = moved
            kept += 1
        }
        found.removeLast(found.count - kept)
    }

    /// With the gfm profile, a finder for URLs alone (used inside the inline
    /// pass) and one for the other kinds; with the twitter profile, the finder
    /// for all kinds with `resumesAfterLinks`; otherwise the finder itself.
    package static func finders(splitting finder: EntityFinder) -> (EntityFinder?, EntityFinder?) {
        let options = finder.options
        if options.profile == .twitter && options.kinds.contains(.url) {
            // twitter-text's URL match may run past the URL it reports (LinkBoundaryRescan).
            return (nil, finder.resumingAfterLinks)
        }
        guard options.profile == .gfm, options.kinds.contains(.url) else { return (nil, finder) }
        var urls = options
        urls.kinds = .url
        urls.userScanners = []
        var rest = options
        rest.kinds.remove(.url)
        let restFinder = rest.kinds.isEmpty && rest.userScanners.isEmpty ? nil : EntityFinder(options: rest)
        return (EntityFinder(options: urls), restFinder)
    }
}
