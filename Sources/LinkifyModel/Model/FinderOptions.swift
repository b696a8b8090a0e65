/// What to find and by which rules.
package struct FinderOptions: Sendable {
    /// Kinds to find (`--detect`).
    package var kinds: EntityKinds
    /// URL and email rules (`--profile`).
    package var profile: Profile
    /// Extra scanners (user literals and patterns); their candidates win over
    /// built-in kinds that start at the same byte.
    package var userScanners: [any EntityScanner]
    /// Target schemes that may become links; nil means all (but the dangerous ones).
    package var allowedSchemes: Set<String>?
    /// Target schemes that never become links.
    package var deniedSchemes: Set<String>
    /// `--rewrite FROM=TO`: a target starting with FROM has it replaced by TO; first match wins.
    package var rewrites: [(from: String, to: String)]
    /// Language and region, `ll_CC` (`--locale`): how dates are read.
    package var locale: String
    /// Region for national phone numbers, ISO 3166 alpha-2 (`--phone-region`); nil: the locale's region.
    package var phoneRegion: String?
    /// The moment relative dates are read against (`--now`).
    package var now: CivilDateTime
    /// URL templates for mentions, hashtags, cashtags, dates and addresses.
    package var templates: LinkTemplates
    /// Where decisions go for `--explain`; nil (the default) explains nothing
    /// and costs nothing.
    package var explanations: (any ExplanationSink)?
    /// Scanners resume right after each entity they report, where the next
    /// run over Markdown output sees the text after the written link afresh
    /// (set by the Markdown reader, SPEC §4); false for text and HTML.
    package var resumesAfterLinks = false

    /// Creates options; the defaults are `--detect url,email --profile default`.
    package init(kinds: EntityKinds = .defaults, profile: Profile = .default,
                userScanners: [any EntityScanner] = [],
                allowedSchemes: Set<String>? = nil, deniedSchemes: Set<String> = [],
                rewrites: [(from: String, to: String)] = [], locale: String = "en_US", phoneRegion: String? = nil,
                now: CivilDateTime = CivilDateTime(year: 2026, month: 1, day: 1), templates: LinkTemplates = LinkTemplates(),
                explanations: (any ExplanationSink)? = nil) {
        self.kinds = kinds
        self.profile = profile
        self.userScanners = userScanners
        self.allowedSchemes = allowedSchemes
        self.deniedSchemes = deniedSchemes
        self.rewrites = rewrites
        self.locale = locale
        self.phoneRegion = phoneRegion
        self.now = now
        self.templates = templates
        self.explanations = explanations
    }

    /// The region phone numbers are read in: `phoneRegion`, else the locale's region (`US` of `en_US`).
    package var effectivePhoneRegion: String {
        if let r = phoneRegion { return r.uppercased() }
        let parts = locale.split(whereSeparator: { $0 == "_" || $0 == "-" })
        return parts.count > 1 ? String(parts[1]).uppercased() : "US"
    }
}
