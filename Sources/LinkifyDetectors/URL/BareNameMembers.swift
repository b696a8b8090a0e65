@_spi(Layers) import LinkifyModel

/// The document's evidence that a linked bare name is code: the text writes
/// its stem (the first label) before several different names.
///
/// An object's or module's name takes many attributes in one document
/// (`math.prod`, `math.comb`, `math.isqrt`; `Color.red`, `Color.blue`,
/// `Color.green`; `process.versions`, `process.env`, `process.pid`), while a
/// domain's stem seldom takes more than one or two top labels in one text.
/// So a bare name under a top label that is not an old generic domain
/// (`strongDomain`) whose stem the window writes before `memberLabels`
/// different names or more (any names, registered top-level domains or not,
/// counted without case) has the `documentMembers` feature, weighed with the
/// rest of the document's evidence (`weighDocumentEvidence`).
///
/// The evidence is the scan's window, so memory is bounded by it; the extra
/// pass over the window's full stops runs only for names the evidence could
/// unlink.
enum BareNameMembers {
    /// The domain weight (`TLDDoubleLife`) from which a top label is a host's
    /// whatever the margin: the old generic domains (`.com`, `.org`, `.net`, `.edu`).
    static let strongDomain = 4

    /// How many different names after one stem make it an object's name.
    static let memberLabels = 3

    /// The members feature of the host `t[host]`: `documentMembers` for a
    /// name of two labels, `documentMembersLong` for a longer one.
    static func membersFeature(_ t: UnsafeBufferPointer<UInt8>, _ host: Range<Int>) -> BareNameFeature {
        t[host].lazy.filter { $0 == 0x2E }.count >= 2 ? .documentMembersLong : .documentMembers
    }

    /// A byte of a stem: ASCII letter, digit, `_` or `-` (`hb-ot`, `sys_info`).
    @inline(__always)
    static func isStemByte(_ b: UInt8) -> Bool { ByteClass.isHostASCII(b) || b == 0x5F }

    /// How far back a fence line is looked for (`codeLine`).
    static let fenceReach = 4096

    /// Why the line of the name at `start` is code, or nil: a Python prompt
    /// (`>>> ` starts the line, after indentation: `>>> Animal.dog`), or the
    /// nearest fence line above (within `fenceReach` bytes) opens a fenced
    /// code block with a language (```` ```js ````; a closing fence has none,
    /// so a block without one is not counted). Asked only for names the
    /// model links by a small margin, so the look back is rare.
    /// What `codeLine` carries from one name to the next (names come in
    /// ascending order), so that each byte is looked at about once however
    /// many names there are: the previous name's start and its line's start
    /// (-1 when that line is longer than `fenceReach`), how far up the lines
    /// were searched for fences, and the nearest fence line found (-1 for none).
    struct CodeLineMemo {
        var start = 0
        var lineStart = 0
        var searched = 0
        var fence = -1
        var opens = false
    }

