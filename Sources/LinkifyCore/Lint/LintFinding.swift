@_spi(Layers) import LinkifyModel

/// One bare entity found by `lint`: where it is and what it is.
public struct LintFinding: Sendable, Hashable {
    /// The file's path as given or found by the walk (`-` for standard input).
    public var path: String
    /// The rule it breaks.
    public var rule: LintRule
    /// The entity's source text.
    public var text: String
    /// The link target annotate would give it.
    public var target: String
    /// Where it starts.
    public var start: SourceLocation
    /// Just past its last character.
    public var end: SourceLocation
    /// Its byte range in the file.
    public var range: Range<Int>

    /// Creates a finding.
    public init(path: String, rule: LintRule, text: String, target: String,
                start: SourceLocation, end: SourceLocation, range: Range<Int>) {
        self.path = path
        self.rule = rule
        self.text = text
        self.target = target
        self.start = start
        self.end = end
        self.range = range
    }

    /// The entity's kind.
    public var kind: EntityKind { rule.kind }

    /// `bare URL https://example.com`.
    public var message: String { "bare \(rule.noun) \(text)" }
}
