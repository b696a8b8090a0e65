@_spi(Layers) import LinkifyModel
import LinkifyRendering

/// "A second run changes nothing" (SPEC §4): annotating annotate's own
/// output finds no new link. This file keeps the rule.
///
/// The rule: a link annotate writes is opaque to the next run, which reads the
/// text around it on its own, with the link's own bytes (`[`, `<`, `)`, `>`)
/// beside it. So wherever writing a link changes how the text beside it is
/// read, that text is scanned again here as the next run will read it, and
/// what that finds is what the first run reports. The text whose reading
/// changes is of three shapes, each handled below:
///
/// - text that a longer candidate covered past the winner that overlapped it
///   (every input: `EntityFinder.withGapEntities`);
/// - in Markdown and HTML, each gap between written links, read after the
///   link (`LinkBoundaryRescan`);
/// - in Markdown, a link beside an emphasis or strikethrough delimiter run,
///   whose flanking the link's brackets change, or a link written `<…>`
///   after an opener of raw HTML that its `>` closes (`WrittenChunkCheck`).
///
/// The first is the finder's and lives here; the readers' two are in
/// LinkifyInput's `SecondRun+Readers.swift`, beside the readers that call
/// them in their inner loops (kept in their module so that the compiler can
/// specialise them there, docs/benchmarks.md "Layer targets").
///
/// One accommodation lives outside this file, because only the scanner can
/// make it: with `FinderOptions.resumesAfterLinks` (set through
/// `EntityFinder.resumingAfterLinks` by the Markdown and HTML readers, whose
/// output is read again by themselves), twitter-text's URL scanner resumes
/// right after each URL it reports, where the next run reads the text after
/// the written link afresh (after `</a>`, a new text node).
package enum SecondRun {
    /// Whether `e` is written as a Markdown link: dates without a URL stay
    /// text, and so does an entity the reader cannot write where it stands.
    package static func isLink(_ e: Entity, in text: UnsafeBufferPointer<UInt8>) -> Bool {
        if e.isUnlinkedDate { return false }
        return MarkdownLink.isWritable(text, at: e.start)
    }
}

extension EntityFinder {
    /// This finder, or with the twitter profile one whose URL scanner resumes
    /// right after each URL it reports (`FinderOptions.resumesAfterLinks`):
    /// twitter-text's match may run past the URL it reports, and the text past
    /// it is what the next run over written links reads on its own.
    package var resumingAfterLinks: EntityFinder {
        guard options.profile == .twitter, options.kinds.contains(.url), !options.resumesAfterLinks else { return self }
        var resuming = options
        resuming.resumesAfterLinks = true
        return EntityFinder(options: resuming)
    }
}

// MARK: - Text past an overlapped winner (every input)

extension EntityFinder {
    /// Rescans that one text may take: a gap's own gaps, and so on (bounded work).
    static let gapDepth = 3

    /// `result` with the entities of the gaps after `overrun` winners added.
    ///
    /// A candidate that lost to an overlapping winner but ran past its end
    /// leaves text after the winner that no candidate covers. Once the winner
    /// is a link, a second run sees that text on its own and may link part of
    /// it (`@P.oa://m`: the mention wins, then `oa://m` is a URL), so it is
    /// scanned on its own here, up to the next winner: annotating twice then
    /// equals annotating once (SPEC §4).
    func withGapEntities(_ result: [Entity], overrun: [Int], in text: UnsafeBufferPointer<UInt8>, depth: Int) -> [Entity] {
        guard !overrun.isEmpty, depth < Self.gapDepth else { return result }
        var merged: [Entity] = []
        merged.reserveCapacity(result.count + overrun.count)
        var next = 0
        for (k, entity) in result.enumerated() {
            merged.append(entity)
            guard next < overrun.count, overrun[next] == k else { continue }
            next += 1
            let gap = entity.end..<(k + 1 < result.count ? result[k + 1].start : text.count)
            guard !gap.isEmpty else { continue }
            let slice = UnsafeBufferPointer(rebasing: text[gap])
            for found in entities(in: slice, from: 0, depth: depth + 1) { merged.append(found.shifted(by: gap.lowerBound)) }
        }
        return merged
    }
}
