@_spi(Layers) import LinkifyModel
import LinkifyDetectors

/// Runs the scanners that the options ask for and merges their candidates
/// into entities: sorted, disjoint, rewritten and allowed by the link policy.
package struct EntityFinder: Sendable {
    /// What a finder holds, behind one reference: readers and rescans copy
    /// finders, and a copy should cost one retain, not one per scanner and
    /// option (docs/benchmarks.md).
    private final class Storage: Sendable {
        let options: FinderOptions
        let builtIn: [any EntityScanner]
        let policy: LinkPolicy
        /// The one scanner, when there is one and no user rule (the default
        /// kinds): its list needs no merge, and no list of lists is made per text.
        let single: (any EntityScanner)?
        /// Bytes of which every candidate of every scanner holds one, when
        /// each scanner has such a set and there is no user rule.
        let triggers: ByteSet?

        init(options: FinderOptions) {
            self.options = options
            self.builtIn = ScannerRegistry.scanners(for: options)
            self.single = builtIn.count == 1 && options.userScanners.isEmpty ? builtIn[0] : nil
            var triggers: ByteSet? = options.userScanners.isEmpty ? ByteSet([]) : nil
            for scanner in builtIn {
                guard let t = scanner.triggers, let sum = triggers else { triggers = nil; break }
                triggers = sum.union(t)
            }
            self.triggers = triggers
            self.policy = LinkPolicy(allowedSchemes: options.allowedSchemes, deniedSchemes: options.deniedSchemes,
                                     rewrites: options.rewrites)
        }
    }

    private let storage: Storage
    /// The options this finder was made with.
    package var options: FinderOptions { storage.options }
    /// `options.explanations`, read without copying the options (a hot path asks per text run).
    package var explanations: (any ExplanationSink)? { storage.options.explanations }
    /// Whether `options.userScanners` is not empty, read without copying the options.
    package var hasUserScanners: Bool { !storage.options.userScanners.isEmpty }
    /// `options.profile`, read without copying the options.
    package var profile: Profile { storage.options.profile }
    var builtIn: [any EntityScanner] { storage.builtIn }
    /// Schemes, denied schemes and rewrites, from the options.
    package var policy: LinkPolicy { storage.policy }

    /// Schemes that are never written as links, whatever the flags say (SPEC §5).
    package static let dangerousSchemes: Set<String> = LinkPolicy.dangerousSchemes

    /// Creates a finder for `options`.
    package init(options: FinderOptions = FinderOptions()) {
        storage = Storage(options: options)
    }

    /// The same finder telling its explanations to `sink` instead.
    package func explaining(to sink: any ExplanationSink) -> EntityFinder {
        var options = self.options
        options.explanations = sink
        return EntityFinder(options: options)
    }

    /// This finder telling nothing (`--explain`'s sink removed).
    package var withoutExplanations: EntityFinder {
        var options = self.options
        options.explanations = nil
        return EntityFinder(options: options)
    }

    /// The entities in `text` that start at or after `minStart`, sorted and disjoint.
    /// Offsets are bytes into `text`. With `options.explanations` set, the
    /// decisions are also handed to that sink.
    package func entities(in text: UnsafeBufferPointer<UInt8>, from minStart: Int = 0) -> [Entity] {
        entities(in: text, from: minStart, depth: 0)
    }

    func entities(in text: UnsafeBufferPointer<UInt8>, from minStart: Int, depth: Int) -> [Entity] {
        // A short text (a Markdown text run, an HTML text node, a gap beside a
        // link) holding none of the bytes every candidate holds finds nothing:
        // no scan is set up. A longer one is left to the scanners' own
        // word-at-a-time searches.
        if text.count - minStart <= 32, let triggers = storage.triggers, !triggers.occurs(in: text, from: minStart) { return [] }
        if depth == 0, let sink = storage.options.explanations {
            var log: [Explanation] = []
            let result = entities(in: text, from: minStart, explanations: &log)
            sink.record(log, in: text)
            return result
        }
        if let scanner = storage.single {
            var list: [Entity] = []
            if text.count - minStart >= 1 << 7 { list.reserveCapacity((text.count - minStart) / 64) }
            scanner.scan(text, from: minStart, into: &list)
            admittedInPlace(&list, in: text)
            return list
        }
        var user: [Entity] = []
        for scanner in storage.options.userScanners { scanner.scan(text, from: minStart, into: &user) }
        var found: [[Entity]] = []
        for scanner in storage.builtIn {
            var out: [Entity] = []
            // Room for a link every 64 bytes, so that URL-dense text does not
            // grow the array by copying it a dozen times a window; the pages a
            // sparser text never fills are never touched.
            // (Not below 64 bytes: a reserve of nothing allocates too.)
            if text.count - minStart >= 1 << 7 { out.reserveCapacity((text.count - minStart) / 64) }
            scanner.scan(text, from: minStart, into: &out)
            if !out.isEmpty { found.append(out) }
        }
        if user.isEmpty && found.count <= 1 {
            // One scanner's list is sorted and disjoint already: admitted in
            // place, with no second array of a window's entities.
            guard var list = found.popLast() else { return [] }
            admittedInPlace(&list, in: text)
            return list
        }
        // Candidates carry their scanner's rank: 0 for user rules, 1 for built-ins.
        var all = user.map { Candidate(entity: $0, scanner: 0) }
        for list in found { all.append(contentsOf: list.map { Candidate(entity: $0, scanner: 1) }) }
        var silent = NoMergeLog()
        return merged(&all, userScanners: 1, in: text, depth: depth, log: &silent)
    }

    /// One scanner's list (sorted and disjoint already), admitted in place:
    /// no second array of a window's entities.
    private func admittedInPlace(_ list: inout [Entity], in text: UnsafeBufferPointer<UInt8>) {
        // Each entity decided where it is and moved down by a swap, not
        // copied: an entity holds a reference (`Entity.strings`), and each
        // copy was a retain and a release per link.
        var kept = 0
        for i in list.indices where rejection(admitting: &list[i], in: text) == nil {
            if kept != i { list.swapAt(kept, i) }
            kept += 1
        }
        if kept < list.count { list.removeLast(list.count - kept) }
    }

    /// Like `entities(in:from:)`, and appends to `log`, in order of start, why
    /// each candidate was linked (the rule) or rejected (the scanner's reason,
    /// the link policy, or the entity that overlapped it).
    package func entities(in text: UnsafeBufferPointer<UInt8>, from minStart: Int = 0,
                         explanations log: inout [Explanation]) -> [Entity] {
        let scanners = storage.options.userScanners + storage.builtIn
        var all: [Candidate] = []
        var explaining = ExplainingMergeLog(scanners: scanners)
        for (index, scanner) in scanners.enumerated() {
            var out: [Entity] = []
            var told: [Explanation] = []
            scanner.scan(text, from: minStart, into: &out, rejections: &told)
            explaining.take(told, scanner: index)
            all.append(contentsOf: out.map { Candidate(entity: $0, scanner: index) })
        }
        let result = merged(&all, userScanners: storage.options.userScanners.count, in: text, depth: 0, log: &explaining)
        log.append(contentsOf: explaining.explained.sorted { $0.start < $1.start })
        return result
    }

    /// A scanner's candidate; `scanner` indexes the user scanners, then the built-in ones.
    struct Candidate {
        var entity: Entity
        var scanner: Int
    }

    /// The one merge: `all` sorted by precedence (leftmost; at the same start
    /// user rules, then the longer match, SPEC §5), each candidate that
    /// overlaps no earlier winner admitted by the link policy, and the gaps
    /// that overlapped candidates leave filled (`withGapEntities`, one
    /// application of `SecondRun`). `log`
    /// hears every decision; `NoMergeLog` makes that free.
    @inline(__always)
    func merged<Log: MergeLog>(_ all: inout [Candidate], userScanners: Int, in text: UnsafeBufferPointer<UInt8>,
                               depth: Int, log: inout Log) -> [Entity] {
        all.sort { a, b in
            if a.entity.start != b.entity.start { return a.entity.start < b.entity.start }
            let (aUser, bUser) = (a.scanner < userScanners, b.scanner < userScanners)
            if aUser != bUser { return aUser }
            return a.entity.end > b.entity.end
        }
        var result: [Entity] = []
        var overrun: [Int] = []   // winners that a longer, overlapped candidate ran past
        var end = Int.min
        for candidate in all {
            let e = candidate.entity
            if e.start < end {
                log.overlapped(e, by: result[result.count - 1])
                if e.end > end, overrun.last != result.count - 1 { overrun.append(result.count - 1) }
                continue
            }
            switch decision(e, in: text) {
            case .rejected(let reason):
                log.rejected(e, reason)
            case .admitted(let admitted):
                log.linked(e, as: admitted, scanner: candidate.scanner, in: text)
                result.append(admitted)
                end = admitted.end
            }
        }
        return withGapEntities(result, overrun: overrun, in: text, depth: depth)
    }

    /// `entity` (found in `text`) with its target rewritten (`--rewrite`),
    /// when the link policy lets it become a link; nil when it does not.
    @inline(__always)
    package func admitted(_ entity: Entity, in text: UnsafeBufferPointer<UInt8>) -> Entity? {
        if case .admitted(let result) = decision(entity, in: text) { return result }
        return nil
    }

    /// Why the link policy turns `entity` (found in `text`) down (after rewriting), or nil.
    package func rejection(of entity: Entity, in text: UnsafeBufferPointer<UInt8>) -> RejectionReason? {
        if case .rejected(let reason) = decision(entity, in: text) { return reason }
        return nil
    }

    /// What the link policy makes of a candidate.
    enum Decision {
        /// Linked, as this entity (its target rewritten).
        case admitted(Entity)
        /// Left as text.
        case rejected(RejectionReason)
    }

    /// The one decision on a candidate: too long, or (unless it is a date
    /// shown as a date) its target rewritten once and judged by the link policy.
    @inline(__always)
    func decision(_ entity: Entity, in text: UnsafeBufferPointer<UInt8>) -> Decision {
        var result = entity
        if let reason = rejection(admitting: &result, in: text) { return .rejected(reason) }
        return .admitted(result)
    }

    /// `decision` on `entity` in place: nil when it is admitted (its target
    /// rewritten), else why it is not (the entity then as the rewriting left it).
    @inline(__always)
    func rejection(admitting entity: inout Entity, in text: UnsafeBufferPointer<UInt8>) -> RejectionReason? {
        if entity.end - entity.start > Limits.maxEntityBytes { return .tooLong }
        if entity.isUnlinkedDate { return nil }
        if !storage.policy.rewrites.isEmpty { entity.target = storage.policy.rewritten(entity.target, of: entity, in: text) }
        return storage.policy.rejection(of: entity, in: text)
    }

    /// Whether the link policy lets `entity` (found in `text`) become a link (after rewriting).
    package func isAllowed(_ entity: Entity, in text: UnsafeBufferPointer<UInt8>) -> Bool { admitted(entity, in: text) != nil }

}

