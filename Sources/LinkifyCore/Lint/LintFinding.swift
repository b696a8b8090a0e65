@_spi(Layers) import LinkifyModel

/// One bare entity found by `lint`: where it is and what it is.
package struct LintFinding: Sendable, Hashable {
    /// The file's path as given or found by the walk (`-` for standard input).
    package var path: String
    /// The rule it breaks.
    package var rule: LintRule
    /// The entity's source text.
    package var text: String
    /// The link target annotate would give it.
    package var target: String
    /// Where it starts.
    package var start: SourceLocation
    /// Just past its last character.
    package var end: SourceLocation
    /// Its byte range in the file.
    package var range: Range<Int>

    /// Creates a finding.
    package init(path: String, rule: LintRule, text: String, target: String,
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
    package var kind: EntityKind { rule.kind }

    /// `bare URL https://example.com`.
    package var message: String { "bare \(rule.noun) \(text)" }
}
