/// Something found in the text that becomes a link: a byte range of the
/// input, its kind, the link target and, for kinds that have one, a normal form.
@_spi(Layers) public struct Entity: Sendable, Equatable, Hashable {
    /// Byte offset of the first byte, in the buffer the finder was given.
    public var start: Int
    /// Byte offset just past the last byte.
    public var end: Int
    /// What was found. (Declared after the offsets, beside the other
    /// one-byte fields, so that they share a word: 32 bytes an entity, not 40.)
    public var kind: EntityKind
    /// The prefix of a target that is the entity's text (when `strings` is nil).
    @usableFromInline package var prefix: TargetPrefix
    /// A date shown as a date, not linked: no URL template made its target
    /// (see `isUnlinkedDate`). Beside `prefix`, in what would be padding.
    @usableFromInline var unlinkedDate = false
    /// The computed target and the value, when there is either; nil for most
    /// links, so that copying an entity is a copy of a few words (an `Entity`
    /// holding Strings inline is copied through a value witness, several times
    /// per link: docs/benchmarks.md).
    @usableFromInline package var strings: Strings?

    /// The out-of-line Strings of an entity; never changed once made.
    @usableFromInline package final class Strings: Sendable {
        @usableFromInline package let target: String?
        @usableFromInline let value: String?
        /// `isSpoof`: kept here, beside the target it concerns, so that the
        /// entity of an ordinary link stays as it was (a stored Bool beside
        /// `prefix` cost 0.8 % more instructions on URL-dense text, in what the finder inlined).
        @usableFromInline let spoof: Bool
        @usableFromInline init(target: String?, value: String?, spoof: Bool = false) {
            self.target = target
            self.value = value
            self.spoof = spoof
        }
    }

    /// A URL whose host has a label that UTS #39 flags (SPEC §5): its target
    /// carries that label's A-label (`HostSpoof`).
    public package(set) var isSpoof: Bool {
        get { strings?.spoof ?? false }
        set { strings = Strings(target: strings?.target, value: strings?.value, spoof: newValue) }
    }

    /// The link target (`href`; for dates, the ISO 8601 value), as stored:
    /// `target(in:)` spells it out.
    public var target: Target {
        get {
            if let s = strings?.target { return .string(s) }
            return .text(after: prefix)
        }
        set {
            let value = self.value
            switch newValue {
            case .text(let p):
                prefix = p
                strings = value.map { Strings(target: nil, value: $0) }
            case .string(let s):
                prefix = .none
                strings = Strings(target: s, value: value, spoof: isSpoof)
            }
        }
    }

    /// The normal form (E.164, ISO 8601, the bare name), when the kind has one.
    public var value: String? {
        get { strings?.value }
        set {
            let target = strings?.target
            let spoof = isSpoof
            strings = target == nil && newValue == nil && !spoof ? nil : Strings(target: target, value: newValue, spoof: spoof)
        }
    }

    /// How an entity's target is stored.
    ///
    /// Most links point at their own text, maybe after a scheme (`https://` +
    /// `example.com`); those keep no String, so that finding and writing a
    /// link allocates nothing (docs/benchmarks.md). Computed targets
    /// (templates, rewrites, phone numbers, dates) are Strings.
    public enum Target: Sendable, Hashable {
        /// `prefix` followed by the entity's own bytes.
        case text(after: TargetPrefix)
        /// A target that is not the entity's text.
        case string(String)
    }

    /// Creates an entity with a computed target.
    @inlinable public init(kind: EntityKind, start: Int, end: Int, target: String, value: String? = nil) {
        self.kind = kind
        self.start = start
        self.end = end
        self.prefix = .none
        self.strings = Strings(target: target, value: value)
    }

    /// Creates an entity whose target is `prefix` followed by its own bytes.
    @inlinable public init(kind: EntityKind, start: Int, end: Int, targetPrefix prefix: TargetPrefix, value: String? = nil) {
        self.kind = kind
        self.start = start
        self.end = end
        self.prefix = prefix
        self.strings = value.map { Strings(target: nil, value: $0) }
    }

