@_spi(Layers) import LinkifyModel

/// A number type's description in libphonenumber's metadata: the national
/// number pattern and the possible lengths (bit n set: length n is possible).
struct PhoneNumberDesc: Sendable {
    let pattern: Int32
    let lengths: UInt32
    let localOnly: UInt32
}

/// A national format of the metadata; used to tell whether a number written
/// nationally needs its national prefix (libphonenumber's VALID leniency).
struct PhoneNumberFormat: Sendable {
    let pattern: Int32
    let leadingDigits: Int32
    let nationalPrefixRule: String?
    let prefixOptional: Bool
}

/// One territory of libphonenumber's metadata (a class: it is shared, not copied, on every look-up).
final class PhoneTerritory: Sendable {
    let id: String
    let callingCode: Int
    let isMainForCode: Bool
    let internationalPrefix: Int32
    let nationalPrefixForParsing: Int32
    let nationalPrefixGroups: Int
    let transformRule: String?
    let leadingDigits: Int32
    let general: PhoneNumberDesc
    /// Premium rate, toll free, shared cost, VoIP, personal, pager, UAN,
    /// voicemail, fixed line and mobile, those the territory has.
    let types: [PhoneNumberDesc]
    /// Range of `PhoneMetadataTables.formats`.
    let formats: Range<Int>

    init(id: String, callingCode: Int, isMainForCode: Bool, internationalPrefix: Int32, nationalPrefixForParsing: Int32,
         nationalPrefixGroups: Int, transformRule: String?, leadingDigits: Int32, general: PhoneNumberDesc,
         types: [PhoneNumberDesc], formats: Range<Int>) {
        self.id = id
        self.callingCode = callingCode
        self.isMainForCode = isMainForCode
        self.internationalPrefix = internationalPrefix
        self.nationalPrefixForParsing = nationalPrefixForParsing
        self.nationalPrefixGroups = nationalPrefixGroups
        self.transformRule = transformRule
        self.leadingDigits = leadingDigits
        self.general = general
        self.types = types
        self.formats = formats
    }
}

/// What libphonenumber's length test says about a national number.
enum PhoneLengthResult {
    case possible, possibleLocalOnly, tooShort, tooLong, invalidLength
}

/// Look-ups and checks on the generated metadata, with libphonenumber's rules.
enum PhoneMetadata {
    /// Calling codes that are not a territory's (international freephone and
    /// the like): known, so that `+800…` is not an unknown code, but never valid here.
    static let nonGeographicCodes: Set<Int> = [800, 808, 870, 878, 881, 882, 883, 888, 979]

