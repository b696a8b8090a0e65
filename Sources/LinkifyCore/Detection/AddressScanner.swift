/// Finds US, Canadian and UK street addresses (`--detect address`): each
/// becomes an entity whose value is the address on one line and whose target
/// is the `--address-url` template (an OpenStreetMap search by default) with
/// that value in it.
///
/// Triggers are house numbers at a word start, spelled house numbers
/// (`One Infinite Loop`), `P.O. Box` and a leading unit (`Flat 3, …`);
/// `AddressReader` reads a bounded distance from each, so the time is linear.
/// Every locale tries all three countries' forms: they do not collide.
struct AddressScanner: EntityScanner {
    let template: String

    /// A scanner linking to `options.templates.address`.
    init(options: FinderOptions) {
        template = options.templates.address
    }

    func scan(_ t: UnsafeBufferPointer<UInt8>, from minStart: Int, into out: inout [Entity]) {
        let reader = AddressReader(t: t)
        let n = t.count
        var i = minStart
        while i < n {
            let b = t[i]
            if ByteClass.isDigit(b) {
                if DateScanner.canStartNumber(t, at: i), let end = reader.match(at: i) {
                    emit(t, i, end, into: &out)
                    i = end
                    continue
                }
                while i < n && ByteClass.isDigit(t[i]) { i += 1 }
            } else if b >= 0x41 && b <= 0x5A {
                // Capitalised triggers only: One, Flat, Suite, P.O., PO, Post.
                if !TextWord.continuesWord(t, before: i), let end = reader.match(at: i) {
                    emit(t, i, end, into: &out)
                    i = end
                    continue
                }
                i += 1
                while i < n && ByteClass.isAlpha(t[i]) { i += 1 }
            } else {
                i += 1
            }
        }
    }

    func emit(_ t: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, into out: inout [Entity]) {
        let value = Self.oneLine(t, start..<end)
        out.append(Entity(kind: .address, start: start, end: end, target: ValueTemplate.expand(template, value: value), value: value))
    }

    /// The address on one line: each line break (with the spaces around it)
    /// becomes `, ` (a space after a comma), runs of spaces one space.
    static func oneLine(_ t: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        var out: [UInt8] = []
        var pendingSpace = false
        var pendingBreak = false
        for b in UnsafeBufferPointer(rebasing: t[range]) {
            if b == 0x0A || b == 0x0D {
                pendingBreak = true
            } else if b == 0x20 || b == 0x09 {
                pendingSpace = true
            } else {
                if pendingBreak {
                    if out.last != 0x2C { out.append(0x2C) }
                    out.append(0x20)
                } else if pendingSpace {
                    out.append(0x20)
                }
                pendingBreak = false
                pendingSpace = false
                out.append(b)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