    static func codeLine(_ t: UnsafeBufferPointer<UInt8>, _ start: Int, memo: inout CodeLineMemo) -> String? {
        let floor = max(0, start - fenceReach)
        var lineStart = start
        let stop = max(floor, memo.start)
        while lineStart > stop && t[lineStart - 1] != 0x0A { lineStart -= 1 }
        if lineStart == stop && lineStart > 0 && t[lineStart - 1] != 0x0A {
            // No line start between the previous name and this one: the same line.
            lineStart = lineStart == memo.start ? memo.lineStart : -1
        }
        memo.start = start
        memo.lineStart = lineStart
        guard lineStart >= floor else { return nil }
        // The nearest fence line above: in the lines not searched yet, else the one found before.
        let from = max(floor, memo.searched)
        var found = -1, opens = false
        var end = lineStart   // the end of the line above, after its newline
        // A fence line holds three backticks or tildes in a row: where the
        // lines not searched yet hold no two (most text), none of them is
        // one, and they are not read line by line (sixteen bytes a step).
        if !hasFencePair(t, from..<lineStart) { end = from }
        while end > from {
            var s = end - 1
            while s > from && t[s - 1] != 0x0A { s -= 1 }
            var f = s
            while f < end && t[f] == 0x20 { f += 1 }
            if f + 3 <= end, t[f] == 0x60 || t[f] == 0x7E, t[f + 1] == t[f], t[f + 2] == t[f] {
                var info = f + 3
                while info < end && t[info] == t[f] { info += 1 }
                found = s
                opens = info < end && ByteClass.isAlpha(t[info])
                break
            }
            end = s
        }
        if found < 0 && memo.fence >= floor { found = memo.fence; opens = memo.opens }
        if lineStart > memo.searched {
            memo.searched = lineStart
            memo.fence = found
            memo.opens = opens
        }
        var k = lineStart
        while k < start && (t[k] == 0x20 || t[k] == 0x09) { k += 1 }
        if k + 4 <= start && t[k] == 0x3E && t[k + 1] == 0x3E && t[k + 2] == 0x3E && t[k + 3] == 0x20 {
            return "on a '>>> ' line (an interactive session)"
        }
        return found >= 0 && opens ? "inside a fenced code block with a language" : nil
    }

    /// Whether `t[r]` holds two backticks or two tildes in a row.
    static func hasFencePair(_ t: UnsafeBufferPointer<UInt8>, _ r: Range<Int>) -> Bool {
        guard r.count >= 2 else { return false }
        let last = r.upperBound - 1   // where a pair's first byte can be, at most
        let k = ByteSearch.first(in: t, from: r.lowerBound, before: last, withNext: { v, next in
            let tick = ByteSearch.splat(0x60), tilde = ByteSearch.splat(0x7E)
            return ((v .== tick) .& (next .== tick)) .| ((v .== tilde) .& (next .== tilde))
        }, matches: { i in (t[i] == 0x60 || t[i] == 0x7E) && t[i + 1] == t[i] })
        return k < last
    }

    /// A full stop at `dot` as the scan records it for `memberEvidence`: its
    /// index times 65536 plus the two bytes before it (`pairBefore`), so that
    /// the pass over the window's full stops filters them without reading
    /// the text again (read then, they were cache misses).
    @inline(__always)
    static func nameDot(_ t: UnsafeBufferPointer<UInt8>, _ dot: Int) -> Int {
        dot << 16 | Int(pairBefore(t, dot))
    }

    /// The two bytes before `end` as one number, the last one high; a byte
    /// before the text counts as 0. One load.
    @inline(__always)
    static func pairBefore(_ t: UnsafeBufferPointer<UInt8>, _ end: Int) -> UInt16 {
        if end >= 2, let base = t.baseAddress { return UInt16(littleEndian: UnsafeRawPointer(base + end - 2).loadUnaligned(as: UInt16.self)) }
        return end == 1 ? UInt16(t[0]) << 8 : 0
    }

    /// The `pairBefore`s of the full stops that can end a stem asked about: a
    /// bit for each of the 65,536. A full stop whose pair is not in it cannot
    /// end one of the stems (the last byte alone let half the full stops
    /// through, each a mispredicted branch).
    struct StemPairs {
        var words = [UInt64](repeating: 0, count: 1024)

        /// Adds the pairs that end the stem `t[start..<end]` in any case: its
        /// last two bytes, or for a stem of one byte that byte after any byte
        /// that is not a stem byte (`memberEvidence` reads back over stem bytes).
        mutating func insert(stem t: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) {
            let last = t[end - 1]
            if end - start >= 2 {
                insertCases(t[end - 2], last)
            } else {
                for a in 0...255 where !isStemByte(UInt8(a)) { insertCases(UInt8(a), last) }
            }
        }

