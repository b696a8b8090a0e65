/// Comparing input bytes with ASCII literals: the one place for the prefix
/// tests and literal searches that the Markdown and HTML readers, the lint
/// suppressions and the user-rule scanners make.
extension UTF8Bytes {
    /// Whether `t` holds `s` at `i`, byte for byte.
    @inline(__always)
    @inlinable package static func hasPrefix(_ t: UnsafeBufferPointer<UInt8>, _ s: StaticString, at i: Int) -> Bool {
        let m = s.utf8CodeUnitCount
        guard i >= 0, i + m <= t.count else { return false }
        let p = s.utf8Start
        for k in 0..<m where t[i + k] != p[k] { return false }
        return true
    }

    /// Whether `t` holds `s` (written in lowercase) at `i`, ASCII letters in any case.
    @inline(__always)
    @inlinable package static func hasPrefixIgnoringCase(_ t: UnsafeBufferPointer<UInt8>, _ s: StaticString, at i: Int) -> Bool {
        let m = s.utf8CodeUnitCount
        guard i >= 0, i + m <= t.count else { return false }
        let p = s.utf8Start
        for k in 0..<m where ByteClass.lower(t[i + k]) != p[k] { return false }
        return true
    }

    /// Whether `t` holds the bytes `p` at `i`.
    @inline(__always)
    @inlinable package static func hasPrefix(_ t: UnsafeBufferPointer<UInt8>, _ p: [UInt8], at i: Int) -> Bool {
        guard i >= 0, i + p.count <= t.count else { return false }
        for k in p.indices where t[i + k] != p[k] { return false }
        return true
    }

    /// Where the first `s` that lies wholly in `t[from..<end]` starts (`end`: the whole of `t`).
    @inlinable package static func firstIndex(of s: StaticString, in t: UnsafeBufferPointer<UInt8>, from: Int, to end: Int? = nil) -> Int? {
        let m = s.utf8CodeUnitCount
        let limit = min(end ?? t.count, t.count)
        let first = s.utf8Start[0]
        var k = max(from, 0)
        while k + m <= limit {
            if t[k] == first && hasPrefix(t, s, at: k) { return k }
            k += 1
        }
        return nil
    }
}
