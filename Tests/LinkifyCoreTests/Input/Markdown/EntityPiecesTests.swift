import Testing
@testable import LinkifyFinding
@testable import LinkifyInput
@_spi(Layers) @testable import LinkifyModel

/// A paragraph's entities held in pieces: merged, drained and handed on as
/// batches in order, whatever their number.
@Suite struct EntityPiecesTests {
    static func entity(_ start: Int) -> Entity {
        Entity(kind: .url, start: start, end: start + 1, targetPrefix: .none)
    }

    @Test(arguments: [0, 1, 5, EntityPieces.pieceCount - 1, EntityPieces.pieceCount, 2 * EntityPieces.pieceCount + 3])
    func mergeKeepsOrderAndDrainHandsEveryPieceOnce(_ count: Int) {
        var pieces = EntityPieces()
        for k in 0..<count { pieces.append(Self.entity(3 * k + 1)) }
        // The pass's entities fall between and after the runs'.
        let pass = stride(from: 0, through: count + 1, by: 5).map { Self.entity(3 * $0 + 2) }
        pieces.merge(pass)
        #expect(pieces.count == count + pass.count)
        var drained: [Entity] = []
        var lasts: [Bool] = []
        pieces.drain { piece, isLast in
            #expect(piece.count <= EntityPieces.pieceCount)
            drained += piece
            lasts.append(isLast)
        }
        #expect(pieces.count == 0)
        #expect(lasts.last == true && lasts.dropLast().allSatisfy { !$0 })
        #expect(drained.map(\.start) == (Array(0..<count).map { 3 * $0 + 1 } + pass.map(\.start)).sorted())
    }

    /// A paragraph of more entities than a piece holds (in a block quote, so a
    /// range a line): the reader's batches are its pieces, in order, each
    /// settled at its last entity's end, the last at the paragraph's.
    @Test(arguments: ["", "> "])
    func aLongParagraphIsHandedOnInPieces(_ prefix: String) {
        let lines = EntityPieces.pieceCount * 2 + 10
        var text = ""
        for k in 0..<lines { text += "\(prefix)a https://x\(k).com\n" }
        let bytes = Array(text.utf8)
        var batches: [([Entity], Int)] = []
        bytes.withUnsafeBufferPointer { d in
            MarkdownReader().entities(in: d, finder: EntityFinder(options: FinderOptions())) { batch, settled in
                batches.append((batch, settled))
            }
        }
        #expect(batches.count == 3)
        let all = batches.flatMap(\.0)
        #expect(all.count == lines)
        let urls = all.map { String(decoding: bytes[$0.start..<$0.end], as: UTF8.self) }
        #expect(urls == (0..<lines).map { "https://x\($0).com" })
        for (batch, settled) in batches.dropLast() { #expect(settled == batch.last?.end) }
        #expect(batches.last?.1 == bytes.count - 1)
    }
}
