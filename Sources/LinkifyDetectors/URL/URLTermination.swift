@_spi(Layers) import LinkifyModel

/// The parts of a URL after the scheme, as the UTS #58 termination algorithm walks them.
enum URLPart {
    case authority, path, query, fragment

    /// The part that `cp` starts, when it is a part initiator.
    @inline(__always)
    static func started(by cp: UInt32) -> URLPart? {
        switch cp {
        case 0x2F: return .path
        case 0x3F: return .query
        case 0x23: return .fragment
        default: return nil
        }
    }

    /// Whether `cp` ends this part (and starts the next one).
    @inline(__always)
    func isTerminated(by cp: UInt32) -> Bool {
        switch self {
        case .authority: return cp == 0x2F || cp == 0x3F || cp == 0x23
        case .path: return cp == 0x3F || cp == 0x23
        case .query: return cp == 0x23
        case .fragment: return false
        }
    }

    /// Whether `cp` is interior syntax that empties the bracket stack.
    @inline(__always)
    func clearsBrackets(_ cp: UInt32) -> Bool {
        switch self {
        case .path: return cp == 0x2F
        case .query: return cp == 0x3D || cp == 0x26
        default: return false
        }
    }
}

/// The UTS #58 termination algorithm over path, query and fragment, from `start`.
///
/// With `part` nil, `start` must hold a part initiator (`/`, `?`, `#`) or the
/// result is `start`. Returns the end of the link: the last "safe" position,
/// where soft characters at the end and unmatched closing brackets are left out.
/// With `cjkIsHard`, the fullwidth and ideographic punctuation of SPEC §5 ends
/// it, except, with `ideographicStopsInHost`, the ideographic full stop in the
/// authority, where it may separate labels (the caller then decides). With
/// `origin`, the 64 KiB limit counts from there rather than from `start`.
func terminate(_ t: UnsafeBufferPointer<UInt8>, from start: Int, part initial: URLPart?, cjkIsHard: Bool,
               ideographicStopsInHost: Bool = false, limitFrom origin: Int? = nil) -> Int {
    let n = t.count
    let bracketCapacity = 64
    return withUnsafeTemporaryAllocation(of: UInt32.self, capacity: bracketCapacity) { stack -> Int in
        var depth = 0
        var part = initial
        var lastSafe = start
        var i = start
        let limit = min(n, max(start, (origin ?? start) + Limits.maxEntityBytes + 1))
        // Read once: each use of a global table checks its lazy initialisation (swift_once).
        let asciiTerm = CharacterProperties.asciiLinkTerm
        let bounded = UnsafeBufferPointer(rebasing: t[..<limit])
        while i < limit {
            let b = t[i]
            if b < 0x80, let current = part {
                if depth == 0 && current != .authority && i + 16 <= limit,
                   let (next, safe) = plainPathBlock(t, at: i), next > i {
                    // Sixteen bytes at a time through path, query and fragment text
                    // without brackets, part syntax or anything hard.
                    if let safe { lastSafe = safe }
                    i = next
                    continue
                }
                if ByteClass.isAlnum(b) {
                    // A run of ASCII letters and digits, sixteen at a time: they are
                    // Link_Term include and no part, bracket or directive syntax, so
                    // each would only move `lastSafe` past itself. (Adding `-_~%`
                    // to the run cost more in the wider test than it saved.)
                    i = ByteSearch.first(in: bounded, from: i + 1, block: { v in
                        let lower = v | ByteSearch.splat(0x20)
                        return .!(((lower &- ByteSearch.splat(0x61)) .< ByteSearch.splat(26)) .| ((v &- ByteSearch.splat(0x30)) .< ByteSearch.splat(10)))
                    }, matches: { !ByteClass.isAlnum($0) })
                    lastSafe = i
                    continue
                }
                // Other ASCII by mask tests (CharacterProperties.plainInclude…):
                // the same steps as the general loop below takes for these bytes.
                let bit = UInt64(1) &<< UInt64(b & 63)
                if b >= 64 {
                    // A Markdown hard line break, `\` at the end of a line, is never
                    // part of a URL (SPEC §5). (Tested here, where `\` is, not on every byte.)
                    if b == 0x5C && i + 1 < n && (t[i + 1] == 0x0A || t[i + 1] == 0x0D) { return lastSafe }
                    if CharacterProperties.plainIncludeHigh & bit != 0 {
                        lastSafe = i + 1
                        i += 1
                        continue
                    }
                    if CharacterProperties.hardHigh & bit != 0 { return lastSafe }
                } else {
                    if CharacterProperties.plainIncludeLow & bit != 0 {
                        lastSafe = i + 1
                        i += 1
                        continue
                    }
                    if CharacterProperties.plainSoftLow & bit != 0 {
                        i += 1
                        continue
                    }
                    if CharacterProperties.hardLow & bit != 0 { return lastSafe }
                    if b == 0x2F {
                        // `/` ends the authority and empties the brackets of a path; it is Link_Term include.
                        if current == .authority || current == .path {
                            part = .path
                            depth = 0
                        }
                        lastSafe = i + 1
                        i += 1
                        continue
                    }
                }
            }
            let (cp, len) = UTF8Bytes.decode(t, at: i)
            var term = cp < 128 ? asciiTerm[Int(cp)] : CharacterProperties.linkTerm(cp)
            if cjkIsHard && cp >= 0x3000 && CharacterProperties.isCJKTerminator(cp)
                && !(ideographicStopsInHost && cp == 0x3002 && part == .authority) { term = .hard }
            // A bidirectional control ends the URL; in the authority the caller
            // refuses the host that holds it instead (SPEC §5, Trojan Source).
            if cp >= 0x200E && cp <= 0x2069 && CharacterProperties.isBidiControl(cp) && part != .authority { term = .hard }
            guard let current = part else {
                guard let started = URLPart.started(by: cp) else { return i }
                part = started
                if term != .soft { lastSafe = i + len }
                i += len
                continue
            }
            if current.isTerminated(by: cp) {
                part = URLPart.started(by: cp)
                depth = 0
                if term != .soft { lastSafe = i + len }
                i += len
                continue
            }
            if current.clearsBrackets(cp) {
                depth = 0
            } else if current == .fragment && cp == 0x3A && i + 2 < n && t[i + 1] == 0x7E && t[i + 2] == 0x3A {
                depth = 0   // the fragment directive `:~:`
            }
            switch term {
            case .include:
                lastSafe = i + len
            case .soft:
                break
            case .hard:
                return lastSafe
            case .open:
                guard depth < bracketCapacity else { return lastSafe }
                stack[depth] = cp
                depth += 1
                lastSafe = i + len
            case .close:
                guard depth > 0, let opener = CharacterProperties.opener(ofClose: cp), stack[depth - 1] == opener else {
                    return lastSafe
                }
                depth -= 1
                lastSafe = i + len
            }
            i += len
        }
        return i >= n ? lastSafe : i
    }
}

