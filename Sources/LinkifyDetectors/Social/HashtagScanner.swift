@_spi(Layers) import LinkifyModel

/// Finds `#hashtags` by twitter-text's rules.
///
/// A hashtag is `#` or `＃` (not followed by U+FE0F or the keycap U+20E3),
/// then a run of Unicode letters, marks, decimal digits, `_` and a few joiners
/// and marks (ZWNJ, ZWJ, `・`, `〜`, `·`, …) that holds at least one letter or
/// mark: `#1hashtag` is one, `#16` is not. Before the sign: the start of the
/// text, a variation selector, or any character that could not be in a
/// hashtag and is not `&`. A hashtag followed by another sign or by `://` is
/// none, and neither is one inside a URL (found by twitter-text's URL rules,
/// whatever the profile: `example.com/#tag`).
package struct HashtagScanner: EntityScanner {
    /// The target template; `{}` is the name without its sign.
    var template: String

    package init(template: String) { self.template = template }

    package func scan(_ t: UnsafeBufferPointer<UInt8>, from minStart: Int, into out: inout [Entity]) {
        let n = t.count
        var found: [Entity] = []
        SigilScanning.scan(t, from: minStart, ascii: 0x23, fullwidth: 0x83,
                           precedes: { precedes(t, at: $0, lastIndex: $1) }) { h, signLength in
            let nameStart = h + signLength
            guard nameStart < n else { return nil }
            let (first, _) = UTF8Bytes.decode(t, at: nameStart)
            if first == 0xFE0F || first == 0x20E3 { return nil }
            var end = nameStart
            var hasLetter = false
            while end < n {
                let (cp, len) = UTF8Bytes.decode(t, at: end)
                guard TwitterCharacters.isHashtagChar(cp) else { break }
                if !hasLetter && TwitterCharacters.isHashtagLetter(cp) { hasLetter = true }
                end += len
            }
            guard hasLetter else { return nil }
            if end < n {
                if t[end] == 0x23 || (end + 2 < n && t[end] == 0xEF && t[end + 1] == 0xBC && t[end + 2] == 0x83) { return end }
                if SigilScanning.isSchemeSeparator(t, at: end) { return end }
            }
            let value = UTF8Bytes.string(t, nameStart..<end)
            found.append(Entity(kind: .hashtag, start: h, end: end, target: URLTemplate.expand(template, value: value), value: value))
            return end
        }
        guard !found.isEmpty else { return }
        out.append(contentsOf: Self.removingURLOverlaps(found, t, from: minStart))
    }

    /// `hashtagBoundary` before the sign at `h`, using nothing before `lastIndex`.
    func precedes(_ t: UnsafeBufferPointer<UInt8>, at h: Int, lastIndex: Int) -> Bool {
        if h == 0 { return lastIndex == 0 }
        let (before, length) = UTF8Bytes.decode(t, before: h, floor: max(0, h - 4))
        guard h - length >= lastIndex else { return false }
        if before == 0xFE0E || before == 0xFE0F { return true }
        return before != 0x26 && !TwitterCharacters.isHashtagChar(before)
    }

    /// twitter-text's overlap rule: hashtags and URLs sorted by start, each
    /// dropped when it begins inside the last one kept; only hashtags remain.
    ///
    /// No URL holds a space, tab or line break, so only the URLs of the
    /// stretches between those that hold a hashtag can touch one: those
    /// stretches alone are scanned for URLs, as a scan of the whole text
    /// would find them there (a match never runs over the break before a
    /// stretch, so the scan starts afresh at each).
    static func removingURLOverlaps(_ tags: [Entity], _ t: UnsafeBufferPointer<UInt8>, from minStart: Int) -> [Entity] {
        var urls: [Entity] = []
        var scanned = minStart
        for tag in tags where tag.start >= scanned {
            var start = tag.start
            while start > scanned && !ByteClass.isSpace(t[start - 1]) { start -= 1 }
            var end = tag.start
            while end < t.count && !ByteClass.isSpace(t[end]) { end += 1 }
            TwitterURLScanner().scan(UnsafeBufferPointer(start: t.baseAddress, count: end), from: start, into: &urls)
            scanned = end
        }
        return kept(tags, beside: urls)
    }

    /// The hashtags the overlap rule keeps beside `urls` (both sorted by start).
    static func kept(_ tags: [Entity], beside urls: [Entity]) -> [Entity] {
        guard !urls.isEmpty else { return tags }
        var result: [Entity] = []
        var keptEnd = Int.min
        var u = 0
        for tag in tags {
            while u < urls.count && urls[u].start < tag.start {
                if urls[u].start >= keptEnd { keptEnd = urls[u].end }
                u += 1
            }
            if tag.start >= keptEnd {
                result.append(tag)
                keptEnd = tag.end
            }
        }
        return result
    }
}
