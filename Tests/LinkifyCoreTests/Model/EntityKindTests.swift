import Testing
import LinkifyCore

/// `EntityKind.ordinal` is spelled out in a switch: it must follow `allCases`.
@Suite struct EntityKindTests {
    @Test(arguments: EntityKind.allCases)
    func ordinalIsThePlaceInAllCases(kind: EntityKind) {
        #expect(kind.ordinal == EntityKind.allCases.firstIndex(of: kind))
        #expect(EntityKinds(kind).rawValue == 1 << kind.ordinal)
    }

    @Test func setsListKindsInSpecOrder() {
        let kinds = EntityKinds([.cashtag, .url, .date])
        #expect(kinds.kinds == [.url, .date, .cashtag])
        #expect(kinds.contains(.date) && !kinds.contains(.email))
        #expect(EntityKind.allCases.sorted(by: >).reversed() == EntityKind.allCases)
    }
}
