/// The characters that may not begin a link's host, and the symbols that
/// make the word they touch a label that no domain holds.
extension CharacterProperties {
    /// A combining mark, variation selector or zero-width joiner: each
    /// belongs to the character before it, so a link never starts on one
    /// (IDNA also forbids a label that starts with a combining mark).
    /// The common combining blocks, not every mark of General_Category M.
    @inline(__always)
    static func isAttachedMark(_ cp: UInt32) -> Bool {
        switch cp {
        case 0x0300...0x036F, 0x1AB0...0x1AFF, 0x1DC0...0x1DFF, 0x20D0...0x20FF, 0xFE20...0xFE2F: return true
        case 0xFE00...0xFE0F, 0xE0100...0xE01EF: return true   // variation selectors
        case 0x200C, 0x200D: return true   // zero-width non-joiner and joiner
        default: return false
        }
    }

    /// An emoji or pictographic symbol (`★`, `✓`, `😀`), or a mark that
    /// attaches to one: text that touches it is one word with it, and a
    /// domain label cannot hold it, so a name directly after it is not
    /// linked. Arrows and mathematical operators are left out: text uses
    /// them as punctuation (`see→example.com`).
    @inline(__always)
    static func isSymbolInLabel(_ cp: UInt32) -> Bool {
        switch cp {
        case 0x00A9, 0x00AE, 0x2122, 0x3030, 0x303D: return true
        case 0x2300...0x23FF, 0x25A0...0x27BF, 0x2B00...0x2BFF: return true   // technical, shapes, symbols, dingbats
        case 0x1F000...0x1FAFF: return true   // emoji and pictographs
        default: return isAttachedMark(cp)
        }
    }
}
