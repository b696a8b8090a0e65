@_spi(Layers) import LinkifyModel

/// Finds URLs and email addresses by Unicode UTS #58 17.0.0 (the `default` profile).
///
/// It jumps from trigger byte to trigger byte — `.` (and the ideographic,
/// fullwidth and halfwidth full stops) and the `:` of `scheme://` — and scans
/// outwards from there:
/// - a full stop followed by a top-level domain label ends a domain; the scanner
///   backs up over the domain's labels, checks them, and then either backs up
///   over an email local part (`@` before the domain) or extends the URL by the
///   UTS #58 termination algorithm over path, query and fragment;
/// - `scheme://` starts a URL with any scheme; web schemes need a valid host.
///
/// Each byte is looked at a bounded number of times, so the time is linear.
package struct UTS58Scanner: EntityScanner {
    /// Whether URLs are reported (they are always scanned, so that an email
    /// address is never found inside a URL).
    var reportsURLs = true
    /// Whether email addresses are reported.
    var reportsEmails = true
    /// Whether web URLs with a plain ASCII authority take the one-pass path
    /// (`plainWebURL`); tests turn it off to compare with the general path.
    var readsPlainAuthorityInOnePass = true

    package init(reportsURLs: Bool = true, reportsEmails: Bool = true) {
        self.reportsURLs = reportsURLs
        self.reportsEmails = reportsEmails
    }

    /// Schemes whose URLs must have a valid host name (`isWebScheme` tests them on bytes).
    static let webSchemes: Set<String> = ["http", "https", "ftp", "ftps", "ws", "wss", "sftp"]

    /// Whether `t[r]` is one of `webSchemes`, ignoring case; no String is built
    /// (a String and a hash per `scheme://` were a quarter of the time on URL-dense text).
    @inline(__always)
    static func isWebScheme(_ t: UnsafeBufferPointer<UInt8>, _ r: Range<Int>) -> Bool {
        guard r.count >= 2 && r.count <= 5 else { return false }
        // The scheme's bytes as one little-endian word, lowercased by setting
        // bit 5: scheme characters (letters, digits, `+`, `-`, `.`) other
        // than capitals have it set already. One compare per candidate
        // instead of a loop per letter.
        var word: UInt64 = 0
        for k in r.reversed() { word = word << 8 | UInt64(t[k] | 0x20) }
        switch r.count {
        case 2: return word == 0x73_77   // "ws"
        case 3: return word == 0x70_74_66 || word == 0x73_73_77   // "ftp", "wss"
        case 4: return word == 0x70_74_74_68 || word == 0x73_70_74_66 || word == 0x70_74_66_73   // "http", "ftps", "sftp"
        default: return word == 0x73_70_74_74_68   // "https"
        }
    }

    /// Every candidate holds a trigger (`isTrigger`).
    package var triggers: ByteSet? { Self.triggerSet }
    static let triggerSet = ByteSet([0x2E, 0x3A, 0xE3, 0xEF])

    /// Whether `b` may start a trigger: `.`, `:`, or the lead byte of `。`, `．`, `｡`.
    @inline(__always)
    static func isTrigger(_ b: UInt8) -> Bool { b == 0x2E || b == 0x3A || b == 0xE3 || b == 0xEF }

    /// The next byte at or after `i` that may start a trigger, or `t.count`.
    @inline(__always)
    static func nextTrigger(_ t: UnsafeBufferPointer<UInt8>, from i: Int) -> Int {
        ByteSearch.first(in: t, from: i, block: { v in
            (v .== ByteSearch.splat(0x2E)) .| (v .== ByteSearch.splat(0x3A)) .| (v .== ByteSearch.splat(0xE3)) .| (v .== ByteSearch.splat(0xEF))
        }, matches: isTrigger)
    }

    package func scan(_ t: UnsafeBufferPointer<UInt8>, from minStart: Int, into out: inout [Entity]) {
        // Every candidate holds a trigger: a text without one (most of a
        // Markdown document's short text runs) needs no state made.
        guard Self.nextTrigger(t, from: minStart) < t.count else { return }
        var state = ScanState(t: t, cursor: minStart)
        scan(&state, from: minStart, into: &out)
    }

    package func scan(_ t: UnsafeBufferPointer<UInt8>, from minStart: Int, into out: inout [Entity], rejections: inout [Explanation]) {
        var state = ScanState(t: t, cursor: minStart)
        state.explains = true
        scan(&state, from: minStart, into: &out)
        rejections.append(contentsOf: state.rejected)
    }

    package func rule(for entity: Entity, in text: UnsafeBufferPointer<UInt8>) -> String {
        if entity.kind == .email { return "UTS #58 email address" }
        let isBare = entity.target == .text(after: .https) && !entity.range.isEmpty
        guard isBare else { return "UTS #58 URL with a scheme" }
        if Self.hasWWWPrefix(text, entity.start) { return "UTS #58 bare domain, top-level domain in IANA's list, www." }
        // The explaining scan names a bare name's rule itself, with the evidence
        // it weighed (`ScanState.explainLink`), so this is only the rule's name.
        return Self.bareNameRule
    }

    /// The rule of a linked bare name without `www.`; `--explain` adds the model's evidence.
    static let bareNameRule = "UTS #58 bare domain, top-level domain in IANA's list; bare-name model"

    private func scan(_ state: inout ScanState, from minStart: Int, into out: inout [Entity]) {
        let t = state.t
        let n = t.count
        var i = minStart
        // The full stops visited with a name after them (a letter or `_`:
        // `math.prod`, not `1.2` nor a sentence's end): what the members pass
        // reads (`memberEvidence`), so that it need not search the window again;
        // each with the byte before it (`BareNameMembers.nameDot`).
        var nameDots: [Int] = []
        if n - minStart >= 1 << 8 { nameDots.reserveCapacity((n - minStart) >> 7) }   // (a reserve of 0 allocates too)
        while i < n {
            i = Self.nextTrigger(t, from: i)
            guard i < n else { break }
            if i < state.cursor { i = state.cursor; continue }
            let b = t[i]
            if b == 0x3A {
                if i + 2 < n && t[i + 1] == 0x2F && t[i + 2] == 0x2F, case let mark = state.mark,
                   case var outcome = schemeURL(colon: i, &state), !outcome.isNothing {
                    outcome = endingAtCodeSpan(outcome, trigger: i, mark, &state) { schemeURL(colon: i, &$0) }
                    record(outcome, &state, into: &out)
                    i = max(i + 1, state.cursor)
                    continue
                }
                i += 1
                continue
            }
            let dotLength = Self.dotLength(t, at: i)
            guard dotLength > 0 else { i += 1; continue }
            var spanned = i + dotLength   // how far the label after it is known to run
            if dotLength == 1 { (i, spanned) = Self.lastFullStopOfASCIIHost(t, from: i, nameDots: &nameDots) }   // (a full stop too)
            if dotLength == 1 && i + 1 < n, case let next = t[i + 1], ByteClass.isAlpha(next) || next == 0x5F {
                nameDots.append(BareNameMembers.nameDot(t, i))
            }
            let label = Self.label(afterDot: i, dotLength: dotLength, in: t, spannedTo: spanned)
            guard label.isLast else {
                i = max(label.end, i + dotLength)   // the next separator, or the next byte after an empty label
                continue
            }
            if case let mark = state.mark, case var outcome = domain(dot: i, label, &state), !outcome.isNothing {
                outcome = endingAtCodeSpan(outcome, trigger: i, mark, &state) {
                    domain(dot: i, Self.label(afterDot: i, dotLength: dotLength, in: $0.t), &$0)   // (read again in the shorter text)
                }
                record(outcome, &state, into: &out)
                i = max(i + dotLength, state.cursor)
                continue
            }
            i += dotLength
        }
        if !state.pending.isEmpty {
            state.updateEvidence()
            settlePending(&state, into: &out)
        }
        if !state.linkedNames.isEmpty && reportsURLs { weighDocumentEvidence(&state, nameDots: nameDots, into: &out) }
        if state.explains && !state.weighedBare.isEmpty { explainWeighings(&state, nameDots: nameDots) }
    }

    /// What one trigger produced: an entity, a span to skip without one, or
    /// nothing. Not an optional: `Outcome?` was copied and destroyed through
    /// Optional's generic value witnesses, which showed on URL-dense text
    /// (docs/benchmarks.md).
    enum Outcome {
        case entity(Entity)
        case skip(to: Int)
        case nothing

        var isNothing: Bool {
            if case .nothing = self { return true }
            return false
        }
    }

    /// SPEC §5: a backtick that closes a code span opened before a link ends
    /// it (``run `curl https://example.com/a/b` now``). When the text that the
    /// candidate at `trigger` covers holds the backticks that close the code
    /// span open there, the candidate is read again with the text ending at them,
    /// and what the first reading recorded (`mark`) is taken back: one
    /// candidate, one weighing.
    @inline(__always)
    private func endingAtCodeSpan(_ outcome: consuming Outcome, trigger: Int, _ mark: ScanState.Mark, _ state: inout ScanState,
                                  _ again: (inout ScanState) -> Outcome) -> Outcome {
        let end: Int
        switch outcome {
        case .entity(let e): end = e.end
        case .skip(let e): end = e
        case .nothing: return outcome
        }
        guard end > trigger, !state.hasNoBacktick(before: end),
              let close = state.closingBackticks(from: trigger, before: end) else { return outcome }
        state.rollBack(to: mark)
        let whole = state.t
        state.t = UnsafeBufferPointer(rebasing: whole[..<close])
        let limited = again(&state)
        state.t = whole
        return limited
    }

    @inline(__always)
    private func record(_ outcome: consuming Outcome, _ state: inout ScanState, into out: inout [Entity]) {
        switch consume outcome {
        case .entity(let e):
            state.cursor = e.end
            if (e.kind == .url && reportsURLs) || (e.kind == .email && reportsEmails) { out.append(e) }
        case .skip(let end):
            state.cursor = max(state.cursor, end)
        case .nothing:
            break
        }
    }

    /// Length of the label separator at `i` (`.`, `。`, `．`, `｡`), or 0.
    @inline(__always)
    static func dotLength(_ t: UnsafeBufferPointer<UInt8>, at i: Int) -> Int {
        let b = t[i]
        if b == 0x2E { return 1 }
        guard i + 2 < t.count else { return 0 }
        if b == 0xE3 && t[i + 1] == 0x80 && t[i + 2] == 0x82 { return 3 }
        if b == 0xEF && ((t[i + 1] == 0xBC && t[i + 2] == 0x8E) || (t[i + 1] == 0xBD && t[i + 2] == 0xA1)) { return 3 }
        return 0
    }

    /// Mutable scanning state: the cursor before which nothing new may start
    /// (UTS #58's hard start) and a memo of the last run of host characters
    /// found, so that backing up over `a.a.a.a…` stays linear.
    struct ScanState {
        /// The text; `endingAtCodeSpan` ends it at a closing backtick for one candidate.
        var t: UnsafeBufferPointer<UInt8>
        /// The whole text, never cut: what a bare name's weighing reads
        /// around it (`BareNameModel.judge`), so that a name in a code span
        /// is weighed on what follows the span too.
        let whole: UnsafeBufferPointer<UInt8>
        var cursor: Int
        /// The last run found: host characters and separators from `runStart` to `runEnd`.
        var runStart: Int
        var runEnd: Int
        /// Whether that run holds a character past ASCII: a host without one
        /// needs no UTS #39 check (`HostSpoof`), and this way costs no pass of its own.
        var runIsWide = false
        /// Whether rejected candidates, and the rules of linked bare names,
        /// are recorded in `rejected` (`--explain`).
        var explains = false
        var rejected: [Explanation] = []
        /// The hosts this scan has found with a scheme, `www.` or `@`
        /// (`BareNameModel`'s document evidence), collected as the scan
        /// finds them: no second pass over the text.
        var evidence = DocumentHosts()
        /// Where the hosts found start; hashed into `evidence` only when a
        /// name needs them (`updateEvidence`), which on most text is never.
        var evidenceStarts = Offsets()
        var evidenceHashed = 0
        /// The hosts of the bare names weighed with a path, hashed into
        /// `evidence` (`DocumentHosts.insertPathHost`) only when a name needs them.
        var pathHostStarts = Offsets()
        var pathHostsHashed = 0
        /// Where the scan starts, and whether the hosts before it were read.
        var scanStart: Int
        var contextRead = false
        /// Bare names that only document evidence could make links, decided
        /// when the scan ends (the evidence may come after them).
        var pending: [PendingName] = []
        /// Names found right after `/` or `\` (`BareNameModel.stemHash`): the
        /// `documentPath` evidence (`weighDocumentEvidence`).
        var pathNames: [UInt64] = []
        /// The bare names linked that the document's evidence may still
        /// unlink (`weighDocumentEvidence`; `LinkedName.isAsked`), in order of start.
        var linkedNames: [LinkedName] = []
        /// When explaining, the judgements of the bare names linked, and of
        /// every bare name weighed (for `--explain`'s weighings).
        var linkedBare: [LinkedBareName] = []
        var weighedBare: [LinkedBareName] = []
        /// Backticks read so far (`openCodeSpan`): up to where, and the length
        /// of the backtick run that opened a code span still open there (0: none).
        var ticksRead = 0
        var openTicks = 0
        /// The first backtick at or after a position before `ticksRead`, or
        /// `t.count` (-1: not searched); `openCodeSpan` jumps to it.
        var nextTick = -1
        /// The window's first backtick, or `t.count`: found once, 64 bytes a step.
        let firstTick: Int

        init(t: UnsafeBufferPointer<UInt8>, cursor: Int) {
            self.t = t
            self.whole = t
            self.cursor = cursor
            self.runStart = cursor
            self.runEnd = cursor
            self.scanStart = cursor
            self.firstTick = ByteSearch.first(of: 0x60, in: t, from: 0)
        }

        /// Brings `evidence` up to every host found so far (read it in place:
        /// a copy of `DocumentHosts` per question was a `memcpy` of its memo).
        mutating func updateEvidence() {
            if !contextRead {
                // The text before the scan's start is context the loop never visits.
                evidence.collect(t, before: scanStart)
                contextRead = true
            }
            while evidenceHashed < evidenceStarts.count {
                evidence.insertHost(t, from: evidenceStarts[evidenceHashed])
                evidenceHashed += 1
            }
            while pathHostsHashed < pathHostStarts.count {
                evidence.insertPathHost(whole, from: pathHostStarts[pathHostsHashed])
                pathHostsHashed += 1
            }
        }

        /// Where in `p..<end` the backtick run starts that closes the code span
        /// open at `p` (a run as long as the one that opened it), or nil.
        mutating func closingBackticks(from p: Int, before end: Int) -> Int? {
            var k = ByteSearch.first(in: t, from: p, before: end, block: { v in v .== ByteSearch.splat(0x60) }, matches: { $0 == 0x60 })
            guard k < end else { return nil }
            let open = openCodeSpan(at: p)
            guard open > 0 else { return nil }
            while k < end {
                guard t[k] == 0x60 else { k += 1; continue }
                var e = k + 1
                while e < t.count && t[e] == 0x60 { e += 1 }
                if e - k == open { return k }
                k = e
            }
            return nil
        }

        /// Whether the text before `end` holds no backtick, so that no code
        /// span can end a candidate that ends there (`closingBackticks` would
        /// say nil). On text without backticks (URL lists, logs) the one search
        /// for `firstTick` replaces a search of every candidate's bytes.
        @inline(__always)
        func hasNoBacktick(before end: Int) -> Bool { end <= firstTick }

        /// The length of the backtick run that opened a code span still open
        /// at `p` (0: none), as CommonMark pairs them: a run opens a span, the
        /// next run as long closes it, and a blank line ends the paragraph and
        /// the span. Read on from where the last call stopped (the scan asks
        /// about growing positions), so the text is read once.
        mutating func openCodeSpan(at p: Int) -> Int {
            if p < ticksRead { ticksRead = 0; openTicks = 0; nextTick = -1 }
            var k = ticksRead
            while k < p {
                if openTicks == 0 {
                    // No span open: a blank line would change nothing, so only
                    // the next backtick matters. It is found once, 64 bytes a
                    // step, and kept for the questions before it (on text
                    // without backticks, one search of the window in all).
                    if nextTick < k { nextTick = ByteSearch.first(of: 0x60, in: t, from: k) }
                    guard nextTick < p else { break }
                    k = nextTick
                } else {
                    k = ByteSearch.first(in: t, from: k, before: p, block: { v in
                        (v .== ByteSearch.splat(0x60)) .| (v .== ByteSearch.splat(0x0A))
                    }, matches: { $0 == 0x60 || $0 == 0x0A })
                    guard k < p else { break }
                    if t[k] == 0x0A {
                        var e = k + 1
                        while e < p && (t[e] == 0x20 || t[e] == 0x09 || t[e] == 0x0D) { e += 1 }
                        if e < p && t[e] == 0x0A { openTicks = 0 }
                        k += 1
                        continue
                    }
                }
                var e = k + 1
                while e < p && t[e] == 0x60 { e += 1 }
                if openTicks == 0 { openTicks = e - k } else if openTicks == e - k { openTicks = 0 }
                k = e
            }
            ticksRead = p
            return openTicks
        }

        /// How much of what a candidate's reading records there was before it
        /// (`endingAtCodeSpan` reads a candidate again and takes back the first
        /// reading's records). The hosts found (`evidenceStarts`) and path
        /// names stay: a second copy of one changes nothing.
        struct Mark {
            var rejected, weighedBare, linkedBare, pending, linkedNames: Int
        }

        var mark: Mark {
            Mark(rejected: rejected.count, weighedBare: weighedBare.count, linkedBare: linkedBare.count,
                 pending: pending.count, linkedNames: linkedNames.count)
        }

        mutating func rollBack(to m: Mark) {
            rejected.removeLast(rejected.count - m.rejected)
            weighedBare.removeLast(weighedBare.count - m.weighedBare)
            linkedBare.removeLast(linkedBare.count - m.linkedBare)
            pending.removeLast(pending.count - m.pending)
            linkedNames.removeLast(linkedNames.count - m.linkedNames)
        }

        /// Records why a candidate was turned down, when explaining.
        @inline(__always)
        mutating func reject(_ start: Int, _ end: Int, _ kind: EntityKind, _ reason: @autoclosure () -> RejectionReason) {
            if explains { record(start, end, kind, reason) }
        }

        /// `reject`'s record, out of line: the reasons' code inlined at each
        /// rejection is code the scan carries through the instruction cache
        /// and never runs unless explaining (`Judgement.tell`).
        @inline(never)
        mutating func record(_ start: Int, _ end: Int, _ kind: EntityKind, _ reason: () -> RejectionReason) {
            rejected.append(Explanation(start: start, end: end, kind: kind, verdict: .rejected(reason())))
        }

        /// Records the rule that linked the bare name `start..<end`, with the
        /// evidence this scan weighed, so that `--explain` prints the judgement
        /// that decided rather than a second one (`EntityScanner`'s `.linked`
        /// explanations). Only called when explaining: kept out of line, so
        /// that the scan without explanations does not carry its code.
        @inline(never)
        mutating func explainLink(_ start: Int, _ end: Int, _ judgement: BareNameModel.Judgement) {
            let entity = Entity(kind: .url, start: start, end: end, targetPrefix: .https)
            rejected.append(Explanation(start: start, end: end, kind: .url,
                                        verdict: .linked(rule: UTS58Scanner.bareNameRule + " " + judgement.summary,
                                                         target: entity.target(in: t))))
        }

        /// Start of the run of label characters and separators that ends at `p`
        /// (never before the cursor). It backs up from `p`, and stops at the end
        /// of the previous run, which it then continues: calls come with growing
        /// `p`, so each byte is decoded about once however many full stops the
        /// run holds, and plain text between full stops is not decoded at all.
        mutating func hostRunStart(endingAt p: Int) -> Int {
            let floor = cursor
            let memoIsValid = runEnd > floor && runEnd <= p
            let stop = memoIsValid ? runEnd : floor
            var k = p
            var wide = false
            // Sixteen bytes a step while they are ASCII letters, digits, `-`
            // and `.` (most hosts are): the block's last other byte, if any,
            // is where the byte-by-byte loop below takes over.
            if let base = t.baseAddress {
                let raw = UnsafeRawPointer(base)
                while k > stop && k >= 16 {
                    let v = raw.loadUnaligned(fromByteOffset: k - 16, as: SIMD16<UInt8>.self)
                    let lower = v | ByteSearch.splat(0x20)
                    let letter = (lower &- ByteSearch.splat(0x61)) .< ByteSearch.splat(26)
                    let digit = (v &- ByteSearch.splat(0x30)) .< ByteSearch.splat(10)
                    let sign = (v &- ByteSearch.splat(0x2D)) .< ByteSearch.splat(2)   // `-` `.`
                    let other = unsafeBitCast(.!(letter .| digit .| sign), to: (UInt64, UInt64).self)
                    if other.0 | other.1 == 0 {
                        k = max(stop, k - 16)
                        continue
                    }
                    // The highest lane that is another byte: the bytes after it are host bytes.
                    let lane = other.1 != 0 ? 15 - other.1.leadingZeroBitCount >> 3 : 7 - other.0.leadingZeroBitCount >> 3
                    k = max(stop, k - 16 + lane + 1)
                    break
                }
            }
            while k > stop {
                let b = t[k - 1]
                if b < 0x80 {
                    guard ByteClass.isHostASCII(b) || b == 0x2E else { break }
                    k -= 1
                    continue
                }
                let (cp, len) = UTF8Bytes.decode(t, before: k, floor: floor)
                guard CharacterProperties.isHostLabel(cp) || CharacterProperties.isLabelSeparator(cp) else { break }
                k -= len
                wide = true
            }
            let continues = memoIsValid && k <= stop
            let start = continues ? max(runStart, floor) : max(k, floor)
            // (When the cursor cut the run, `runIsWide` may speak of bytes before
            // it: the check then runs and finds nothing, which costs only time.)
            runIsWide = wide || (continues && runIsWide)
            runStart = start
            runEnd = p
            return start
        }
    }

    // MARK: - Domains found from their top-level label

    /// The label after the separator at `p`, and whether it is a domain's last
    /// label: a candidate top-level domain, which `domain` weighs. When a
    /// label follows (`.com.x`), a later separator decides, and the next one
    /// is at `end`: the scan goes there without a search and without
    /// weighing, so that `a.a.a.…` costs a few comparisons per label.
    struct LabelAfterDot {
        var start: Int
        var end: Int
        /// Where the domain ends: `end`, or past a fully qualified name's final dot.
        var domainEnd: Int
        var isLast: Bool
    }

    /// The last full stop of the ASCII host run whose full stop `p` is: from
    /// `p`, each label of ASCII letters, digits and `-` followed by a full stop
    /// and another label is one `label(afterDot:)` would call not last, so
    /// the walk passes it in one loop over its bytes (a scalar loop: labels
    /// are short), recording the full stops it passes with a letter after
    /// them in `nameDots`. It stops at the full stop the scan must weigh: the one
    /// before the last label, or one followed by anything else (a wide stop,
    /// a character past ASCII, the end), with the end of the ASCII letters,
    /// digits and `-` after it: where spanning its label goes on.
    @inline(__always)
    static func lastFullStopOfASCIIHost(_ t: UnsafeBufferPointer<UInt8>, from p: Int, nameDots: inout [Int]) -> (dot: Int, asciiEnd: Int) {
        let n = t.count
        var dot = p
        while true {
            var k = dot + 1
            while k < n && ByteClass.isHostASCII(t[k]) { k += 1 }
            guard k > dot + 1, k + 1 < n, t[k] == 0x2E, ByteClass.isHostASCII(t[k + 1]) else { return (dot, k) }
            if ByteClass.isAlpha(t[dot + 1]) { nameDots.append(BareNameMembers.nameDot(t, dot)) }
            dot = k
        }
    }

    /// `spanned`, when given, is where the label is known to run to (label characters from its start).
    @inline(__always)
    static func label(afterDot p: Int, dotLength separator: Int, in t: UnsafeBufferPointer<UInt8>, spannedTo spanned: Int? = nil) -> LabelAfterDot {
        let start = p + separator
        let end = spanLabel(t, from: spanned ?? start)
        var label = LabelAfterDot(start: start, end: end, domainEnd: end, isLast: end > start)
        guard label.isLast, end < t.count, case let sep = dotLength(t, at: end), sep > 0 else { return label }
        // Only the next label's first character matters: spanning the
        // whole label here made `a.a.a.…` span every label twice.
        if !startsLabel(t, at: end + sep) {
            label.domainEnd = end + sep   // a fully qualified name's final dot
        } else if sep != 3 || !wideStopEndsHost(t, after: start..<end) {
            label.isLast = false
        }
        return label
    }

    /// The domain whose last label, `label`, follows the separator at `p`.
    private func domain(dot p: Int, _ label: LabelAfterDot, _ state: inout ScanState) -> Outcome {
        let t = state.t
        let n = t.count
        guard label.isLast else { return .nothing }
        let labelStart = label.start, labelEnd = label.end, domainEnd = label.domainEnd
        guard TLDList.contains(t, labelStart..<labelEnd) else {
            if state.explains { explainUnknownTLD(dot: p, labelStart..<labelEnd, &state) }
            return .nothing
        }
        // Trojan Source: a bidirectional control between the last label and
        // more host characters is inside the host, which it makes invalid (SPEC §5).
        if domainEnd + 2 < n && t[domainEnd] == 0xE2, CharacterProperties.isBidiControl(UTF8Bytes.decode(t, at: domainEnd).scalar),
           CharacterProperties.bidiControlsAreInsideWord(t, domainEnd..<CharacterProperties.bidiControlsEnd(t, from: domainEnd)) {
            state.reject(state.hostRunStart(endingAt: p), domainEnd, .url, .invalidHost)
            return .skip(to: domainEnd)
        }
        // A "domain" right before `@` is the local part of an email address,
        // and so is one that more local-part characters join to an `@`
        // (`anty.sk+git@gmail.com`): the address is found at its `@`.
        if domainEnd < n && t[domainEnd] == 0x40 { return .nothing }
        if domainEnd < n && t[domainEnd] != 0x2E && Self.isLocalPartASCII(t[domainEnd]) && Self.joinsLocalPart(t, from: domainEnd) {
            return .nothing
        }

        var linkEnd = domainEnd
        var hasPort = false
        if domainEnd < n && t[domainEnd] == 0x3A {
            var k = domainEnd + 1
            var port = 0
            while k < n && ByteClass.isDigit(t[k]) && k - domainEnd <= 6 {
                port = port * 10 + Int(t[k] - 0x30)
                k += 1
            }
            let digits = k - domainEnd - 1
            if digits > 0 && k < n && t[k] == 0x3A && !Self.hasWWWPrefix(t, state.hostRunStart(endingAt: p)) {
                // `main.rs:2:5`, `foo.c:12: error`: a file and line, never a host and port.
                var e = k + 1
                while e < n && ByteClass.isDigit(t[e]) { e += 1 }
                state.reject(state.hostRunStart(endingAt: p), e, .url, .bareName("a file and line ('name:LINE:')"))
                return .skip(to: e)
            }
            if digits > 5 || port > 0xFFFF {
                if state.explains { state.reject(state.hostRunStart(endingAt: p), k, .url, .invalidHost) }
                return .nothing
            }
            if digits > 0 { linkEnd = k; hasPort = true }
        }

        let domainStart = state.hostRunStart(endingAt: p)
        guard domainStart < p else { return .nothing }
        if t[domainStart] >= 0x80 {
            // A link never starts on a combining mark or variation selector (they belong
            // to the character before), and when that character is a symbol or emoji
            // the label is that whole word or nothing: no link.
            var k = domainStart
            while k < p, case let (cp, len) = UTF8Bytes.decode(t, at: k), CharacterProperties.isAttachedMark(cp) { k += len }
            if k > domainStart {
                if state.explains { state.reject(domainStart, p, .url, .invalidHost) }
                return .skip(to: p)
            }
        } else if domainStart > 0 && t[domainStart - 1] >= 0x80,
                  case let before = UTF8Bytes.decode(t, before: domainStart, floor: 0).0,
                  CharacterProperties.isSymbolInLabel(before)
                    || (CharacterProperties.isBidiControl(before) && CharacterProperties.bidiControlsAreInsideWord(
                        t, CharacterProperties.bidiControlsStart(t, endingAt: domainStart)..<domainStart)) {
            // (A bidirectional control between host characters makes the host invalid: SPEC §5.)
            if state.explains { state.reject(domainStart, p, .url, .invalidHost) }
            return .skip(to: p)
        }
        guard Self.validLabels(t, domainStart..<labelEnd) else { return .nothing }

        if domainStart > state.cursor {
            let (before, beforeLength) = UTF8Bytes.decode(t, before: domainStart, floor: state.cursor)
            if before == 0x40 {
                return email(at: domainStart - beforeLength, domainEnd: labelEnd, linkEnd: linkEnd, &state)
            }
        }
        // A name right after `/` or `\` is a path component (`/usr/share/perl5/file.pl`,
        // `C:\tools\setup.exe`, `src/main.rs`), never the start of a bare link;
        // after a protocol-relative `//` it is a host the model weighs (`protocolRelative`).
        if domainStart > 0 && (t[domainStart - 1] == 0x2F || t[domainStart - 1] == 0x5C)
            && !BareNameModel.isProtocolRelative(t, domainStart) {
            state.pathNames.append(BareNameModel.stemHash(UnsafeBufferPointer(rebasing: t[domainStart..<labelEnd])))
            let end = max(linkEnd, terminate(t, from: linkEnd, part: nil, cjkIsHard: true))
            state.reject(domainStart, end, .url, .bareName("a path component (after '/' or '\\')"))
            return .skip(to: end)
        }

        let pqfEnd = terminate(t, from: linkEnd, part: nil, cjkIsHard: true)
        var end = pqfEnd
        if pqfEnd == linkEnd && domainEnd > labelEnd && !hasPort {
            end = labelEnd   // no path, query or fragment: the final dot is punctuation
        }
        if end - domainStart > Limits.maxEntityBytes {
            state.reject(domainStart, end, .url, .tooLong)
            return .skip(to: end)
        }

        if !Self.hasWWWPrefix(t, domainStart) {
            // SPEC §5's named hard rule: `main.rs`, `setup.py`, `README.md` —
            // no scheme, `www.`, port or path, and a top label that is one of
            // its file extensions — is a file name, whatever else the text says.
            if !hasPort && pqfEnd == linkEnd && BareNameModel.isFileNameTopLabel(t, labelStart..<labelEnd) {
                state.reject(domainStart, end, .url, .bareName("a file name (SPEC §5: .md .rs .py .sh .pm .ps .mk .tf .gd .zip .mov without scheme, www., port or path)"))
                return .skip(to: end)
            }
            if let why = BareNameModel.notAHostName(t, domainStart..<labelEnd) {
                state.reject(domainStart, end, .url, .bareName(why))
                return .skip(to: end)
            }
            let candidate = BareNameModel.Candidate(host: domainStart..<labelEnd, tld: labelStart..<labelEnd,
                                                    colonNumber: hasPort, hasPath: pqfEnd > linkEnd, end: end)
            var judgement = BareNameModel.judge(state.whole, candidate, explains: state.explains)
            // Its host, written with a path, is evidence for the same host written bare (`documentPathHost`).
            if candidate.hasPath { state.pathHostStarts.append(domainStart) }
            if state.explains { state.weighedBare.append(LinkedBareName(start: domainStart, end: end, judgement: judgement)) }
            // A name that only the document's evidence can link: linked now if
            // the hosts found so far give enough (its last two labels,
            // `documentHost`; the very host, `documentSameHost`), else decided
            // when the scan ends.
            var hostCounted = false
            if !judgement.isLink && judgement.score + judgement.documentHostGain >= 0,
               let keys = DocumentHosts.keys(t, candidate.host, whole: judgement.bare) {
                state.updateEvidence()
                let match = state.evidence.match(keys)
                if judgement.score + judgement.documentHostScore(match) >= 0 {
                    judgement.addDocumentHost(match, explains: state.explains)
                    hostCounted = true
                } else {
                    // The evidence may come later in the window: decided when the scan ends.
                    state.pending.append(PendingName(start: domainStart, end: end, keys: keys, judgement: judgement))
                    return .skip(to: end)
                }
            }
            if !judgement.isLink {
                state.reject(domainStart, end, .url, .bareName(judgement.summary))
                return .skip(to: end)
            }
            // (Also when URLs are not reported: the finder matches rules to the
            // candidates reported, and reading `reportsURLs` here costs the plain scan.)
            if state.explains { state.explainLink(domainStart, end, judgement) }
            if LinkedName.isAsked(judgement) {
                state.linkedNames.append(LinkedName(start: domainStart, hostCounted: hostCounted, judgement, in: state.whole))
            }
            if state.explains { state.linkedBare.append(LinkedBareName(start: domainStart, end: end, judgement: judgement)) }
        } else {
            state.evidenceStarts.append(domainStart)
        }
        var entity = Entity(kind: .url, start: domainStart, end: end, targetPrefix: .https)
        if state.runIsWide || t[labelStart] >= 0x80 || t[labelEnd - 1] >= 0x80 {
            HostSpoof.checkLabels(&entity, host: domainStart..<labelEnd, in: t)
        }
        return .entity(entity)
    }

    private func email(at: Int, domainEnd: Int, linkEnd: Int, _ state: inout ScanState) -> Outcome {
        let t = state.t
        let n = t.count
        let localStart = Self.localPartStart(t, before: at, floor: state.cursor)
        // UTS #58: a local part is not empty, and has no leading, trailing or doubled dot.
        guard localStart < at, t[localStart] != 0x2E, t[at - 1] != 0x2E, !Self.hasDoubleDot(t, localStart..<at) else {
            state.reject(localStart, domainEnd, .email, .invalidLocalPart)
            return .skip(to: linkEnd)
        }
        // `scheme://user@host`: userinfo is not a link (UTS #58).
        if localStart >= state.cursor + 3 && t[localStart - 1] == 0x2F && t[localStart - 2] == 0x2F && t[localStart - 3] == 0x3A {
            state.reject(localStart, domainEnd, .url, .userInfo)
            return .skip(to: terminate(t, from: linkEnd, part: nil, cjkIsHard: true))
        }
        // `$USER@example.com` is a shell template, not an address; a
        // bidirectional control before the local part hides where it starts (SPEC §5).
        if localStart > state.cursor {
            let before = UTF8Bytes.decode(t, before: localStart, floor: state.cursor).scalar
            if before == 0x24 || (CharacterProperties.isBidiControl(before) && CharacterProperties.bidiControlsAreInsideWord(
                t, CharacterProperties.bidiControlsStart(t, endingAt: localStart, floor: state.cursor)..<localStart, floor: state.cursor)) {
                state.reject(localStart, domainEnd, .email, .invalidLocalPart)
                return .skip(to: linkEnd)
            }
        }
        // An SSH remote, `git@github.com:owner/repo.git`: `@host:` and a non-digit.
        if domainEnd + 1 < n && t[domainEnd] == 0x3A && !ByteClass.isDigit(t[domainEnd + 1]) {
            var k = domainEnd + 1
            while k < n && !ByteClass.isSpace(t[k]) { k += 1 }
            state.reject(localStart, k, .email, .sshRemote)
            return .skip(to: k)
        }
        var start = localStart
        var end = domainEnd
        if start - 7 >= state.cursor && UTF8Bytes.hasPrefixIgnoringCase(t, "mailto:", at: start - 7) {
            start -= 7
            // A written `mailto:` URL keeps its `?subject=…&body=…` query (RFC 6068).
            if domainEnd < n && t[domainEnd] == 0x3F { end = max(domainEnd, terminate(t, from: domainEnd, part: nil, cjkIsHard: true)) }
        }
        state.evidenceStarts.append(at + 1)
        let entity = Entity(kind: .email, start: start, end: end, targetPrefix: start < localStart ? .none : .mailto)
        state.cursor = max(state.cursor, linkEnd, end)
        return .entity(entity)
    }

    // MARK: - scheme://

    private func schemeURL(colon c: Int, _ state: inout ScanState) -> Outcome {
        let t = state.t
        var s = c
        while s > state.cursor && ByteClass.isSchemeChar(t[s - 1]) { s -= 1 }
        while s < c && !ByteClass.isAlpha(t[s]) { s += 1 }
        guard s < c else { return .nothing }
        let authorityStart = c + 3
        let isWeb = Self.isWebScheme(t, s..<c)
        if isWeb && readsPlainAuthorityInOnePass, case let outcome = plainWebURL(scheme: s, authorityStart: authorityStart, &state),
           !outcome.isNothing { return outcome }
        // A web host may hold ideographic full stops between its labels (SPEC §5):
        // validAuthority decides where such a host ends.
        var end = terminate(t, from: authorityStart, part: .authority, cjkIsHard: true, ideographicStopsInHost: isWeb)
        // The authority: up to the first `/`, `?` or `#`.
        var authorityEnd = authorityStart
        while authorityEnd < end {
            let b = t[authorityEnd]
            if b == 0x2F || b == 0x3F || b == 0x23 { break }
            authorityEnd += 1
        }
        if t[authorityStart..<authorityEnd].contains(0x40) {
            state.reject(s, end, .url, .userInfo)
            return .skip(to: end)   // userinfo: not a link (UTS #58)
        }
        if isWeb {
            // The host runs over every character that UTS #46 does not refuse
            // (`http://☃.net/`: validAuthority then checks its labels). Punctuation
            // around a link (Link_Term soft, brackets: `,` `"` `<` `)`) ends the URL
            // there; any other character (`%`, `$`, a bidirectional control) makes
            // the host invalid, and a URL that starts with a scheme is linked whole
            // or not at all: neither `http://ex` nor `zzample.com/` of
            // `http://ex%zzample.com/` (SPEC §5).
            var k = authorityStart
            while k < authorityEnd {
                let b = t[k]
                if b < 0x80 && (ByteClass.isHostASCII(b) || b == 0x2E || b == 0x3A || b == 0x5B || b == 0x5D || b == 0x5F) {
                    k = Self.hostASCIIEnd(t, from: k + 1, before: authorityEnd)   // the common case, without decoding
                    continue
                }
                let (cp, len) = UTF8Bytes.decode(t, at: k)
                guard cp >= 0x80 && HostValidation.isHostCodePoint(cp) else { break }
                k += len
            }
            if k < authorityEnd, case let cp = UTF8Bytes.decode(t, at: k).0, CharacterProperties.isBidiControl(cp) {
                // Trojan Source: a bidirectional control between host characters
                // makes the host invalid; at its edge it ends the URL (SPEC §5).
                if CharacterProperties.bidiControlsAreInsideWord(t, k..<CharacterProperties.bidiControlsEnd(t, from: k)) {
                    state.reject(s, end, .url, .invalidHost)
                    return .skip(to: end)
                }
            } else if k < authorityEnd && CharacterProperties.linkTerm(UTF8Bytes.decode(t, at: k).0) == .include {
                state.reject(s, end, .url, .invalidHost)
                return .skip(to: end)
            }
            if k < authorityEnd {
                authorityEnd = k
                end = k
            }
            guard let hostEnd = Self.validAuthority(t, authorityStart..<authorityEnd) else {
                state.reject(s, end, .url, .invalidHost)
                return .skip(to: end)
            }
            if hostEnd < authorityEnd {
                end = hostEnd   // `https://example.com。然后`: the text after the full stop is not host
            }
        } else if end == authorityStart {
            return .skip(to: end)
        } else if CharacterProperties.containsBidiControl(t, authorityStart..<authorityEnd) {
            // Trojan Source: a bidirectional control between host characters makes
            // the authority invalid; at its edge it ends the URL (SPEC §5).
            var k = authorityStart
            while k < authorityEnd && !(t[k] == 0xE2 && CharacterProperties.isBidiControl(UTF8Bytes.decode(t, at: k).scalar)) { k += 1 }
            if CharacterProperties.bidiControlsAreInsideWord(t, k..<CharacterProperties.bidiControlsEnd(t, from: k)) || k == authorityStart {
                state.reject(s, end, .url, .invalidHost)
                return .skip(to: end)
            }
            end = k
        }
        state.evidenceStarts.append(authorityStart)
        // (A plain ASCII authority, `plainWebURL`, needs no UTS #39 check.)
        let outcome = schemeURLOutcome(s..<end, &state)
        if isWeb, case .entity(var entity) = outcome {
            HostSpoof.check(&entity, in: t)
            return .entity(entity)
        }
        return outcome
    }

    /// The `scheme://` URL `r`, or a skip over it when it is longer than `Limits.maxEntityBytes`.
    @inline(__always)
    private func schemeURLOutcome(_ r: Range<Int>, _ state: inout ScanState) -> Outcome {
        if r.count > Limits.maxEntityBytes {
            state.reject(r.lowerBound, r.upperBound, .url, .tooLong)
            return .skip(to: r.upperBound)
        }
        return .entity(Entity(kind: .url, start: r.lowerBound, end: r.upperBound, targetPrefix: .none))
    }

    /// A web URL whose authority is plain ASCII — letters, digits, `-`, `.`,
    /// `_` and `:` — read in one forward pass: `.nothing` for anything else (brackets,
    /// non-ASCII), which the general path decides. The outcome is the one the
    /// general path gives (`PlainAuthorityTests` compares them): the authority
    /// is cut at its first other character, `@` before the first `/`, `?` or
    /// `#` is userinfo, and trailing `.` and `:` are soft.
    @inline(__always)
    private func plainWebURL(scheme s: Int, authorityStart: Int, _ state: inout ScanState) -> Outcome {
        let t = state.t
        let n = t.count
        let limit = min(n, authorityStart + Limits.maxEntityBytes + 1)
        let k = Self.plainAuthorityEnd(t, from: authorityStart, before: limit)
        guard k < limit || limit == n else { return .nothing }
        if k < n {
            let b = t[k]
            guard b < 0x80 && b != 0x5B && b != 0x5D else { return .nothing }
        }
        // Where the general path's termination ends, continued from the stopper:
        // nothing before it is a bracket, part initiator or hard character.
        let tail = terminate(t, from: k, part: .authority, cjkIsHard: true, ideographicStopsInHost: true,
                             limitFrom: authorityStart)
        let authorityEnd: Int
        var end: Int
        if tail > k {
            let isPartStart = k < n && (t[k] == 0x2F || t[k] == 0x3F || t[k] == 0x23)
            if !isPartStart {
                var a = k
                while a < tail && t[a] != 0x2F && t[a] != 0x3F && t[a] != 0x23 && t[a] != 0x40 { a += 1 }
                if a < tail && t[a] == 0x40 {
                    state.reject(s, tail, .url, .userInfo)
                    return .skip(to: tail)   // userinfo: not a link (UTS #58)
                }
                // An included character that no host holds (`%`, `$`, `*`): the
                // host is not valid, and no part of the URL is linked (as in schemeURL).
                if CharacterProperties.asciiLinkTerm[Int(t[k])] == .include {
                    state.reject(s, tail, .url, .invalidHost)
                    return .skip(to: tail)
                }
            }
            authorityEnd = k
            end = isPartStart ? tail : k
        } else {
            var soft = k
            while soft > authorityStart && (t[soft - 1] == 0x2E || t[soft - 1] == 0x3A) { soft -= 1 }
            authorityEnd = soft
            end = soft
        }
        guard Self.validPlainAuthority(t, authorityStart..<authorityEnd) else {
            state.reject(s, end, .url, .invalidHost)
            return .skip(to: end)
        }
        state.evidenceStarts.append(authorityStart)
        return schemeURLOutcome(s..<end, &state)
    }

    /// `--explain`: a name with a full stop whose last label is not a known
    /// top-level domain (only when it has letters and valid labels, so that
    /// numbers and stray full stops stay quiet).
    private func explainUnknownTLD(dot p: Int, _ tld: Range<Int>, _ state: inout ScanState) {
        let t = state.t
        guard tld.count >= 2, t[tld].contains(where: ByteClass.isAlpha) else { return }
        let start = state.hostRunStart(endingAt: p)
        guard start < p, Self.validLabels(t, start..<tld.upperBound), t[start..<p].contains(where: ByteClass.isAlpha) else { return }
        state.reject(start, tld.upperBound, .url, .unknownTopLevelDomain(UTF8Bytes.string(t, tld).lowercased()))
    }

    @inline(__always)
    private func spanLabel(_ t: UnsafeBufferPointer<UInt8>, from i: Int) -> Int { Self.spanLabel(t, from: i) }
}

/// Offsets appended in order, the first held inline: a scan of a short text
/// run (a Markdown line, an HTML text node) finds one host or none, and an
/// array would be allocated for it.
struct Offsets {
    private var first = 0
    private var more: [Int] = []
    private(set) var count = 0

    mutating func append(_ offset: Int) {
        if count == 0 { first = offset } else { more.append(offset) }
        count += 1
    }

    subscript(k: Int) -> Int { k == 0 ? first : more[k - 1] }
}
