/// What the mention, hashtag and cashtag scanners share: finding their sign
/// bytes and the regex's "last index" at the start of a scan.
enum SigilScanning {
    /// The position and length of the next ASCII sign byte `ascii`, or of the
    /// fullwidth form U+FF00 + x (`EF BC x`), from `i` on.
    @inline(__always)
    static func nextSign(_ t: UnsafeBufferPointer<UInt8>, from i: Int, ascii: UInt8, fullwidth: UInt8?) -> (Int, Int)? {
        var k = i
        let n = t.count
        while k < n {
            let b = t[k]
            if b == ascii { return (k, 1) }
            if b == 0xEF, let f = fullwidth, k + 2 < n, t[k + 1] == 0xBC, t[k + 2] == f { return (k, 3) }
            k += 1
        }
        return nil
    }

    /// The character before `minStart` is context that may precede an entity;
    /// nothing before it may.
    static func initialLastIndex(_ t: UnsafeBufferPointer<UInt8>, _ minStart: Int) -> Int {
        minStart > 0 ? minStart - UTF8Bytes.decode(t, before: minStart, floor: max(0, minStart - 4)).length : 0
    }
}
