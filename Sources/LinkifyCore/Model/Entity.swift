/// Something found in the text that becomes a link: a byte range of the
/// input, its kind, the link target and, for kinds that have one, a normal form.
public struct Entity: Sendable, Equatable, Hashable {
    /// What was found.
    public var kind: EntityKind
    /// Byte offset of the first byte, in the buffer the finder was given.
    public var start: Int
    /// Byte offset just past the last byte.
    public var end: Int
    /// The link target (`href`); for dates, the ISO 8601 value.
    public var target: String
    /// The normal form (E.164, ISO 8601, the bare name), when the kind has one.
    public var value: String?

    /// Creates an entity.
    public init(kind: EntityKind, start: Int, end: Int, target: String, value: String? = nil) {
        self.kind = kind
        self.start = start
        self.end = end
        self.target = target
        self.value = value
    }

    /// The byte range `start..<end`.
    public var range: Range<Int> { start..<end }

    /// The same entity with its range moved by `delta` bytes.
    public func shifted(by delta: Int) -> Entity {
        var copy = self
        copy.start += delta
        copy.end += delta
        return copy
    }
}
