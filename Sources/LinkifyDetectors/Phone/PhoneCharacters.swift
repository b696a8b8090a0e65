/// Character classes of libphonenumber's matcher, on Unicode scalar values.
enum PhoneCharacters {
    /// The decimal digit value of a scalar (`\d` with Unicode semantics:
    /// ASCII, fullwidth, Arabic-Indic and every other Nd digit), or nil.
    @inline(__always)
    static func digit(_ v: UInt32) -> UInt8? {
        if v >= 0x30 && v <= 0x39 { return UInt8(v - 0x30) }
        if v < 0x660 { return nil }
        if v >= 0xFF10 && v <= 0xFF19 { return UInt8(v - 0xFF10) }
        guard let u = Unicode.Scalar(v), u.properties.numericType == .decimal,
              let value = u.properties.numericValue else { return nil }
        return UInt8(value)
    }

    /// `+` or the fullwidth plus.
    @inline(__always)
    static func isPlus(_ v: UInt32) -> Bool { v == 0x2B || v == 0xFF0B }

    /// Opening brackets: `(`, `[` and their fullwidth forms.
    @inline(__always)
    static func isOpening(_ v: UInt32) -> Bool { v == 0x28 || v == 0x5B || v == 0xFF08 || v == 0xFF3B }

    /// Closing brackets: `)`, `]` and their fullwidth forms.
    @inline(__always)
    static func isClosing(_ v: UInt32) -> Bool { v == 0x29 || v == 0x5D || v == 0xFF09 || v == 0xFF3D }

    /// What may start a number before its digits: an opening bracket or a plus sign.
    @inline(__always)
    static func isLead(_ v: UInt32) -> Bool { isOpening(v) || isPlus(v) }

    /// libphonenumber's VALID_PUNCTUATION (matched ignoring case, so `X` too):
    /// dashes, `x`, spaces, brackets, dots, slashes and tildes.
    static func isPunctuation(_ v: UInt32) -> Bool {
        switch v {
        case 0x20, 0x28, 0x29, 0x2D, 0x2E, 0x2F, 0x5B, 0x5D, 0x58, 0x78, 0x7E, 0xA0, 0xAD: return true
        case 0x2010...0x2015, 0x200B, 0x2060, 0x2053, 0x2212, 0x223C, 0x3000, 0x30FC: return true
        case 0xFF08, 0xFF09, 0xFF0D...0xFF0F, 0xFF3B, 0xFF3D, 0xFF5E: return true
        default: return false
        }
    }

    /// `\s` as Python's `re` reads it for str patterns.
    static func isWhitespace(_ v: UInt32) -> Bool {
        switch v {
        case 0x09...0x0D, 0x1C...0x20, 0x85, 0xA0: return true
        case 0..<0x80: return false
        default: return Unicode.Scalar(v)?.properties.isWhitespace ?? false
        }
    }

    /// `\w` as Python's `re` reads it: letters, numbers and `_`.
    static func isWordCharacter(_ v: UInt32) -> Bool {
        if v < 0x80 {
            return (v >= 0x30 && v <= 0x39) || (v >= 0x41 && v <= 0x5A) || (v >= 0x61 && v <= 0x7A) || v == 0x5F
        }
        guard let u = Unicode.Scalar(v) else { return false }
        switch u.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .decimalNumber, .letterNumber, .otherNumber: return true
        default: return false
        }
    }

    /// A letter (or non-spacing mark) of the Latin blocks: a number glued to
    /// one (`abc8005001234`) is not a phone number (libphonenumber's VALID).
    static func isLatinLetter(_ v: UInt32) -> Bool {
        guard v <= 0x24F || (v >= 0x300 && v <= 0x36F) || (v >= 0x1E00 && v <= 0x1EFF) else { return false }
        if v < 0x80 { return (v >= 0x41 && v <= 0x5A) || (v >= 0x61 && v <= 0x7A) }
        guard let u = Unicode.Scalar(v) else { return false }
        switch u.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .nonspacingMark:
            return true
        default:
            return false
        }
    }

    /// `%` or a currency sign: a number next to one is an amount, not a phone.
    static func isInvalidPunctuation(_ v: UInt32) -> Bool {
        if v == 0x25 { return true }
        if v < 0x80 { return v == 0x24 }
        return Unicode.Scalar(v)?.properties.generalCategory == .currencySymbol
    }

    /// The scalar folded to lower case for the extension labels (ASCII,
    /// fullwidth Latin, Cyrillic and `Ó`).
    static func folded(_ v: UInt32) -> UInt32 {
        switch v {
        case 0x41...0x5A: return v + 0x20
        case 0xC0...0xDE: return v == 0xD7 ? v : v + 0x20
        case 0xFF21...0xFF3A: return v + 0x20
        case 0x410...0x42F: return v + 0x20
        default: return v
        }
    }
}