/// Which built-in scanners serve which kinds and profiles. Each detector
/// registers here; the finder knows nothing else about them.
enum ScannerRegistry {
    static func scanners(for options: FinderOptions) -> [any EntityScanner] {
        var result: [any EntityScanner] = []
        let kinds = options.kinds
        if kinds.contains(.url) || kinds.contains(.email) {
            switch options.profile {
            case .gfm:
                result.append(GFMScanner(reportsURLs: kinds.contains(.url), reportsEmails: kinds.contains(.email)))
            case .default:
                result.append(UTS58Scanner(reportsURLs: kinds.contains(.url), reportsEmails: kinds.contains(.email)))
            case .twitter:
                // twitter-text has no email rules: addresses are found as UTS #58 finds them.
                if kinds.contains(.url) { result.append(TwitterURLScanner(resumesAfterLinks: options.resumesAfterLinks)) }
                if kinds.contains(.email) { result.append(UTS58Scanner(reportsURLs: false, reportsEmails: true)) }
            }
        }
        // twitter-text's rules in every profile (SPEC §5).
        if kinds.contains(.mention) { result.append(MentionScanner(template: options.templates.mention)) }
        if kinds.contains(.hashtag) { result.append(HashtagScanner(template: options.templates.hashtag)) }
        if kinds.contains(.cashtag) { result.append(CashtagScanner(template: options.templates.cashtag)) }
        if kinds.contains(.phone) {
            result.append(PhoneScanner(regionID: options.effectivePhoneRegion))
        }
        if kinds.contains(.date) { result.append(DateScanner(options: options)) }
        if kinds.contains(.address) { result.append(AddressScanner(options: options)) }
        return result
    }
}
