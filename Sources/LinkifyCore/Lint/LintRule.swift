@_spi(Layers) import LinkifyModel

/// A lint rule: one per kind of entity that can be left bare. `bare-url` and
/// `bare-email` are the rules of the default `--detect url,email`.
package struct LintRule: Sendable, Hashable {
    /// The kind of entity the rule reports.
    package let kind: EntityKind

    /// The rule for `kind`.
    package init(_ kind: EntityKind) { self.kind = kind }

    /// The rule's identifier: `bare-url`, `bare-email`, `bare-phone`, … (`bare-link` for `--link`/`--pattern`).
    package var id: String { "bare-" + (kind == .custom ? "link" : kind.rawValue) }

    /// What the message calls the entity: `URL`, `email address`, …
    package var noun: String {
        switch kind {
        case .url: return "URL"
        case .email: return "email address"
        case .phone: return "phone number"
        case .date: return "date"
        case .address: return "street address"
        case .mention: return "mention"
        case .hashtag: return "hashtag"
        case .cashtag: return "cashtag"
        case .custom: return "link text"
        }
    }

    /// A one-line description (SARIF `shortDescription`).
    package var summary: String { "Bare \(noun) that is not a link" }

    /// A paragraph on what the rule finds and how to fix it (SARIF `fullDescription`).
    package var explanation: String {
        let article = "aeiou".contains(noun.lowercased().first ?? "x") ? "An" : "A"
        return "\(article) \(noun) written as plain text rather than as a link: only renderers that autolink "
            + "show it as one. Write it as a link (<https://example.com> or [text](target) in Markdown, "
            + "an <a> element in HTML); linkify lint --fix does this."
    }

    /// The rules for a set of kinds, `bare-url` and `bare-email` always first.
    package static func rules(for kinds: EntityKinds) -> [LintRule] {
        var result = [LintRule(.url), LintRule(.email)]
        for kind in kinds.kinds where kind != .url && kind != .email { result.append(LintRule(kind)) }
        return result
    }

    /// The rule named `name` (`bare-url` or just `url`), or nil.
    package init?(named name: String) {
        let lower = name.lowercased()
        let bare = lower.hasPrefix("bare-") ? String(lower.dropFirst(5)) : lower
        if bare == "link" { self.init(.custom); return }
        guard let kind = EntityKind(rawValue: bare) else { return nil }
        self.init(kind)
    }
}
