@_spi(Layers) import LinkifyModel
import LinkifyDetectors
import LinkifyFinding
import LinkifyRendering

/// Finds links in text: URLs (with or without a scheme), e-mail addresses,
/// phone numbers, dates, street addresses, @mentions, #hashtags, $cashtags,
/// and the keywords and patterns you name.
///
/// Configure one once and use it from any thread:
///
/// ```swift
/// import LinkifyCore
///
/// let linkifier = try Linkifier(kinds: [.url, .email, .mention],
///                               rules: [.keyword("FoodPin", url: "foodpinapp://actions/new")],
///                               templates: LinkTemplates(mention: "myapp://users/{}"))
/// let text = "Ask @anna about FoodPin or see example.com"
/// for match in linkifier.matches(in: text) {
///     print(text[match.range], match.kind, match.target ?? "-")
/// }
/// // Prints:
/// // @anna mention myapp://users/anna
/// // FoodPin custom foodpinapp://actions/new
/// // example.com url https://example.com
/// ```
///
/// Everything `linkify` finds on the command line, a `Linkifier` finds with
/// the same options: the command-line tool is built on this type.
public struct Linkifier: Sendable {
    /// What is found and how, as the command line's options say it.
    package let finder: EntityFinder

    /// The kinds found.
    public var kinds: EntityKinds { finder.options.kinds }
    /// The moment relative dates ("tomorrow", "next Friday") and dates without
    /// a year are read against, if one was given.
    public let referenceTime: CivilDateTime?

    /// Creates a linkifier.
    ///
    /// - Parameters:
    ///   - kinds: what to find; URLs and e-mail addresses by default.
    ///   - profile: the rules for URLs and e-mail addresses: Unicode UTS #58
    ///     (`.default`), GitHub's autolinks (`.gfm`) or twitter-text's (`.twitter`).
    ///   - locale: language and region, `ll_CC` (`en_US`, `de_DE`): how dates are read.
    ///   - phoneRegion: the ISO 3166-1 region national phone numbers belong to;
    ///     nil takes the locale's region.
    ///   - rules: keywords and patterns that become links (``Rule``); a rule's
    ///     match wins over a built-in kind found at the same place.
    ///   - templates: the URL each mention, hashtag, cashtag, address (and, when
    ///     given, date) links to; `{}` is the value.
    ///   - schemes: which link schemes are kept and how targets are rewritten.
    ///   - referenceTime: the moment dates are read against. Needed when
    ///     `kinds` holds `.date`: the standard library has no clock
    ///     (`LinkifyFoundation` gives `CivilDateTime.now()`).
    /// - Throws: ``ConfigurationError`` naming the value that is wrong.
    public init(kinds: EntityKinds = .defaults, profile: Profile = .default, locale: String = "en_US",
                phoneRegion: String? = nil, rules: [Rule] = [], templates: LinkTemplates = LinkTemplates(),
                schemes: SchemePolicy = SchemePolicy(), referenceTime: CivilDateTime? = nil) throws(ConfigurationError) {
        // The command line's reading of a locale and a region (`--locale`, `--phone-region`).
        let parts = ISOCodes.normalizedLocale(locale)?.split(separator: "_").map(String.init) ?? []
        guard let language = parts.first, ISOCodes.isLanguage(language), parts.dropFirst().allSatisfy(ISOCodes.isRegionOrZZ) else {
            throw ConfigurationError("invalid locale '\(locale)' (expected ll_CC with ISO 639-1 and ISO 3166-1 codes, like en_US)")
        }
        let normalizedLocale = parts.joined(separator: "_")
        if let region = phoneRegion, !ISOCodes.isRegionOrZZ(region) {
            throw ConfigurationError("invalid phone region '\(region)' (expected an ISO 3166-1 alpha-2 code, like US)")
        }
        for (name, template) in [("mention", templates.mention), ("hashtag", templates.hashtag), ("cashtag", templates.cashtag),
                                 ("address", templates.address), ("date", templates.date ?? "{}")] {
            if let problem = URLTemplate.problem(in: template) {
                throw ConfigurationError("invalid \(name) template '\(template)': \(problem)")
            }
        }
        if kinds.contains(.date) && referenceTime == nil {
            throw ConfigurationError("finding dates needs a reference time (relative dates are read against it): pin referenceTime, or use Linkifier.withClock in LinkifyFoundation")
        }
        // Keywords, exact and ignoring case, each one automaton; then a scanner per pattern (as the command line orders them).
        var keywords: (exact: [LiteralLink], ignoringCase: [LiteralLink]) = ([], [])
        var patterns: [any EntityScanner] = []
        for rule in rules {
            switch rule.form {
            case .keyword(let text, let url, let ignoresCase):
                guard !text.isEmpty, !url.isEmpty else {
                    throw ConfigurationError("a keyword rule needs a keyword and a URL (got '\(text)' and '\(url)')")
                }
                let link = LiteralLink(text: text, target: url, origin: "keyword rule")
                if ignoresCase { keywords.ignoringCase.append(link) } else { keywords.exact.append(link) }
            case .pattern(let regex, let template):
                if let problem = PatternTemplate.problem(in: template) {
                    throw ConfigurationError("invalid template '\(template)' for the pattern '\(regex)': \(problem)")
                }
                do {
                    patterns.append(try PatternLinkScanner(pattern: regex, template: template))
                } catch {
                    // (The scanner's message names the command line's flag.)
                    throw ConfigurationError(error.message.replacing(" in --pattern", with: " in a pattern rule"))
                }
            }
        }
        var scanners: [any EntityScanner] = []
        if !keywords.exact.isEmpty { scanners.append(LiteralLinkScanner(links: keywords.exact)) }
        if !keywords.ignoringCase.isEmpty { scanners.append(LiteralLinkScanner(links: keywords.ignoringCase, ignoresCase: true)) }
        scanners += patterns
        let options = FinderOptions(kinds: kinds, profile: profile, userScanners: scanners,
                                    allowedSchemes: schemes.allowed, deniedSchemes: schemes.denied,
                                    rewrites: schemes.rewrites.map { ($0.prefix, $0.replacement) },
                                    locale: normalizedLocale, phoneRegion: phoneRegion?.uppercased(),
                                    now: referenceTime ?? FinderOptions().now, templates: templates)
        self.finder = EntityFinder(options: options)
        self.referenceTime = referenceTime
    }

