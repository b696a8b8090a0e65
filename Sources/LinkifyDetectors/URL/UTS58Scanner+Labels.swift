@_spi(Layers) import LinkifyModel

/// Label and host helpers of the UTS #58 scanner, shared with the other URL scanners.
extension UTS58Scanner {
    /// The first index at or after `i` in `t` that is not an ASCII letter,
    /// digit or `-`, found sixteen bytes at a time, or `t.count`.
    @inline(__always)
    static func hostASCIIEnd(_ t: UnsafeBufferPointer<UInt8>, from i: Int) -> Int {
        ByteSearch.first(in: t, from: i, block: { v in
            let lower = v | ByteSearch.splat(0x20)
            let alpha = (lower &- ByteSearch.splat(0x61)) .< ByteSearch.splat(26)
            return .!(alpha .| ((v &- ByteSearch.splat(0x30)) .< ByteSearch.splat(10)) .| (v .== ByteSearch.splat(0x2D)))
        }, matches: { !ByteClass.isHostASCII($0) })
    }

    /// `hostASCIIEnd(t, from: i)`, but at most `end`. The search may read up to
    /// a block past `end` (so that a short host is still read sixteen bytes at
    /// a time) and no further, so the work stays proportional to the range.
    @inline(__always)
    static func hostASCIIEnd(_ t: UnsafeBufferPointer<UInt8>, from i: Int, before end: Int) -> Int {
        ByteSearch.first(in: t, from: i, before: end, block: { v in
            let lower = v | ByteSearch.splat(0x20)
            let alpha = (lower &- ByteSearch.splat(0x61)) .< ByteSearch.splat(26)
            return .!(alpha .| ((v &- ByteSearch.splat(0x30)) .< ByteSearch.splat(10)) .| (v .== ByteSearch.splat(0x2D)))
        }, matches: { !ByteClass.isHostASCII($0) })
    }

    /// End of the domain label starting at `i` (label characters only).
    @inline(__always)
    static func spanLabel(_ t: UnsafeBufferPointer<UInt8>, from i: Int) -> Int {
        var k = i
        let n = t.count
        while k < n {
            let b = t[k]
            if b < 0x80 {
                if !ByteClass.isHostASCII(b) { break }
                k = hostASCIIEnd(t, from: k + 1)
                continue
            }
            let (cp, len) = UTF8Bytes.decode(t, at: k)
            if !CharacterProperties.isHostLabel(cp) { break }
            k += len
        }
        return k
    }

    /// Whether the wide full stop (`。`, `．`, `｡`) right after `label` ends
    /// a bare domain rather than separating labels, in text without spaces
    /// (SPEC §5): `label` is a top-level domain and the text after the stop is
    /// a last label that is not (`example.com。然后` ends at `com`;
    /// `普遍适用测试。我爱你` and `a.com。b.org` are one domain each).
    @inline(never)   // (rare: kept out of `label(afterDot:)`, which the scan inlines)
    static func wideStopEndsHost(_ t: UnsafeBufferPointer<UInt8>, after label: Range<Int>) -> Bool {
        guard TLDList.contains(t, label) else { return false }
        let nextStart = label.upperBound + 3
        let nextEnd = spanLabel(t, from: nextStart)
        let sep = nextEnd < t.count ? dotLength(t, at: nextEnd) : 0
        let nextIsLast = !(sep > 0 && startsLabel(t, at: nextEnd + sep))
        return nextIsLast && !TLDList.contains(t, nextStart..<nextEnd)
    }

    /// Whether a label character starts at `i`: `spanLabel(t, from: i) > i`, in constant time.
    @inline(__always)
    static func startsLabel(_ t: UnsafeBufferPointer<UInt8>, at i: Int) -> Bool {
        guard i < t.count else { return false }
        let b = t[i]
        if b < 0x80 { return ByteClass.isHostASCII(b) }
        return CharacterProperties.isHostLabel(UTF8Bytes.decode(t, at: i).0)
    }

    /// Labels are not empty (but for a final dot) and do not start or end with `-`.
    static func validLabels(_ t: UnsafeBufferPointer<UInt8>, _ r: Range<Int>, allowUnderscore: Bool = false) -> Bool {
        validASCIILabels(t, r, allowUnderscore: allowUnderscore) ?? validLabelsByScalars(t, r, allowUnderscore: allowUnderscore)
    }

