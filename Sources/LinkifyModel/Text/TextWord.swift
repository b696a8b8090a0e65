/// A run of letters in UTF-8 text, read without making a `String`: its byte
/// range, its case, and a packed key of its lowercased letters for table
/// look-ups (the date and address detectors' keyword tables).
@_spi(Layers) public struct TextWord {
    /// First byte of the word.
    @usableFromInline package var start: Int
    /// Just past its last byte.
    @usableFromInline package var end: Int
    /// Lowercased letters packed 5 bits each (a–z, ä ö ü ß é); 0 when the
    /// word is longer than `maxKeyLetters` or has other letters.
    @usableFromInline package var key: UInt64
    /// Number of letters.
    @usableFromInline package var letters: Int
    /// Whether the first letter is uppercase.
    @usableFromInline package var isCapitalized: Bool
    /// Whether every letter is uppercase.
    @usableFromInline package var isUppercase: Bool

    @inlinable package init(start: Int, end: Int, key: UInt64, letters: Int, isCapitalized: Bool, isUppercase: Bool) {
        self.start = start
        self.end = end
        self.key = key
        self.letters = letters
        self.isCapitalized = isCapitalized
        self.isUppercase = isUppercase
    }

    /// Keys are computed for words of up to this many letters.
    @usableFromInline package static let maxKeyLetters = 12
    /// Words are read for at most this many letters, so a look-up is bounded.
    @usableFromInline package static let maxLetters = 40

    /// The word starting at `i`, or nil when no letter starts there.
    ///
    /// A word of ASCII letters ended by an ASCII byte within sixteen bytes
    /// (most words) is read from one load: its letters' and capitals' lanes,
    /// then the key from at most twelve bytes. Any other word is read a
    /// scalar at a time (`readByScalars`, the definition; a test holds the two equal).
    @inlinable package static func read(_ t: UnsafeBufferPointer<UInt8>, at i: Int) -> TextWord? {
        if i + 16 <= t.count, let base = t.baseAddress {
            let v = UnsafeRawPointer(base + i).loadUnaligned(as: SIMD16<UInt8>.self)
            let letters = ByteSearch.bits(((v | ByteSearch.splat(0x20)) &- ByteSearch.splat(0x61)) .< ByteSearch.splat(26))
            let count = (~letters).trailingZeroBitCount
            if count < 16 && t[i + count] < 0x80 {
                guard count > 0 else { return nil }
                let run: UInt64 = (1 << UInt64(count)) - 1
                let capitals = ByteSearch.bits((v &- ByteSearch.splat(0x41)) .< ByteSearch.splat(26)) & run
                var key: UInt64 = 0
                if count <= maxKeyLetters {
                    for j in i..<(i + count) { key = key << 5 | UInt64((t[j] | 0x20) &- 0x60) }
                }
                return TextWord(start: i, end: i + count, key: key, letters: count,
                                isCapitalized: capitals & 1 != 0, isUppercase: capitals == run)
            }
        }
        return readByScalars(t, at: i)
    }

    /// `read` a scalar at a time.
    @inlinable package static func readByScalars(_ t: UnsafeBufferPointer<UInt8>, at i: Int) -> TextWord? {
        var k = i
        var key: UInt64 = 0
        var letters = 0
        var keyed = true
        var capitalized = false
        var upper = true
        while k < t.count && letters < maxLetters {
            let b = t[k]
            var code: UInt64 = 0
            var isUpper = false
            var length = 1
            if b >= 0x61 && b <= 0x7A {
                code = UInt64(b - 0x60)
            } else if b >= 0x41 && b <= 0x5A {
                code = UInt64(b - 0x40)
                isUpper = true
            } else if b == 0xC3 && k + 1 < t.count, let (c, u) = latinCode(t[k + 1]) {
                code = c
                isUpper = u
                length = 2
            } else if b >= 0x80 {
                let (scalar, len) = UTF8Bytes.decode(t, at: k)
                guard scalar != UTF8Bytes.invalid, let s = Unicode.Scalar(scalar),
                      s.properties.isAlphabetic, !isIdeographic(scalar) else { break }
                keyed = false
                isUpper = s.properties.isUppercase
                length = len
            } else {
                break
            }
            if letters == 0 { capitalized = isUpper }
            if !isUpper { upper = false }
            if keyed && code != 0 && letters < maxKeyLetters {
                key = key << 5 | code
            } else {
                keyed = false
            }
            letters += 1
            k += length
        }
        guard letters > 0 else { return nil }
        return TextWord(start: i, end: k, key: keyed ? key : 0, letters: letters,
                        isCapitalized: capitalized, isUppercase: upper)
    }

