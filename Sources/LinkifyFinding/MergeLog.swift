@_spi(Layers) import LinkifyModel
import LinkifyDetectors

/// Hears the decisions of `EntityFinder`'s merge. The merge is generic over
/// it, so with `NoMergeLog` (no `--explain`) every call is inlined away and
/// the one loop costs what a loop without explanations would.
protocol MergeLog {
    /// `candidate` overlaps `winner`, which came first (SPEC §5).
    mutating func overlapped(_ candidate: Entity, by winner: Entity)
    /// The link policy turned `candidate` down.
    mutating func rejected(_ candidate: Entity, _ reason: RejectionReason)
    /// `candidate`, found by scanner number `scanner`, became `admitted`.
    mutating func linked(_ candidate: Entity, as admitted: Entity, scanner: Int, in text: UnsafeBufferPointer<UInt8>)
}

/// The merge without `--explain`: hears nothing.
struct NoMergeLog: MergeLog {
    @inline(__always) mutating func overlapped(_ candidate: Entity, by winner: Entity) {}
    @inline(__always) mutating func rejected(_ candidate: Entity, _ reason: RejectionReason) {}
    @inline(__always) mutating func linked(_ candidate: Entity, as admitted: Entity, scanner: Int, in text: UnsafeBufferPointer<UInt8>) {}
}

/// The merge with `--explain`: each decision written down as an `Explanation`.
struct ExplainingMergeLog: MergeLog {
    /// The scanners, in the order of the candidates' `scanner` numbers.
    let scanners: [any EntityScanner]
    /// The scanners' own rejections, then the merge's decisions.
    var explained: [Explanation] = []
    /// The rules scanners named for their own candidates (their `.linked`
    /// explanations), by scanner and start: the evidence the scan weighed,
    /// which `rule(for:in:)` would have to weigh again.
    var toldRules: [ToldKey: (end: Int, rule: String)] = [:]

    struct ToldKey: Hashable {
        var scanner: Int
        var start: Int
    }

    /// Takes what scanner number `scanner` told while scanning: its rejections,
    /// and the rules of candidates it reported.
    mutating func take(_ told: [Explanation], scanner: Int) {
        for explanation in told {
            if case .linked(let rule, _) = explanation.verdict {
                toldRules[ToldKey(scanner: scanner, start: explanation.start)] = (explanation.end, rule)
            } else {
                explained.append(explanation)
            }
        }
    }

    mutating func overlapped(_ candidate: Entity, by winner: Entity) {
        explained.append(Explanation(start: candidate.start, end: candidate.end, kind: candidate.kind,
                                     verdict: .rejected(.overlapped(by: winner.kind, start: winner.start, end: winner.end))))
    }

    mutating func rejected(_ candidate: Entity, _ reason: RejectionReason) {
        explained.append(Explanation(start: candidate.start, end: candidate.end, kind: candidate.kind, verdict: .rejected(reason)))
    }

    mutating func linked(_ candidate: Entity, as admitted: Entity, scanner: Int, in text: UnsafeBufferPointer<UInt8>) {
        var rule: String
        if let told = toldRules[ToldKey(scanner: scanner, start: candidate.start)], told.end == candidate.end {
            rule = told.rule
        } else {
            rule = scanners[scanner].rule(for: candidate, in: text)
        }
        if candidate.isSpoof { rule += "; " + HostSpoof.explanation(for: candidate, in: text) }
        if admitted.target != candidate.target { rule += ", target rewritten from \(candidate.target(in: text))" }
        explained.append(Explanation(start: candidate.start, end: candidate.end, kind: candidate.kind,
                                     verdict: .linked(rule: rule, target: admitted.target(in: text))))
    }
}
