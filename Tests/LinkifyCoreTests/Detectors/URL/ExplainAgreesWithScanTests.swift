import Testing
@testable import LinkifyCore
@testable import LinkifyDetectors
@testable import LinkifyFinding
@testable import LinkifyInput
@_spi(Layers) @testable import LinkifyModel
@testable import LinkifyRendering

/// `--explain` prints the decisions the scan made: the same links as without
/// it, and for each bare name the bare-name model's judgement that decided
/// (its score agrees with the verdict, and the document's evidence is named
/// exactly when it was needed), on documents with many bare names.
@Suite struct ExplainAgreesWithScanTests {
    final class Sink: ExplanationSink, @unchecked Sendable {
        var log: [Explanation] = []
        func record(_ explanations: [Explanation], in text: UnsafeBufferPointer<UInt8>) { log += explanations }
    }

    /// Bare names the model links, rejects, or links only on the document's
    /// evidence; that evidence (a scheme, `www.`, an email domain); shapes
    /// the scanner rules out itself; separators. ASCII, so any byte offset
    /// is a character boundary.
    static let pieces = [
        "example.com", "kernel.org", "gnu.org/licenses", "foo.dev:8080", "news.example.pl", "docs.rs", "foo.rs",
        "bar.so", "example.pl", "control.in", "setup.py", "main.rs", "README.md", "fooBar.io", "a.pl", "user.name",
        "x.rs:12", "`code.rs`", "/usr/lib/foo.rs", "main.rs:2:5", "foo.rs/src", "lib.so.6",
        "https://foo.rs/x", "www.bar.so", "admin@example.pl", "http://docs.rs", "http://user@lib.so/", "quux.pl", "ftp://quux.pl/",
        " ", " ", " ", "\n", ", ", ". ", "(", ")", "see ", "and ",
    ]

    /// The words that start the notes of the document's hosts (`documentHost`, `documentSameHost`).
    static let hostEvidence = ["the text also writes this host's", "the text also writes this very host"]

    static func document(_ seed: Int, pieces count: Int) -> String {
        var random = SeededRandom(state: UInt64(seed) &* 0x2545_F491_4F6C_DD1D &+ 1)
        var text = ""
        for _ in 0..<count { text += pieces[random.next(pieces.count)] + " " }
        return text
    }

    /// The model's evidence as printed, `score N: +a …, -b …`: the score, the
    /// sum of the weights, and what the document's hosts (`documentHost`,
    /// `documentSameHost`) add to it, nil when neither is among them.
    static func parse(_ summary: Substring) -> (score: Int, sum: Int, documentHost: Int?)? {
        guard summary.hasPrefix("score "), let colon = summary.firstIndex(of: ":"),
              let score = Int(summary[summary.index(summary.startIndex, offsetBy: 6)..<colon]) else { return nil }
        var sum = 0
        var host: Int?
        for note in summary[summary.index(after: colon)...].split(separator: ",") {
            let words = note.split(separator: " ")
            if let first = words.first, first.hasPrefix("+") || first.hasPrefix("-"), let weight = Int(first.dropFirst(first.hasPrefix("+") ? 1 : 0)) {
                sum += weight
                if Self.hostEvidence.contains(where: { note.contains($0) }) { host = (host ?? 0) + weight }
            }
        }
        return (score, sum, host)
    }

    @Test(arguments: 0..<6)
    func explainedVerdictsAreTheScansDecisions(_ seed: Int) throws {
        let text = Self.document(seed, pieces: 600)
        let bytes = Array(text.utf8)
        // Half the seeds scan from a third of the way in, the rest being context
        // (as in a streamed window): its hosts are evidence too.
        let minStart = seed % 2 == 0 ? 0 : bytes.count / 3
        let sink = Sink()
        let (plain, explained) = bytes.withUnsafeBufferPointer { t in
            (EntityFinder(options: FinderOptions()).entities(in: t, from: minStart),
             EntityFinder(options: FinderOptions(explanations: sink)).entities(in: t, from: minStart))
        }
        #expect(explained == plain)

        var linked: [Range<Int>] = []
        var linkedByModel = 0, linkedByEvidence = 0, rejectedByModel = 0
        for e in sink.log {
            switch e.verdict {
            case .linked(let rule, _):
                linked.append(e.start..<e.end)
                // A bare name's rule without its judgement fails here.
                guard rule.hasPrefix(UTS58Scanner.bareNameRule) else { continue }
                let judgement = try #require(Self.parse(rule.dropFirst(UTS58Scanner.bareNameRule.count + 1)), "\(rule)")
                #expect(judgement.score >= 0, "linked with a losing score: \(rule)")
                #expect(judgement.score == judgement.sum, "\(rule)")
                // The document's evidence is counted only for a name that needed it.
                if let host = judgement.documentHost {
                    #expect(judgement.score - host < 0, "\(rule)")
                    linkedByEvidence += 1
                } else {
                    linkedByModel += 1
                }
            case .rejected(.bareName(let why)):
                // `a path component`, `a file and line`: no score.
                guard let judgement = Self.parse(why[...]) else { continue }
                #expect(judgement.score < 0, "rejected with a winning score: \(why)")
                #expect(judgement.score == judgement.sum, "\(why)")
                // The document's host may be in it: the path, members and code-line evidence can outweigh it.
                rejectedByModel += 1
            case .rejected, .weighed:
                break
            }
        }
        #expect(linked == plain.map(\.range))
        // The document exercises every path: linked by the model alone, by the
        // document's evidence (when the fitted table gives the document's host
        // a weight; with none, no name may cite it), and rejected by the model.
        let evidenceWeighs = BareNameFeature.documentHost.weight > 0 || BareNameFeature.documentSameHost.weight > 0
        #expect(linkedByModel > 20 && rejectedByModel > 20 && (evidenceWeighs ? linkedByEvidence > 10 : linkedByEvidence == 0),
                "\(linkedByModel) \(linkedByEvidence) \(rejectedByModel)")
    }

    /// A name whose evidence comes only after it (decided when the scan ends)
    /// and one whose evidence is in the context before the scan's start.
    @Test func evidenceAfterTheNameAndBeforeTheScan() {
        let text = "see https://docs.pl/a then foo.pl and docs.pl, later https://foo.pl/b"
        let bytes = Array(text.utf8)
        let sink = Sink()
        let minStart = "see https://docs.pl/a then ".utf8.count
        _ = bytes.withUnsafeBufferPointer { EntityFinder(options: FinderOptions(explanations: sink)).entities(in: $0, from: minStart) }
        let rules = sink.log.compactMap { e -> String? in
            guard case .linked(let rule, _) = e.verdict, rule.contains("bare-name model") else { return nil }
            return String(decoding: bytes[e.start..<e.end], as: UTF8.self) + ": " + rule
        }
        // Both names are written with a scheme elsewhere, without a path: the very host.
        let host = "+\(BareNameFeature.documentSameHost.weight) the text also writes this very host"
        guard BareNameFeature.documentSameHost.weight > 0 else {
            // The fitted table gives the document's host no weight: no rule may cite it.
            #expect(!rules.contains { rule in Self.hostEvidence.contains { rule.contains($0) } }, "\(rules)")
            return
        }
        #expect(rules.count == 2, "\(rules)")
        #expect(rules.allSatisfy { rule in
            rule.contains(host) && (Self.parse(rule[rule.firstRange(of: "score ")!.lowerBound...]).map { $0.score >= 0 && $0.score == $0.sum } ?? false)
        }, "\(rules)")
    }
}