        /// Adds `a` then `b`, each in either case if it is a letter (without
        /// an array of the cases: this runs once per name linked).
        private mutating func insertCases(_ a: UInt8, _ b: UInt8) {
            let (a1, a2) = ByteClass.isAlpha(a) ? (a | 0x20, a & ~0x20) : (a, a)
            let (b1, b2) = ByteClass.isAlpha(b) ? (b | 0x20, b & ~0x20) : (b, b)
            insert(UInt16(a1) | UInt16(b1) << 8)
            insert(UInt16(a1) | UInt16(b2) << 8)
            insert(UInt16(a2) | UInt16(b1) << 8)
            insert(UInt16(a2) | UInt16(b2) << 8)
        }

        mutating func insert(_ pair: UInt16) { words[Int(pair >> 6)] |= 1 << UInt64(pair & 63) }

        @inline(__always)
        func contains(_ pair: UInt16) -> Bool { words[Int(pair >> 6)] >> UInt64(pair & 63) & 1 != 0 }
    }

    /// The end of the host at `start` (`DocumentHosts.hostEnd`), a final dot left out.
    static func hostEnd(_ t: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var end = DocumentHosts.hostEnd(t, from: start)
        while end > start && t[end - 1] == 0x2E { end -= 1 }
        return end
    }

    /// The end of the first label of the name at `start` (its stem).
    static func stemEnd(_ t: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var k = start
        while k < t.count && isStemByte(t[k]) { k += 1 }
        return k
    }

    /// What the document's evidence needs of one name, read from the text
    /// once: the scan makes it when it links the name, while its bytes are in
    /// cache (read again when the window ends, they were cache misses). Its
    /// host's end (`hostEnd`) and, for a name under a top label that is not
    /// an old generic domain (`strongDomain`), its stem: a longer name counts
    /// only under a generic domain delegated since 2013 (weight 0:
    /// `process.versions.icu`), a two-label one under any weaker domain.
    struct Query {
        var start: Int
        var hostEnd: Int
        /// The stem's end; `start` when the name is not asked about.
        var stemEnd: Int
        var stemHash: UInt64 = 0
        var asksMembers: Bool { stemEnd > start }
        var host: Range<Int> { start..<hostEnd }

        /// The query of the name at `start`, whose top label the model
        /// weighed as `judged` with domain weight `domain` (not looked up again).
        init(_ t: UnsafeBufferPointer<UInt8>, start: Int, judged: Range<Int>, domain judgedDomain: Int) {
            self.start = start
            hostEnd = BareNameMembers.hostEnd(t, from: start)
            stemEnd = start
            guard let tld = UTS58Scanner.topLabel(t, start, hostEnd: hostEnd) else { return }
            // A top label that weighs most as a domain (`.com`, `.org`) is a
            // host's (`IFSUG.org`), and so are longer names under it (`ftp.gnu.org`).
            let domain = judged == tld ? judgedDomain : BareNameModel.weights(t, tld).domain
            guard domain < strongDomain else { return }
            let end = BareNameMembers.stemEnd(t, from: start)
            guard end > start, end < t.count, t[end] == 0x2E, domain == 0 || tld.lowerBound == end + 1 else { return }
            stemEnd = end
            stemHash = BareNameModel.stemHash(UnsafeBufferPointer(rebasing: t[start..<end]))
        }
    }
}

