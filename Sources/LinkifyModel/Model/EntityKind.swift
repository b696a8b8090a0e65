/// What kind of thing an entity is; the raw value is the name used on the
/// command line (`--detect`) and in JSON (`"kind"`).
public enum EntityKind: String, CaseIterable, Sendable, Hashable, Comparable {
    /// The built-in kinds, one per `--detect` name.
    case url, email, phone, date, address, mention, hashtag, cashtag
    /// A user's literal (`--link`) or pattern (`--pattern`) link.
    case custom

    /// The kinds `--detect` accepts, in SPEC order.
    package static let detectable: [EntityKind] = [.url, .email, .phone, .date, .address, .mention, .hashtag, .cashtag]

    /// The kind's place in `allCases` (SPEC order), its bit in `EntityKinds`.
    /// A switch, not `allCases.firstIndex(of:)`, which builds the array of
    /// cases on each call (at start-up, its array type too).
    package var ordinal: Int {
        switch self {
        case .url: 0
        case .email: 1
        case .phone: 2
        case .date: 3
        case .address: 4
        case .mention: 5
        case .hashtag: 6
        case .cashtag: 7
        case .custom: 8
        }
    }

    /// Orders kinds as `allCases` lists them (SPEC order), for stable output.
    public static func < (lhs: EntityKind, rhs: EntityKind) -> Bool {
        lhs.ordinal < rhs.ordinal
    }
}

/// A set of entity kinds, as `--detect url,email` names it.
public struct EntityKinds: OptionSet, Sendable, Hashable {
    /// One bit per kind, in `EntityKind.allCases` order.
    public let rawValue: UInt16
    /// Creates the set whose bits are `rawValue`.
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    /// The set holding one kind.
    public init(_ kind: EntityKind) {
        self.init(rawValue: 1 << UInt16(kind.ordinal))
    }

    /// Whether `kind` is in the set.
    public func contains(_ kind: EntityKind) -> Bool { contains(EntityKinds(kind)) }

    /// URLs alone.
    public static let url = EntityKinds(.url)
    /// Email addresses alone.
    public static let email = EntityKinds(.email)
    /// Phone numbers alone.
    public static let phone = EntityKinds(.phone)
    /// Dates alone.
    public static let date = EntityKinds(.date)
    /// Street addresses alone.
    public static let address = EntityKinds(.address)
    /// @mentions alone.
    public static let mention = EntityKinds(.mention)
    /// #hashtags alone.
    public static let hashtag = EntityKinds(.hashtag)
    /// $cashtags alone.
    public static let cashtag = EntityKinds(.cashtag)
    /// The default of `--detect`: URLs and email addresses.
    public static let defaults: EntityKinds = [.url, .email]
    /// Every detectable kind (`--detect all`).
    public static let all = EntityKinds(EntityKind.detectable)

    /// The set holding the given kinds.
    public init(_ kinds: [EntityKind]) {
        self.init(rawValue: 0)
        for kind in kinds { insert(EntityKinds(kind)) }
    }

    /// The kinds in SPEC order.
    package var kinds: [EntityKind] { EntityKind.allCases.filter { contains($0) } }
}
