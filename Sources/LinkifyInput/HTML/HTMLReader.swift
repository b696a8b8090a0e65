@_spi(Layers) import LinkifyModel
import LinkifyFinding

/// HTML input (SPEC §4): only text nodes are linked — never inside `<a>`,
/// `<code>`, `<pre>`, `<kbd>`, `<samp>`, raw-text elements (`<script>`,
/// `<style>`, `<textarea>`, `<title>`…), comments, CDATA, declarations or tags
/// and their attribute values.
///
/// Character references in text are decoded before detection, so
/// `http://example.com/?a=1&amp;b=2` is found whole with the target
/// `http://example.com/?a=1&b=2`; the entity's `start`/`end` are mapped back
/// to the source bytes, references included, so the writers keep the text as
/// it was.
package struct HTMLReader: DocumentReader {
    /// Elements whose text is never linked (SPEC §4): links, text that is
    /// code or program output (HTML §4.5.1, §4.5.15–.17, §4.4.3, and the
    /// obsolete `<tt>`), and form controls, where an anchor is not allowed
    /// (`<button>`, `<select>` and its `<option>`s, `<datalist>`; HTML §4.10).
    /// An `<option>` is always inside a `<select>` or `<datalist>`, whose
    /// end closes it, so the option's own optional end tag does not matter.
    /// SVG and MathML are skipped too: browsers parse their content by other
    /// rules (§13.2.6.5), and an anchor there is not an HTML link. So is
    /// `<time>`, the element linkify writes for a date without a link: its
    /// text is a date already marked up, and reading it again would nest one
    /// `<time>` in another on the next run (SPEC §4).
    package static let skippedElements: ElementNames = [
        "a", "code", "pre", "kbd", "samp", "tt", "button", "select", "datalist", "svg", "math", "time",
    ]

    /// Creates an HTML reader.
    package init() {}

    /// The entities `finder` finds in the parts of `document` that may be linked, sorted.
    package func entities(in document: UnsafeBufferPointer<UInt8>, finder: EntityFinder) -> [Entity] {
        let finder = finder.resumingAfterLinks
        var result: [Entity] = []
        for region in linkableRegions(in: document) {
            entities(in: document, region: region, finder: finder, into: &result)
        }
        return result
    }

    /// The byte ranges of the text nodes that may be linked, sorted and disjoint.
    package func linkableRegions(in document: UnsafeBufferPointer<UInt8>) -> [Range<Int>] {
        var regions: [Range<Int>] = []
        var open: [TagName: Int] = [:]
        var skipped = 0
        HTMLTokenizer.forEachToken(in: document) { token in
            switch token.kind {
            case .text:
                if skipped == 0 { regions.append(token.range) }
            case .startTag(let name) where Self.skippedElements.contains(name):
                if HTMLTokenizer.foreignElements.contains(name) && !HTMLTokenizer.opensForeignContent(token, in: document) { break }
                open[name, default: 0] += 1
                skipped += 1
            case .endTag(let name) where Self.skippedElements.contains(name):
                // An end tag without its start tag is ignored, as browsers ignore it.
                if let count = open[name], count > 0 {
                    open[name] = count - 1
                    skipped -= 1
                }
            default:
                break
            }
        }
        return regions
    }

    /// Finds the entities of one text node, decoding its character references.
    package func entities(in document: UnsafeBufferPointer<UInt8>, region: Range<Int>, finder: EntityFinder, into result: inout [Entity]) {
        if region.count > DecodedText.maxRegion {
            // A text node over 4 GiB (read whole): in pieces cut at a character's start.
            let cut = UTF8Bytes.characterBoundary(document, region.lowerBound + DecodedText.maxRegion / 2, after: region.lowerBound)
            entities(in: document, region: region.lowerBound..<cut, finder: finder, into: &result)
            entities(in: document, region: cut..<region.upperBound, finder: finder, into: &result)
            return
        }
        guard let decoded = DecodedText(document, region) else {
            let slice = UnsafeBufferPointer(rebasing: document[region])
            for entity in Self.entities(in: slice, finder: finder) { result.append(entity.shifted(by: region.lowerBound)) }
            return
        }
        decoded.bytes.withUnsafeBufferPointer { t in
            var finder = finder
            if let sink = finder.explanations, let base = t.baseAddress {
                // `--explain`: the decoded copy's offsets told as the document's.
                finder = finder.explaining(to: CopySink(inner: sink, document: document, copy: base, count: t.count,
                                                        start: decoded.sourceStart, end: decoded.sourceEnd))
            }
            for var entity in Self.entities(in: t, finder: finder) {
                // The target is the decoded text: spelt out before the range moves to the source.
                entity.spellOutTarget(in: t)
                entity.end = decoded.sourceEnd(of: entity.end)
                entity.start = decoded.sourceStart(of: entity.start)
                result.append(entity)
            }
        }
    }
}

