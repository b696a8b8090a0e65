@_spi(Layers) import LinkifyModel

/// Words, numbers and bytes of the text, as the address reader sees them.
extension AddressReader {
    /// The word or number at `i`: letters with inner hyphens and apostrophes
    /// (`Saint-Denis`, `Queen's`), or digits with trailing letters (`45th`, `187A`, `18e`).
    func token(at i: Int) -> AddressToken? {
        guard i < t.count else { return nil }
        if isDigit(i) {
            var p = i
            while isDigit(p) && p - i < 8 { p += 1 }
            let digitsEnd = p
            while ByteClass.isAlpha(byte(p)) && p - digitsEnd < 3 { p += 1 }
            let raw = String(decoding: UnsafeBufferPointer(rebasing: t[digitsEnd..<p]), as: UTF8.self)
            let suffix = raw.lowercased()
            // English ordinals in any case; French ones (`18e`, `1er`, `1re`) only in lowercase,
            // so a grid number `60E` stays a number.
            let ordinal = ["st", "nd", "rd", "th"].contains(suffix) || (["e", "er", "re"].contains(raw))
            return AddressToken(start: i, end: p, text: "", isCapitalized: false, isUppercase: false, isLowercase: false,
                                isNumber: true, isOrdinal: ordinal, letters: 0)
        }
        guard let first = TextWord.read(t, at: i) else { return nil }
        var end = first.end
        var letters = first.letters
        var upper = first.isUppercase
        while end - i < Self.maxTokenBytes {
            var joiner = 0
            if byte(end) == 0x2D || byte(end) == 0x27 {
                joiner = 1
            } else if byte(end) == 0xE2 && byte(end + 1) == 0x80 && byte(end + 2) == 0x99 {   // ’
                joiner = 3
            }
            guard joiner > 0, let next = TextWord.read(t, at: end + joiner) else { break }
            end = next.end
            letters += next.letters
            upper = upper && next.isUppercase
        }
        guard end - i <= Self.maxTokenBytes else { return nil }
        var text = ""
        var lowercase = true
        for b in UnsafeBufferPointer(rebasing: t[i..<end]) {
            if b >= 0x41 && b <= 0x5A { lowercase = false }
            text.unicodeScalars.append(Unicode.Scalar(ByteClass.lower(b)))
        }
        if text.utf8.contains(where: { $0 >= 0x80 }) {
            let original = String(decoding: UnsafeBufferPointer(rebasing: t[i..<end]), as: UTF8.self)
            text = original.lowercased()
            lowercase = text == original
        }
        return AddressToken(start: i, end: end, text: text, isCapitalized: first.isCapitalized, isUppercase: upper,
                            isLowercase: lowercase, isNumber: false, isOrdinal: false, letters: letters)
    }

    @inline(__always) func byte(_ i: Int) -> UInt8 { i >= 0 && i < t.count ? t[i] : 0 }
    @inline(__always) func isDigit(_ i: Int) -> Bool { i >= 0 && i < t.count && ByteClass.isDigit(t[i]) }

    /// Skips up to four spaces or tabs (not line breaks).
    func skipSpaces(_ i: Int) -> Int {
        var k = i
        while k - i < 4 && (byte(k) == 0x20 || byte(k) == 0x09) { k += 1 }
        return k
    }
}
