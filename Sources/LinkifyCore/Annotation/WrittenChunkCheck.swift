/// A chunk's entities checked against the chunk as it will be written, when
/// a link touches an emphasis or strikethrough delimiter run (SPEC §4).
///
/// Whether a run of `*`, `_` or `~` can open or close depends on the
/// characters beside it (CommonMark §6.4). A written link puts `[` or `<`
/// before the entity and `)` or `>` after it, so a run that touched the
/// entity may flank differently on the next run: emphasis pairs up
/// differently, other bytes are hidden or shown, and the text runs the finder
/// sees change (`~@c~…`: the two `~` were strikethrough, then `~[@c](…)~`
/// leaves the second one as text). Only then, the chunk is written with its
/// links, read again, and what that finds outside the links is mapped back;
/// repeated until nothing new is linked (at most `rounds` times).
enum WrittenChunkCheck {
    static let rounds = 4

    /// The entities `parse` finds in `chunk`, as they stay on later runs.
    static func entities(in chunk: UnsafeBufferPointer<UInt8>, parse: (UnsafeBufferPointer<UInt8>) -> [Entity]) -> [Entity] {
        var found = parse(chunk)
        guard found.contains(where: { touchesDelimiterRun($0, chunk) }) else { return found }
        for _ in 0..<rounds {
            let links = found.filter { LinkBoundaryRescan.isLink($0, in: chunk) }
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
                    if LinkBoundaryRescan.isLink(e, in: w) { added = true }
                    mapped.append(e.shifted(by: segments[k].chunk - segments[k].written))
                }
                return (mapped, added)
            }
            guard added else { return found }
            found = (links + again).sorted { $0.start < $1.start }
        }
        return found
    }

    /// Whether `e` starts right after or ends right before `*`, `_` or `~`.
    static func touchesDelimiterRun(_ e: Entity, _ chunk: UnsafeBufferPointer<UInt8>) -> Bool {
        (e.start > 0 && isDelimiter(chunk[e.start - 1])) || (e.end < chunk.count && isDelimiter(chunk[e.end]))
    }

    @inline(__always)
    static func isDelimiter(_ b: UInt8) -> Bool { b == 0x2A || b == 0x5F || b == 0x7E }
}
