@_spi(Layers) import LinkifyModel

/// The UTS #58 Link_Term property: how a character affects the end of a link.
enum LinkTerm: UInt8 {
    /// Ends the link before it (white space, controls, unassigned).
    case hard = 0
    /// Part of the link.
    case include = 1
    /// Part of the link only when something that is not soft or hard follows.
    case soft = 2
    /// An opening bracket: part of the link, pushed on the bracket stack.
    case open = 3
    /// A closing bracket: part of the link only when it matches the top of the stack.
    case close = 4
}

/// Character properties the scanners need, from the generated `UnicodeTables`.
enum CharacterProperties {
    /// Link_Term of the ASCII range, looked up without a search.
    static let asciiLinkTerm: [LinkTerm] = (0..<128).map { searchLinkTerm(UInt32($0)) }

    // Bit sets over ASCII (bit `b` of Low for bytes below 64, bit `b - 64` of High),
    // literals so that reading them costs no lazy initialisation; FastPathTests
    // checks them against `asciiLinkTerm`.

    /// ASCII bytes that are Link_Term include and no part, bracket or directive syntax (not `# / & =`).
    static let plainIncludeLow: UInt64 = 0x03FF_2C30_0000_0000
    /// The upper half of `plainIncludeLow`.
    static let plainIncludeHigh: UInt64 = 0x57FF_FFFF_D7FF_FFFF
    /// ASCII bytes that are Link_Term soft and no part or directive syntax (not `? :`); none is above 63.
    static let plainSoftLow: UInt64 = 0x0800_5086_0000_0000
    /// ASCII bytes that are Link_Term hard (controls, space, DEL).
    static let hardLow: UInt64 = 0x0000_0001_FFFF_FFFF
    /// The upper half of `hardLow`.
    static let hardHigh: UInt64 = 0x8000_0000_0000_0000

    @inline(__always)
    static func linkTerm(_ cp: UInt32) -> LinkTerm {
        if cp < 128 { return asciiLinkTerm[Int(cp)] }
        if cp == UTF8Bytes.invalid { return .hard }
        return searchLinkTerm(cp)
    }

