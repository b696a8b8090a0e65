/// Why a candidate became an entity or was left as text (`--explain`).
///
/// Scanners and the finder produce explanations only when asked (see
/// `EntityScanner.scan(_:from:into:rejections:)` and `FinderOptions.explanations`);
/// the ordinary scan pays nothing for them.
package struct Explanation: Sendable, Equatable {
    /// What was decided.
    package enum Verdict: Sendable, Equatable {
        /// Linked to `target` by `rule` (`UTS #58 bare domain`, `--link "Swift"`).
        case linked(rule: String, target: String)
        /// Left as text, for `reason`.
        case rejected(RejectionReason)
        /// What a fitted model weighed for the candidate (told beside its
        /// `.linked` or `.rejected` verdict, which says what became of it).
        case weighed(Weighing)
    }

    /// A fitted model's decision on one candidate (`--explain`,
    /// `--explain=json`): each feature's value and weight, the total and the
    /// threshold; the candidate is linked by the model when `score >= threshold`.
    package struct Weighing: Sendable, Equatable {
        /// The model (`bare-name`).
        package var model: String
        /// The features that fired: name, value, weight (the weight counts `value` times).
        package var features: [Feature]
        /// The weighted sum, bias included.
        package var score: Int
        /// The score from which the model links.
        package var threshold: Int

        /// One feature's part in a weighing.
        package struct Feature: Sendable, Equatable {
            package var name: String
            package var value: Int
            package var weight: Int
            package init(name: String, value: Int, weight: Int) {
                self.name = name
                self.value = value
                self.weight = weight
            }
        }

        package init(model: String, features: [Feature], score: Int, threshold: Int) {
            self.model = model
            self.features = features
            self.score = score
            self.threshold = threshold
        }

        /// Whether the model links the candidate.
        package var links: Bool { score >= threshold }

        /// The model's bias: the score less the features' parts.
        package var bias: Int { score - features.reduce(0) { $0 + $1.weight * $1.value } }

        /// `score S (threshold T): +B bias, +W name, …` as `--explain` prints it (the bias when not 0).
        package var summary: String {
            let bias = self.bias
            return "\(model) score \(score) (threshold \(threshold), \(links ? "link" : "no link")): "
                + ((bias == 0 ? [] : ["\(bias >= 0 ? "+" : "")\(bias) bias"]) + features.map { f in
                    let total = f.weight * f.value
                    return "\(total >= 0 ? "+" : "")\(total) \(f.name)" + (f.value == 1 ? "" : "=\(f.value)")
                }).joined(separator: ", ")
        }
    }

    /// Byte offset of the candidate's first byte, in the buffer that was scanned.
    package var start: Int
    /// Byte offset just past the candidate.
    package var end: Int
    /// The kind the candidate would have had.
    package var kind: EntityKind
    /// The decision.
    package var verdict: Verdict

    /// Creates an explanation.
    package init(start: Int, end: Int, kind: EntityKind, verdict: Verdict) {
        self.start = start
        self.end = end
        self.kind = kind
        self.verdict = verdict
    }

    /// The same explanation with its range moved by `delta` bytes.
    package func shifted(by delta: Int) -> Explanation {
        var copy = self
        copy.start += delta
        copy.end += delta
        return copy
    }
}

/// Why a candidate was not linked.
package enum RejectionReason: Sendable, Equatable, CustomStringConvertible {
    /// A bare domain whose last label is not in IANA's list.
    case unknownTopLevelDomain(String)
    /// A bare name that the bare-name model judged not to be a domain, with its evidence.
    case bareName(String)
    /// A date that the date model judged not meant as one here, with its evidence.
    case dateModel(String)
    /// `scheme://user@host`: user info is deprecated and a spoofing risk (UTS #58).
    case userInfo
    /// `git@github.com:owner/repo.git` (SPEC §5).
    case sshRemote
    /// A web URL whose host, port or IPv6 literal is not valid.
    case invalidHost
    /// An email local part that is empty or has a leading, trailing or doubled dot.
    case invalidLocalPart
    /// Longer than `Limits.maxEntityBytes`.
    case tooLong
    /// `javascript:`, `vbscript:` or `data:` (SPEC §5), however it is spelt.
    case dangerousScheme(String)
    /// A scheme named by `--deny-schemes`.
    case deniedScheme(String)
    /// A scheme that `--schemes` does not name.
    case schemeNotAllowed(String)
    /// Overlapped by an entity that won (SPEC §5: leftmost, then user rules, then longer).
    case overlapped(by: EntityKind, start: Int, end: Int)

    /// The reason in words, as `--explain` prints it.
    package var description: String {
        switch self {
        case .unknownTopLevelDomain(let tld): return "top-level domain '\(tld)' is not in IANA's list"
        case .bareName(let evidence): return "bare-name model: \(evidence)"
        case .dateModel(let evidence): return "date model: \(evidence)"
        case .userInfo: return "user info in a URL (deprecated, a spoofing risk)"
        case .sshRemote: return "an SSH remote (@host: followed by a path)"
        case .invalidHost: return "the host, port or IPv6 address is not valid"
        case .invalidLocalPart: return "email local part is empty or has a leading, trailing or doubled dot"
        case .tooLong: return "longer than \(Limits.maxEntityBytes) bytes"
        case .dangerousScheme(let s): return "dangerous scheme '\(s):' is never linked"
        case .deniedScheme(let s): return "scheme '\(s)' is denied by --deny-schemes"
        case .schemeNotAllowed(let s): return "scheme '\(s)' is not in --schemes"
        case .overlapped(let kind, _, _): return "overlapped by a \(kind.rawValue) that wins"
        }
    }
}

/// Receives the explanations of each scanned buffer (`--explain`).
///
/// The finder calls `record` once per `entities(in:from:)` call, with offsets
/// into `text`; a sink that knows where `text` lies in its document can turn
/// them into lines and columns.
package protocol ExplanationSink: AnyObject, Sendable {
    /// Takes the explanations for one scanned buffer, in order of start.
    func record(_ explanations: [Explanation], in text: UnsafeBufferPointer<UInt8>)
    /// Called by `Annotator` before it finds the entities of a whole document:
    /// the buffers `record` is given until `endDocument` lie in `document`.
    func beginDocument(_ document: UnsafeBufferPointer<UInt8>)
    /// Called when the document given to `beginDocument` is no longer scanned.
    func endDocument()
}

extension ExplanationSink {
    /// Does nothing: a sink that needs no positions ignores the document.
    package func beginDocument(_ document: UnsafeBufferPointer<UInt8>) {}
    /// Does nothing.
    package func endDocument() {}
}
