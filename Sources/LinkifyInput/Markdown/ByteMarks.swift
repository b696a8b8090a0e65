/// A set of a buffer's byte offsets, a bit each: ranges marked in any order,
/// overlapping or not, and the runs of marked and unmarked bytes read back
/// word by word. Its size is the buffer's over eight, however many ranges.
struct ByteMarks {
    private(set) var words: [UInt64]
    /// The buffer's size.
    let count: Int

    /// No byte of a `count`-byte buffer marked (the words are made at the
    /// first mark: most chunks of a document mark nothing).
    init(count: Int) {
        self.count = count
        words = []
    }

    /// Marks the bytes of `r` (clamped to the buffer).
    mutating func mark(_ r: Range<Int>) {
        var i = max(r.lowerBound, 0)
        let end = min(r.upperBound, count)
        if words.isEmpty && i < end { words = [UInt64](repeating: 0, count: (count + 63) / 64) }
        while i < end {
            let word = i >> 6, bit = i & 63
            let n = min(64 - bit, end - i)
            let bits: UInt64 = n == 64 ? ~0 : ((1 << UInt64(n)) - 1) << UInt64(bit)
            words[word] |= bits
            i += n
        }
    }

    /// The first marked offset at or after `i`, or `count`.
    func nextMarked(from i: Int) -> Int { next(from: i, marked: true) }

    /// The first unmarked offset at or after `i`, or `count`.
    func nextUnmarked(from i: Int) -> Int { next(from: i, marked: false) }

    private func next(from i: Int, marked: Bool) -> Int {
        guard i < count else { return count }
        guard !words.isEmpty else { return marked ? count : i }
        var word = i >> 6
        var w = (marked ? words[word] : ~words[word]) & (~0 << UInt64(i & 63))
        while w == 0 {
            word += 1
            guard word < words.count else { return count }
            w = marked ? words[word] : ~words[word]
        }
        return min(word * 64 + w.trailingZeroBitCount, count)
    }
}
