import LinkifyInput

/// Which lines have which rules turned off by comments in the file: linkify's
/// own comments and markdownlint's (`DisableComments` says which and how).
public struct LintSuppressions: Sendable {
    let comments: DisableComments

    /// No suppressions at all.
    public init() { comments = DisableComments() }

    /// The suppressions the comments in `t` ask for.
    public init(_ t: UnsafeBufferPointer<UInt8>) { comments = DisableComments(t, markdownlint: true) }

    /// Whether `rule` is off on 1-based `line`.
    public func isSuppressed(_ rule: LintRule, line: Int) -> Bool {
        comments.off(line: line).contains(rule.kind)
    }
}
