extension CivilDateTime {
    /// Reads `YYYY-MM-DD`, `YYYY-MM-DDTHH:MM[:SS]` with an optional `Z` or `±HH:MM`.
    package init?(iso8601 text: String) {
        let b = Array(text.utf8)
        func num(_ r: Range<Int>) -> Int? {
            guard r.upperBound <= b.count else { return nil }
            var v = 0
            for i in r {
                guard b[i] >= 0x30 && b[i] <= 0x39 else { return nil }
                v = v * 10 + Int(b[i] - 0x30)
            }
            return v
        }
        guard b.count >= 10, let y = num(0..<4), b[4] == 0x2D, let mo = num(5..<7), b[7] == 0x2D, let d = num(8..<10),
              (1...12).contains(mo), (1...31).contains(d) else { return nil }
        var result = CivilDateTime(year: y, month: mo, day: d)
        var i = 10
        if i < b.count {
            guard b[i] == 0x54 || b[i] == 0x20, let h = num((i + 1)..<(i + 3)), i + 3 < b.count, b[i + 3] == 0x3A,
                  let mi = num((i + 4)..<(i + 6)), h < 24, mi < 60 else { return nil }
            result.hour = h
            result.minute = mi
            i += 6
            if i < b.count && b[i] == 0x3A {
                guard let s = num((i + 1)..<(i + 3)), s < 61 else { return nil }
                result.second = s
                i += 3
            }
            if i < b.count && b[i] == 0x2E {   // fractional seconds are ignored
                i += 1
                while i < b.count && b[i] >= 0x30 && b[i] <= 0x39 { i += 1 }
            }
            if i < b.count {
                if b[i] == 0x5A && i + 1 == b.count {
                    result.utcOffsetMinutes = 0
                } else if (b[i] == 0x2B || b[i] == 0x2D), let oh = num((i + 1)..<(i + 3)) {
                    var om = 0
                    if i + 3 < b.count {
                        let j = b[i + 3] == 0x3A ? i + 4 : i + 3
                        guard let m = num(j..<(j + 2)), j + 2 == b.count else { return nil }
                        om = m
                    } else if i + 3 != b.count { return nil }
                    result.utcOffsetMinutes = (b[i] == 0x2D ? -1 : 1) * (oh * 60 + om)
                } else {
                    return nil
                }
            }
        }
        self = result
    }
}
