@_spi(Layers) import LinkifyModel

/// Finds what GitHub's autolink extension links (`--profile gfm`), with the
/// rules of cmark-gfm 0.29.0.gfm.6 (`extensions/autolink.c`), on raw bytes:
///
/// - `www.` at the start of the text or after white space or one of `*_~(`,
///   followed by a domain with at least one dot; the href is `http://` + text;
/// - `http://`, `https://`, `ftp://` (any case) when the letters before the
///   `:` are exactly the scheme (`xhttp://a.b` is no link) and the character
///   after `//` is neither white space nor punctuation;
/// - email addresses (`[A-Za-z0-9.+_-]+@` a domain of letters, digits, `-`,
///   `_` and inner dots, ending in a letter), `mailto:` and `xmpp:` forms
///   (the href is then the text itself, and `xmpp:` takes a `/resource`).
///
/// A domain has no underscore in its last two labels. A link runs to white
/// space or `<`; then `?!.,:*_~'"` are trimmed from its end, a `)` that has no
/// partner, and `&name;` that looks like an entity.
///
/// URLs are matched first, left to right, as cmark-gfm's inline parser does;
/// email addresses then in the text between them (its post-processing pass).
/// Bytes before `minStart` are looked at only for the character before `www.`.
package struct GFMScanner: EntityScanner {
    /// Whether URLs are reported (they are always matched, so that no email
    /// address is found inside one).
    var reportsURLs = true
    /// Whether email addresses are reported.
    var reportsEmails = true

    package init(reportsURLs: Bool = true, reportsEmails: Bool = true) {
        self.reportsURLs = reportsURLs
        self.reportsEmails = reportsEmails
    }

    /// After this many failed or found addresses in one text run cmark-gfm
    /// stops looking (its recursion guard in `postprocess_text`).
    static let emailAttemptLimit = 1000

    /// The next byte in `i..<limit` that may start a match, or `limit`: a `w`
    /// before a `w` (`www.`), a `:` before a `/` (`://`), or an `@`. The
    /// second byte is tested too because `w` and `:` are common in prose
    /// and almost never start a link.
    @inline(__always)
    static func nextTrigger(_ t: UnsafeBufferPointer<UInt8>, from start: Int, limit: Int) -> Int {
        let n = t.count
        var i = start
        if let base = t.baseAddress {
            let raw = UnsafeRawPointer(base)
            let w = ByteSearch.splat(0x77), colon = ByteSearch.splat(0x3A)
            let slash = ByteSearch.splat(0x2F), atSign = ByteSearch.splat(0x40)
            func mask(at k: Int) -> SIMDMask<SIMD16<Int8>> {
                let v = raw.loadUnaligned(fromByteOffset: k, as: SIMD16<UInt8>.self)
                let next = raw.loadUnaligned(fromByteOffset: k + 1, as: SIMD16<UInt8>.self)
                return ((v .== w) .& (next .== w)) .| ((v .== colon) .& (next .== slash)) .| (v .== atSign)
            }
            // 32 bytes a turn, tested once: triggers are rare in prose.
            while i < limit && i + 33 <= n {
                let low = mask(at: i), high = mask(at: i + 16)
                let any = unsafeBitCast(low .| high, to: (UInt64, UInt64).self)
                if any.0 | any.1 != 0 { break }
                i += 32
            }
            while i < limit && i + 17 <= n {
                let words = unsafeBitCast(mask(at: i), to: (UInt64, UInt64).self)
                if words.0 != 0 { return min(i + words.0.trailingZeroBitCount >> 3, limit) }
                if words.1 != 0 { return min(i + 8 + words.1.trailingZeroBitCount >> 3, limit) }
                i += 16
            }
        }
        while i < limit && !isTrigger(t, at: i) { i += 1 }
        return min(i, limit)
    }

    /// What `nextTrigger` looks for, one byte at a time.
    @inline(__always)
    static func isTrigger(_ t: UnsafeBufferPointer<UInt8>, at i: Int) -> Bool {
        let b = t[i]
        if b == 0x40 { return true }
        guard i + 1 < t.count else { return false }
        let c = t[i + 1]
        return (b == 0x77 && c == 0x77) || (b == 0x3A && c == 0x2F)
    }

    /// The first `byte` in `t[range]`, or `range.upperBound`.
    @inline(__always)
    static func first(_ byte: UInt8, in t: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int {
        let part = UnsafeBufferPointer(rebasing: t[range])
        let splatted = ByteSearch.splat(byte)
        return range.lowerBound + ByteSearch.first(in: part, from: 0, block: { v in v .== splatted }, matches: { $0 == byte })
    }

    // One pass over the text: URLs left to right; email addresses in the
    // text between them, found line by line (cmark-gfm finds them after all
    // URLs of a text node). An `@` makes its line due: its addresses are
    // looked for once every URL that starts before the line end is known
    // (a URL cuts the text an address may extend into), or up to such a URL.
    package func scan(_ t: UnsafeBufferPointer<UInt8>, from minStart: Int, into out: inout [Entity]) {
        let n = t.count
        guard minStart < n else { return }
        var cache = DomainRunCache()
        var floor = minStart    // email addresses are not yet looked for from here on
        var due = -1            // the end of the line of a pending `@`, or -1
        var firstAt = -1        // that `@`, while it is at or after `floor`
        var i = minStart
        while true {
            i = Self.nextTrigger(t, from: i, limit: due >= 0 ? due : n)
            if i == due {
                findEmails(t, floor..<due, firstAt: firstAt, into: &out)
                floor = due
                due = -1
                firstAt = -1
                continue
            }
            guard i < n else { break }
            let b = t[i]
            if b == 0x40 {
                if reportsEmails && due < 0 {
                    due = Self.first(0x0A, in: t, i..<n)
                    firstAt = i
                }
                i += 1
                continue
            }
            guard var r = b == 0x77 ? matchWWW(t, at: i, &cache) : matchScheme(t, colon: i, floor: minStart) else {
                i += 1
                continue
            }
            if CharacterProperties.containsBidiControl(t, r) {
                // SPEC §5, a documented deviation from cmark-gfm (Trojan Source): a
                // bidirectional control between host characters leaves the whole
                // link as text; anywhere else the link ends before it.
                let hostStart = b == 0x77 ? r.lowerBound : i + 3
                var q = hostStart
                while q < r.upperBound && !(t[q] == 0xE2 && CharacterProperties.isBidiControl(UTF8Bytes.decode(t, at: q).scalar)) { q += 1 }
                let inside = q == hostStart || (q < Self.hostEnd(t, from: hostStart, before: r.upperBound)
                    && CharacterProperties.bidiControlsAreInsideWord(t, q..<CharacterProperties.bidiControlsEnd(t, from: q)))
                let before = UnsafeBufferPointer(rebasing: t[..<q])
                var fresh = DomainRunCache()
                guard !inside, let shorter = b == 0x77 ? matchWWW(before, at: i, &fresh) : matchScheme(before, colon: i, floor: minStart) else {
                    i = max(i + 1, q)
                    continue
                }
                r = shorter
            }
            if due >= 0 {
                findEmails(t, floor..<r.lowerBound, firstAt: firstAt, into: &out)
                if due <= r.upperBound { due = -1 }
                firstAt = -1
            }
            floor = r.upperBound
            if reportsURLs {
                out.append(Entity(kind: .url, start: r.lowerBound, end: r.upperBound, targetPrefix: b == 0x77 ? .http : .none))
            }
            i = r.upperBound
        }
    }

    // MARK: URLs

    /// `www.` at `p` (cmark-gfm `www_match`).
    func matchWWW(_ t: UnsafeBufferPointer<UInt8>, at p: Int, _ cache: inout DomainRunCache) -> Range<Int>? {
        let n = t.count
        if p > 0 {
            let prev = t[p - 1]
            guard Self.isSpace(prev) || prev == 0x2A || prev == 0x5F || prev == 0x7E || prev == 0x28 else { return nil }
        }
        guard n - p >= 4, t[p + 1] == 0x77, t[p + 2] == 0x77, t[p + 3] == 0x2E else { return nil }
        guard let domainEnd = cache.domainEnd(t, from: p, allowsShort: false) else { return nil }
        let end = Self.trimmedRun(t, base: p, from: domainEnd)
        return end > p ? p..<end : nil
    }

    /// `scheme://` with its `:` at `c` (cmark-gfm `url_match`); `floor` is the
    /// first byte the scheme letters may start at.
    func matchScheme(_ t: UnsafeBufferPointer<UInt8>, colon c: Int, floor: Int) -> Range<Int>? {
        let n = t.count
        guard n - c >= 4, t[c + 1] == 0x2F, t[c + 2] == 0x2F else { return nil }
        var start = c
        while start > floor && ByteClass.isAlpha(t[start - 1]) { start -= 1 }
        guard Self.isSafeScheme(t, start, c) else { return nil }
        var cache = DomainRunCache()
        guard let domainEnd = cache.domainEnd(t, from: c + 3, allowsShort: true) else { return nil }
        let end = Self.trimmedRun(t, base: c, from: domainEnd)
        return end > c ? start..<end : nil
    }

    /// Whether `t[start..<colon]` is `http`, `https` or `ftp` (any case) and
    /// the character after `://` may start a host (`sd_autolink_issafe`).
    static func isSafeScheme(_ t: UnsafeBufferPointer<UInt8>, _ start: Int, _ colon: Int) -> Bool {
        let length = colon - start
        func lower(_ k: Int) -> UInt8 { ByteClass.lower(t[start + k]) }
        switch length {
        case 3: guard lower(0) == 0x66, lower(1) == 0x74, lower(2) == 0x70 else { return false }
        case 4, 5:
            guard lower(0) == 0x68, lower(1) == 0x74, lower(2) == 0x74, lower(3) == 0x70 else { return false }
            if length == 5 && lower(4) != 0x73 { return false }
        default: return false
        }
        let host = colon + 3
        return host < t.count && isHostCharacter(t, at: host)
    }

    /// cmark-gfm's `is_valid_hostchar`: the scalar at `i` is valid UTF-8 and
    /// neither white space nor punctuation (ASCII punctuation or a Unicode P category).
    @inline(__always)
    static func isHostCharacter(_ t: UnsafeBufferPointer<UInt8>, at i: Int) -> Bool {
        let b = t[i]
        if b < 0x80 {
            // One bit per ASCII byte that is not a host character: tab, line feed,
            // form feed, carriage return, space and punctuation (CommonMark §2.1).
            let low: UInt64 = 0xFC00_FFFF_0000_3600
            let high: UInt64 = 0x7800_0001_F800_0001
            return (b < 64 ? low >> UInt64(b) : high >> UInt64(b - 64)) & 1 == 0
        }
        return isNonASCIIHostCharacter(t, at: i)
    }

    /// `isHostCharacter` for a byte at or above 0x80. Never inlined: the
    /// general category is a resilient enum, and inlined this set up its
    /// metadata and case values on every call of the caller (about 500
    /// instructions per domain).
    @inline(never)
    static func isNonASCIIHostCharacter(_ t: UnsafeBufferPointer<UInt8>, at i: Int) -> Bool {
        let (scalar, _) = UTF8Bytes.decode(t, at: i)
        guard scalar != UTF8Bytes.invalid, let u = Unicode.Scalar(scalar) else { return false }
        switch u.properties.generalCategory {
        case .spaceSeparator, .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
             .initialPunctuation, .finalPunctuation, .otherPunctuation:
            return false
        default:
            return true
        }
    }

    /// Where the host that starts at `i` ends (before `end`): at the first `/`,
    /// `?`, `#`, `:` or white space.
    static func hostEnd(_ t: UnsafeBufferPointer<UInt8>, from i: Int, before end: Int) -> Int {
        var k = i
        while k < end && t[k] != 0x2F && t[k] != 0x3F && t[k] != 0x23 && t[k] != 0x3A && !isSpace(t[k]) { k += 1 }
        return k
    }

    /// cmark's `cmark_isspace`: tab, line feed, carriage return, space.
    @inline(__always)
    static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 }

    /// The end of a URL whose domain ends at `domainEnd`: it runs to white
    /// space or `<` and is then trimmed. Parentheses are counted on the way;
    /// `base..<domainEnd` has none (`www.`, `://` and host characters).
    static func trimmedRun(_ t: UnsafeBufferPointer<UInt8>, base: Int, from domainEnd: Int) -> Int {
        let n = t.count
        var end = domainEnd
        var open = 0
        var close = 0
        while end < n {
            end = ByteSearch.first(in: t, from: end, block: { v in
                (v .== ByteSearch.splat(0x20)) .| (v .== ByteSearch.splat(0x0A)) .| (v .== ByteSearch.splat(0x0D))
                    .| (v .== ByteSearch.splat(0x09)) .| (v .== ByteSearch.splat(0x3C))
                    .| (v .== ByteSearch.splat(0x28)) .| (v .== ByteSearch.splat(0x29))
            }, matches: { isSpace($0) || $0 == 0x3C || $0 == 0x28 || $0 == 0x29 })
            guard end < n else { break }
            let b = t[end]
            if b == 0x28 { open += 1 } else if b == 0x29 { close += 1 } else { break }
            end += 1
        }
        return trimmedEnd(t, base: base, end: end, open: open, close: close)
    }

    /// The end of a link after trimming (`autolink_delim`); `base` is where
    /// cmark-gfm's view of the link starts (the `w` or the `:`), which is where
    /// parentheses are counted from: `open` and `close` are the `(` and `)`
    /// in `base..<end`.
    static func trimmedEnd(_ t: UnsafeBufferPointer<UInt8>, base: Int, end: Int, open: Int, close: Int) -> Int {
        var end = end
        var open = open
        var close = close
        func drop(to newEnd: Int) {
            for k in newEnd..<end {
                if t[k] == 0x28 { open -= 1 } else if t[k] == 0x29 { close -= 1 }
            }
            end = newEnd
        }
        while end > base {
            let last = t[end - 1]
            switch last {
            case 0x3F, 0x21, 0x2E, 0x2C, 0x3A, 0x2A, 0x5F, 0x7E, 0x27, 0x22:
                drop(to: end - 1)
            case 0x3B:
                // `&name;` at the end looks like an entity reference and goes as a whole.
                var k = end - 2
                while k > base && ByteClass.isAlpha(t[k]) { k -= 1 }
                drop(to: k < end - 2 && t[k] == 0x26 ? k : end - 1)
            case 0x29:
                if close <= open { return end }
                drop(to: end - 1)
            default:
                return end
            }
        }
        return end
    }

    // MARK: Email addresses

    /// Email addresses in one text run (cmark-gfm `postprocess_text`). A line
    /// break ends a text run.
    /// Only lines with an `@` can hold one, so the run is searched for `@`
    /// first. The node handed on starts after the previous line with an `@`
    /// rather than at the start of its own line: the lines in between have
    /// no `@`, and neither a local part nor `mailto:` reaches back over a
    /// line feed, so the result is the same without looking back for it.
    /// `firstAt` is the first `@` of the run when the caller knows it, else -1.
    func findEmails(_ t: UnsafeBufferPointer<UInt8>, _ run: Range<Int>, firstAt: Int = -1, into out: inout [Entity]) {
        var floor = run.lowerBound
        var known = firstAt
        while floor < run.upperBound {
            let at = known >= floor ? known : Self.first(0x40, in: t, floor..<run.upperBound)
            known = -1
            guard at < run.upperBound else { return }
            let lineEnd = Self.first(0x0A, in: t, at..<run.upperBound)
            findEmailsInNode(t, floor..<lineEnd, firstAt: at, into: &out)
            floor = lineEnd + 1
        }
    }

    /// Email addresses in one line, `node`, whose first `@` is at `firstAt`.
    func findEmailsInNode(_ t: UnsafeBufferPointer<UInt8>, _ node: Range<Int>, firstAt: Int, into out: inout [Entity]) {
        let end = node.upperBound
        var offset = node.lowerBound
        var attempts = 0
        var forward = ForwardScanCache()
        var at = firstAt
        while offset < end && attempts <= Self.emailAttemptLimit {
            attempts += 1
            if at < offset { at = Self.first(0x40, in: t, offset..<end) }
            guard at < end else { return }
            let maxRewind = at - offset
            var rewind = 0
            var autoMailto = true
            var isXMPP = false
            while rewind < maxRewind {
                let c = t[at - rewind - 1]
                if ByteClass.isAlnum(c) || c == 0x2E || c == 0x2B || c == 0x2D || c == 0x5F { rewind += 1; continue }
                if c == 0x3A {
                    if Self.hasProtocol("mailto:", t, at: at - rewind - 1, floor: offset) { autoMailto = false; rewind += 1; continue }
                    if Self.hasProtocol("xmpp:", t, at: at - rewind - 1, floor: offset) { autoMailto = false; isXMPP = true; rewind += 1; continue }
                }
                break
            }
            guard rewind > 0 else { offset = at + 1; continue }
            let scan = forward.scan(t, at: at, end: end, isXMPP: isXMPP)
            var linkEnd = scan.end - at
            let last = t[scan.end - 1]
            if linkEnd < 2 || scan.atSigns != 1 || scan.dots == 0 || (!ByteClass.isAlpha(last) && last != 0x2E) {
                offset = at + 1
                continue
            }
            // The scanned address is letters, digits, `@.-_` and `/`: no parentheses.
            linkEnd = Self.trimmedEnd(t, base: at, end: at + linkEnd, open: 0, close: 0) - at
            guard linkEnd > 0 else { offset = at + 1; continue }
            let start = at - rewind
            let stop = at + linkEnd
            out.append(Entity(kind: .email, start: start, end: stop, targetPrefix: autoMailto ? .mailto : .none))
            offset = stop
            forward = ForwardScanCache()
        }
    }

    /// Whether `protocol` (ending in `:`) ends at the colon `colon`, starts at or
    /// after `floor`, and has no letter or digit just before it (`validate_protocol`).
    static func hasProtocol(_ proto: StaticString, _ t: UnsafeBufferPointer<UInt8>, at colon: Int, floor: Int) -> Bool {
        let length = proto.utf8CodeUnitCount
        let start = colon + 1 - length
        guard start >= floor else { return false }
        let p = proto.utf8Start
        for k in 0..<length where t[start + k] != p[k] { return false }
        return start == floor || !ByteClass.isAlnum(t[start - 1])
    }
}

