@_spi(Layers) import LinkifyModel

/// A chunk's entities, sorted, in pieces of at most `pieceCount`: a chunk
/// the size of the document may find millions, and an array that doubles
/// as it grows holds the old and the new storage at once (three times the
/// entities' size) and keeps up to twice what it needs. The pieces are
/// handed on one at a time (`drain`), each freed once it is read, so a
/// paragraph's entities are held once, at their size. A short list is one
/// piece that grows as an array does, held inline (`first`): most chunks
/// find one run's entities, which become the piece without a copy.
struct EntityPieces: Sequence {
    /// Entities a piece holds (1 MiB of them).
    static let pieceCount = (1 << 20) / MemoryLayout<Entity>.stride
    /// The first piece, then the others.
    private var first: [Entity] = []
    private var rest: [[Entity]] = []
    /// The number of entities held.
    private(set) var count = 0

    init() {}

    /// `entities` as one piece.
    init(_ entities: [Entity]) {
        first = entities
        count = entities.count
    }

    mutating func append(_ e: Entity) {
        if rest.isEmpty {
            if first.count < Self.pieceCount {
                first.append(e)
                count += 1
                return
            }
            rest.append(Self.newPiece())
        } else if rest[rest.count - 1].count == Self.pieceCount {
            rest.append(Self.newPiece())
        }
        rest[rest.count - 1].append(e)
        count += 1
    }

    private static func newPiece() -> [Entity] {
        var piece: [Entity] = []
        piece.reserveCapacity(pieceCount)
        return piece
    }

    /// Appends `found` (in order, after those held) moved by `shift`: taken
    /// as the first piece when nothing is held, else appended one by one.
    mutating func append(_ found: [Entity], shiftedBy shift: Int) {
        guard count == 0, found.count <= Self.pieceCount else {
            for e in found { append(e.shifted(by: shift)) }
            return
        }
        first = found
        if shift != 0 { for k in first.indices { first[k] = first[k].shifted(by: shift) } }
        count = first.count
    }

    /// Merges `sorted` (sorted by start, disjoint from these) in, in order;
    /// each old piece is freed once it is merged.
    mutating func merge(_ sorted: [Entity]) {
        guard !sorted.isEmpty else { return }
        guard count > 0 else { self = EntityPieces(sorted); return }
        var old = self
        self = EntityPieces()
        var i = 0
        old.drain { piece, _ in
            for e in piece {
                while i < sorted.count && sorted[i].start <= e.start {
                    append(sorted[i])
                    i += 1
                }
                append(e)
            }
        }
        while i < sorted.count {
            append(sorted[i])
            i += 1
        }
    }

    /// The entity that starts last.
    var last: Entity? { rest.last?.last ?? first.last }

    /// The entities in one array (for the rare chunk read twice, `WrittenChunkCheck`).
    func joined() -> [Entity] { rest.isEmpty ? first : first + Array(rest.joined()) }

    /// Hands each piece to `body` in order, with whether it is the last,
    /// freeing it after; an empty list is one empty last piece. Leaves `self` empty.
    mutating func drain(_ body: (_ piece: inout [Entity], _ isLast: Bool) throws -> Void) rethrows {
        var piece = first
        var taken = rest
        self = EntityPieces()
        try body(&piece, taken.isEmpty)
        piece = []
        for k in taken.indices {
            var next = taken[k]
            taken[k] = []
            try body(&next, k == taken.count - 1)
        }
    }

    func makeIterator() -> Iterator { Iterator(first: first, rest: rest) }

    /// The entities in order: the first piece's, then the others'.
    struct Iterator: IteratorProtocol {
        var current: [Entity]
        let rest: [[Entity]]
        var piece = 0
        var index = 0

        init(first: [Entity], rest: [[Entity]]) {
            current = first
            self.rest = rest
        }

        mutating func next() -> Entity? {
            while index == current.count {
                guard piece < rest.count else { return nil }
                current = rest[piece]
                piece += 1
                index = 0
            }
            defer { index += 1 }
            return current[index]
        }
    }
}
