@_spi(Layers) import LinkifyModel
import LinkifyFinding

extension Linkifier {
    /// The matches in `text`, in order and never overlapping.
    ///
    /// The text is searched when iteration starts; each match's indices and
    /// offsets are worked out as the iteration reaches it.
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
        /// What was found.
        public let kind: EntityKind
        /// The link target (`https://example.com`, `mailto:…`, `tel:+1…`, a
        /// template expanded); nil for a date when no date template was given
        /// (a date is then a value, not a link).
        public let target: String?
        /// The value, for dates, phone numbers and addresses.
        public let value: Value?
        /// The range in UTF-8 code units from the start of the text searched
        /// (what `linkify --offsets utf8` writes).
        public let utf8Range: Range<Int>
        /// The range in UTF-16 code units from the start of the text searched
        /// (`NSRange`'s unit; `linkify --offsets utf16`).
        public let utf16Range: Range<Int>
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
            var entities: [Entity] = []
            var targets: [String?] = []
            let searched: Bool? = text.utf8.withContiguousStorageIfAvailable { bytes in
                entities = finder.entities(in: bytes)
                targets = entities.map { $0.isUnlinkedDate ? nil : $0.target(in: bytes) }
                return true
            }
            if searched == nil {
                // A string that is not stored as UTF-8 (bridged from Objective-C): read a copy.
                let copy = Array(text.utf8)
                copy.withUnsafeBufferPointer { bytes in
                    entities = finder.entities(in: bytes)
                    targets = entities.map { $0.isUnlinkedDate ? nil : $0.target(in: bytes) }
                }
            }
            return Iterator(text: text, entities: entities, targets: targets)
        }
    }

    /// Gives the matches one by one, moving through the text once.
    public struct Iterator: IteratorProtocol, Sendable {
        let text: Substring
        let entities: [Entity]
        let targets: [String?]
        var position = 0
        /// Where the last match ended: as an index, a UTF-8 offset and a UTF-16 offset.
        var index: String.Index
        var utf8Offset = 0
        var utf16Offset = 0

        init(text: Substring, entities: [Entity], targets: [String?]) {
            self.text = text
            self.entities = entities
            self.targets = targets
            self.index = text.startIndex
        }

        /// The next match, or nil at the end.
        public mutating func next() -> Match? {
            guard position < entities.count else { return nil }
            let e = entities[position]
            let target = targets[position]
            position += 1
            let start = advance(to: e.start)
            let end = advance(to: e.end)
            return Match(range: start.index..<end.index, kind: e.kind, target: target, value: Self.value(of: e),
                         utf8Range: e.start..<e.end, utf16Range: start.utf16..<end.utf16)
        }

        /// Moves the position to the UTF-8 offset `offset` (never backwards:
        /// matches come in order), counting UTF-16 units on the way.
        mutating func advance(to offset: Int) -> (index: String.Index, utf16: Int) {
            let utf8 = text.utf8
            var i = index
            while utf8Offset < offset {
                let b = utf8[i]
                // A lead byte starts one UTF-16 unit, a four-byte sequence's two.
                if b & 0xC0 != 0x80 { utf16Offset += b >= 0xF0 ? 2 : 1 }
                utf8.formIndex(after: &i)
                utf8Offset += 1
            }
            index = i
            return (i, utf16Offset)
        }

        static func value(of e: Entity) -> Value? {
            guard let v = e.value else { return nil }
            switch e.kind {
            case .phone: return .phoneNumber(v)
            case .address: return .address(v)
            case .date:
                guard let parsed = CivilDateTime(iso8601: v) else { return nil }
                return v.utf8.count > 10 ? .dateTime(parsed) : .date(parsed)
            default: return nil
            }
        }
    }
}