/// The forward part of an email address from its `@`: where it stops, and the
/// `@` signs and inner dots on the way. Successive `@` signs of one run share
/// one scan, so a line of `a@a@a@…` is read once.
struct ForwardScanCache {
    var from = -1
    var end = -1
    var isXMPP = false
    var atSigns = 0
    var dots = 0
    /// `@` signs and counted dots in `from..<cursor`.
    var cursor = -1
    var atsBefore = 0
    var dotsBefore = 0

    /// Scans from the `@` at `at` to the first byte that cannot be in the domain.
    mutating func scan(_ t: UnsafeBufferPointer<UInt8>, at: Int, end limit: Int, isXMPP: Bool) -> (end: Int, atSigns: Int, dots: Int) {
        if from >= 0 && at > from && at < end && isXMPP == self.isXMPP {
            while cursor < at {
                let (isAt, isDot) = Self.classify(t, cursor, limit, isXMPP)
                if isAt { atsBefore += 1 }
                if isDot { dotsBefore += 1 }
                cursor += 1
            }
            return (end, atSigns - atsBefore, dots - dotsBefore)
        }
        var k = at
        var ats = 0
        var ds = 0
        while k < limit {
            let c = t[k]
            if ByteClass.isAlnum(c) { k += 1; continue }
            if c == 0x40 { ats += 1 } else if c == 0x2E && k < limit - 1 && ByteClass.isAlnum(t[k + 1]) { ds += 1 } else if c == 0x2F && isXMPP {
                k += 1
                continue
            } else if c != 0x2D && c != 0x5F { break }
            k += 1
        }
        from = at
        end = k
        self.isXMPP = isXMPP
        atSigns = ats
        dots = ds
        cursor = at
        atsBefore = 0
        dotsBefore = 0
        return (k, ats, ds)
    }