    /// The run of ASCII letters at `i`: where it ends, and its key packed as
    /// `read` packs it (the key is `read`'s only for runs of up to
    /// `maxKeyLetters` letters). A scanner's fast path past words that are no keyword.
    @inline(__always)
    @inlinable package static func asciiLetters(_ t: UnsafeBufferPointer<UInt8>, at i: Int) -> (end: Int, key: UInt64) {
        var k = i
        var key: UInt64 = 0
        while k < t.count && ByteClass.isAlpha(t[k]) {
            key = key << 5 | UInt64((t[k] | 0x20) - 0x60)
            k += 1
        }
        return (k, key)
    }

    /// Codes 27–31 for ä ö ü ß é (second byte after 0xC3), with their case.
    @inline(__always)
    @inlinable package static func latinCode(_ b: UInt8) -> (UInt64, Bool)? {
        switch b {
        case 0xA4: return (27, false)
        case 0x84: return (27, true)
        case 0xB6: return (28, false)
        case 0x96: return (28, true)
        case 0xBC: return (29, false)
        case 0x9C: return (29, true)
        case 0x9F: return (30, false)
        case 0xA9: return (31, false)
        case 0x89: return (31, true)
        default: return nil
        }
    }

    /// Han, kana and Hangul letters: text without spaces, not words.
    @inline(__always)
    @inlinable package static func isIdeographic(_ v: UInt32) -> Bool {
        (v >= 0x2E80 && v <= 0x9FFF) || (v >= 0xAC00 && v <= 0xD7AF) || (v >= 0xF900 && v <= 0xFAFF)
            || (v >= 0xFF66 && v <= 0xFF9F) || (v >= 0x20000 && v <= 0x3FFFF)
    }

    /// The key of a lowercase keyword written in ASCII or with ä ö ü ß é.
    @inlinable package static func key(_ word: String) -> UInt64 {
        let bytes = Array(word.utf8)
        return bytes.withUnsafeBufferPointer { read($0, at: 0)?.key ?? 0 }
    }

    /// Whether the character just before `i` is a letter or a digit (so a word
    /// or number cannot start at `i`).
    @inlinable package static func continuesWord(_ t: UnsafeBufferPointer<UInt8>, before i: Int) -> Bool {
        guard i > 0 else { return false }
        let b = t[i - 1]
        if b < 0x80 { return ByteClass.isAlnum(b) }
        let (scalar, _) = UTF8Bytes.decode(t, before: i)
        guard scalar != UTF8Bytes.invalid, let s = Unicode.Scalar(scalar) else { return false }
        return s.properties.isAlphabetic && !isIdeographic(scalar)
    }

    /// Whether a letter or digit starts at `i` (so a word or number ending at `i` would be cut).
    @inlinable package static func startsWord(_ t: UnsafeBufferPointer<UInt8>, at i: Int) -> Bool {
        guard i < t.count else { return false }
        let b = t[i]
        if b < 0x80 { return ByteClass.isAlnum(b) }
        let (scalar, _) = UTF8Bytes.decode(t, at: i)
        guard scalar != UTF8Bytes.invalid, let s = Unicode.Scalar(scalar) else { return false }
        return s.properties.isAlphabetic && !isIdeographic(scalar)
    }
}
