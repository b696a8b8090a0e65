@_spi(Layers) import LinkifyModel

/// A chunk's entities, sorted, in pieces of at most `pieceCount`: a chunk
/// the size of the document may find millions, and an array that doubles
/// as it grows holds the old and the new storage at once (three times the
/// entities' size) and keeps up to twice what it needs. The pieces are
/// handed on one at a time (`drain`), each freed once it is read, so a
/// paragraph's entities are held once, at their size. A short list is one
/// piece that grows as an array does.
struct EntityPieces: Sequence {
    /// Entities a piece holds (1 MiB of them).
    static let pieceCount = (1 << 20) / MemoryLayout<Entity>.stride
    private var pieces: [[Entity]] = []
    /// The number of entities held.
    private(set) var count = 0

    init() {}

    /// `entities` as one piece.
    init(_ entities: [Entity]) {
        if !entities.isEmpty { pieces = [entities] }
        count = entities.count
    }

    mutating func append(_ e: Entity) {
        if pieces.isEmpty {
            pieces.append([])
        } else if pieces[pieces.count - 1].count == Self.pieceCount {
            var piece: [Entity] = []
            piece.reserveCapacity(Self.pieceCount)
            pieces.append(piece)
        }
        pieces[pieces.count - 1].append(e)
        count += 1
    }

    /// Merges `sorted` (sorted by start, disjoint from these) in, in order;
    /// each old piece is freed once it is merged.
    mutating func merge(_ sorted: [Entity]) {
        guard !sorted.isEmpty else { return }
        guard count > 0 else { self = EntityPieces(sorted); return }
        var old = self
        self = EntityPieces()
        var i = 0
        for k in old.pieces.indices {
            let piece = old.pieces[k]
            old.pieces[k] = []
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
    var last: Entity? { pieces.last?.last }

    /// The entities in one array (for the rare chunk read twice, `WrittenChunkCheck`).
    func joined() -> [Entity] { pieces.count == 1 ? pieces[0] : Array(pieces.joined()) }

    /// Hands each piece to `body` in order, with whether it is the last,
    /// freeing it after; an empty list is one empty last piece. Leaves `self` empty.
    mutating func drain(_ body: (_ piece: inout [Entity], _ isLast: Bool) throws -> Void) rethrows {
        var taken = self
        self = EntityPieces()
        guard !taken.pieces.isEmpty else {
            var none: [Entity] = []
            return try body(&none, true)
        }
        for k in taken.pieces.indices {
            var piece = taken.pieces[k]
            taken.pieces[k] = []
            try body(&piece, k == taken.pieces.count - 1)
        }
    }

    func makeIterator() -> FlattenSequence<[[Entity]]>.Iterator { pieces.joined().makeIterator() }
}
