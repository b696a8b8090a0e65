@_spi(Layers) import LinkifyModel

/// A growable output buffer whose append is a bounds check and a copy.
///
/// Each `[UInt8].append(contentsOf:)` costs a uniqueness and capacity check
/// and a generic entry besides the copy, and html output makes
/// several per link and one per run of text between escapes
/// (docs/benchmarks.md). A renderer writes one slice here and hands the
/// result to its caller's array in one append.
struct ByteWriter {
    /// Raw storage, grown by doubling; shared by copies until one writes.
    final class Storage {
        var base: UnsafeMutablePointer<UInt8>
        var count = 0
        var capacity: Int

        init(capacity: Int) {
            self.capacity = max(capacity, 16)
            base = .allocate(capacity: self.capacity)
        }

        deinit { base.deallocate() }

        @inline(never)
        func grow(toHold needed: Int) {
            var capacity = self.capacity
            while capacity < needed { capacity *= 2 }
            let bigger = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
            bigger.initialize(from: base, count: count)
            base.deallocate()
            base = bigger
            self.capacity = capacity
        }
    }

    private var storage = Storage(capacity: 64 * 1024)

    /// Starts a slice: empties the buffer, and makes it this writer's own if a copy shares it.
    mutating func begin() {
        if !isKnownUniquelyReferenced(&storage) { storage = Storage(capacity: storage.capacity) }
        storage.count = 0
    }

    /// Appends the bytes written since `begin()` to `out`.
    func flush(into out: inout [UInt8]) {
        out.append(contentsOf: UnsafeBufferPointer(start: storage.base, count: storage.count))
        storage.count = 0
    }

    /// Appends `count` bytes from `p`.
    @inline(__always)
    func append(_ p: UnsafePointer<UInt8>, count n: Int) {
        let s = storage
        let needed = s.count + n
        if needed > s.capacity { s.grow(toHold: needed) }
        Self.copy(from: p, to: s.base + s.count, count: n)
        s.count = needed
    }

    /// Copies `n` bytes. Up to 32 bytes (a literal, a host, an href: most
    /// copies of html output) as two overlapping loads and stores of the
    /// widest size that fits, reading and writing only the `n` bytes: a call
    /// to memcpy costs more than the copy at these sizes (docs/benchmarks.md).
    @inline(__always)
    static func copy(from p: UnsafePointer<UInt8>, to d: UnsafeMutablePointer<UInt8>, count n: Int) {
        let from = UnsafeRawPointer(p), to = UnsafeMutableRawPointer(d)
        @inline(__always) func two<T>(_: T.Type) {
            let head = from.loadUnaligned(as: T.self), tail = from.loadUnaligned(fromByteOffset: n - MemoryLayout<T>.size, as: T.self)
            to.storeBytes(of: head, as: T.self)
            to.storeBytes(of: tail, toByteOffset: n - MemoryLayout<T>.size, as: T.self)
        }
        switch n {
        case 16...32: two(SIMD16<UInt8>.self)
        case 8..<16: two(UInt64.self)
        case 4..<8: two(UInt32.self)
        case 2..<4: two(UInt16.self)
        case 1: d.pointee = p.pointee
        case 0: break
        default: d.update(from: p, count: n)
        }
    }

    /// How many bytes were written since `begin()`.
    var count: Int { storage.count }

    /// Appends again the bytes at `written` (offsets counted from `begin()`).
    @inline(__always)
    func appendCopy(ofWritten written: Range<Int>) {
        let s = storage
        let needed = s.count + written.count
        if needed > s.capacity { s.grow(toHold: needed) }
        Self.copy(from: s.base + written.lowerBound, to: s.base + s.count, count: written.count)   // (disjoint: written before the end)
        s.count = needed
    }

    /// Appends one byte.
    @inline(__always)
    func append(_ b: UInt8) {
        let s = storage
        if s.count == s.capacity { s.grow(toHold: s.count + 1) }
        s.base[s.count] = b
        s.count += 1
    }

    /// Appends a literal.
    @inline(__always)
    func append(_ literal: StaticString) {
        append(literal.utf8Start, count: literal.utf8CodeUnitCount)
    }

    /// Appends `t[r]`.
    @inline(__always)
    func append(_ t: UnsafeBufferPointer<UInt8>, _ r: Range<Int>) {
        guard !r.isEmpty, let base = t.baseAddress else { return }
        let s = storage
        if r.count <= 16 && r.lowerBound + 16 <= t.count && s.count + 16 <= s.capacity {
            // Short runs (between escapes, hosts) as one 16-byte move instead
            // of a call to memcpy; the bytes past the run are overwritten later.
            let block = UnsafeRawPointer(base).loadUnaligned(fromByteOffset: r.lowerBound, as: SIMD16<UInt8>.self)
            UnsafeMutableRawPointer(s.base + s.count).storeBytes(of: block, as: SIMD16<UInt8>.self)
            s.count += r.count
            return
        }
        append(base + r.lowerBound, count: r.count)
    }

    /// Appends `t[r]` HTML-escaped (`& < > " '`).
    @inline(__always)
    func appendEscaped(_ t: UnsafeBufferPointer<UInt8>, _ r: Range<Int>) {
        HTMLEscaping.forEachPiece(t, r, run: { append(t, $0) }, reference: { append($0) })
    }

    /// Appends `t[r]` HTML-escaped and returns true when it is all ASCII;
    /// otherwise returns false, having appended part of it (`truncate(to:)`
    /// takes that back). One pass finds both the bytes to escape and the end
    /// of the ASCII.
    @inline(__always)
    func appendEscapedIfASCII(_ t: UnsafeBufferPointer<UInt8>, _ r: Range<Int>) -> Bool {
        var at = r.lowerBound
        while at < r.upperBound {
            let i = ByteSearch.first(in: t, from: at, before: r.upperBound, block: { v in
                (v .>= ByteSearch.splat(0x80)) .| (v .== ByteSearch.splat(0x26)) .| (v .== ByteSearch.splat(0x3C))
                    .| (v .== ByteSearch.splat(0x3E)) .| (v .== ByteSearch.splat(0x22)) .| (v .== ByteSearch.splat(0x27))
            }, matches: { $0 >= 0x80 || HTMLEscaping.needsEscape($0) })
            if at < i { append(t, at..<i) }
            guard i < r.upperBound else { return true }
            let b = t[i]
            if b >= 0x80 { return false }
            append(HTMLEscaping.reference(for: b))
            at = i + 1
        }
        return true
    }

    /// Drops what was written after the first `count` bytes since `begin()`.
    @inline(__always)
    func truncate(to count: Int) {
        storage.count = min(storage.count, count)
    }

    /// Appends `s` HTML-escaped.
    func appendEscaped(_ s: String) {
        var s = s
        s.withUTF8 { appendEscaped($0, 0..<$0.count) }
    }
}