    static func classify(_ t: UnsafeBufferPointer<UInt8>, _ k: Int, _ limit: Int, _ isXMPP: Bool) -> (Bool, Bool) {
        let c = t[k]
        return (c == 0x40, c == 0x2E && k < limit - 1 && ByteClass.isAlnum(t[k + 1]))
    }
}

/// cmark-gfm's `check_domain` over one run of host characters, remembered so
/// that another `www.` inside the same run does not read it again.
struct DomainRunCache {
    var start = -1
    var runEnd = -1
    var lastDot = -1
    var previousDot = -1
    var lastUnderscores = 0
    var previousUnderscores = 0

    /// The first index at or after `i` whose byte is not an ASCII letter or digit, or `t.count`.
    @inline(__always)
    static func alnumEnd(_ t: UnsafeBufferPointer<UInt8>, from i: Int) -> Int {
        ByteSearch.first(in: t, from: i, block: { v in
            let lower = v | ByteSearch.splat(0x20)
            return .!(((lower &- ByteSearch.splat(0x61)) .< ByteSearch.splat(26)) .| ((v &- ByteSearch.splat(0x30)) .< ByteSearch.splat(10)))
        }, matches: { !ByteClass.isAlnum($0) })
    }

    /// Whether the byte at `i` is the last of its paragraph: only white space
    /// follows up to a blank line or the end of the text.
    static func endsParagraph(_ t: UnsafeBufferPointer<UInt8>, after i: Int) -> Bool {
        let n = t.count
        var k = i + 1
        while k < n && (t[k] == 0x20 || t[k] == 0x09) { k += 1 }
        if k == n { return true }
        guard t[k] == 0x0A || t[k] == 0x0D else { return false }
        k += t[k] == 0x0D && k + 1 < n && t[k + 1] == 0x0A ? 2 : 1
        while k < n && (t[k] == 0x20 || t[k] == 0x09) { k += 1 }
        return k == n || t[k] == 0x0A || t[k] == 0x0D
    }

