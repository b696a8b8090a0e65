/// Punycode (RFC 3492), the encoding of IDNA `xn--` labels.
enum Punycode {
    private static let base = 36, tMin = 1, tMax = 26, skew = 38, damp = 700
    private static let initialBias = 72, initialN: UInt32 = 0x80

    /// The Punycode form of `input` (without the `xn--` prefix): the ASCII
    /// scalars, a `-` when there are any, then the deltas of the others.
    /// Returns nil for input longer than `limit` scalars, whose encoding is
    /// at least that long (RFC 3492 §6.3: the loop is quadratic in the label).
    static func encode(_ input: [UInt32], limit: Int = 63) -> [UInt8]? {
        guard input.count <= limit else { return nil }
        var output: [UInt8] = []
        for c in input where c < 0x80 { output.append(UInt8(c)) }
        let basicCount = output.count
        var handled = basicCount
        if basicCount > 0 { output.append(0x2D) }
        var n = initialN
        var delta = 0
        var bias = initialBias
        while handled < input.count {
            var m = UInt32.max
            for c in input where c >= n && c < m { m = c }
            delta += Int(m - n) * (handled + 1)
            n = m
            for c in input {
                if c < n { delta += 1 }
                guard c == n else { continue }
                var q = delta
                var k = base
                while true {
                    let t = k <= bias ? tMin : (k >= bias + tMax ? tMax : k - bias)
                    if q < t { break }
                    output.append(digit(t + (q - t) % (base - t)))
                    q = (q - t) / (base - t)
                    k += base
                }
                output.append(digit(q))
                bias = adapt(delta, points: handled + 1, first: handled == basicCount)
                delta = 0
                handled += 1
            }
            delta += 1
            n += 1
        }
        return output
    }

    private static func digit(_ d: Int) -> UInt8 {
        d < 26 ? UInt8(0x61 + d) : UInt8(0x30 + d - 26)
    }

    private static func adapt(_ delta: Int, points: Int, first: Bool) -> Int {
        var d = first ? delta / damp : delta / 2
        d += d / points
        var k = 0
        while d > ((base - tMin) * tMax) / 2 {
            d /= base - tMin
            k += base
        }
        return k + (base - tMin + 1) * d / (d + skew)
    }
}