    static func searchLinkTerm(_ cp: UInt32) -> LinkTerm {
        let starts = UnicodeTables.linkTermStarts
        var lo = 0, hi = starts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if starts[mid] <= cp { lo = mid } else { hi = mid - 1 }
        }
        return LinkTerm(rawValue: UnicodeTables.linkTermValues[lo]) ?? .hard
    }

    /// The opening bracket that pairs with the closing bracket `cp` (Link_Bracket).
    static func opener(ofClose cp: UInt32) -> UInt32? {
        let closes = UnicodeTables.bracketClose
        var lo = 0, hi = closes.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if closes[mid] < cp { lo = mid + 1 } else { hi = mid }
        }
        return lo < closes.count && closes[lo] == cp ? UnicodeTables.bracketOpen[lo] : nil
    }

    static func inRanges(_ ranges: [UInt32], _ cp: UInt32) -> Bool {
        // ranges: flat sorted (low, high) pairs
        var lo = 0, hi = ranges.count / 2
        while lo < hi {
            let mid = (lo + hi) / 2
            if ranges[2 * mid + 1] < cp { lo = mid + 1 } else { hi = mid }
        }
        return lo < ranges.count / 2 && ranges[2 * lo] <= cp
    }

    /// ASCII code points that are Link_Email, as bits like the sets above
    /// (a table here cost a lazy-initialisation check on every byte of every
    /// local part); FastPathTests checks them against `UnicodeTables.emailRanges`.
    static let emailLow: UInt64 = 0xA3FF_ECFA_0000_0000
    /// The upper half of `emailLow`.
    static let emailHigh: UInt64 = 0x7FFF_FFFF_C7FF_FFFE

    /// Whether `cp` may appear in an email local part (Link_Email).
    @inline(__always)
    static func isEmailLocal(_ cp: UInt32) -> Bool {
        if cp < 64 { return emailLow >> UInt64(cp) & 1 != 0 }
        if cp < 128 { return emailHigh >> UInt64(cp - 64) & 1 != 0 }
        if cp == UTF8Bytes.invalid { return false }
        return inRanges(UnicodeTables.emailRanges, cp)
    }

    /// Whether `cp` may appear in a domain label: ASCII letters, digits and `-`,
    /// and the non-ASCII letters, marks and numbers of `UnicodeTables.hostRanges`.
    @inline(__always)
    static func isHostLabel(_ cp: UInt32) -> Bool {
        if cp < 128 { return ByteClass.isHostASCII(UInt8(cp)) }
        if cp == UTF8Bytes.invalid { return false }
        return inRanges(UnicodeTables.hostRanges, cp)
    }

    /// Whether `cp` separates domain labels: `.`, and the ideographic, fullwidth
    /// and halfwidth full stops that UTS #46 maps to it.
    @inline(__always)
    static func isLabelSeparator(_ cp: UInt32) -> Bool {
        cp == 0x2E || cp == 0x3002 || cp == 0xFF0E || cp == 0xFF61
    }

    /// The bidirectional controls of Trojan Source (U+200E, U+200F,
    /// U+202A–202E, U+2066–2069): Link_Term include, but one inside a host
    /// makes it invalid and anywhere else it ends the URL, in every profile (SPEC §5).
    @inline(__always)
    static func isBidiControl(_ cp: UInt32) -> Bool {
        switch cp {
        case 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }

    /// Whether `t[r]` holds a bidirectional control (`isBidiControl`); all of
    /// them are three bytes from `E2 80` or `E2 81`.
    static func containsBidiControl(_ t: UnsafeBufferPointer<UInt8>, _ r: Range<Int>) -> Bool {
        var k = r.lowerBound
        while k < r.upperBound && k + 2 < t.count {
            if t[k] == 0xE2 && (t[k + 1] == 0x80 || t[k + 1] == 0x81) && t[k + 2] & 0xC0 == 0x80,
               isBidiControl(0x2000 | UInt32(t[k + 1] & 0x3F) << 6 | UInt32(t[k + 2] & 0x3F)) { return true }
            k += 1
        }
        return false
    }

    /// The bidirectional controls directly before `k` (one or more, not before
    /// `floor`): where their run starts, or `k` when there is none.
    static func bidiControlsStart(_ t: UnsafeBufferPointer<UInt8>, endingAt k: Int, floor: Int = 0) -> Int {
        var s = k
        while s - 3 >= floor && t[s - 3] == 0xE2, case let (cp, len) = UTF8Bytes.decode(t, before: s, floor: floor),
              len == 3, isBidiControl(cp) { s -= 3 }
        return s
    }

    /// The bidirectional controls from `k` on: where their run ends, or `k`.
    static func bidiControlsEnd(_ t: UnsafeBufferPointer<UInt8>, from k: Int) -> Int {
        var e = k
        while e + 2 < t.count && t[e] == 0xE2, isBidiControl(UTF8Bytes.decode(t, at: e).scalar) { e += 3 }
        return e
    }

    /// Whether the run of bidirectional controls `t[run]` stands inside a word:
    /// a host character on each side (an ASCII letter, digit, `-` or `_`, or a
    /// character beyond ASCII that Link_Term includes). Such a control is inside
    /// a host, which it makes invalid; one at a word's edge (`⁦‪example.com‬⁩`
    /// in right-to-left text) only ends or precedes the link (SPEC §5).
    static func bidiControlsAreInsideWord(_ t: UnsafeBufferPointer<UInt8>, _ run: Range<Int>, floor: Int = 0) -> Bool {
        guard !run.isEmpty, run.lowerBound > floor, run.upperBound < t.count else { return false }
        @inline(__always) func isWordCharacter(_ cp: UInt32) -> Bool {
            if cp < 0x80 { return ByteClass.isHostASCII(UInt8(cp)) || cp == 0x5F }
            return cp != UTF8Bytes.invalid && !isBidiControl(cp) && linkTerm(cp) == .include
        }
        return isWordCharacter(UTF8Bytes.decode(t, before: run.lowerBound, floor: floor).scalar)
            && isWordCharacter(UTF8Bytes.decode(t, at: run.upperBound).scalar)
    }

    /// The fullwidth and ideographic punctuation that ends a URL in text
    /// without spaces (SPEC §5): ，、。；：！？
    @inline(__always)
    static func isCJKTerminator(_ cp: UInt32) -> Bool {
        switch cp {
        case 0xFF0C, 0x3001, 0x3002, 0xFF1B, 0xFF1A, 0xFF01, 0xFF1F: return true
        default: return false
        }
    }
}