    /// Where the domain starting at `p` ends, or nil when it is not valid:
    /// an underscore in the last two labels, or (unless `allowsShort`) no dot.
    mutating func domainEnd(_ t: UnsafeBufferPointer<UInt8>, from p: Int, allowsShort: Bool) -> Int? {
        if start >= 0 && p > start && p < previousDot && !allowsShort {
            return lastUnderscores > 0 || previousUnderscores > 0 ? nil : runEnd
        }
        let n = t.count
        var i = p + 1
        var dots = 0
        var u1 = 0
        var u2 = 0
        var last = -1
        var previous = -1
        while i < n {
            // Letters and digits followed by a byte above space (most of a
            // host) need none of the tests below: skip to the last of such a
            // run, its end found sixteen bytes at a time.
            if ByteClass.isAlnum(t[i]) {
                let j = Self.alnumEnd(t, from: i + 1)
                i = j >= n ? n - 1 : (t[j] > 0x20 ? j : j - 1)
            }
            // cmark-gfm never looks at the last byte of a paragraph here.
            if i + 1 == n || (GFMScanner.isSpace(t[i + 1]) && Self.endsParagraph(t, after: i)) { break }
            let b = t[i]
            if b == 0x00 {
                // cmark reads a NUL as U+FFFD, which it checks byte by byte:
                // its first byte is a host character, the next one (not a
                // scalar's start) ends the domain.
                i += 1
                break
            }
            if b == 0x5F {
                u2 += 1
            } else if b == 0x2E {
                u1 = u2
                u2 = 0
                dots += 1
                previous = last
                last = i
            } else if b != 0x2D && !GFMScanner.isHostCharacter(t, at: i) {
                break
            }
            i += 1
        }
        start = p
        runEnd = min(max(i, p + 1), n)
        lastDot = last
        previousDot = previous
        lastUnderscores = u2
        previousUnderscores = u1
        if u1 > 0 || u2 > 0 { return nil }
        if !allowsShort && dots == 0 { return nil }
        return runEnd
    }
}
