/// What to find and by which rules.
public struct FinderOptions: Sendable {
    /// Kinds to find (`--detect`).
    public var kinds: EntityKinds
    /// URL and email rules (`--profile`).
    public var profile: Profile
    /// Extra scanners (user literals and patterns); their candidates win over
    /// built-in kinds that start at the same byte.
    public var userScanners: [any EntityScanner]
    /// Target schemes that may become links; nil means all (but the dangerous ones).
    public var allowedSchemes: Set<String>?
    /// Target schemes that never become links.
    public var deniedSchemes: Set<String>
    /// `--rewrite FROM=TO`: a target starting with FROM has it replaced by TO; first match wins.
    public var rewrites: [(from: String, to: String)]
    /// Language and region, `ll_CC` (`--locale`): how dates are read.
    public var locale: String
    /// Region for national phone numbers, ISO 3166 alpha-2 (`--phone-region`); nil: the locale's region.
    public var phoneRegion: String?
    /// The moment relative dates are read against (`--now`).
    public var now: CivilDateTime
    /// URL templates for mentions, hashtags, cashtags, dates and addresses.
    public var templates: LinkTemplates

    /// Creates options; the defaults are `--detect url,email --profile default`.
    public init(kinds: EntityKinds = .defaults, profile: Profile = .default,
                userScanners: [any EntityScanner] = [],
                allowedSchemes: Set<String>? = nil, deniedSchemes: Set<String> = [],
                rewrites: [(from: String, to: String)] = [], locale: String = "en_US", phoneRegion: String? = nil,
                now: CivilDateTime = CivilDateTime(year: 2026, month: 1, day: 1), templates: LinkTemplates = LinkTemplates()) {
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
    }

    /// The region phone numbers are read in: `phoneRegion`, else the locale's region (`US` of `en_US`).
    public var effectivePhoneRegion: String {
        if let r = phoneRegion { return r.uppercased() }
        let parts = locale.split(whereSeparator: { $0 == "_" || $0 == "-" })
        return parts.count > 1 ? String(parts[1]).uppercased() : "US"
    }
}

/// Runs the scanners that the options ask for and merges their candidates
/// into entities: sorted, disjoint, and allowed by the link policy.
public struct EntityFinder: Sendable {
    /// The options this finder was made with.
    public let options: FinderOptions
    let builtIn: [any EntityScanner]

    /// Schemes that are never written as links, whatever the flags say (SPEC §5).
    public static let dangerousSchemes: Set<String> = ["javascript", "vbscript", "data"]

    /// Creates a finder for `options`.
    public init(options: FinderOptions = FinderOptions()) {
        self.options = options
        self.builtIn = ScannerRegistry.scanners(for: options)
    }

    /// The entities in `text` that start at or after `minStart`, sorted and disjoint.
    /// Offsets are bytes into `text`.
    public func entities(in text: UnsafeBufferPointer<UInt8>, from minStart: Int = 0) -> [Entity] {
        var user: [Entity] = []
        for scanner in options.userScanners { scanner.scan(text, from: minStart, into: &user) }
        var found: [[Entity]] = []
        for scanner in builtIn {
            var out: [Entity] = []
            scanner.scan(text, from: minStart, into: &out)
            if !out.isEmpty { found.append(out) }
        }
        if user.isEmpty && found.count <= 1 {
            return (found.first ?? []).filter(isAllowed)
        }
        if !user.isEmpty { user.sort { $0.start != $1.start ? $0.start < $1.start : $0.end > $1.end } }
        var all = user.map { ($0, 0) }
        for list in found { all.append(contentsOf: list.map { ($0, 1) }) }
        // Leftmost wins; at the same start user rules, then the longer match (SPEC §5).
        all.sort { a, b in
            if a.0.start != b.0.start { return a.0.start < b.0.start }
            if a.1 != b.1 { return a.1 < b.1 }
            return a.0.end > b.0.end
        }
        var result: [Entity] = []
        var end = Int.min
        for (entity, _) in all where entity.start >= end && isAllowed(entity) {
            result.append(entity)
            end = entity.end
        }
        return result
    }

    /// Whether the link policy lets `entity` become a link.
    public func isAllowed(_ entity: Entity) -> Bool {
        if entity.end - entity.start > Limits.maxEntityBytes { return false }
        if entity.isUnlinkedDate { return true }
        guard let scheme = Self.scheme(of: entity.target) else { return true }
        if Self.dangerousSchemes.contains(scheme) { return false }
        if options.deniedSchemes.contains(scheme) { return false }
        if let allowed = options.allowedSchemes, !allowed.contains(scheme) { return false }
        return true
    }

    /// The lowercased scheme of a target (`https` of `https://…`), ignoring
    /// leading white space and control characters as browsers do.
    public static func scheme(of target: String) -> String? {
        var scheme = ""
        for u in target.unicodeScalars {
            if scheme.isEmpty && (u.value <= 0x20) { continue }
            if u == ":" { return scheme.isEmpty ? nil : scheme.lowercased() }
            if u.value == 0x09 || u.value == 0x0A || u.value == 0x0D { continue }
            guard u.isASCII, u.properties.isAlphabetic || ("0"..."9").contains(u) || u == "+" || u == "-" || u == "." else {
                return nil
            }
            scheme.unicodeScalars.append(u)
        }
        return nil
    }
}

/// Which built-in scanners serve which kinds and profiles. Each detector
/// registers here; the finder knows nothing else about them.
enum ScannerRegistry {
    static func scanners(for options: FinderOptions) -> [any EntityScanner] {
        var result: [any EntityScanner] = []
        let kinds = options.kinds
        if kinds.contains(.url) || kinds.contains(.email) {
            switch options.profile {
            case .default, .gfm, .twitter:
                result.append(UTS58Scanner(reportsURLs: kinds.contains(.url), reportsEmails: kinds.contains(.email)))
            }
        }
        if kinds.contains(.phone) {
            result.append(PhoneScanner(regionID: options.effectivePhoneRegion))
        }
        return result
    }
}