    /// `validLabels`, scalar by scalar (ASCII runs sixteen bytes at a time).
    static func validLabelsByScalars(_ t: UnsafeBufferPointer<UInt8>, _ r: Range<Int>, allowUnderscore: Bool) -> Bool {
        var k = r.lowerBound
        var labelStart = k
        func labelOK(_ s: Int, _ e: Int, last: Bool) -> Bool {
            if s == e { return last && s > r.lowerBound }
            return t[s] != 0x2D && t[e - 1] != 0x2D
        }
        while k < r.upperBound {
            let b = t[k]
            if b < 0x80 && b != 0x2E {
                // ASCII without decoding, sixteen at a time: most hosts are all ASCII.
                if !(ByteClass.isHostASCII(b) || (allowUnderscore && b == 0x5F)) { return false }
                k = hostASCIIEnd(t, from: k + 1, before: r.upperBound)
                continue
            }
            let len = dotLength(t, at: k)
            if len > 0 {
                if !labelOK(labelStart, k, last: false) { return false }
                k += len
                labelStart = k
                continue
            }
            let (cp, clen) = UTF8Bytes.decode(t, at: k)
            if !(CharacterProperties.isHostLabel(cp) || (allowUnderscore && cp == 0x5F)) { return false }
            k += clen
        }
        return labelOK(labelStart, r.upperBound, last: true)
    }

    /// `validLabels` for a range of 1 to 64 bytes of ASCII letters, digits,
    /// `-`, `.` (and `_` when allowed), from one bit per byte for its full
    /// stops and its hyphens, sixteen bytes a load (most hosts are short and
    /// plain); nil, for the loop to decide, when the range is longer, too near
    /// the end of the buffer to load whole blocks, or holds another byte.
    @inline(__always)
    static func validASCIILabels(_ t: UnsafeBufferPointer<UInt8>, _ r: Range<Int>, allowUnderscore: Bool) -> Bool? {
        let count = r.count
        guard count > 0, count <= 64, r.lowerBound + (count + 15) & ~15 <= t.count, let base = t.baseAddress else { return nil }
        let raw = UnsafeRawPointer(base)
        var dots: UInt64 = 0, hyphens: UInt64 = 0
        let underscore = ByteSearch.splat(allowUnderscore ? 0x5F : 0x2D)   // (`-` again when `_` is not allowed)
        var block = 0
        while block < count {
            let v = raw.loadUnaligned(fromByteOffset: r.lowerBound + block, as: SIMD16<UInt8>.self)
            let lower = v | ByteSearch.splat(0x20)
            let letter = (lower &- ByteSearch.splat(0x61)) .< ByteSearch.splat(26)
            let digit = (v &- ByteSearch.splat(0x30)) .< ByteSearch.splat(10)
            let dot = v .== ByteSearch.splat(0x2E), hyphen = v .== ByteSearch.splat(0x2D)
            // Any other byte in the range (not in the lanes past its end): the loop decides.
            var other = unsafeBitCast(.!(letter .| digit .| dot .| hyphen .| (v .== underscore)), to: (UInt64, UInt64).self)
            let left = count - block
            if left < 16 {
                other.1 = left <= 8 ? 0 : other.1 & ((1 << UInt64(8 * (left - 8))) &- 1)
                if left < 8 { other.0 &= (1 << UInt64(8 * left)) &- 1 }
            }
            if other.0 | other.1 != 0 { return nil }
            let shift = UInt64(block)
            dots |= ByteSearch.bits(dot) << shift
            hyphens |= ByteSearch.bits(hyphen) << shift
            block += 16
        }
        let live: UInt64 = count == 64 ? ~0 : (1 << UInt64(count)) &- 1
        dots &= live
        hyphens &= live
        let last: UInt64 = 1 << UInt64(count - 1)
        // An empty label before the last (a first full stop, two in a row),
        // or a label that starts or ends with `-`; the last label may be
        // empty (a final dot).
        if dots & 1 != 0 || dots & (dots >> 1) != 0 { return false }
        if hyphens & 1 != 0 || hyphens & last != 0 || hyphens & (dots << 1) != 0 || hyphens & (dots >> 1) != 0 { return false }
        return true
    }

    /// Whether `t[r]` holds `..`. Byte by byte: the ranges are local parts,
    /// mostly shorter than a block, and a sixteen-bytes search of them cost
    /// more instructions on real text.
    static func hasDoubleDot(_ t: UnsafeBufferPointer<UInt8>, _ r: Range<Int>) -> Bool {
        var k = r.lowerBound
        while k + 1 < r.upperBound {
            if t[k] == 0x2E && t[k + 1] == 0x2E { return true }
            k += 1
        }
        return false
    }

