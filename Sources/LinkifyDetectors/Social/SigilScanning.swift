@_spi(Layers) import LinkifyModel

/// What the mention, hashtag and cashtag scanners share: the search loop of
/// twitter-text's regexes, finding their sign bytes and the regex's "last
/// index" at the start of a scan.
enum SigilScanning {
    /// The loop of the three scanners: each sign (`ascii` or its fullwidth
    /// form) from `minStart` on that no earlier match covers and that
    /// `precedes(sign, lastIndex)` allows is handed to `match(sign, signLength)`,
    /// which appends what it accepts and returns where its match ends (the
    /// search resumes there, as the regex's last index does), or nil when
    /// nothing matches there (the search goes on after the sign).
    @inline(__always)
    static func scan(_ t: UnsafeBufferPointer<UInt8>, from minStart: Int, ascii: UInt8, fullwidth: UInt8?,
                     precedes: (_ sign: Int, _ lastIndex: Int) -> Bool,
                     match: (_ sign: Int, _ signLength: Int) -> Int?) {
        let n = t.count
        var lastIndex = initialLastIndex(t, minStart)
        var i = minStart
        while i < n {
            guard let (sign, signLength) = nextSign(t, from: i, ascii: ascii, fullwidth: fullwidth) else { break }
            i = sign + signLength
            guard sign >= lastIndex, precedes(sign, lastIndex), let end = match(sign, signLength) else { continue }
            lastIndex = end
            i = end
        }
    }

    /// Whether `://` follows at `end`: the name was a URL's scheme (`@http://…`).
    @inline(__always)
    static func isSchemeSeparator(_ t: UnsafeBufferPointer<UInt8>, at end: Int) -> Bool {
        end + 2 < t.count && t[end] == 0x3A && t[end + 1] == 0x2F && t[end + 2] == 0x2F
    }

    /// The position and length of the next ASCII sign byte `ascii`, or of the
    /// fullwidth form U+FF00 + x (`EF BC x`), from `i` on. The bytes that may
    /// start one (`ascii`, and `EF` when there is a fullwidth form) are
    /// searched sixteen at a time: a byte-by-byte loop was some eleven
    /// instructions a byte for each of the three scanners, a tenth of
    /// `--detect all` on real text (docs/benchmarks.md).
    @inline(__always)
    static func nextSign(_ t: UnsafeBufferPointer<UInt8>, from i: Int, ascii: UInt8, fullwidth: UInt8?) -> (Int, Int)? {
        var k = i
        let n = t.count
        let lead: UInt8 = fullwidth == nil ? ascii : 0xEF
        while k < n {
            k = ByteSearch.first(in: t, from: k, block: { v in
                (v .== ByteSearch.splat(ascii)) .| (v .== ByteSearch.splat(lead))
            }, matches: { $0 == ascii || $0 == lead })
            guard k < n else { break }
            if t[k] == ascii { return (k, 1) }
            if let f = fullwidth, k + 2 < n, t[k + 1] == 0xBC, t[k + 2] == f { return (k, 3) }
            k += 1
        }
        return nil
    }

    /// `nextSign` byte by byte (the definition the block search is tested against).
    static func nextSignByBytes(_ t: UnsafeBufferPointer<UInt8>, from i: Int, ascii: UInt8, fullwidth: UInt8?) -> (Int, Int)? {
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
