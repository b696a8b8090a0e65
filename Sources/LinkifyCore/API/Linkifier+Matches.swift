@_spi(Layers) import LinkifyModel
import LinkifyFinding

extension Linkifier {
    /// The matches in `text`, in order and never overlapping.
    ///
    /// The text is searched when iteration starts; each match's indices are
    /// worked out as the iteration reaches it, its target and UTF-16 offsets
    /// when asked for.
    public func matches(in text: String) -> Matches {
        Matches(text: text[...], finder: finder)
    }

    /// The matches in `text`; their ranges are indices of `text` (and so of
    /// its base string), their offsets count from `text.startIndex`.
    public func matches(in text: Substring) -> Matches {
        Matches(text: text, finder: finder)
    }

    /// One thing found: where it is, what it is, and where it links.
    public struct Match: Sendable, Hashable {
        /// Where the match is in the string searched.
        public let range: Range<String.Index>
        /// What was found, as the finder found it in the text's UTF-8 bytes:
        /// its target is a prefix before its own text or a string, spelt out
        /// only when asked for (most matches never are).
        let entity: Entity
        let text: Substring

        /// What was found.
        public var kind: EntityKind { entity.kind }

        /// The range in UTF-8 code units from the start of the text searched
        /// (what `linkify --offsets utf8` writes).
        public var utf8Range: Range<Int> { entity.start..<entity.end }

        /// The range in UTF-16 code units from the start of the text searched
        /// (`NSRange`'s unit; `linkify --offsets utf16`). Worked out when
        /// asked for, with the string's own index (constant time on ASCII
        /// text, and on long strings after the first question).
        public var utf16Range: Range<Int> {
            let units = text.base.utf16
            let start = units.distance(from: text.startIndex, to: range.lowerBound)
            return start..<(start + units.distance(from: range.lowerBound, to: range.upperBound))
        }

        /// The link target (`https://example.com`, `mailto:…`, `tel:+1…`, a
        /// template expanded); nil for a date when no date template was given
        /// (a date is then a value, not a link).
        public var target: String? {
            if entity.isUnlinkedDate { return nil }
            // The byte API's spelling, in one allocation, from the text's own bytes.
            var text = self.text
            return text.withUTF8 { entity.target(in: $0) }
        }

        /// The value's normal form as the command line writes it (`"value"`
        /// in JSON: E.164, ISO 8601, the one-line address), or nil.
        package var normalForm: String? { entity.value }

        /// The value, for dates, phone numbers and addresses.
        public var value: Value? {
            guard let v = entity.value else { return nil }
            switch kind {
            case .phone: return .phoneNumber(v)
            case .address: return .address(v)
            case .date:
                // A range's value is `START/END`: its start here, its end in `rangeEnd`.
                return Self.dateValue(v[..<(v.firstIndex(of: "/") ?? v.endIndex)])
            default: return nil
            }
        }

        /// The end of a date range written as one phrase (`Jan 5–7`, `9am to
        /// 5pm`; SPEC §3), a `.date` or `.dateTime`; `value` is its start.
        /// Nil for anything else.
        public var rangeEnd: Value? {
            guard kind == .date, let v = entity.value, let slash = v.firstIndex(of: "/") else { return nil }
            return Self.dateValue(v[v.index(after: slash)...])
        }

        /// `.date` or `.dateTime` for one ISO 8601 value.
        static func dateValue(_ v: Substring) -> Value? {
            guard let parsed = CivilDateTime(iso8601: String(v)) else { return nil }
            return v.utf8.count > 10 ? .dateTime(parsed) : .date(parsed)
        }

        /// Matches are equal when their ranges, kinds, targets and values are.
        public static func == (a: Match, b: Match) -> Bool {
            a.range == b.range && a.kind == b.kind && a.utf8Range == b.utf8Range && a.target == b.target && a.entity.value == b.entity.value
        }

        /// Hashes what `==` compares.
        public func hash(into hasher: inout Hasher) {
            hasher.combine(range)
            hasher.combine(kind)
            hasher.combine(utf8Range)
            hasher.combine(target)
            hasher.combine(entity.value)
        }
    }

    /// The value of a date, a phone number or an address.
    public enum Value: Sendable, Hashable {
        /// A day (its time fields are 0).
        case date(CivilDateTime)
        /// A day and a time of day, with a UTC offset when the text gave one.
        case dateTime(CivilDateTime)
        /// A phone number in E.164 form (`+14155550100`).
        case phoneNumber(String)
        /// A street address on one line.
        case address(String)
    }

    /// The matches in a text, found when iteration starts.
    public struct Matches: Sequence, Sendable {
        let text: Substring
        let finder: EntityFinder

        /// Searches the text and returns an iterator over what it found.
        public func makeIterator() -> Iterator {
            // (In place for a string stored as UTF-8; a bridged one is made so, in this copy.)
            var bytes = text
            return Iterator(text: text, entities: bytes.withUTF8 { finder.entities(in: $0) })
        }
    }

    /// Gives the matches one by one, moving through the text once.
    public struct Iterator: IteratorProtocol, Sendable {
        let text: Substring
        let entities: [Entity]
        var position = 0

        /// The text's base string's UTF-8 view, and where the text starts in it.
        let base: String.UTF8View
        let baseOffset: Int

        init(text: Substring, entities: [Entity]) {
            self.text = text
            self.entities = entities
            self.base = text.base.utf8
            self.baseOffset = base.distance(from: base.startIndex, to: text.startIndex)
        }

        /// The next match, or nil at the end.
        public mutating func next() -> Match? {
            guard position < entities.count else { return nil }
            let e = entities[position]
            position += 1
            // (A native string's UTF-8 view moves by an offset in constant time.)
            let start = base.index(base.startIndex, offsetBy: baseOffset + e.start)
            let end = base.index(base.startIndex, offsetBy: baseOffset + e.end)
            return Match(range: start..<end, entity: e, text: text)
        }
    }
}
