@_spi(Layers) import LinkifyModel
import LinkifyFinding
import LinkifyRendering

// The readers' applications of "a second run changes nothing" (SPEC §4); the
// rule and the finder's own application are in LinkifyFinding's SecondRun.swift.

// MARK: - Gaps between Markdown links

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
///
/// HTML is read the same way (`writtenAs: .html`): every entity is written as
/// an element (`<a>`, or `<time>` for a date without a link), and the next
/// run hands the finder the text after its end tag as a text node of its own,
/// with no context at all.
package struct LinkBoundaryRescan {
    /// The syntax the entities are written in, which decides how the next run
    /// reads the text beside them.
    package enum WrittenSyntax: Sendable { case markdown, html }

    let finder: EntityFinder
    /// The finder for rescans under `--explain`: without its sink, so that
    /// each candidate is told once, where the first scan saw it in the
    /// document (nil otherwise: `finder` rescans, and is not copied).
    let rescanFinder: EntityFinder?
    /// Bytes that may still be rescanned.
    package var budget: Int
    let writtenAs: WrittenSyntax

    package init(finder: EntityFinder, budget: Int, writtenAs: WrittenSyntax = .markdown) {
        self.finder = finder
        self.rescanFinder = finder.explanations == nil ? nil : finder.withoutExplanations
        self.budget = budget
        self.writtenAs = writtenAs
    }

    /// Whether the next run reads `e` as a written link that it skips.
    private func isWritten(_ e: Entity, in text: UnsafeBufferPointer<UInt8>) -> Bool {
        writtenAs == .html || SecondRun.isLink(e, in: text)
    }

    /// A budget for a document of `size` bytes: 4 rescans of every byte, at
    /// least 1 MiB (so that small documents always converge).
    package static func budget(forDocumentOf size: Int) -> Int { 4 * size + (1 << 20) }

    /// How deep rescans of rescans go: each level is a stack frame and a copy
    /// of its gap, and only contrived input finds a new link at every level.
    static let maxDepth = 32

    /// The entities of `text[minStart...]`; the bytes before `minStart` are context.
    package mutating func entities(in text: UnsafeBufferPointer<UInt8>, from minStart: Int) -> [Entity] {
        entities(in: text, from: minStart, depth: 0)
    }

    /// `entities(in:from:)` when the first scan's entities are `found` already.
    package mutating func entities(in text: UnsafeBufferPointer<UInt8>, from minStart: Int, found: [Entity]) -> [Entity] {
        rescanned(found, in: text, from: minStart, depth: 0)
    }

    private mutating func entities(in text: UnsafeBufferPointer<UInt8>, from minStart: Int, depth: Int) -> [Entity] {
        rescanned((depth == 0 ? finder : rescanFinder ?? finder).entities(in: text, from: minStart), in: text, from: minStart, depth: depth)
    }

    /// `found`, the entities of `text[minStart...]`, with the gaps beside the written ones read again.
    private mutating func rescanned(_ found: [Entity], in text: UnsafeBufferPointer<UInt8>, from minStart: Int, depth: Int) -> [Entity] {
        guard budget > 0, depth < Self.maxDepth, let first = found.firstIndex(where: { isWritten($0, in: text) }) else { return found }
        var result: [Entity] = []
        result.reserveCapacity(found.count)
        var gapStart = minStart
        // The written link before the gap, whose last byte the next run reads
        // before it (asked only when the gap is read: it builds Strings).
        var closing: Entity? = nil
        var unlinked: [Entity] = Array(found[..<first])
        for k in first..<found.count {
            let e = found[k]
            guard k == first || isWritten(e, in: text) else { unlinked.append(e); continue }
            rescan(text, gapStart..<e.start, after: closing, minStart: minStart, found: unlinked, depth: depth, into: &result)
            unlinked.removeAll(keepingCapacity: true)
            result.append(e)
            gapStart = e.end
            closing = e
        }
        rescan(text, gapStart..<text.count, after: closing, minStart: minStart, found: unlinked, depth: depth, into: &result)
        return result
    }

    /// Appends the entities of `gap` as the next run sees it, after the
    /// written link `closing` (none: the start of the run, with its context).
    /// Without budget left, appends `found` (what the first scan found there).
    private mutating func rescan(_ text: UnsafeBufferPointer<UInt8>, _ gap: Range<Int>, after closing: Entity?,
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
        switch writtenAs {
        case .html:
            // An HTML end tag: the gap is a text node of its own.
            let inGap = entities(in: UnsafeBufferPointer(rebasing: text[gap]), from: 0, depth: depth + 1)
            for e in inGap { result.append(e.shifted(by: gap.lowerBound)) }
        case .markdown:
            // A Markdown link ends in `)` or `>`: the gap's one byte of context.
            var buffer: [UInt8] = [MarkdownLink.lastByte(text: UTF8Bytes.string(text, closing.range), target: closing.target(in: text))]
            buffer.append(contentsOf: UnsafeBufferPointer(rebasing: text[gap]))
            let shift = gap.lowerBound - 1
            let inGap = buffer.withUnsafeBufferPointer { entities(in: $0, from: 1, depth: depth + 1) }
            for e in inGap { result.append(e.shifted(by: shift)) }
        }
    }

    /// Whether `gap` may hold an entity: every built-in kind has an ASCII
    /// letter or digit, `_` or a non-ASCII character in it (a twitter-text
    /// user name may be underscores alone: `@_`; a user rule may hold none).
    func mayHoldEntity(_ text: UnsafeBufferPointer<UInt8>, _ gap: Range<Int>) -> Bool {
        guard !finder.hasUserScanners else { return true }
        for i in gap where text[i] >= 0x80 || ByteClass.isAlnum(text[i]) || text[i] == 0x5F { return true }
        return false
    }
}

