@_spi(Layers) import LinkifyModel

/// The character classes of twitter-text's extraction rules (its `regexp/`
/// definitions), as predicates on Unicode scalar values. An invalid UTF-8 byte
/// decodes as `UTF8Bytes.invalid` and belongs to no class but "not a letter".
enum TwitterCharacters {
    /// twitter-text's `punct`: the ASCII punctuation that ends a domain label
    /// (it leaves out `"` and the backtick).
    static let asciiPunct: [Bool] = (0..<128).map { c in
        "!'#%&()*+,\\-./:;<=>?@[]^_{|}~$".utf8.contains(UInt8(c))
    }

    /// twitter-text's `spacesGroup`.
    @inline(__always)
    static func isSpace(_ cp: UInt32) -> Bool {
        switch cp {
        case 0x09...0x0D, 0x20, 0x85, 0xA0, 0x1680, 0x180E, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000:
            return true
        default:
            return false
        }
    }

    /// twitter-text's `directionalMarkersGroup`.
    @inline(__always)
    static func isDirectionalMarker(_ cp: UInt32) -> Bool {
        switch cp {
        case 0x202A...0x202E, 0x061C, 0x200E, 0x200F, 0x2066...0x2069: return true
        default: return false
        }
    }

    /// twitter-text's `invalidCharsGroup` (non-characters and the BOM).
    @inline(__always)
    static func isInvalid(_ cp: UInt32) -> Bool {
        cp == 0xFFFE || cp == 0xFEFF || cp == 0xFFFF
    }

    /// `validDomainChars`: anything but punctuation, spaces, invalid characters
    /// and directional marks. Controls are left out too, so that a link never
    /// runs through a control character.
    @inline(__always)
    static func isDomainChar(_ cp: UInt32) -> Bool {
        if cp < 0x80 { return cp > 0x20 && cp != 0x7F && !asciiPunct[Int(cp)] }
        if cp == UTF8Bytes.invalid || cp < 0xA0 { return false }
        return !(isSpace(cp) || isInvalid(cp) || isDirectionalMarker(cp))
    }

    /// `validUrlPrecedingChars`: what may stand right before a URL (not an ASCII
    /// letter or digit, `@`, `＠`, `$`, `#`, `＃` or an invalid character; a
    /// directional mark may).
    @inline(__always)
    static func mayPrecedeURL(_ cp: UInt32) -> Bool {
        if cp < 0x80 {
            let b = UInt8(cp)
            return !(ByteClass.isAlnum(b) || b == 0x40 || b == 0x24 || b == 0x23)
        }
        if isDirectionalMarker(cp) { return true }
        return !(cp == 0xFF20 || cp == 0xFF03 || isInvalid(cp))
    }

    /// `latinAccentChars`.
    @inline(__always)
    static func isLatinAccent(_ cp: UInt32) -> Bool {
        switch cp {
        case 0xC0...0xD6, 0xD8...0xF6, 0xF8...0x24F, 0x253, 0x254, 0x256, 0x257, 0x259, 0x25B, 0x263, 0x268,
             0x26F, 0x272, 0x289, 0x28B, 0x2BB, 0x300...0x36F, 0x1E00...0x1EFF:
            return true
        default:
            return false
        }
    }

    /// The characters of a label in `validAsciiDomain`: ASCII letters, digits, `-` and Latin accents.
    @inline(__always)
    static func isASCIIDomainLabelChar(_ cp: UInt32) -> Bool {
        cp < 0x80 ? ByteClass.isHostASCII(UInt8(cp)) : isLatinAccent(cp)
    }

    static let asciiPathChars: [Bool] = (0..<128).map { c in
        ByteClass.isAlnum(UInt8(c)) || "!*';:=+,.$/%#[]-_~@|&".utf8.contains(UInt8(c))
    }
    static let asciiPathEndingChars: [Bool] = (0..<128).map { c in
        ByteClass.isAlnum(UInt8(c)) || "+-=_#/".utf8.contains(UInt8(c))
    }
    static let asciiQueryChars: [Bool] = (0..<128).map { c in
        ByteClass.isAlnum(UInt8(c)) || "!?*'@();:&=+$/%#[]-_.,~|".utf8.contains(UInt8(c))
    }
    static let asciiQueryEndingChars: [Bool] = (0..<128).map { c in
        ByteClass.isAlnum(UInt8(c)) || "-_&=#/".utf8.contains(UInt8(c))
    }

    /// `validGeneralUrlPathChars` (the en dash, Cyrillic and Latin accents outside ASCII).
    @inline(__always)
    static func isPathChar(_ cp: UInt32) -> Bool {
        if cp < 0x80 { return asciiPathChars[Int(cp)] }
        return cp == 0x2013 || (0x400...0x4FF).contains(cp) || isLatinAccent(cp)
    }

    /// `validUrlPathEndingChars` but for balanced parentheses.
    @inline(__always)
    static func isPathEndingChar(_ cp: UInt32) -> Bool {
        if cp < 0x80 { return asciiPathEndingChars[Int(cp)] }
        return (0x400...0x4FF).contains(cp) || isLatinAccent(cp)
    }

    /// `validUrlQueryChars` (ASCII only).
    @inline(__always)
    static func isQueryChar(_ b: UInt8) -> Bool { b < 0x80 && asciiQueryChars[Int(b)] }

    /// `validUrlQueryEndingChars` (ASCII only).
    @inline(__always)
    static func isQueryEndingChar(_ b: UInt8) -> Bool { b < 0x80 && asciiQueryEndingChars[Int(b)] }

    // MARK: - Hashtags

    /// `hashtagSpecialChars`: `_`, ZWNJ, ZWJ, and marks of Cyrillic, Hebrew,
    /// Japanese, Tibetan and the middle dot that hashtags may hold.
    @inline(__always)
    static func isHashtagSpecial(_ cp: UInt32) -> Bool {
        switch cp {
        case 0x5F, 0x200C, 0x200D, 0xA67E, 0x05BE, 0x05F3, 0x05F4, 0xFF5E, 0x301C, 0x309B, 0x309C, 0x30A0,
             0x30FB, 0x3003, 0x0F0B, 0x0F0C, 0xB7:
            return true
        default:
            return false
        }
    }

    /// `hashtagAlpha`: a Unicode letter or mark.
    @inline(__always)
    static func isHashtagLetter(_ cp: UInt32) -> Bool {
        if cp < 0x80 { return ByteClass.isAlpha(UInt8(cp)) }
        if cp == UTF8Bytes.invalid { return false }
        return CharacterProperties.inRanges(TwitterTables.letterRanges, cp)
    }

    /// `hashtagAlphaNumeric`: a letter, mark, decimal digit or one of the special characters.
    @inline(__always)
    static func isHashtagChar(_ cp: UInt32) -> Bool {
        if cp < 0x80 { return ByteClass.isAlnum(UInt8(cp)) || cp == 0x5F }
        if cp == UTF8Bytes.invalid { return false }
        return isHashtagSpecial(cp) || CharacterProperties.inRanges(TwitterTables.letterRanges, cp)
            || CharacterProperties.inRanges(TwitterTables.digitRanges, cp)
    }

    /// JavaScript's `\s`, which ends a cashtag.
    @inline(__always)
    static func isJSWhiteSpace(_ cp: UInt32) -> Bool {
        switch cp {
        case 0x09...0x0D, 0x20, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000, 0xFEFF:
            return true
        default:
            return false
        }
    }
}
