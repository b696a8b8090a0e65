/// A set of element names (lowercase ASCII), asked about every tag of a
/// document: most tags are in none of the reader's sets, and a bit per
/// (first letter, length) says so without hashing the name.
package struct ElementNames: Sendable, ExpressibleByArrayLiteral {
    /// The names.
    package let names: Set<String>
    /// Bit `(first byte & 31) * 16 + min(length, 15)` is set for each name.
    let shapes: [UInt64]

    /// The set of `names`.
    package init(arrayLiteral names: String...) {
        self.init(Set(names))
    }

    /// The names of all of `sets`.
    package init(union sets: [ElementNames]) {
        self.init(sets.reduce(into: Set<String>()) { $0.formUnion($1.names) })
    }

    init(_ names: Set<String>) {
        self.names = names
        var shapes = [UInt64](repeating: 0, count: 8)
        for name in names {
            let bit = Self.shape(name)
            shapes[bit >> 6] |= 1 << UInt64(bit & 63)
        }
        self.shapes = shapes
    }

    static func shape(_ name: String) -> Int {
        let utf8 = name.utf8
        return Int((utf8.first ?? 0) & 31) * 16 + min(utf8.count, 15)
    }

    /// Whether `name` is in the set.
    package func contains(_ name: String) -> Bool {
        let bit = Self.shape(name)
        guard shapes[bit >> 6] & (1 << UInt64(bit & 63)) != 0 else { return false }
        return names.contains(name)
    }
}
