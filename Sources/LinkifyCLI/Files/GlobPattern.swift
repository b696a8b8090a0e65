/// A gitignore-style glob (gitignore(5), "PATTERN FORMAT"), used for
/// `.gitignore` lines and for `--include`/`--exclude`.
///
/// - `*` matches any run of characters but `/`, `?` one character but `/`,
///   `[a-z]`/`[!a-z]` one character of a set (bytes, not Unicode classes);
///   `\x` is `x` literally.
/// - `**` between slashes (`**/x`, `a/**/b`, `a/**`) matches any number of
///   folders; elsewhere it is a `*`.
/// - A leading `!` negates (a later match re-includes); a trailing `/` matches
///   folders only.
/// - A pattern with a `/` at its start or middle is anchored: it matches the
///   path relative to its base folder; otherwise it matches the last
///   component at any depth.
struct GlobPattern: Sendable {
    /// The pattern bytes, without `!`, the leading `/` and the trailing `/`.
    let pattern: [UInt8]
    /// `!pattern`: a match re-includes.
    let isNegated: Bool
    /// `pattern/`: matches folders only.
    let matchesDirectoriesOnly: Bool
    /// Matches the whole relative path, not just the last component.
    let isAnchored: Bool

    /// Parses one pattern; nil for a blank line or a comment (`#`) when
    /// `gitignoreLine` is true.
    init?(_ text: String, gitignoreLine: Bool = false) {
        var bytes = Array(text.utf8)
        if gitignoreLine {
            if bytes.last == 0x0D { bytes.removeLast() }
            if bytes.first == 0x23 { return nil }
            // Trailing spaces are ignored unless escaped with a backslash.
            while bytes.last == 0x20 {
                if bytes.count >= 2 && bytes[bytes.count - 2] == 0x5C { break }
                bytes.removeLast()
            }
        }
        var negated = false
        if bytes.first == 0x21 { negated = true; bytes.removeFirst() }
        else if bytes.first == 0x5C, bytes.count > 1, bytes[1] == 0x21 || bytes[1] == 0x23 { bytes.removeFirst() }
        var directoryOnly = false
        while bytes.count > 1 && bytes.last == 0x2F { directoryOnly = true; bytes.removeLast() }
        if bytes == [0x2F] { return nil }
        guard !bytes.isEmpty else { return nil }
        var anchored = false
        if bytes.first == 0x2F { anchored = true; bytes.removeFirst() }
        if bytes.contains(0x2F) { anchored = true }
        self.pattern = bytes
        self.isNegated = negated
        self.matchesDirectoriesOnly = directoryOnly
        self.isAnchored = anchored
    }

    /// Whether the pattern matches `path` (relative to its base folder,
    /// components separated by `/`), whose last component is `name`.
    func matches(path: [UInt8], name: ArraySlice<UInt8>, isDirectory: Bool) -> Bool {
        if matchesDirectoriesOnly && !isDirectory { return false }
        if isAnchored { return Self.wildmatch(pattern[...], path[...]) }
        return Self.wildmatch(pattern[...], name)
    }

    /// Glob match of a whole text; `/` is only matched by itself and by `**`.
    static func wildmatch(_ p: ArraySlice<UInt8>, _ t: ArraySlice<UInt8>) -> Bool {
        var pi = p.startIndex
        var ti = t.startIndex
        while pi < p.endIndex {
            let c = p[pi]
            if c == 0x2A {
                var q = pi
                while q < p.endIndex && p[q] == 0x2A { q += 1 }
                let isDouble = q - pi >= 2
                let atSegmentStart = pi == p.startIndex || p[pi - 1] == 0x2F
                if isDouble && atSegmentStart && (q == p.endIndex || p[q] == 0x2F) {
                    if q == p.endIndex { return true }
                    // `**/`: zero or more whole folders.
                    let rest = p[(q + 1)...]
                    if wildmatch(rest, t[ti...]) { return true }
                    var k = ti
                    while k < t.endIndex {
                        if t[k] == 0x2F && wildmatch(rest, t[(k + 1)...]) { return true }
                        k += 1
                    }
                    return false
                }
                if q == p.endIndex { return !t[ti...].contains(0x2F) }
                var k = ti
                while true {
                    if wildmatch(p[q...], t[k...]) { return true }
                    if k == t.endIndex || t[k] == 0x2F { return false }
                    k += 1
                }
            }
            guard ti < t.endIndex else { return false }
            let b = t[ti]
            switch c {
            case 0x3F:
                if b == 0x2F { return false }
                pi += 1
            case 0x5B:
                guard b != 0x2F, let (matched, next) = matchClass(p, at: pi, b) else {
                    if b != c { return false }
                    pi += 1
                    ti += 1
                    continue
                }
                if !matched { return false }
                pi = next
            case 0x5C where pi + 1 < p.endIndex:
                if p[pi + 1] != b { return false }
                pi += 2
            default:
                if c != b { return false }
                pi += 1
            }
            ti += 1
        }
        return ti == t.endIndex
    }

    /// Matches `b` against the class `[...]` at `p[start]`; nil when the
    /// class is not closed (then `[` is literal).
    static func matchClass(_ p: ArraySlice<UInt8>, at start: Int, _ b: UInt8) -> (Bool, Int)? {
        var i = start + 1
        var negated = false
        if i < p.endIndex && (p[i] == 0x21 || p[i] == 0x5E) { negated = true; i += 1 }
        var matched = false
        var first = true
        while i < p.endIndex {
            var c = p[i]
            if c == 0x5D && !first { return (matched != negated, i + 1) }
            first = false
            if c == 0x5C && i + 1 < p.endIndex { i += 1; c = p[i] }
            if i + 2 < p.endIndex && p[i + 1] == 0x2D && p[i + 2] != 0x5D {
                var hi = p[i + 2]
                var skip = 3
                if hi == 0x5C && i + 3 < p.endIndex { hi = p[i + 3]; skip = 4 }
                if c <= b && b <= hi { matched = true }
                i += skip
            } else {
                if c == b { matched = true }
                i += 1
            }
        }
        return nil
    }
}
