/// IANA's top-level domains (compiled in from `TLDData`), looked up by bytes
/// with a binary search: no String is built for ASCII labels.
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
        guard count > 0, count <= 64 else { return false }
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

    static func search(_ key: UnsafeBufferPointer<UInt8>) -> Bool {
        let p = TLDData.sorted.utf8Start
        var lo = 0, hi = offsets.count - 1
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
