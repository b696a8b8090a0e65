@_spi(Layers) import LinkifyModel

/// IANA's top-level domains (compiled in from `TLDData`), looked up by bytes
/// with a binary search among the names that share the first two letters:
/// no String is built for ASCII labels.
enum TLDList {
    /// Start offsets of each name in `TLDData.sorted`, plus the end.
    static let offsets: [Int] = {
        var result = [0]
        result.reserveCapacity(TLDData.count + 1)
        let blob = TLDData.sorted
        let p = blob.utf8Start
        for i in 0..<blob.utf8CodeUnitCount where p[i] == 0x0A { result.append(i + 1) }
        result.append(blob.utf8CodeUnitCount + 1)
        return result
    }()

    /// Whether the label `t[range]` is a top-level domain, ignoring case.
    static func contains(_ t: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        let count = range.count
        guard count >= 2, count <= 64 else { return false }
        // Up to 8 ASCII bytes (`com`, `de`, `html`, `orig`: nearly every label
        // of text): one lookup of the packed bytes.
        if count <= 8, let key = LabelTable.pack(t, range) { return shortNames.contains(key) }
        var ascii = true
        for i in range where t[i] >= 0x80 { ascii = false; break }
        if ascii {
            return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: count) { buf in
                for (k, i) in range.enumerated() { buf[k] = ByteClass.lower(t[i]) }
                return search(UnsafeBufferPointer(buf))
            }
        }
        let lowered = Array(UTF8Bytes.string(t, range).lowercased().utf8)
        return lowered.withUnsafeBufferPointer { search($0) }
    }

    /// The names of up to 8 ASCII bytes, packed (`LabelTable.pack`). A binary
    /// search for `com` cost about 300 instructions, one per domain name
    /// found, and one for `html` about 200 (docs/benchmarks.md).
    static let shortNames: LabelTable = {
        let p = TLDData.sorted.utf8Start
        let blob = UnsafeBufferPointer(start: p, count: TLDData.sorted.utf8CodeUnitCount)
        var keys: [UInt64] = []
        for name in 0..<(offsets.count - 1) {
            let s = offsets[name], e = offsets[name + 1] - 1
            if let key = LabelTable.pack(blob, s..<e) { keys.append(key) }
        }
        return LabelTable(keys: keys, values: [UInt8](repeating: 1, count: keys.count))
    }()

    /// For each pair of leading ASCII letters `xy`, the first name in
    /// `TLDData.sorted` that starts with `xy` or later (676 pairs, plus the end).
    /// Every ASCII top-level domain starts with two letters, so most labels
    /// of text (`2` of `1.2`, `c` of `main.c`) are refused without a search.
    static let pairStarts: [Int32] = {
        let p = TLDData.sorted.utf8Start
        let names = offsets.count - 1
        var result = [Int32](repeating: Int32(names), count: 26 * 26 + 1)
        var pair = 0
        for name in 0..<names {
            let s = offsets[name]
            guard offsets[name + 1] - 1 - s >= 2, let key = letterPair(p[s], p[s + 1]) else { continue }
            while pair <= key { result[pair] = Int32(name); pair += 1 }
        }
        while pair < result.count { result[pair] = Int32(names); pair += 1 }
        // Names that do not start with two ASCII letters (IDN) lie after `zz…`
        // in byte order; the last bucket ends where they begin.
        return result
    }()

    /// `(a - 'a') * 26 + (b - 'a')` for two lowercase ASCII letters, else nil.
    @inline(__always)
    static func letterPair(_ a: UInt8, _ b: UInt8) -> Int? {
        let x = a &- 0x61, y = b &- 0x61
        return x < 26 && y < 26 ? Int(x) * 26 + Int(y) : nil
    }

    static func search(_ key: UnsafeBufferPointer<UInt8>) -> Bool {
        let p = TLDData.sorted.utf8Start
        var lo = 0, hi = offsets.count - 1
        if key.count >= 2 && key[0] < 0x80 && key[1] < 0x80 {
            guard let pair = letterPair(key[0], key[1]) else { return false }
            let starts = pairStarts
            lo = Int(starts[pair])
            hi = Int(starts[pair + 1])
        }
        while lo < hi {
            let mid = (lo + hi) / 2
            let s = offsets[mid], e = offsets[mid + 1] - 1
            let c = compare(p + s, e - s, key)
            if c == 0 { return true }
            if c < 0 { lo = mid + 1 } else { hi = mid }
        }
        return false
    }

    @inline(__always)
    static func compare(_ a: UnsafePointer<UInt8>, _ aLen: Int, _ b: UnsafeBufferPointer<UInt8>) -> Int {
        let n = min(aLen, b.count)
        for i in 0..<n where a[i] != b[i] { return a[i] < b[i] ? -1 : 1 }
        return aLen - b.count
    }
}