    /// A linkifier that finds what `options` say (the command line's way in).
    package init(options: FinderOptions) {
        self.finder = EntityFinder(options: options)
        self.referenceTime = options.now
    }

    /// The same linkifier telling its decisions to `sink` (`--explain`); itself when `sink` is nil.
    package func explaining(to sink: (any ExplanationSink)?) -> Linkifier {
        guard let sink else { return self }
        return changing(referenceTime: referenceTime) { $0.explanations = sink }
    }

    /// The same linkifier with dates read against `time`.
    public func pinning(referenceTime time: CivilDateTime) -> Linkifier {
        changing(referenceTime: time) { $0.now = time }
    }

    /// This linkifier's options changed by `change`, with `referenceTime`.
    private func changing(referenceTime: CivilDateTime?, _ change: (inout FinderOptions) -> Void) -> Linkifier {
        var options = finder.options
        change(&options)
        return Linkifier(finder: EntityFinder(options: options), referenceTime: referenceTime)
    }

    private init(finder: EntityFinder, referenceTime: CivilDateTime?) {
        self.finder = finder
        self.referenceTime = referenceTime
    }

    /// `text` written back in `format` with what this linkifier finds linked:
    /// HTML anchors, Markdown links, or JSON (UTF-8 byte offsets), as the
    /// command line writes them.
    ///
    /// - Parameters:
    ///   - text: the input.
    ///   - format: the output format.
    ///   - input: how `text` is read: plain text (the default), Markdown or HTML.
    public func annotated(_ text: String, as format: OutputFormat, from input: InputFormat = .text) -> String {
        var text = text
        var out: [UInt8] = []
        text.withUTF8 { bytes in
            var annotator = Annotator(input: input, finder: finder,
                                      renderer: makeRenderer(RenderOptions(format: format, input: input)))
            annotator.annotate(bytes, into: &out)
        }
        return String(decoding: out, as: Unicode.UTF8.self)
    }
}

extension Linkifier {
    /// A keyword or a pattern that becomes a link.
    public struct Rule: Sendable, Hashable {
        enum Form: Sendable, Hashable {
            case keyword(String, url: String, ignoresCase: Bool)
            case pattern(String, template: String)
        }
        let form: Form

        /// Every whole-word occurrence of `text` links to `url`
        /// (`--link TEXT=URL`); of keywords that overlap, the leftmost, then the
        /// longest, wins.
        public static func keyword(_ text: String, url: String, ignoringCase: Bool = false) -> Rule {
            Rule(form: .keyword(text, url: url, ignoresCase: ignoringCase))
        }

        /// Each match of the regular expression `regex` (Swift `Regex` syntax;
        /// a match lies within one line) links to `template`, where `{0}` is
        /// the match and `{1}`, `{name}` its groups (`--pattern`).
        public static func pattern(_ regex: String, url template: String) -> Rule {
            Rule(form: .pattern(regex, template: template))
        }
    }

    /// Which link schemes are kept, and how targets are rewritten
    /// (`--schemes`, `--deny-scheme`, `--rewrite`). `javascript:`, `vbscript:`
    /// and `data:` are never linked, whatever the policy says.
    public struct SchemePolicy: Sendable, Hashable {
        /// A target that starts with `prefix` has it replaced by `replacement`.
        public struct Rewrite: Sendable, Hashable {
            /// What a target starts with (`https://example.com/`).
            public var prefix: String
            /// What it is replaced by (`myapp://`).
            public var replacement: String
            /// Creates a rewrite.
            public init(_ prefix: String, to replacement: String) {
                self.prefix = prefix
                self.replacement = replacement
            }
        }

        /// The schemes that may be linked, lowercase without `:`; nil allows all.
        public var allowed: Set<String>?
        /// Schemes that are never linked.
        public var denied: Set<String>
        /// Rewrites of targets; the first that applies wins.
        public var rewrites: [Rewrite]

        /// Creates a policy; by default every scheme but the dangerous ones is linked.
        public init(allowed: Set<String>? = nil, denied: Set<String> = [], rewrites: [Rewrite] = []) {
            self.allowed = allowed.map { Set($0.map { $0.lowercased() }) }
            self.denied = Set(denied.map { $0.lowercased() })
            self.rewrites = rewrites
        }
    }

    /// A value given to ``Linkifier/init(kinds:profile:locale:phoneRegion:rules:templates:schemes:referenceTime:)``
    /// that cannot be used.
    public struct ConfigurationError: Error, Sendable, Hashable, CustomStringConvertible {
        /// What is wrong, naming the value.
        public let description: String
        init(_ description: String) { self.description = description }
    }
}