    /// The territory with the ISO 3166 id (`US`), if the metadata has it.
    static func territory(id: String) -> PhoneTerritory? {
        let all = PhoneMetadataTables.territories
        var lo = 0, hi = all.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if all[mid].id < id { lo = mid + 1 } else { hi = mid }
        }
        return lo < all.count && all[lo].id == id ? all[lo] : nil
    }

    /// The territories sharing a calling code, the main one first.
    static func territories(callingCode: Int) -> [PhoneTerritory] {
        callingCode >= 0 && callingCode < codes ? byCallingCode[callingCode] : []
    }

    /// Calling codes have one to three digits: the tables below are arrays
    /// indexed by the code (a dictionary's hashing was a cost per number).
    static let codes = 1000

    private static let byCallingCode: [[PhoneTerritory]] = {
        var result = [[PhoneTerritory]](repeating: [], count: codes)
        for (code, list) in PhoneMetadataTables.territoriesByCallingCode where code < codes {
            result[code] = list.map { PhoneMetadataTables.territories[$0] }
        }
        return result
    }()

    private static let knownCallingCodes: [Bool] = (0..<codes).map {
        PhoneMetadataTables.territoriesByCallingCode[$0] != nil || nonGeographicCodes.contains($0)
    }

    /// Whether a calling code is assigned.
    static func isKnownCallingCode(_ code: Int) -> Bool {
        code >= 0 && code < codes && knownCallingCodes[code]
    }

    /// Whether `digits` (values 0–9) match the pattern wholly.
    static func matchesPattern(_ digits: [UInt8], _ offset: Int32) -> Bool {
        PhonePattern(offset)?.matchesWhole(digits) ?? false
    }

    /// libphonenumber's `isNumberMatchingDesc`: a possible length and the pattern.
    static func matches(_ digits: [UInt8], _ desc: PhoneNumberDesc) -> Bool {
        let n = digits.count
        guard n < 32, desc.lengths == 0 || desc.lengths & (1 << UInt32(n)) != 0 else { return false }
        return matchesPattern(digits, desc.pattern)
    }

    /// Whether the national significant number has a type in the territory
    /// (libphonenumber's `getNumberType` is not UNKNOWN).
    static func hasType(_ nsn: [UInt8], in t: PhoneTerritory) -> Bool {
        guard matches(nsn, t.general) else { return false }
        return t.types.contains { matches(nsn, $0) }
    }

    /// The territory a number of `callingCode` belongs to (libphonenumber's
    /// `getRegionCodeForNumber`), or nil when none takes it.
    static func territory(callingCode: Int, nsn: [UInt8]) -> PhoneTerritory? {
        let list = territories(callingCode: callingCode)
        if list.count == 1 { return list[0] }
        for t in list {
            if let leading = PhonePattern(t.leadingDigits) {
                if leading.prefixMatch(nsn) != nil { return t }
            } else if hasType(nsn, in: t) {
                return t
            }
        }
        return nil
    }

    /// The lengths (bit n: length n) a valid national number of a calling
    /// code can have: those of a territory's general description and one of
    /// its types. A number of another length is not valid, whatever its digits.
    private static let validLengths: [UInt32] = byCallingCode.map { territories in
        territories.reduce(0) { $0 | PhoneDigitFloor.validLengths($1) }
    }

    /// libphonenumber's `isValidNumber`.
    static func isValid(callingCode: Int, nsn: [UInt8]) -> Bool {
        guard nsn.count < 32, callingCode >= 0, callingCode < codes, validLengths[callingCode] & (1 << UInt32(nsn.count)) != 0,
              let t = territory(callingCode: callingCode, nsn: nsn) else { return false }
        return hasType(nsn, in: t)
    }

    /// libphonenumber's `testNumberLength` against the general description.
    static func testLength(_ digits: [UInt8], _ t: PhoneTerritory) -> PhoneLengthResult {
        let n = digits.count
        let lengths = t.general.lengths
        guard lengths != 0 else { return .invalidLength }
        if n < 32 && t.general.localOnly & (1 << UInt32(n)) != 0 { return .possibleLocalOnly }
        let minimum = lengths.trailingZeroBitCount
        let maximum = 31 - lengths.leadingZeroBitCount
        if n == minimum { return .possible }
        if n < minimum { return .tooShort }
        if n > maximum { return .tooLong }
        return lengths & (1 << UInt32(n)) != 0 ? .possible : .invalidLength
    }

    /// libphonenumber's `maybeStripNationalPrefixAndCarrierCode`: the number
    /// without its national prefix (transformed where the territory says so),
    /// and whether a prefix was stripped.
    static func strippingNationalPrefix(_ digits: [UInt8], _ t: PhoneTerritory) -> (number: [UInt8], stripped: Bool) {
        guard !digits.isEmpty, let prefix = PhonePattern(t.nationalPrefixForParsing) else { return (digits, false) }
        var slots: [Int] = []
        guard let end = prefix.prefixMatch(digits, groups: t.nationalPrefixGroups, slots: &slots) else {
            return (digits, false)
        }
        let isViableOriginal = matchesPattern(digits, t.general.pattern)
        let groups = t.nationalPrefixGroups
        let lastGroupMissing = groups == 0 || slots[2 * groups] < 0
        if let rule = t.transformRule, !rule.isEmpty, !lastGroupMissing {
            // The transform rule replaces the matched prefix: `9\1` writes 9 and group 1.
            var transformed: [UInt8] = []
            var chars = Array(rule.utf8)[...]
            while let c = chars.popFirst() {
                if c == UInt8(ascii: "\\"), let g = chars.first, g >= 0x30, g <= 0x39 {
                    chars.removeFirst()
                    let k = Int(g - 0x30)
                    if k <= groups, slots[2 * k] >= 0 { transformed += digits[slots[2 * k]..<slots[2 * k + 1]] }
                } else if c >= 0x30 && c <= 0x39 {
                    transformed.append(c - 0x30)
                }
            }
            transformed += digits[end...]
            if isViableOriginal && !matchesPattern(transformed, t.general.pattern) { return (digits, false) }
            return (transformed, true)
        }
        let rest = Array(digits[end...])
        if isViableOriginal && !matchesPattern(rest, t.general.pattern) { return (digits, false) }
        return (rest, true)
    }

    /// The first national format whose leading digits and pattern fit the number.
    static func format(for nsn: [UInt8], in t: PhoneTerritory) -> PhoneNumberFormat? {
        for i in t.formats {
            let f = PhoneMetadataTables.formats[i]
            if let leading = PhonePattern(f.leadingDigits), leading.prefixMatch(nsn) == nil { continue }
            if matchesPattern(nsn, f.pattern) { return f }
        }
        return nil
    }

    /// The first national format whose leading digits fit the number, whatever
    /// its length: how the territory writes numbers of that range (its area
    /// codes or service prefixes) even when this one is too short for a format.
    static func format(forLeadingDigitsOf nsn: [UInt8], in t: PhoneTerritory) -> PhoneNumberFormat? {
        for i in t.formats {
            let f = PhoneMetadataTables.formats[i]
            if let leading = PhonePattern(f.leadingDigits), leading.prefixMatch(nsn) == nil { continue }
            return f
        }
        return nil
    }
}