    /// Whether `www.` (any case) is at `s`: one load of four bytes, the first
    /// three lowercased (only `W` and `w` give `w`), the full stop exact.
    @inline(__always)
    static func hasWWWPrefix(_ t: UnsafeBufferPointer<UInt8>, _ s: Int) -> Bool {
        guard s >= 0, s + 4 <= t.count, let base = t.baseAddress else { return false }
        let w = UInt32(littleEndian: UnsafeRawPointer(base + s).loadUnaligned(as: UInt32.self))
        return w | 0x0020_2020 == 0x2E77_7777
    }

    // MARK: - Authorities

    /// The first index at or after `i`, before `end`, whose byte is not an ASCII
    /// letter, digit, `-`, `.`, `_` or `:`, sixteen bytes at a time, or `end`.
    @inline(__always)
    static func plainAuthorityEnd(_ t: UnsafeBufferPointer<UInt8>, from i: Int, before end: Int) -> Int {
        ByteSearch.first(in: t, from: i, before: end, block: { v in
            let lower = v | ByteSearch.splat(0x20)
            let alpha = (lower &- ByteSearch.splat(0x61)) .< ByteSearch.splat(26)
            // `-` `.` are 0x2D 0x2E, digits and `:` are 0x30…0x3A.
            let punct = (v &- ByteSearch.splat(0x2D)) .< ByteSearch.splat(2)
            let digitOrColon = (v &- ByteSearch.splat(0x30)) .< ByteSearch.splat(11)
            return .!(alpha .| punct .| digitOrColon .| (v .== ByteSearch.splat(0x5F)))
        }, matches: { !isPlainAuthorityByte($0) })
    }

    @inline(__always)
    static func isPlainAuthorityByte(_ b: UInt8) -> Bool {
        ByteClass.isAlnum(b) || b == 0x2D || b == 0x2E || b == 0x5F || b == 0x3A
    }

    /// `validAuthority(t, r) != nil` for an authority of `isPlainAuthorityByte`
    /// bytes: `host[:port]` with a host that `HostValidation` accepts.
    @inline(__always)
    static func validPlainAuthority(_ t: UnsafeBufferPointer<UInt8>, _ r: Range<Int>) -> Bool {
        // The port's `:`, sixteen bytes at a time (byte by byte, this was as
        // costly as the host's validation on URL-dense text).
        let hostEnd = ByteSearch.first(in: t, from: r.lowerBound, before: r.upperBound,
                                       block: { $0 .== ByteSearch.splat(0x3A) }, matches: { $0 == 0x3A })
        guard HostValidation.isValidPlainHost(t, r.lowerBound..<hostEnd) else { return false }
        guard hostEnd < r.upperBound else { return true }
        // `:port`: at most five digits, at most 65535.
        let digits = (hostEnd + 1)..<r.upperBound
        guard digits.count <= 5 else { return false }
        var port = 0
        for d in digits {
            guard ByteClass.isDigit(t[d]) else { return false }
            port = port * 10 + Int(t[d] &- 0x30)
        }
        return port <= 0xFFFF
    }

