@_spi(Layers) import LinkifyModel

/// What UTS #46 ToASCII makes of a code point above ASCII in a host
/// (`UTS46Tables`, generated from the IDNA mapping table).
enum HostCodePoint: UInt8 {
    /// ToASCII fails on it.
    case disallowed = 0
    /// Kept as it is (valid, or a deviation that nontransitional processing keeps).
    case valid = 1
    /// Valid, but a combining mark: no label starts with one.
    case mark = 2
    /// Mapped to valid characters (case, width and compatibility forms).
    case mapped = 3
    /// Removed by the mapping (soft hyphen, variation selectors).
    case ignored = 4
}

/// SPEC §5's valid host after a scheme: UTS #46 ToASCII succeeds on it
/// (nontransitional, hyphen checks on, the STD3 rules with `_`, no empty label
/// but a final dot), its last label is not all digits unless the host is an
/// IPv4 address, and no label ends in `_`. Symbol and emoji labels
/// (`http://☃.net/`) are hosts, as UTS #58's reference accepts them;
/// bidirectional controls are not (UTS #46 disallows them).
///
/// Not checked: CheckBidi, CheckJoiners, DNS lengths, and whether a decoded
/// `xn--` label is in NFC.
enum HostValidation {
    /// The UTS #46 class of `cp` (ASCII is the caller's: see `isValidHost`).
    static func codePointClass(_ cp: UInt32) -> HostCodePoint {
        guard cp >= 0x80, cp <= 0x10FFFF else { return .disallowed }
        let starts = UTS46Tables.starts
        var lo = 0, hi = starts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if starts[mid] <= cp { lo = mid } else { hi = mid - 1 }
        }
        return HostCodePoint(rawValue: UTS46Tables.classes[lo]) ?? .disallowed
    }

    /// Whether `cp` may stand in a host after a scheme, as far as one code
    /// point tells: an ASCII letter, digit, `-` or `_`, a label separator, or a
    /// code point that ToASCII does not refuse.
    @inline(__always)
    static func isHostCodePoint(_ cp: UInt32) -> Bool {
        if cp < 0x80 { return ByteClass.isHostASCII(UInt8(cp)) || cp == 0x5F || cp == 0x2E }
        return CharacterProperties.isLabelSeparator(cp) || codePointClass(cp) != .disallowed
    }

    /// Whether `t[r]`, a host without port or brackets whose labels are
    /// separated by `.` or the full stops UTS #46 maps to it, is valid.
    /// An ASCII host (most of them) is checked in one pass over its bytes.
    static func isValidHost(_ t: UnsafeBufferPointer<UInt8>, _ r: Range<Int>) -> Bool {
        guard !r.isEmpty else { return false }
        var labelStart = r.lowerBound
        var k = r.lowerBound
        while true {
            // Letters, digits and `-` sixteen bytes at a time; then the byte that stopped them.
            k = UTS58Scanner.hostASCIIEnd(t, from: k, before: r.upperBound)
            if k == r.upperBound { break }
            let b = t[k]
            if b == 0x2E {
                // Only a final dot may leave an empty label.
                guard k > labelStart, isValidASCIILabel(t, labelStart..<k) else { return false }
                if k + 1 == r.upperBound { return lastLabelIsValid(t, labelStart..<k, host: r) }
                labelStart = k + 1
            } else if b >= 0x80 {
                return isValidHostScalars(t, r)
            } else if b != 0x5F {
                return false
            }
            k += 1
        }
        guard labelStart < r.upperBound, isValidASCIILabel(t, labelStart..<r.upperBound) else { return false }
        return lastLabelIsValid(t, labelStart..<r.upperBound, host: r)
    }

    /// `isValidHost` for a host whose bytes are all ASCII letters, digits,
    /// `-`, `_` and `.` (a plain authority's: `validPlainAuthority`). A host
    /// of up to sixteen bytes is read in one load: its full stops come out
    /// as one bit a byte, and the labels between them are checked in order as
    /// `isValidHost`'s loop checks them, which for these bytes stops only at
    /// full stops; the same verdict without a sixteen-byte search per label.
    /// (Longer hosts are fewer; a loop of loads for them cost more on the short ones.)
    static func isValidPlainHost(_ t: UnsafeBufferPointer<UInt8>, _ r: Range<Int>) -> Bool {
        let count = r.count
        guard count > 0 && count <= 16, r.lowerBound + 16 <= t.count, let base = t.baseAddress else { return isValidHost(t, r) }
        let v = UnsafeRawPointer(base).loadUnaligned(fromByteOffset: r.lowerBound, as: SIMD16<UInt8>.self)
        let dots = unsafeBitCast(v .== ByteSearch.splat(0x2E), to: (UInt64, UInt64).self)
        let signs = unsafeBitCast((v .== ByteSearch.splat(0x2D)) .| (v .== ByteSearch.splat(0x5F)), to: (UInt64, UInt64).self)
        // Each lane's lowest bit, none for the lanes past the host.
        let lanes: UInt64 = 0x0101_0101_0101_0101
        var low = dots.0 & lanes, high = dots.1 & lanes
        var signsLow = signs.0 & lanes, signsHigh = signs.1 & lanes
        if count <= 8 {
            low &= lanes >> UInt64(64 - 8 * count)
            signsLow &= lanes >> UInt64(64 - 8 * count)
            high = 0
            signsHigh = 0
        } else if count < 16 {
            high &= lanes >> UInt64(128 - 8 * count)
            signsHigh &= lanes >> UInt64(128 - 8 * count)
        }
        // Without `-` and `_` (most hosts) a label that is not empty passes
        // every test of `isValidASCIILabel`, which is then not asked.
        let hasSigns = signsLow | signsHigh != 0
        var labelStart = r.lowerBound
        while low | high != 0 {
            let lane: Int
            if low != 0 {
                lane = low.trailingZeroBitCount >> 3
                low &= low &- 1
            } else {
                lane = 8 + high.trailingZeroBitCount >> 3
                high &= high &- 1
            }
            let k = r.lowerBound + lane
            // Only a final dot may leave an empty label.
            guard k > labelStart, !hasSigns || isValidASCIILabel(t, labelStart..<k) else { return false }
            if k + 1 == r.upperBound { return lastLabelIsValid(t, labelStart..<k, host: r) }
            labelStart = k + 1
        }
        guard !hasSigns || isValidASCIILabel(t, labelStart..<r.upperBound) else { return false }
        return lastLabelIsValid(t, labelStart..<r.upperBound, host: r)
    }

    /// A last label of digits only is valid when the whole host is an IPv4 address.
    @inline(__always)
    static func lastLabelIsValid(_ t: UnsafeBufferPointer<UInt8>, _ label: Range<Int>, host: Range<Int>) -> Bool {
        for k in label where !ByteClass.isDigit(t[k]) { return true }
        return isIPv4(t, host)
    }

    /// `isValidLabel` for a label of ASCII letters, digits, `-` and `_`.
    @inline(__always)
    static func isValidASCIILabel(_ t: UnsafeBufferPointer<UInt8>, _ label: Range<Int>) -> Bool {
        let s = label.lowerBound, e = label.upperBound
        if t[s] == 0x2D || t[e - 1] == 0x2D || t[e - 1] == 0x5F { return false }
        if e - s >= 4 && t[s + 2] == 0x2D && t[s + 3] == 0x2D {
            // `xn--` is an A-label; any other `--` third and fourth fails the hyphen checks.
            guard t[s] | 0x20 == 0x78 && t[s + 1] | 0x20 == 0x6E else { return false }
            return isValidALabel(t, (s + 4)..<e)
        }
        return true
    }

    /// `isValidHost` for a host with characters beyond ASCII, code point by code point.
    static func isValidHostScalars(_ t: UnsafeBufferPointer<UInt8>, _ r: Range<Int>) -> Bool {
        var labelStart = r.lowerBound
        var labels = 0
        var lastLabel = r.lowerBound..<r.lowerBound
        var k = r.lowerBound
        while true {
            let sep = k < r.upperBound ? UTS58Scanner.dotLength(t, at: k) : 0
            if k == r.upperBound || sep > 0 {
                let label = labelStart..<k
                if label.isEmpty {
                    // Only a final dot may leave an empty label.
                    guard k == r.upperBound && labels > 0 else { return false }
                } else {
                    guard isValidLabel(t, label) else { return false }
                    labels += 1
                    lastLabel = label
                }
                if k == r.upperBound { break }
                k += sep
                labelStart = k
                continue
            }
            k += t[k] < 0x80 ? 1 : UTF8Bytes.decode(t, at: k).length
        }
        // `http://1.2.3.999/`, `http://example.123/`: a last label of digits is an IPv4 address or nothing.
        if t[lastLabel].allSatisfy(ByteClass.isDigit) { return isIPv4(t, r) }
        return true
    }

    /// Whether `t[r]` is a dotted-decimal IPv4 address (four numbers up to 255,
    /// a final dot allowed).
    static func isIPv4(_ t: UnsafeBufferPointer<UInt8>, _ r: Range<Int>) -> Bool {
        var parts = 0
        var value = 0
        var digits = 0
        for k in r {
            let b = t[k]
            if ByteClass.isDigit(b) {
                digits += 1
                value = value * 10 + Int(b &- 0x30)
                guard digits <= 3, value <= 255 else { return false }
            } else if b == 0x2E {
                if digits == 0 { return parts == 4 && k + 1 == r.upperBound }
                parts += 1
                digits = 0
                value = 0
            } else {
                return false
            }
        }
        if digits > 0 { parts += 1 }
        return parts == 4
    }

    /// One label: what the mapping keeps is not empty, does not start with a
    /// combining mark, and passes the hyphen checks (no `-` first or last, not
    /// `--` third and fourth); it does not end in `_`; an `xn--` label decodes
    /// to a valid label that is not all ASCII.
    static func isValidLabel(_ t: UnsafeBufferPointer<UInt8>, _ label: Range<Int>) -> Bool {
        if label.count >= 4 && t[label.lowerBound] | 0x20 == 0x78 && t[label.lowerBound + 1] | 0x20 == 0x6E
            && t[label.lowerBound + 2] == 0x2D && t[label.lowerBound + 3] == 0x2D {
            return isValidALabel(t, (label.lowerBound + 4)..<label.upperBound)
        }
        var kept = 0
        var third: UInt32 = 0
        var last: UInt32 = 0
        var k = label.lowerBound
        while k < label.upperBound {
            let (cp, len) = UTF8Bytes.decode(t, at: k)
            k += len
            if cp < 0x80 {
                guard ByteClass.isHostASCII(UInt8(cp)) || cp == 0x5F else { return false }
            } else {
                switch codePointClass(cp) {
                case .disallowed: return false
                case .ignored: continue
                case .mark: if kept == 0 { return false }
                case .valid, .mapped: break
                }
            }
            kept += 1
            if kept == 1 && cp == 0x2D { return false }
            if kept == 3 { third = cp }
            if kept == 4 && third == 0x2D && cp == 0x2D { return false }
            last = cp
        }
        return kept > 0 && last != 0x2D && last != 0x5F
    }

    /// The Punycode part of an `xn--` label: it decodes, holds a character
    /// beyond ASCII, and the decoded label is valid as it stands (no mapping).
    static func isValidALabel(_ t: UnsafeBufferPointer<UInt8>, _ r: Range<Int>) -> Bool {
        // Decoded on the stack; a label longer than `maxLabelBytes` does not fit and is not valid.
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: Punycode.maxLabelBytes) { buffer in
            guard let count = Punycode.decode(t, r, into: buffer) else { return false }
            return isValidDecodedLabel(UnsafeBufferPointer(rebasing: buffer[..<count]))
        }
    }

    /// `isValidALabel` of the code points an `xn--` label decoded to.
    static func isValidDecodedLabel(_ decoded: UnsafeBufferPointer<UInt32>) -> Bool {
        guard decoded.contains(where: { $0 >= 0x80 }) else { return false }
        for (i, cp) in decoded.enumerated() {
            if cp < 0x80 {
                // Decoded ASCII keeps its case: a capital would be mapped, so the label is not valid.
                guard (cp >= 0x61 && cp <= 0x7A) || (cp >= 0x30 && cp <= 0x39) || cp == 0x2D || cp == 0x5F else { return false }
            } else {
                switch codePointClass(cp) {
                case .valid: break
                case .mark: if i == 0 { return false }
                default: return false
                }
            }
        }
        if decoded.first == 0x2D || decoded.last == 0x2D || decoded.last == 0x5F { return false }
        if decoded.count >= 4 && decoded[2] == 0x2D && decoded[3] == 0x2D { return false }
        return true
    }
}