// MARK: - Links beside Markdown delimiter runs

/// A chunk's entities checked against the chunk as it will be written, when
/// a link touches an emphasis or strikethrough delimiter run or may close
/// an opener of raw HTML (SPEC §4).
///
/// Whether a run of `*`, `_` or `~` can open or close depends on the
/// characters beside it (CommonMark §6.4). A written link puts `[` or `<`
/// before the entity and `)` or `>` after it, so a run that touched the
/// entity may flank differently on the next run: emphasis pairs up
/// differently, other bytes are hidden or shown, and the text runs the finder
/// sees change (`~@c~…`: the two `~` were strikethrough, then `~[@c](…)~`
/// leaves the second one as text). Likewise a `<` that opens no raw HTML
/// for want of a `>` (`<!P x`, a declaration) opens one once a link after it
/// is written `<…>`: the text from the opener to that `>` is then raw HTML,
/// and the text before the opener is read without it (`!tp://#<!P tp://h`
/// links `tp://#` on the second run). Only then, the chunk is written with its
/// links, read again, and what that finds outside the links is mapped back;
/// repeated until nothing new is linked (at most `rounds` times).
package enum WrittenChunkCheck {
    static let rounds = 4

    /// The entities `parse` finds in `chunk`, as they stay on later runs.
    static func entities(in chunk: UnsafeBufferPointer<UInt8>, parse: (UnsafeBufferPointer<UInt8>) -> EntityPieces) -> EntityPieces {
        let first = parse(chunk)
        guard first.contains(where: { touchesDelimiterRun($0, chunk) }) || autolinkMayCloseOpener(first, chunk) else { return first }
        var found = first.joined()
        for _ in 0..<rounds {
            let links = found.filter { SecondRun.isLink($0, in: chunk) }
            // The chunk as written, and its verbatim segments: (offset written, offset in chunk, length).
            var written: [UInt8] = []
            var segments: [(written: Int, chunk: Int, count: Int)] = []
            var at = 0
            for e in links {
                segments.append((written.count, at, e.start - at))
                written.append(contentsOf: UnsafeBufferPointer(rebasing: chunk[at..<e.start]))
                MarkdownLink.append(text: UTF8Bytes.string(chunk, e.range), target: e.target(in: chunk), into: &written)
                at = e.end
            }
            segments.append((written.count, at, chunk.count - at))
            written.append(contentsOf: UnsafeBufferPointer(rebasing: chunk[at...]))
            let (again, added) = written.withUnsafeBufferPointer { w -> ([Entity], Bool) in
                var mapped: [Entity] = []
                var added = false
                var k = 0
                for e in parse(w) {
                    while k < segments.count && segments[k].written + segments[k].count <= e.start { k += 1 }
                    // Only what lies in verbatim text maps back (links are skipped constructs).
                    guard k < segments.count, e.start >= segments[k].written,
                          e.end <= segments[k].written + segments[k].count else { continue }
                    if SecondRun.isLink(e, in: w) { added = true }
                    mapped.append(e.shifted(by: segments[k].chunk - segments[k].written))
                }
                return (mapped, added)
            }
            guard added else { return EntityPieces(found) }
            found = (links + again).sorted { $0.start < $1.start }
        }
        return EntityPieces(found)
    }

    /// Whether `e` starts right after or ends right before `*`, `_` or `~`.
    static func touchesDelimiterRun(_ e: Entity, _ chunk: UnsafeBufferPointer<UInt8>) -> Bool {
        (e.start > 0 && isDelimiter(chunk[e.start - 1])) || (e.end < chunk.count && isDelimiter(chunk[e.end]))
    }

    @inline(__always)
    static func isDelimiter(_ b: UInt8) -> Bool { b == 0x2A || b == 0x5F || b == 0x7E }

    /// Whether a link of `found` written `<…>` comes after a `<` that may
    /// open raw HTML (a letter, `/`, `!` or `?` after it) with no `>` between
    /// them in the text as written: the link's `>` may then close it. The
    /// links' own bytes are skipped, as the next run skips them.
    static func autolinkMayCloseOpener(_ found: EntityPieces, _ chunk: UnsafeBufferPointer<UInt8>) -> Bool {
        // `found` is sorted: the last entity starts last.
        guard let lastStart = found.last?.start, lastStart > 0 else { return false }
        let firstAngle = ByteSearch.first(in: chunk, from: 0, before: lastStart,
                                          block: { $0 .== ByteSearch.splat(0x3C) }, matches: { $0 == 0x3C })
        guard firstAngle < lastStart else { return false }
        var open = false
        var at = 0
        func read(_ r: Range<Int>) {
            for i in r where chunk[i] == 0x3C || chunk[i] == 0x3E {
                open = chunk[i] == 0x3C && i + 1 < chunk.count && opensRawHTML(chunk[i + 1])
            }
        }
        // Whether each entity is a link is asked only where it matters (the
        // question builds Strings): after an open `<`, or for an entity whose
        // own bytes hold `<` or `>` (read as text unless it is a link).
        for e in found where e.start >= at {
            read(at..<e.start)
            at = e.start
            let angles = chunk[e.range].contains { $0 == 0x3C || $0 == 0x3E }
            guard (open && e.start > firstAngle) || angles else { at = e.end; continue }
            guard SecondRun.isLink(e, in: chunk) else { continue }
            if open && MarkdownLink.lastByte(text: UTF8Bytes.string(chunk, e.range), target: e.target(in: chunk)) == 0x3E {
                return true
            }
            at = e.end
        }
        return false
    }

    /// A byte after `<` that may start raw HTML: a tag's letter, `/`, `!` or `?`.
    @inline(__always)
    static func opensRawHTML(_ b: UInt8) -> Bool { ByteClass.isAlpha(b) || b == 0x2F || b == 0x21 || b == 0x3F }
}
