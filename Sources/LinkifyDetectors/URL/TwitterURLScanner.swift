@_spi(Layers) import LinkifyModel

/// Finds URLs by twitter-text's rules (the `twitter` profile).
///
/// twitter-text matches one pattern, left to right: a preceding character that
/// is not an ASCII letter or digit, `@`, `$` or `#`; an optional `http://` or
/// `https://`; a domain of labels made of any characters but ASCII punctuation,
/// spaces and directional marks, ending in a known top-level domain that no
/// ASCII letter, digit, `@`, `+` or `-` follows; an optional port, path (that
/// ends in a letter, digit, `+ - = _ # /` or balanced parentheses) and query.
/// Then: a domain without protocol must not follow `- _ . /`, and only its
/// ASCII (and Latin) parts become links (`example.comてすと` links
/// `example.com`); a `t.co` link ends after its slug (at most 40 characters);
/// labels longer than 63 characters in Punycode are invalid.
///
/// This scanner does the same without a regex: it jumps to each `.`, takes the
/// run of domain characters around it, splits it into labels once, and
/// answers for every possible start in the run in constant time from tables
/// over the labels, so the work stays linear in the input.
package struct TwitterURLScanner: EntityScanner {
    /// Resume right after each URL reported, not after the whole match (a
    /// query dropped from a URL without protocol or path, the non-ASCII rest
    /// of a domain): Markdown input, where the next run sees the text after
    /// the written link afresh (SPEC §4, `LinkBoundaryRescan`).
    var resumesAfterLinks = false

    package init(resumesAfterLinks: Bool = false) { self.resumesAfterLinks = resumesAfterLinks }

    /// twitter-text's `MAX_URL_LENGTH`, in UTF-16 code units.
    static let maxURLLength = 4096
    /// twitter-text's `MAX_TCO_SLUG_LENGTH`.
    static let maxTcoSlugLength = 40
    /// The longest DNS label (RFC 1035), checked in Punycode form.
    static let maxLabelLength = 63

    /// The longest top-level domain in Unicode scalars.
    static let maxTLDScalars: Int = {
        var longest = 0, current = 0
        let blob = TLDData.sorted
        let p = blob.utf8Start
        for i in 0..<blob.utf8CodeUnitCount {
            let b = p[i]
            if b == 0x0A { longest = max(longest, current); current = 0 } else if b & 0xC0 != 0x80 { current += 1 }
        }
        return max(longest, current)
    }()

    package func scan(_ t: UnsafeBufferPointer<UInt8>, from minStart: Int, into out: inout [Entity]) {
        let n = t.count
        var state = State(t: t, minStart: minStart, resumesAfterLinks: resumesAfterLinks)
        var i = minStart
        while i < n {
            while i < n && t[i] != 0x2E { i += 1 }
            guard i < n else { break }
            if i < state.lastIndex { i = state.lastIndex; continue }
            // The run of label characters and dots around this dot.
            var runStart = i
            while runStart > state.lastIndex {
                let (cp, len) = UTF8Bytes.decode(t, before: runStart, floor: state.lastIndex)
                guard Self.isRunChar(cp) else { break }
                runStart -= len
            }
            var runEnd = i + 1
            while runEnd < n {
                let (cp, len) = UTF8Bytes.decode(t, at: runEnd)
                guard Self.isRunChar(cp) else { break }
                runEnd += len
            }
            // SPEC §5, a documented deviation from twitter-text (Trojan Source): a
            // bidirectional control between the run and more host characters is
            // inside the host, which it makes invalid; at a word's edge it only
            // precedes or ends the link (twitter-text's own right-to-left cases).
            let controlsBefore = CharacterProperties.bidiControlsStart(t, endingAt: runStart, floor: state.lastIndex)..<runStart
            let controlsAfter = runEnd..<CharacterProperties.bidiControlsEnd(t, from: runEnd)
            if CharacterProperties.bidiControlsAreInsideWord(t, controlsBefore, floor: state.lastIndex)
                || CharacterProperties.bidiControlsAreInsideWord(t, controlsAfter, floor: state.lastIndex) {
                i = max(runEnd, state.lastIndex)
                continue
            }
            state.scanRun(runStart..<runEnd, into: &out)
            i = max(runEnd, state.lastIndex)
        }
    }

    @inline(__always)
    static func isRunChar(_ cp: UInt32) -> Bool {
        cp == 0x2E || cp == 0x2D || cp == 0x5F || TwitterCharacters.isDomainChar(cp)
    }

    /// The scan of one text: where the pattern may match next, and the labels of the current run.
    struct State {
        let t: UnsafeBufferPointer<UInt8>
        let minStart: Int
        let resumesAfterLinks: Bool
        /// Where the previous match ended (the regex's `lastIndex`): a preceding
        /// character must start here or later.
        var lastIndex: Int
        var labelStart: [Int] = [], labelEnd: [Int] = []
        var lastIsDomainChar: [Bool] = []
        var lastUnderscore: [Int] = []
        var tld: [Int] = []            // end of the top-level domain that starts the label, or -1
        var chainEnd: [Int] = []
        var lastGood: [Int] = []

        init(t: UnsafeBufferPointer<UInt8>, minStart: Int, resumesAfterLinks: Bool) {
            self.t = t
            self.minStart = minStart
            self.resumesAfterLinks = resumesAfterLinks
            // The character before minStart is context: it may precede a URL.
            self.lastIndex = minStart > 0 ? minStart - UTF8Bytes.decode(t, before: minStart).length : 0
        }

        // MARK: Runs and labels

        mutating func scanRun(_ run: Range<Int>, into out: inout [Entity]) {
            splitLabels(run)
            let count = labelStart.count
            guard count >= 2 else { return }
            // `http://` or `https://` right before the run: tried first, it is leftmost.
            if let protocolStart = protocolStart(before: run.lowerBound), precedes(at: protocolStart),
               let domainEnd = domainEnd(start: run.lowerBound, label: 0) {
                match(start: protocolStart, domainStart: run.lowerBound, domainEnd: domainEnd, before: nil, into: &out)
                if lastIndex >= run.upperBound { return }
            }
            var s = run.lowerBound
            var f = 0
            while s < run.upperBound {
                while f < count && labelEnd[f] < s { f += 1 }
                let (cp, len) = UTF8Bytes.decode(t, at: s)
                guard f < count, s >= lastIndex, s >= minStart, TwitterCharacters.isDomainChar(cp) else { s += len; continue }
                var matched = false
                if s == 0 && lastIndex == 0 {
                    // The pattern tries the first character as the preceding one before `^`.
                    if TwitterCharacters.mayPrecedeURL(cp), len < run.upperBound, labelEnd[0] > len,
                       let end = domainEnd(start: len, label: 0) {
                        match(start: len, domainStart: len, domainEnd: end, before: cp, into: &out)
                        matched = true
                    } else if let end = domainEnd(start: 0, label: 0) {
                        match(start: 0, domainStart: 0, domainEnd: end, before: nil, into: &out)
                        matched = true
                    }
                } else if s > 0 {
                    let (before, beforeLength) = UTF8Bytes.decode(t, before: s, floor: max(0, s - 4))
                    if s - beforeLength >= lastIndex, TwitterCharacters.mayPrecedeURL(before),
                       let end = domainEnd(start: s, label: f) {
                        match(start: s, domainStart: s, domainEnd: end, before: before, into: &out)
                        matched = true
                    }
                }
                if matched {
                    if lastIndex >= run.upperBound { return }
                    s = max(s + len, lastIndex)
                    continue
                }
                s += len
            }
        }

        /// Splits the run at its dots and fills the label tables.
        mutating func splitLabels(_ run: Range<Int>) {
            labelStart.removeAll(keepingCapacity: true)
            labelEnd.removeAll(keepingCapacity: true)
            lastIsDomainChar.removeAll(keepingCapacity: true)
            lastUnderscore.removeAll(keepingCapacity: true)
            var k = run.lowerBound
            var start = k
            var lastDomain = false
            var underscore = -1
            while k <= run.upperBound {
                if k == run.upperBound || t[k] == 0x2E {
                    labelStart.append(start)
                    labelEnd.append(k)
                    lastIsDomainChar.append(k > start && lastDomain)
                    lastUnderscore.append(underscore)
                    k += 1
                    start = k
                    lastDomain = false
                    underscore = -1
                    continue
                }
                let (cp, len) = UTF8Bytes.decode(t, at: k)
                lastDomain = TwitterCharacters.isDomainChar(cp)
                if cp == 0x5F { underscore = k }
                k += len
            }
            let count = labelStart.count
            guard count >= 2 else { return }
            tld = [Int](repeating: -1, count: count)
            for i in 1..<count { tld[i] = tldEnd(at: labelStart[i], limit: t.count) ?? -1 }
            // chainEnd[i]: the first label from i on that cannot be a subdomain
            // (`validSubdomain`: a domain character at both ends, `-` and `_` inside,
            // and a dot after it).
            chainEnd = [Int](repeating: count - 1, count: count)
            var i = count - 2
            while i >= 0 {
                chainEnd[i] = isFullLabelSubdomain(i) ? chainEnd[i + 1] : i
                i -= 1
            }
            // lastGood[x]: the last label j <= x that can be the domain name
            // (`validDomainName`: no `_`) right before a top-level domain.
            lastGood = [Int](repeating: -1, count: count)
            var good = -1
            for j in 0..<count {
                if j < count - 1 && isFullLabelName(j) && tld[j + 1] >= 0 { good = j }
                lastGood[j] = good
            }
        }

        func isFullLabelSubdomain(_ i: Int) -> Bool {
            guard i < labelStart.count - 1, labelEnd[i] > labelStart[i], lastIsDomainChar[i] else { return false }
            return TwitterCharacters.isDomainChar(UTF8Bytes.decode(t, at: labelStart[i]).scalar)
        }

        func isFullLabelName(_ i: Int) -> Bool {
            isFullLabelSubdomain(i) && lastUnderscore[i] < 0
        }

        /// The end of the domain that starts at `s` inside label `f`: the greedy
        /// choice of `validSubdomain* validDomainName TLD` (the most subdomains
        /// that still leave a domain name and a top-level domain).
        func domainEnd(start s: Int, label f: Int) -> Int? {
            let count = labelStart.count
            guard f < count - 1, s < labelEnd[f], lastIsDomainChar[f],
                  TwitterCharacters.isDomainChar(UTF8Bytes.decode(t, at: s).scalar) else { return nil }
            let g = lastGood[chainEnd[f + 1]]
            if g >= f + 1 { return tld[g + 1] }
            if lastUnderscore[f] < s && tld[f + 1] >= 0 { return tld[f + 1] }
            return nil
        }

        /// Whether a match may start at `p`: at the very start, or after a
        /// character that may precede a URL and that no earlier match took.
        func precedes(at p: Int) -> Bool {
            guard p >= minStart else { return false }
            if p == 0 { return lastIndex == 0 }
            let (before, len) = UTF8Bytes.decode(t, before: p, floor: max(0, p - 4))
            return p - len >= lastIndex && TwitterCharacters.mayPrecedeURL(before)
        }

        /// The start of `http://` or `https://` (any case) that ends right at `p`.
        func protocolStart(before p: Int) -> Int? {
            guard p >= 7, t[p - 1] == 0x2F, t[p - 2] == 0x2F, t[p - 3] == 0x3A else { return nil }
            var k = p - 3
            if ByteClass.lower(t[k - 1]) == 0x73 { k -= 1 }
            guard k >= 4, UTF8Bytes.hasPrefixIgnoringCase(t, "http", at: k - 4) else { return nil }
            return k - 4
        }

        // MARK: A match

        /// Completes a match whose domain is known: port, path and query, then
        /// twitter-text's checks; records the URLs it yields.
        mutating func match(start: Int, domainStart: Int, domainEnd: Int, before: UInt32?, into out: inout [Entity]) {
            let n = t.count
            var end = domainEnd
            if end + 1 < n && t[end] == 0x3A && ByteClass.isDigit(t[end + 1]) {
                end += 1
                while end < n && ByteClass.isDigit(t[end]) { end += 1 }
            }
            var hasPath = false
            if end < n && t[end] == 0x2F {
                hasPath = true
                end = pathEnd(from: end + 1)
            }
            if end < n && t[end] == 0x3F, let q = queryEnd(at: end, limit: n) { end = q }
            lastIndex = end
            let reported = out.count
            defer { if resumesAfterLinks && out.count > reported { lastIndex = out[out.count - 1].end } }
            let hasProtocol = start < domainStart
            guard isValidURL(start..<end, domain: domainStart..<domainEnd, protocolLength: hasProtocol ? domainStart - start : 8) else {
                return
            }
            if !hasProtocol {
                // `invalidUrlWithoutProtocolPrecedingChars`.
                if let b = before, b == 0x2D || b == 0x5F || b == 0x2E || b == 0x2F { return }
                var found = asciiDomains(in: domainStart..<domainEnd)
                guard !found.isEmpty else { return }
                if hasPath { found[found.count - 1] = found[found.count - 1].lowerBound..<end }
                for r in found {
                    out.append(Entity(kind: .url, start: r.lowerBound, end: r.upperBound, targetPrefix: .https))
                }
                return
            }
            // `validTcoUrl`: a t.co link is its slug (and query), nothing after.
            let slugStart = domainStart + 5
            if domainEnd - domainStart == 4, slugStart <= end, UTF8Bytes.hasPrefixIgnoringCase(t, "t.co/", at: domainStart) {
                var k = slugStart
                while k < end && ByteClass.isAlnum(t[k]) { k += 1 }
                if k > slugStart {
                    if k - slugStart > TwitterURLScanner.maxTcoSlugLength { return }
                    if k < end && t[k] == 0x3F, let q = queryEnd(at: k, limit: end) { k = q }
                    end = k
                }
            }
            var entity = Entity(kind: .url, start: start, end: end, targetPrefix: .none)
            HostSpoof.check(&entity, host: domainStart..<domainEnd, in: t)
            out.append(entity)
        }

        /// End of `validUrlPath` after the `/` at `p - 1`: the longest run of path
        /// characters and balanced parentheses that ends in an ending character.
        func pathEnd(from p: Int) -> Int {
            let n = t.count
            var k = p
            var good = p
            while k < n {
                let (cp, len) = UTF8Bytes.decode(t, at: k)
                if TwitterCharacters.isPathChar(cp) {
                    k += len
                    if TwitterCharacters.isPathEndingChar(cp) { good = k }
                    continue
                }
                if cp == 0x28, let e = balancedParensEnd(at: k) {
                    k = e
                    good = k
                    continue
                }
                break
            }
            return good
        }

        /// `validUrlBalancedParens`: `(chars)` or `(chars(chars)chars)`.
        func balancedParensEnd(at open: Int) -> Int? {
            let n = t.count
            func pathChars(from i: Int) -> Int {
                var k = i
                while k < n {
                    let (cp, len) = UTF8Bytes.decode(t, at: k)
                    guard TwitterCharacters.isPathChar(cp) else { break }
                    k += len
                }
                return k
            }
            let a = pathChars(from: open + 1)
            guard a < n else { return nil }
            if t[a] == 0x29 { return a > open + 1 ? a + 1 : nil }
            guard t[a] == 0x28 else { return nil }
            let b = pathChars(from: a + 1)
            guard b > a + 1, b < n, t[b] == 0x29 else { return nil }
            let c = pathChars(from: b + 1)
            guard c < n, t[c] == 0x29 else { return nil }
            return c + 1
        }

        /// End of `\?validUrlQueryChars*validUrlQueryEndingChars` at `q`, or nil.
        func queryEnd(at q: Int, limit: Int) -> Int? {
            var k = q + 1
            var good: Int?
            while k < limit && TwitterCharacters.isQueryChar(t[k]) {
                if TwitterCharacters.isQueryEndingChar(t[k]) { good = k + 1 }
                k += 1
            }
            return good
        }

        // MARK: Top-level domains

        /// End of the top-level domain starting at `p` (the longest one that no
        /// ASCII letter, digit, `@`, `+` or `-` follows), or of an `xn--` label; nil if none.
        /// `limit` is the end of the string being matched (a look-ahead there succeeds).
        func tldEnd(at p: Int, limit: Int) -> Int? {
            var best: Int?
            var k = p
            var scalars = 0
            while k < limit && scalars < TwitterURLScanner.maxTLDScalars {
                let (cp, len) = UTF8Bytes.decode(t, at: k)
                guard cp != 0x2E, TwitterURLScanner.isRunChar(cp) else { break }
                k += len
                scalars += 1
                if k < limit {
                    let b = t[k]
                    if ByteClass.isAlnum(b) || b == 0x40 || b == 0x2B || b == 0x2D { continue }
                }
                if TLDList.contains(t, p..<k) { best = k }
            }
            if best != nil { return best }
            // `validPunycode`: any `xn--` label.
            guard p + 4 < limit, UTF8Bytes.hasPrefixIgnoringCase(t, "xn--", at: p) else { return nil }
            var e = p + 4
            while e < limit && (ByteClass.isAlnum(t[e]) || t[e] == 0x2D) { e += 1 }
            return e > p + 4 ? e : nil
        }

        // MARK: Checks

        /// `validAsciiDomain` matches inside `domain`, left to right: labels of
        /// ASCII letters, digits, `-` and Latin accents, dots, a top-level domain.
        func asciiDomains(in domain: Range<Int>, first: Bool = false) -> [Range<Int>] {
            var result: [Range<Int>] = []
            var pos = domain.lowerBound
            let limit = domain.upperBound
            while pos < limit {
                var q = pos
                while q < limit {
                    let (cp, len) = UTF8Bytes.decode(t, at: q)
                    if TwitterCharacters.isASCIIDomainLabelChar(cp) { break }
                    q += len
                }
                guard q < limit else { break }
                var dots: [Int] = []
                var k = q
                while true {
                    let chunkStart = k
                    while k < limit {
                        let (cp, len) = UTF8Bytes.decode(t, at: k)
                        guard TwitterCharacters.isASCIIDomainLabelChar(cp) else { break }
                        k += len
                    }
                    guard k > chunkStart, k < limit, t[k] == 0x2E else { break }
                    dots.append(k)
                    k += 1
                }
                var matchedEnd: Int?
                for dot in dots.reversed() {
                    if let e = tldEnd(at: dot + 1, limit: limit) { matchedEnd = e; break }
                }
                if let e = matchedEnd {
                    result.append(q..<e)
                    if first { return result }
                    pos = e
                } else {
                    // Every later start inside this sequence sees a subset of its dots.
                    pos = max(k, q + 1)
                }
            }
            return result
        }

        /// twitter-text's `isValidUrl`: no `xn--` domain without an ASCII
        /// domain in it, every label 1 to 63 characters in Punycode, and the
        /// URL at most 4096 UTF-16 code units with its protocol.
        func isValidURL(_ url: Range<Int>, domain: Range<Int>, protocolLength: Int) -> Bool {
            if domain.count >= 4 && t[domain.lowerBound] == 0x78 && t[domain.lowerBound + 1] == 0x6E
                && t[domain.lowerBound + 2] == 0x2D && t[domain.lowerBound + 3] == 0x2D
                && asciiDomains(in: domain, first: true).isEmpty {
                return false
            }
            var k = domain.lowerBound
            var labelStart = k
            while k <= domain.upperBound {
                if k == domain.upperBound || t[k] == 0x2E {
                    guard let length = punycodeLength(labelStart..<k), (1...TwitterURLScanner.maxLabelLength).contains(length) else {
                        return false
                    }
                    k += 1
                    labelStart = k
                    continue
                }
                k += 1
            }
            var utf16 = protocolLength
            var i = url.lowerBound
            while i < url.upperBound {
                let (cp, len) = UTF8Bytes.decode(t, at: i)
                utf16 += cp > 0xFFFF && cp != UTF8Bytes.invalid ? 2 : 1
                if utf16 > TwitterURLScanner.maxURLLength { return false }
                i += len
            }
            return true
        }

        /// Length of a label in ASCII form: its parts between ideographic and
        /// fullwidth full stops, each non-ASCII part as `xn--` and Punycode.
        func punycodeLength(_ label: Range<Int>) -> Int? {
            var total = 0
            var part: [UInt32] = []
            var ascii = true
            var parts = 0
            func flush() -> Bool {
                parts += 1
                if ascii {
                    total += part.count
                } else {
                    guard let encoded = Punycode.encode(part, limit: TwitterURLScanner.maxLabelLength) else { return false }
                    total += 4 + encoded.count
                }
                part.removeAll(keepingCapacity: true)
                ascii = true
                return total <= TwitterURLScanner.maxLabelLength
            }
            var k = label.lowerBound
            while k < label.upperBound {
                var (cp, len) = UTF8Bytes.decode(t, at: k)
                k += len
                if CharacterProperties.isLabelSeparator(cp) {
                    guard flush() else { return nil }
                    continue
                }
                if cp == UTF8Bytes.invalid { cp = 0xFFFD }
                if cp >= 0x80 { ascii = false }
                part.append(cp)
                if part.count > TwitterURLScanner.maxLabelLength { return nil }
            }
            guard flush() else { return nil }
            return total + parts - 1
        }
    }
}