extension UTS58Scanner {
    /// For each name asked about (`queries`, ascending): whether the window
    /// writes its stem before `BareNameMembers.memberLabels` different names
    /// or more (`documentMembers`), and why its line is code (`codeLine`), for
    /// names whose stem is asked about (`BareNameMembers.Query`); others get `(false, nil)`.
    func memberEvidence(_ state: inout ScanState, queries: [BareNameMembers.Query], nameDots: [Int],
                        needsCode: (_ index: Int, _ members: Bool) -> Bool = { _, _ in true }) -> [(members: Bool, code: String?)] {
        let t = state.t
        let n = t.count
        var result = [(members: Bool, code: String?)](repeating: (false, nil), count: queries.count)
        // The stems of the names asked about, as sorted unique hashes, and the lengths they have.
        var stems: [UInt64] = []
        var lengths: UInt64 = 0
        // The pairs of bytes that end the stems (`BareNameMembers.StemPairs`), so
        // that most full stops are passed over without reading their stem back
        // (the pass reads every full stop).
        var pairs = BareNameMembers.StemPairs()
        var asked: [Int] = []   // indices into `queries` whose stem is asked about
        for (i, q) in queries.enumerated() where q.asksMembers {
            asked.append(i)
            stems.append(q.stemHash)
            lengths |= 1 << UInt64(min(q.stemEnd - q.start, 63))
            pairs.insert(stem: t, q.start, q.stemEnd)
        }
        guard !asked.isEmpty else { return result }
        stems.sort()
        var unique: [UInt64] = []
        for h in stems where unique.last != h { unique.append(h) }
        // The different names written after each stem, up to `memberLabels` of them.
        var members = [[UInt64]](repeating: [], count: unique.count)
        func countMember(dot: Int) {
            let i = dot + 1
            // A name after the dot starts with a letter or `_` (not `v1.2`, not `...`).
            guard i < n, ByteClass.isAlpha(t[i]) || t[i] == 0x5F, dot > 0 else { return }
            var k = dot - 1
            while k > 0 && BareNameMembers.isStemByte(t[k - 1]) { k -= 1 }
            // The stem starts the name: not an inner label (`docs.python.org`'s `python`).
            guard k == 0 || t[k - 1] != 0x2E, lengths & (1 << UInt64(min(dot - k, 63))) != 0 else { return }
            let h = BareNameModel.stemHash(UnsafeBufferPointer(rebasing: t[k..<dot]))
            guard let index = Self.index(of: h, in: unique), members[index].count < BareNameMembers.memberLabels else { return }
            var j = i
            while j < n && (ByteClass.isAlnum(t[j]) || t[j] == 0x5F) { j += 1 }
            let label = BareNameModel.stemHash(UnsafeBufferPointer(rebasing: t[i..<j]))
            if !members[index].contains(label) { members[index].append(label) }
        }
        // The text before the scan's start, which the scan did not visit (on
        // the streamed path, the 64 KiB already written), is searched here;
        // after it, the full stops the scan visited. The scan passes over the
        // rest of a link or of a span it turned down: a name written there is no object's member.
        var i = 0
        while i < state.scanStart {
            i = ByteSearch.first(in: t, from: i, before: state.scanStart, block: { $0 .== ByteSearch.splat(0x2E) }, matches: { $0 == 0x2E })
            guard i < state.scanStart else { break }
            if pairs.contains(BareNameMembers.pairBefore(t, i)) { countMember(dot: i) }
            i += 1
        }
        // (Each full stop's pair, recorded with it (`nameDot`), tested here in
        // line: most name dots end no stem asked about, and then the call is not made.)
        for packed in nameDots where pairs.contains(UInt16(truncatingIfNeeded: packed)) { countMember(dot: packed >> 16) }
        var memo = BareNameMembers.CodeLineMemo()
        for k in asked {
            let many = Self.index(of: queries[k].stemHash, in: unique).map { members[$0].count >= BareNameMembers.memberLabels } ?? false
            // The look back for a code line, the costly part, only where it can change the decision.
            let code = needsCode(k, many) ? BareNameMembers.codeLine(t, queries[k].start, memo: &memo) : nil
            result[k] = (many, code)
        }
        return result
    }