    /// Checks a web URL's authority (`host[:port]`, IPv4, or `[IPv6][:port]`);
    /// returns where the host really ends (before an ideographic full stop that
    /// is followed by text rather than a top-level domain), or nil if invalid.
    static func validAuthority(_ t: UnsafeBufferPointer<UInt8>, _ r: Range<Int>) -> Int? {
        guard !r.isEmpty else { return nil }
        var hostEnd = r.upperBound
        if t[r.lowerBound] == 0x5B {
            guard let close = t[r].firstIndex(of: 0x5D) else { return nil }
            for k in (r.lowerBound + 1)..<close {
                let b = t[k]
                guard ByteClass.isDigit(b) || (b | 0x20 >= 0x61 && b | 0x20 <= 0x66) || b == 0x3A || b == 0x2E else { return nil }
            }
            hostEnd = close + 1
        } else if let colon = t[r].lastIndex(of: 0x3A) {
            hostEnd = colon
        }
        if hostEnd < r.upperBound {
            // `:port`
            let digits = (hostEnd + 1)..<r.upperBound
            guard t[hostEnd] == 0x3A, digits.count <= 5, t[digits].allSatisfy(ByteClass.isDigit) else { return nil }
            if !digits.isEmpty, Int(String(decoding: UnsafeBufferPointer(rebasing: t[digits]), as: Unicode.UTF8.self))! > 0xFFFF { return nil }
        }
        if t[r.lowerBound] == 0x5B { return r.upperBound }
        let host = r.lowerBound..<hostEnd
        guard !host.isEmpty else { return nil }
        // Text without spaces: cut at an ideographic full stop not followed by a top-level domain.
        var k = host.lowerBound
        var lastLabelStart = k
        var cut: Int?
        while k < host.upperBound {
            if t[k] < 0x80 && t[k] != 0x2E {
                k = hostASCIIEnd(t, from: k + 1, before: host.upperBound)   // only full stops matter here
                continue
            }
            let len = dotLength(t, at: k)
            if len > 0 {
                if len == 3 && cut == nil {
                    let next = spanLabel(t, from: k + 3)
                    let nextIsLast = next >= host.upperBound || dotLength(t, at: next) > 0 && next + dotLength(t, at: next) >= host.upperBound
                    if !(nextIsLast && TLDList.contains(t, (k + 3)..<min(next, host.upperBound))) && TLDList.contains(t, lastLabelStart..<k) {
                        cut = k
                    }
                }
                k += len
                lastLabelStart = k
                continue
            }
            k += 1
        }
        let checked = cut.map { host.lowerBound..<$0 } ?? host
        guard HostValidation.isValidHost(t, checked) else { return nil }
        return cut ?? r.upperBound
    }

    /// Whether the ASCII local-part characters from `i` (`+git`) run into an
    /// `@` followed by a host character: the name before them is then the
    /// start of an email's local part (`anty.sk+git@gmail.com`), not a link.
    /// `/`, `?` and `#` start a path, query or fragment instead
    /// (`www.mail-archive.com/ruby-talk@ruby-lang.org/`, a UTS #58 test line).
    /// Local parts are short, so the look stops after 64 bytes.
    static func joinsLocalPart(_ t: UnsafeBufferPointer<UInt8>, from i: Int) -> Bool {
        var k = i
        let limit = min(t.count, i + 64)
        while k < limit && isLocalPartASCII(t[k]) { k += 1 }
        return k + 1 < t.count && t[k] == 0x40 && (ByteClass.isHostASCII(t[k + 1]) || t[k + 1] >= 0x80)
    }

    // MARK: - Email local parts (SPEC §5, a documented deviation from UTS #58)

    /// Whether the ASCII byte `b` belongs to a local part: a letter, a digit
    /// or `. _ % + -`. The other Link_Email symbols (`!#$&*/=?^`{|}~`) end it,
    /// so that `EMAIL='me@example.com'` and `--author=me@example.com` link
    /// `me@example.com`; `'` belongs only between two letters (`localPartStart`).
    @inline(__always)
    static func isLocalPartASCII(_ b: UInt8) -> Bool {
        // One shift and test in a set of the 128 ASCII bytes, two words:
        // `% + - .` and the digits below 64, the letters and `_` above.
        let word: UInt64 = b < 64 ? 0x03FF_6820_0000_0000 : (b < 128 ? 0x07FF_FFFE_87FF_FFFE : 0)
        return word >> UInt64(b & 63) & 1 != 0
    }

    /// Where the local part that ends at `at` (the `@`) starts, never before
    /// `floor`: it runs back over `isLocalPartASCII` bytes, Link_Email
    /// characters beyond ASCII (letters, marks and digits), and `'` between
    /// two letters (`o'brien`).
    @inline(__always)
    static func localPartStart(_ t: UnsafeBufferPointer<UInt8>, before at: Int, floor: Int) -> Int {
        @inline(__always) func isLetter(_ cp: UInt32) -> Bool {
            cp < 0x80 ? ByteClass.isAlpha(UInt8(cp)) : CharacterProperties.isEmailLocal(cp)
        }
        var k = at
        while k > floor {
            let b = t[k - 1]
            if b < 0x80 {
                if isLocalPartASCII(b) { k -= 1; continue }
                guard b == 0x27, k < at, k - 1 > floor, isLetter(UTF8Bytes.decode(t, at: k).scalar),
                      isLetter(UTF8Bytes.decode(t, before: k - 1, floor: floor).scalar) else { break }
                k -= 1
                continue
            }
            let (cp, len) = UTF8Bytes.decode(t, before: k, floor: floor)
            guard CharacterProperties.isEmailLocal(cp) else { break }
            k -= len
        }
        return k
    }
}