/// The sixteen bytes at `i` read as the termination loop reads path, query
/// and fragment text with an empty bracket stack: the bytes up to the first
/// that needs the loop (a bracket, `?`, `#`, a hard or non-ASCII byte) are
/// Link_Term include or soft and change no part. Returns where that run ends
/// and the position after its last include byte (nil when all are soft).
/// `TerminationFastPathTests` compares it with the byte-by-byte loop.
@inline(__always)
func plainPathBlock(_ t: UnsafeBufferPointer<UInt8>, at i: Int) -> (next: Int, lastSafe: Int?)? {
    guard let base = t.baseAddress, i + 16 <= t.count else { return nil }
    let v = UnsafeRawPointer(base).loadUnaligned(fromByteOffset: i, as: SIMD16<UInt8>.self)
    let splat = ByteSearch.splat
    // Printable ASCII but `# ( ) < > ? [ ] { }` and `\` (a hard line break may end the URL).
    let printable = (v &- splat(0x21)) .< splat(0x5E)
    let lower = v | splat(0x20)
    let excluded = (lower .== splat(0x7B)) .| (lower .== splat(0x7D)) .| ((v | splat(1)) .== splat(0x29))
        .| ((v | splat(2)) .== splat(0x3E)) .| (v .== splat(0x3F)) .| (v .== splat(0x23)) .| (v .== splat(0x5C))
    let plain = printable .& .!excluded
    // Soft: `! " ' , . : ;`.
    let soft = ((v &- splat(0x21)) .< splat(2)) .| (v .== splat(0x27)) .| ((v | splat(2)) .== splat(0x2E))
        .| ((v &- splat(0x3A)) .< splat(2))
    let stops = unsafeBitCast(.!plain, to: (UInt64, UInt64).self)
    let includes = unsafeBitCast(plain .& .!soft, to: (UInt64, UInt64).self)
    // Lanes are bytes: the run is the lanes before the first stop.
    let run = stops.0 != 0 ? stops.0.trailingZeroBitCount >> 3 : (stops.1 != 0 ? 8 + stops.1.trailingZeroBitCount >> 3 : 16)
    var low = includes.0, high = includes.1
    if run < 8 {
        low &= run == 0 ? 0 : ~UInt64(0) >> UInt64(64 - run * 8)
        high = 0
    } else if run < 16 {
        high &= run == 8 ? 0 : ~UInt64(0) >> UInt64(64 - (run - 8) * 8)
    }
    let lastInclude = high != 0 ? 8 + (63 - high.leadingZeroBitCount) >> 3 : (low != 0 ? (63 - low.leadingZeroBitCount) >> 3 : -1)
    return (i + run, lastInclude >= 0 ? i + lastInclude + 1 : nil)
}