    /// A date shown as a date (`<time>` in HTML, text in Markdown): no URL
    /// template made its target, which is its ISO 8601 `value`.
    public static func unlinkedDate(start: Int, end: Int, value: String) -> Entity {
        var e = Entity(kind: .date, start: start, end: end, target: value, value: value)
        e.unlinkedDate = true
        return e
    }

    /// Entities are equal when their kinds, ranges, targets and values are,
    /// and both or neither are unlinked dates, and spoofs.
    /// Targets compare as stored: a target kept as a prefix before the
    /// entity's own bytes differs from the same href held as a string (compare
    /// `target(in:)` to compare hrefs).
    public static func == (a: Entity, b: Entity) -> Bool {
        a.kind == b.kind && a.start == b.start && a.end == b.end && a.target == b.target && a.value == b.value
            && a.unlinkedDate == b.unlinkedDate && a.isSpoof == b.isSpoof
    }

    /// Hashes what `==` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(kind)
        hasher.combine(start)
        hasher.combine(end)
        hasher.combine(target)
        hasher.combine(value)
        hasher.combine(unlinkedDate)
        hasher.combine(isSpoof)
    }

    /// The byte range `start..<end`.
    public var range: Range<Int> { start..<end }

    /// The link target, for an entity found in `text` (the buffer its offsets point into).
    /// Bytes that are not valid UTF-8 become U+FFFD.
    public func target(in text: UnsafeBufferPointer<UInt8>) -> String {
        if let s = strings?.target { return s }
        return prefix.string(followedBy: text, range)
    }

    /// The link target, for an entity found in `text` (offsets into `text.utf8`).
    public func target(in text: String) -> String {
        if let s = strings?.target { return s }
        var text = text
        return text.withUTF8 { target(in: $0) }
    }

    /// Makes the target a String, for an entity found in `text`: to be done
    /// before the range is moved onto other bytes than the ones it was found in.
    public mutating func spellOutTarget(in text: UnsafeBufferPointer<UInt8>) {
        if strings?.target == nil { target = .string(target(in: text)) }
    }

    /// The same entity with its range moved by `delta` bytes (onto the same bytes).
    public func shifted(by delta: Int) -> Entity {
        var copy = self
        copy.start += delta
        copy.end += delta
        return copy
    }
}

/// The fixed text before an entity's own bytes in its target.
@_spi(Layers) public enum TargetPrefix: UInt8, Sendable, Hashable {
    /// The target is the text itself (`https://example.com`, `mailto:a@b.c`).
    case none
    /// `https://`, for bare domains.
    case https
    /// `http://`.
    case http
    /// `mailto:`, for email addresses.
    case mailto
    /// `tel:`.
    case tel

    /// The prefix's bytes.
    public var literal: StaticString {
        switch self {
        case .none: return ""
        case .https: return "https://"
        case .http: return "http://"
        case .mailto: return "mailto:"
        case .tel: return "tel:"
        }
    }

    /// This prefix followed by `t[range]` (invalid UTF-8 repaired) as one String, built in one allocation.
    func string(followedBy t: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        self == .none ? UTF8Bytes.string(t, range) : UTF8Bytes.string(prefix: literal, t, range)
    }
}

extension Entity {
    /// A date that is shown as a date, not linked: no `--date-url` gave it a
    /// URL. The one rule for it, used by the finder (no link policy applies),
    /// the renderers (`<time>`, plain text in Markdown), the Markdown rescans
    /// (not a written link) and the linter (not bare). The date scanner says
    /// so when it makes the entity (`unlinkedDate`), so a template that
    /// expands to the value itself (`--date-url '{}'`) still makes a link.
    public var isUnlinkedDate: Bool { unlinkedDate }
}
