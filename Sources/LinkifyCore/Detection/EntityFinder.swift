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
            guard var only = found.popLast() else { return [] }
            only.removeAll { !isAllowed($0) }
            return only
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
        // Without allowed or denied schemes only the dangerous ones matter,
        // tested on bytes: a String per entity was 12 % of the time on URL-dense text.
        if options.deniedSchemes.isEmpty && options.allowedSchemes == nil {
            return !Self.hasDangerousScheme(entity.target)
        }
        guard let scheme = Self.scheme(of: entity.target) else { return true }
        if Self.dangerousSchemes.contains(scheme) { return false }
        if options.deniedSchemes.contains(scheme) { return false }
        if let allowed = options.allowedSchemes, !allowed.contains(scheme) { return false }
        return true
    }

    /// Whether the scheme of `target`, as `scheme(of:)` reads it, is one of `dangerousSchemes`.
    static func hasDangerousScheme(_ target: String) -> Bool {
        var target = target
        return target.withUTF8 { u -> Bool in
            // The longest dangerous scheme, `javascript`, has 10 letters.
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 10) { scheme -> Bool in
                var length = 0
                for b in u {
                    if b == 0x3A {
                        @inline(__always) func equals(_ word: StaticString) -> Bool {
                            guard word.utf8CodeUnitCount == length else { return false }
                            for k in 0..<length where scheme[k] != word.utf8Start[k] { return false }
                            return true
                        }
                        return equals("javascript") || equals("vbscript") || equals("data")
                    }
                    if (length == 0 && b <= 0x20) || b == 0x09 || b == 0x0A || b == 0x0D { continue }
                    guard length < 10, ByteClass.isAlnum(b) || b == 0x2B || b == 0x2D || b == 0x2E else { return false }
                    scheme[length] = ByteClass.lower(b)
                    length += 1
                }
                return false
            }
        }
    }

    /// The lowercased scheme of a target (`https` of `https://…`), ignoring
    /// leading white space and control characters as browsers do.
    public static func scheme(of target: String) -> String? {
        // On the UTF-8 bytes, building no String until a scheme is found: this
        // runs for every entity (it was 14 % of the time on real text).
        var target = target
        return target.withUTF8 { u -> String? in
            @inline(__always) func isSkipped(_ b: UInt8, leading: Bool) -> Bool {
                (leading && b <= 0x20) || b == 0x09 || b == 0x0A || b == 0x0D
            }
            var length = 0
            for (i, b) in u.enumerated() {
                if b == 0x3A {
                    guard length > 0 else { return nil }
                    var scheme: [UInt8] = []
                    scheme.reserveCapacity(length)
                    for c in u[..<i] where !isSkipped(c, leading: scheme.isEmpty) { scheme.append(ByteClass.lower(c)) }
                    return String(decoding: scheme, as: Unicode.UTF8.self)
                }
                if isSkipped(b, leading: length == 0) { continue }
                guard ByteClass.isAlnum(b) || b == 0x2B || b == 0x2D || b == 0x2E else { return nil }
                length += 1
            }
            return nil
        }
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
            case .default, .gfm:
                result.append(UTS58Scanner(reportsURLs: kinds.contains(.url), reportsEmails: kinds.contains(.email)))
            case .twitter:
                // twitter-text has no email rules: addresses are found as UTS #58 finds them.
                if kinds.contains(.url) { result.append(TwitterURLScanner()) }
                if kinds.contains(.email) { result.append(UTS58Scanner(reportsURLs: false, reportsEmails: true)) }
            }
        }
        // twitter-text's rules in every profile (SPEC §5).
        if kinds.contains(.mention) { result.append(MentionScanner(template: options.templates.mention)) }
        if kinds.contains(.hashtag) { result.append(HashtagScanner(template: options.templates.hashtag)) }
        if kinds.contains(.cashtag) { result.append(CashtagScanner(template: options.templates.cashtag)) }
        return result
    }
}
