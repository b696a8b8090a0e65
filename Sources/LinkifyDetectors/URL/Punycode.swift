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

    /// The code points that the Punycode `t[r]` (without `xn--`) decodes to
    /// (RFC 3492 §6.2), or nil when it is not valid Punycode or longer than
    /// `limit` bytes (a DNS label's 63: the decoding is quadratic in the label).
    static func decode(_ t: UnsafeBufferPointer<UInt8>, _ r: Range<Int>, limit: Int = maxLabelBytes) -> [UInt32]? {
        guard r.count <= limit else { return nil }
        return withUnsafeTemporaryAllocation(of: UInt32.self, capacity: max(r.count, 1)) { buffer in
            decode(t, r, into: buffer).map { Array(buffer[..<$0]) }
        }
    }

    /// A DNS label's length, `decode`'s default limit.
    static let maxLabelBytes = 63

    /// `decode(t, r)` written into `output`, with no array: the count of code
    /// points written, or nil, also when `r` is longer than `output` (a label
    /// decodes to at most as many code points as it has bytes).
    static func decode(_ t: UnsafeBufferPointer<UInt8>, _ r: Range<Int>,
                       into output: UnsafeMutableBufferPointer<UInt32>) -> Int? {
        guard !r.isEmpty, r.count <= output.count else { return nil }
        var count = 0
        // The basic code points are those before the last `-`, if any.
        var delimiter: Int?
        for k in r where t[k] == 0x2D { delimiter = k }
        for k in r.lowerBound..<(delimiter ?? r.lowerBound) {
            guard t[k] < 0x80 else { return nil }
            output[count] = UInt32(t[k])
            count += 1
        }
        var n = Int(initialN)
        var i = 0
        var bias = initialBias
        var k = delimiter.map { $0 + 1 } ?? r.lowerBound
        while k < r.upperBound {
            let oldI = i
            var w = 1
            var step = base
            while true {
                guard k < r.upperBound, let d = digitValue(t[k]) else { return nil }
                k += 1
                let (product, overflow) = d.multipliedReportingOverflow(by: w)
                guard !overflow, i <= Int(Int32.max) - product else { return nil }
                i += product
                let th = step <= bias ? tMin : (step >= bias + tMax ? tMax : step - bias)
                if d < th { break }
                guard w <= Int(Int32.max) / (base - th) else { return nil }
                w *= base - th
                step += base
            }
            let points = count + 1
            bias = adapt(i - oldI, points: points, first: oldI == 0)
            guard n <= 0x10FFFF - i / points else { return nil }
            n += i / points
            i %= points
            guard n <= 0x10FFFF, !(0xD800...0xDFFF).contains(n), n >= 0x80 else { return nil }
            // Inserted at `i` (each code point takes at least one digit, so there is room).
            var j = count
            while j > i { output[j] = output[j - 1]; j -= 1 }
            output[i] = UInt32(n)
            count = points
            i += 1
        }
        return count
    }

    private static func digitValue(_ b: UInt8) -> Int? {
        switch b {
        case 0x30...0x39: return Int(b) - 0x30 + 26
        case 0x41...0x5A: return Int(b) - 0x41
        case 0x61...0x7A: return Int(b) - 0x61
        default: return nil
        }
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