/// The fewest digits a candidate must hold for any reading of it to be a
/// valid number: derived from the metadata, so that candidates with fewer
/// (versions, counters, short dates) are dismissed without being parsed.
/// It is a bound, not a rule: whatever it dismisses, `parse` and `isValid`
/// would reject.
struct PhoneDigitFloor: Sendable {
    /// For a candidate without a plus sign: read nationally or after the
    /// region's international prefix.
    let withoutPlus: Int
    /// For a candidate holding a plus sign.
    let withPlus: Int

    init(region: PhoneTerritory?) {
        // A national number grows by at most the digits a transform rule
        // writes (`268\1`) each time it is stripped: by the calling code's
        // main territory after a calling code; by the region, and then by the
        // main territory, when read nationally.
        func added(_ t: PhoneTerritory?) -> Int { t?.transformRule.map(PhoneDigitFloor.writtenDigits) ?? 0 }
        // The shortest valid national number of any territory sharing a code.
        func shortest(_ code: Int) -> Int? {
            PhoneMetadata.territories(callingCode: code).map(PhoneDigitFloor.shortestValid).min()
        }
        var afterCode = Int.max
        for code in Set(PhoneMetadataTables.territories.map(\.callingCode)) {
            guard let n = shortest(code) else { continue }
            let main = PhoneMetadata.territories(callingCode: code).first
            afterCode = min(afterCode, String(code).count + max(0, n - added(main)))
        }
        guard let region else {
            withPlus = afterCode
            withoutPlus = Int.max
            return
        }
        let main = PhoneMetadata.territories(callingCode: region.callingCode).first
        let national = shortest(region.callingCode).map { max(0, $0 - added(region) - added(main)) } ?? Int.max
        let idd = PhonePattern(region.internationalPrefix)?.shortestMatch ?? Int.max
        withPlus = min(afterCode, national)
        withoutPlus = min(national, idd == Int.max ? Int.max : idd + afterCode)
    }

    /// Whether `count` digits may hold a valid number.
    func admits(digits count: Int, plus: Bool) -> Bool {
        count >= (plus ? withPlus : withoutPlus)
    }

    /// The digits a transform rule (`9\1`) writes itself.
    static func writtenDigits(_ rule: String) -> Int {
        var count = 0, escaped = false
        for c in rule.utf8 {
            if c >= 0x30 && c <= 0x39 && !escaped { count += 1 }
            escaped = c == UInt8(ascii: "\\")
        }
        return count
    }

    /// The shortest national number `isValid` accepts in the territory: a
    /// length of the general description and of one of its types.
    static func shortestValid(_ t: PhoneTerritory) -> Int {
        let lengths = validLengths(t)
        return lengths == 0 ? Int.max : max(lengths.trailingZeroBitCount, PhoneNumberParser.minNationalLength)
    }

    /// The lengths (bit n: length n) of the general description that one of
    /// the territory's types also has (a description without lengths has any).
    static func validLengths(_ t: PhoneTerritory) -> UInt32 {
        let general = t.general.lengths == 0 ? ~UInt32(0) : t.general.lengths
        return t.types.reduce(0) { $0 | general & ($1.lengths == 0 ? ~UInt32(0) : $1.lengths) }
    }
}
