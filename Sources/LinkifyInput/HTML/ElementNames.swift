/// A set of element names (lowercase ASCII), asked about every tag of a
/// document: most tags are in none of the reader's sets, and a bit per
/// (first letter, length) says so without comparing names.
package struct ElementNames: Sendable, ExpressibleByArrayLiteral {
    /// The names (a dozen at most: compared one by one).
    package let names: [TagName]
    /// Bit `(first byte & 31) * 16 + min(length, 15)` is set for each name.
    let shapes: [UInt64]

    /// The set of `names`.
    package init(arrayLiteral names: TagName...) {
        self.init(names)
    }

    /// The names of all of `sets`.
    package init(union sets: [ElementNames]) {
        self.init(sets.flatMap(\.names))
    }

    init(_ names: [TagName]) {
        var unique: [TagName] = []
        for name in names where !unique.contains(name) { unique.append(name) }
        self.names = unique
        var shapes = [UInt64](repeating: 0, count: 8)
        for name in unique {
            let bit = Self.shape(name)
            shapes[bit >> 6] |= 1 << UInt64(bit & 63)
        }
        self.shapes = shapes
    }

    @inline(__always)
    static func shape(_ name: TagName) -> Int {
        Int(name.first & 31) * 16 + min(Int(name.count), 15)
    }

    /// Whether `name` is in the set.
    @inline(__always)
    package func contains(_ name: TagName) -> Bool {
        let bit = Self.shape(name)
        guard shapes[bit >> 6] & (1 << UInt64(bit & 63)) != 0 else { return false }
        return names.contains(name)
    }
}