extension HTMLReader {
    /// The entities of one text node as every later run reads them: the text
    /// after each written element is a text node of its own (SecondRun.swift).
    static func entities(in text: UnsafeBufferPointer<UInt8>, finder: EntityFinder) -> [Entity] {
        let found = finder.entities(in: text, from: 0)
        // Most text nodes link nothing, and then nothing is read again.
        guard !found.isEmpty else { return found }
        var rescan = LinkBoundaryRescan(finder: finder, budget: LinkBoundaryRescan.budget(forDocumentOf: text.count),
                                        writtenAs: .html)
        return rescan.entities(in: text, from: 0, found: found)
    }
}

/// A text node with its character references decoded, and the way back from
/// decoded offsets to source offsets.
struct DecodedText {
    /// One decoded reference: where its bytes are in the decoded text and in
    /// the source. Offsets from the region's start, in 32 bits (a region is
    /// at most `maxRegion` bytes): 16 bytes a reference, where a text node of
    /// `&amp;` holds one every five bytes.
    package struct Reference {
        let decodedStart: UInt32
        let sourceStart: UInt32
        let sourceCount: UInt32
        let decodedCount: UInt8

        init(decoded: Range<Int>, source: Range<Int>, origin: Int) {
            decodedStart = UInt32(decoded.lowerBound)
            decodedCount = UInt8(decoded.count)
            sourceStart = UInt32(source.lowerBound - origin)
            sourceCount = UInt32(source.count)
        }

        package var decoded: Range<Int> { Int(decodedStart)..<(Int(decodedStart) + Int(decodedCount)) }
        /// Its source range, the region starting at `origin`.
        package func source(_ origin: Int) -> Range<Int> {
            let start = origin + Int(sourceStart)
            return start..<(start + Int(sourceCount))
        }
    }

    /// The largest region decoded in one piece (offsets in 32 bits).
    package static let maxRegion = Int(UInt32.max)

    /// The decoded bytes (UTF-8).
    package var bytes: [UInt8] = []
    /// The references, in order.
    package var references: [Reference] = []
    /// Source offset of decoded offset 0.
    package let origin: Int

    /// Decodes the references of `t[region]`; nil when it has none.
    package init?(_ t: UnsafeBufferPointer<UInt8>, _ region: Range<Int>) {
        origin = region.lowerBound
        var i = region.lowerBound
        var copied = region.lowerBound
        // The search stops at the node's end: a window holds many nodes, and few `&`.
        let node = UnsafeBufferPointer(rebasing: t[..<region.upperBound])
        while case let amp = ByteSearch.first(of: 0x26, in: node, from: i), amp < region.upperBound {
            guard let (scalar, end) = HTMLCharacterReference.decode(t, at: amp, limit: region.upperBound) else {
                i = amp + 1
                continue
            }
            if bytes.isEmpty { bytes.reserveCapacity(region.count) }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: t[copied..<amp]))
            let decodedStart = bytes.count
            UTF8Bytes.append(scalar, to: &bytes)
            references.append(Reference(decoded: decodedStart..<bytes.count, source: amp..<end, origin: origin))
            i = end
            copied = end
        }
        guard !references.isEmpty else { return nil }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: t[copied..<region.upperBound]))
    }

    /// The index of the last reference whose decoded range starts before `d`
    /// (`inclusive`: at or before), or nil.
    package func lastReference(before d: Int, inclusive: Bool) -> Int? {
        var lo = 0, hi = references.count
        while lo < hi {
            let mid = (lo + hi) / 2
            let s = references[mid].decoded.lowerBound
            if inclusive ? s <= d : s < d { lo = mid + 1 } else { hi = mid }
        }
        return lo == 0 ? nil : lo - 1
    }

    /// The source offset where the decoded byte at `d` comes from (a start).
    package func sourceStart(of d: Int) -> Int {
        guard let k = lastReference(before: d, inclusive: true) else { return origin + d }
        let r = references[k]
        if d < r.decoded.upperBound { return r.source(origin).lowerBound }
        return r.source(origin).upperBound + (d - r.decoded.upperBound)
    }

    /// The source offset just past the decoded byte before `d` (an end).
    package func sourceEnd(of d: Int) -> Int {
        guard let k = lastReference(before: d, inclusive: false) else { return origin + d }
        let r = references[k]
        if d <= r.decoded.upperBound { return r.source(origin).upperBound }
        return r.source(origin).upperBound + (d - r.decoded.upperBound)
    }
}