    /// Adds the document's negative evidence to the bare names linked so far
    /// that it could unlink (`BareNameModel.documentMargin`): the window
    /// writes the stem before several names (`documentMembers`), the line is
    /// code (`codeLine`), the text writes the name right after `/` or `\`
    /// (`documentPath`); then, for a name whose score falls below 0, the
    /// text's writing its host as a host (`documentHost`), if not counted
    /// already. A name still below 0 is unlinked. The evidence is the scan's
    /// window, so memory is bounded by it.
    func weighDocumentEvidence(_ state: inout ScanState, nameDots: [Int], into out: inout [Entity]) {
        let t = state.t
        let asked = state.linkedNames
        guard !asked.isEmpty else { return }
        let queries = asked.map(\.query)
        state.pathNames.sort()
        let paths = state.pathNames
        // Whether each name is also written as a path component (`documentPath`).
        let isPath: [Bool] = paths.isEmpty ? [Bool](repeating: false, count: queries.count) : queries.map { q in
            Self.index(of: BareNameModel.stemHash(UnsafeBufferPointer(rebasing: t[q.host])), in: paths) != nil
        }
        let evidence = memberEvidence(&state, queries: queries, nameDots: nameDots) { k, members in
            let score = asked[k].score + (members ? BareNameMembers.membersFeature(t, queries[k].host).weight : 0)
                + (isPath[k] ? BareNameFeature.documentPath.weight : 0)
            return score + min(0, BareNameFeature.codeLine.weight) < 0
        }
        var retracted: [Int] = []
        for (k, name) in asked.enumerated() {
            let start = name.start
            let host = name.query.host
            var judgement = BareNameModel.Judgement()
            judgement.score = name.score
            let explains = state.explains
            judgement.bare = name.bare
            if evidence[k].members {
                judgement.add(BareNameMembers.membersFeature(t, host), explains,
                              "the text writes '\(UTF8Bytes.string(t, start..<name.query.stemEnd)).' before \(BareNameMembers.memberLabels) different names or more (an object's members)")
            }
            if let code = evidence[k].code { judgement.add(.codeLine, explains, code) }
            if isPath[k] {
                judgement.add(.documentPath, explains, "the text also writes this name as a path component (after '/' or '\\')")
            }
            if judgement.score < 0 && !name.hostCounted {
                state.updateEvidence()
                judgement.addDocumentHost(state.evidence.match(t, host, bare: name.bare), explains: explains)
            }
            guard judgement.score < 0 else { continue }
            retracted.append(start)
            state.explainRetraction(start, judgement)
        }
        guard !retracted.isEmpty else { return }
        // The names retracted are in scan order, so ascending.
        out.removeAll { e in
            e.kind == .url && e.start >= state.scanStart && Self.index(of: e.start, in: retracted) != nil
        }
    }

    /// The top label of the host `start..<hostEnd` (`BareNameMembers.hostEnd`),
    /// or nil when the host is one label.
    static func topLabel(_ t: UnsafeBufferPointer<UInt8>, _ start: Int, hostEnd end: Int) -> Range<Int>? {
        var k = end
        while k > start && t[k - 1] != 0x2E { k -= 1 }
        return k > start && k < end ? k..<end : nil
    }

    /// The index of `x` in the ascending `a`, by binary search.
    @inline(__always)
    static func index<T: Comparable>(of x: T, in a: [T]) -> Int? {
        var lo = 0, hi = a.count
        while lo < hi {
            let mid = (lo + hi) >> 1
            if a[mid] < x { lo = mid + 1 } else { hi = mid }
        }
        return lo < a.count && a[lo] == x ? lo : nil
    }
}

extension UTS58Scanner.ScanState {
    /// When explaining: the bare name at `start`, linked by the scan, is
    /// unlinked after all by the document's evidence (`evidence`: its
    /// features, added to the scan's), and `--explain` says so in place of
    /// its link verdict.
    mutating func explainRetraction(_ start: Int, _ evidence: BareNameModel.Judgement) {
        guard explains, let name = linkedBare.first(where: { $0.start == start }) else { return }
        rejected.removeAll { x in
            if x.start == start, x.kind == .url, case .linked = x.verdict { return true }
            return false
        }
        var judgement = name.judgement
        judgement.score = evidence.score
        judgement.told = BareNameModel.Judgement.Told(notes: judgement.notes + evidence.notes, features: judgement.features + evidence.features)
        reject(start, name.end, .url, .bareName(judgement.summary))
    }
}
