@_spi(Layers) import LinkifyModel
import LinkifyFinding

/// Reads one input format: finds, with a finder, the entities in the parts of
/// a document that may be linked (text nodes, not code or existing links).
package protocol DocumentReader: Sendable {
    /// The entities `finder` finds in the linkable parts of `document`, sorted
    /// and disjoint, with byte offsets into `document`.
    func entities(in document: UnsafeBufferPointer<UInt8>, finder: EntityFinder) -> [Entity]

    /// The same entities handed to `body` in batches, in document order;
    /// with each batch, `settled`: no later batch has an entity that starts
    /// before it, so the text up to there may be written. Readers that can
    /// find entities part by part implement it to keep memory small.
    func entities(in document: UnsafeBufferPointer<UInt8>, finder: EntityFinder,
                  batches body: (_ entities: [Entity], _ settled: Int) throws -> Void) rethrows
}

extension DocumentReader {
    /// One batch of every entity, settled nowhere before the end.
    package func entities(in document: UnsafeBufferPointer<UInt8>, finder: EntityFinder,
                         batches body: (_ entities: [Entity], _ settled: Int) throws -> Void) rethrows {
        try body(entities(in: document, finder: finder), 0)
    }
}

/// Plain text: everything may be linked.
package struct TextReader: DocumentReader {
    /// Creates a plain-text reader.
    package init() {}

    /// The entities `finder` finds in the parts of `document` that may be linked, sorted.
    package func entities(in document: UnsafeBufferPointer<UInt8>, finder: EntityFinder) -> [Entity] {
        finder.entities(in: document)
    }
}

extension DocumentReader {
    /// Entities found region by region: `regions` are sorted, disjoint byte
    /// ranges of `document`; nothing found crosses a region's edge.
    package func entities(in document: UnsafeBufferPointer<UInt8>, regions: [Range<Int>], finder: EntityFinder) -> [Entity] {
        var result: [Entity] = []
        for region in regions where !region.isEmpty {
            let slice = UnsafeBufferPointer(rebasing: document[region])
            for entity in finder.entities(in: slice) {
                result.append(entity.shifted(by: region.lowerBound))
            }
        }
        return result
    }
}

extension InputFormat {
    /// The reader for this format.
    package var reader: any DocumentReader {
        switch self {
        case .text: return TextReader()
        case .markdown: return MarkdownReader()
        case .html: return HTMLReader()
        }
    }
}
