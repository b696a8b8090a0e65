/// A phone number read from a candidate, as libphonenumber's `parse` reads it.
struct ParsedPhoneNumber: Equatable {
    /// How the calling code was found.
    enum Source { case plus, internationalPrefix, withoutPlus, defaultRegion }

    var callingCode: Int
    /// The national significant number, digit values 0–9.
    var nationalNumber: [UInt8]
    /// The extension's digit values, if the candidate has one.
    var fileExtension: [UInt8]?
    var source: Source

    /// `+` calling code and national number.
    var e164: String {
        "+" + String(callingCode) + String(decoding: nationalNumber.map { $0 + 0x30 }, as: UTF8.self)
    }

    /// The `tel:` URI (RFC 3966), with `;ext=` for an extension.
    var telURI: String {
        var s = "tel:" + e164
        if let ext = fileExtension { s += ";ext=" + String(decoding: ext.map { $0 + 0x30 }, as: UTF8.self) }
        return s
    }
}

/// Reads phone numbers with libphonenumber's rules: the possible number in a
/// candidate, its extension, calling code (`+`, the region's international
/// prefix, or the region's own code), national prefix and length checks.
enum PhoneNumberParser {
    static let minNationalLength = 2
    static let maxNationalLength = 17

    /// Parses `candidate` (Unicode scalars) read in `region`; nil when it is not a number.
    static func parse(_ candidate: ArraySlice<UInt32>, region: PhoneTerritory?) -> ParsedPhoneNumber? {
        // extractPossibleNumber: from the first plus sign or digit, without
        // trailing punctuation, up to a second number (`/ x…`).
        guard let first = candidate.firstIndex(where: { PhoneCharacters.isPlus($0) || PhoneCharacters.digit($0) != nil }) else {
            return nil
        }
        var number = Array(candidate[first...])
        trimUnwantedEnd(&number)
        trimSecondNumber(&number)
        guard isViable(number[...]) else { return nil }
        let startsWithPlus = number.first.map(PhoneCharacters.isPlus) ?? false
        guard region != nil || startsWithPlus else { return nil }

        var fileExtension: [UInt8]?
        if let (at, ext) = PhoneExtension.suffix(of: number), isViable(number[..<at]) {
            fileExtension = ext
            number.removeSubrange(at...)
        }

        var extracted: (code: Int, national: [UInt8], source: ParsedPhoneNumber.Source)
        if let e = extractCallingCode(number[...], region: region) {
            extracted = e
        } else if startsWithPlus {
            // An unknown code after `+`: libphonenumber tries once more without the plus.
            let rest = number.drop(while: PhoneCharacters.isPlus)
            guard digits(of: rest).count > minNationalLength, let e = extractCallingCode(rest, region: region), e.code != 0 else { return nil }
            extracted = e
        } else {
            return nil
        }

        var metadata: PhoneTerritory?
        var national: [UInt8]
        if extracted.code != 0 {
            national = extracted.national
            let main = PhoneMetadata.territories(callingCode: extracted.code).first
            metadata = (region != nil && main === region) ? region : main
        } else {
            guard let region else { return nil }
            national = digits(of: number[...])
            extracted.code = region.callingCode
            metadata = region
        }
        guard national.count >= minNationalLength else { return nil }
        if let metadata {
            let (stripped, _) = PhoneMetadata.strippingNationalPrefix(national, metadata)
            switch PhoneMetadata.testLength(stripped, metadata) {
            case .tooShort, .possibleLocalOnly, .invalidLength: break
            default: national = stripped
            }
        }
        guard national.count >= minNationalLength, national.count <= maxNationalLength else { return nil }
        return ParsedPhoneNumber(callingCode: extracted.code, nationalNumber: national,
                                 fileExtension: fileExtension, source: extracted.source)
    }

    /// libphonenumber's `maybeExtractCountryCode`: (0, [], .defaultRegion)
    /// when the number has no calling code of its own; nil when it is unusable.
    static func extractCallingCode(_ number: ArraySlice<UInt32>, region: PhoneTerritory?)
        -> (code: Int, national: [UInt8], source: ParsedPhoneNumber.Source)? {
        guard !number.isEmpty else { return (0, [], .defaultRegion) }
        var full: [UInt8]
        var source = ParsedPhoneNumber.Source.defaultRegion
        if let f = number.first, PhoneCharacters.isPlus(f) {
            full = digits(of: number.drop(while: PhoneCharacters.isPlus))
            source = .plus
        } else {
            full = digits(of: number)
            if let idd = region.flatMap({ PhonePattern($0.internationalPrefix) }), let end = idd.prefixMatch(full) {
                // A calling code never starts with 0 (libphonenumber's parsePrefixAsIdd).
                if end >= full.count || full[end] != 0 {
                    full.removeFirst(end)
                    source = .internationalPrefix
                }
            }
        }
        if source != .defaultRegion {
            guard full.count > minNationalLength, full[0] != 0 else { return nil }
            var code = 0
            for k in 0..<min(3, full.count) {
                code = code * 10 + Int(full[k])
                if PhoneMetadata.isKnownCallingCode(code) {
                    return (code, Array(full[(k + 1)...]), source)
                }
            }
            return nil
        }
        guard let region else { return (0, [], .defaultRegion) }
        if let codeLength = startsWithCallingCode(full, region.callingCode) {
            let potential = PhoneMetadata.strippingNationalPrefix(Array(full[codeLength...]), region).number
            let general = region.general.pattern
            if (!PhoneMetadata.matchesPattern(full, general) && PhoneMetadata.matchesPattern(potential, general))
                || PhoneMetadata.testLength(full, region) == .tooLong {
                return (region.callingCode, potential, .withoutPlus)
            }
        }
        return (0, [], .defaultRegion)
    }

    /// The number of digits of `code` (a calling code, 1 to 999) when
    /// `digits` begins with them, else nil; no String made per number.
    static func startsWithCallingCode(_ digits: [UInt8], _ code: Int) -> Int? {
        let length = code >= 100 ? 3 : code >= 10 ? 2 : 1
        guard digits.count >= length else { return nil }
        var value = 0
        for k in 0..<length { value = value * 10 + Int(digits[k]) }
        return value == code ? length : nil
    }

    /// The digit values of the digits in `s`, in order.
    static func digits(of s: ArraySlice<UInt32>) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(s.count)
        for v in s { if let d = PhoneCharacters.digit(v) { out.append(d) } }
        return out
    }

    /// libphonenumber's `isViablePhoneNumber`, on what a candidate can hold:
    /// at least three digits, or exactly two digits and nothing else.
    static func isViable(_ s: ArraySlice<UInt32>) -> Bool {
        var n = 0
        for v in s where PhoneCharacters.digit(v) != nil { n += 1 }
        return n >= 3 || (n == 2 && s.count == 2)
    }

    /// Drops trailing characters that are `_` or neither `#` nor a word character.
    static func trimUnwantedEnd(_ s: inout [UInt32]) {
        while let last = s.last, last == 0x5F || (last != 0x23 && !PhoneCharacters.isWordCharacter(last)) {
            s.removeLast()
        }
    }

    /// Cuts at libphonenumber's SECOND_NUMBER_START, `[\\/] *x`.
    static func trimSecondNumber(_ s: inout [UInt32]) {
        var i = 0
        while i < s.count {
            if s[i] == 0x2F || s[i] == 0x5C {
                var j = i + 1
                while j < s.count && s[j] == 0x20 { j += 1 }
                if j < s.count && s[j] == 0x78 {
                    s.removeSubrange(i...)
                    return
                }
            }
            i += 1
        }
    }
}
