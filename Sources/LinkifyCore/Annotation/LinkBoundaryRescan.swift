/// What the Markdown reader finds in one text run, such that annotating the
/// Markdown written from it again finds nothing new (SPEC §4).
///
/// The second run reads each written link as a skipped construct and hands
/// the finder the text between two links on its own: the text after a link
/// with the link's last byte (`)` or `>`) as its one byte of context, the text
/// before a link cut off where the link starts. The first run's single scan
/// saw that text differently: after a winner, with the winner's own bytes
/// before it and with whatever the scanners skipped past the winner (a
/// candidate rejected or cut short, such as an email with an empty local
/// part, or twitter-text's match resuming after a query it did not link);
/// before a winner, with the winner's bytes after it. So each gap between
/// links is scanned again as the second run will see it; what that finds
/// replaces what the first scan found there, and the gaps of that rescan are
/// rescanned in turn. The result is what repeated runs converge to.
///
/// The rescans are bounded by `budget` (bytes rescanned): on shapes where
/// each rescan finds one more link, the work would grow with the square of
/// the run; once the budget is spent, a gap keeps what the scan found.
struct LinkBoundaryRescan {
    let finder: EntityFinder
    /// Bytes that may still be rescanned.
    var budget: Int

    /// A budget for a document of `size` bytes: 4 rescans of every byte, at
    /// least 1 MiB (so that small documents always converge).
    static func budget(forDocumentOf size: Int) -> Int { 4 * size + (1 << 20) }

    /// How deep rescans of rescans go: each level is a stack frame and a copy
    /// of its gap, and only contrived input finds a new link at every level.
    static let maxDepth = 32

    /// The entities of `text[minStart...]`; the bytes before `minStart` are context.
    mutating func entities(in text: UnsafeBufferPointer<UInt8>, from minStart: Int) -> [Entity] {
        entities(in: text, from: minStart, depth: 0)
    }

    private mutating func entities(in text: UnsafeBufferPointer<UInt8>, from minStart: Int, depth: Int) -> [Entity] {
        let found = finder.entities(in: text, from: minStart)
        guard budget > 0, depth < Self.maxDepth, found.contains(where: { Self.isLink($0, in: text) }) else { return found }
        var result: [Entity] = []
        result.reserveCapacity(found.count)
        var gapStart = minStart
        var closing: UInt8? = nil
        var unlinked: [Entity] = []
        for e in found {
            guard Self.isLink(e, in: text) else { unlinked.append(e); continue }
            rescan(text, gapStart..<e.start, after: closing, minStart: minStart, found: unlinked, depth: depth, into: &result)
            unlinked.removeAll(keepingCapacity: true)
            result.append(e)
            gapStart = e.end
            closing = MarkdownLink.lastByte(text: UTF8Bytes.string(text, e.range), target: e.target(in: text))
        }
        rescan(text, gapStart..<text.count, after: closing, minStart: minStart, found: unlinked, depth: depth, into: &result)
        return result
    }

    /// Appends the entities of `gap` as the next run sees it: after a link
    /// ending in `closing` (nil: at the start of the run, with its context).
    /// Without budget left, appends `found` (what the first scan found there).
    private mutating func rescan(_ text: UnsafeBufferPointer<UInt8>, _ gap: Range<Int>, after closing: UInt8?,
                                 minStart: Int, found: [Entity], depth: Int, into result: inout [Entity]) {
        guard !gap.isEmpty, mayHoldEntity(text, gap) else { return }
        guard budget >= gap.count else { result.append(contentsOf: found); return }
        budget -= gap.count
        guard let closing else {
            // The text before the first link: same context, cut at the link.
            result.append(contentsOf: entities(in: UnsafeBufferPointer(rebasing: text[0..<gap.upperBound]), from: minStart,
                                          depth: depth + 1))
            return
        }
        var buffer: [UInt8] = [closing]
        buffer.append(contentsOf: UnsafeBufferPointer(rebasing: text[gap]))
        let shift = gap.lowerBound - 1
        let inGap = buffer.withUnsafeBufferPointer { entities(in: $0, from: 1, depth: depth + 1) }
        for e in inGap { result.append(e.shifted(by: shift)) }
    }

    /// Whether `gap` may hold an entity: every built-in kind has an ASCII
    /// letter or digit or a non-ASCII character in it (a user rule may not).
    func mayHoldEntity(_ text: UnsafeBufferPointer<UInt8>, _ gap: Range<Int>) -> Bool {
        guard finder.options.userScanners.isEmpty else { return true }
        for i in gap where text[i] >= 0x80 || ByteClass.isAlnum(text[i]) { return true }
        return false
    }

    /// Whether `e` is written as a Markdown link: dates without a URL stay
    /// text, and so does an entity the reader cannot write where it stands.
    static func isLink(_ e: Entity, in text: UnsafeBufferPointer<UInt8>) -> Bool {
        if e.isUnlinkedDate { return false }
        guard e.start > 0 else { return true }
        return MarkdownLink.isWritable(after: text[e.start - 1], text: UTF8Bytes.string(text, e.range), target: e.target(in: text))
    }
}
