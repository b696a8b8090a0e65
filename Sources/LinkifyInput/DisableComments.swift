@_spi(Layers) import LinkifyModel

/// Which lines have which kinds of entity turned off by comments in a
/// document (SPEC §6): linkify's own, each optionally followed by rule names
/// (`bare-url`, `url`, `bare-email`, …; none means every kind):
/// - `<!-- linkify-disable -->` … `<!-- linkify-enable -->`
/// - `<!-- linkify-disable-line -->`, `<!-- linkify-disable-next-line -->`
///
/// and, for `lint` only, markdownlint's (its `inline config` comments), which
/// count when they name no rule or name `MD034` / `no-bare-urls`:
/// `markdownlint-disable`, `-enable`, `-disable-line`, `-disable-next-line`,
/// `-capture`, `-restore`, `-disable-file`, `-enable-file`.
///
/// As in markdownlint, a comment must open and close on one line, and a
/// line's state is the one after the comments on it: the line holding
/// `disable` is already off, the line holding `enable` is on again.
/// `lint` reads them here; annotate reads linkify's own the same way, line
/// by line as it goes (`DisableStream`).
package struct DisableComments: Sendable {
    /// Kinds off per line (index 0 is line 1); empty when no comment says anything.
    package var lines: [EntityKinds] = []

    /// No comment at all.
    package init() {}

    /// What the comments in `t` turn off; markdownlint's comments count when `markdownlint` is set.
    package init(_ t: UnsafeBufferPointer<UInt8>, markdownlint: Bool) {
        guard UTF8Bytes.firstIndex(of: "<!--", in: t, from: 0) != nil else { return }
        let directives = Self.directives(in: t, markdownlint: markdownlint)
        guard !directives.isEmpty else { return }
        let lineCount = 1 + t.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
        // File-wide comments are read first, wherever they stand (markdownlint does the same).
        var state = EntityKinds()
        for d in directives { Self.applyFileWide(d, to: &state) }
        var captured = state
        var result = [EntityKinds](repeating: [], count: lineCount + 1)
        var onLine = [EntityKinds](repeating: [], count: lineCount + 2)
        var next = 0
        for line in 1...lineCount {
            while next < directives.count && directives[next].line == line {
                let d = directives[next]
                switch d.action {
                case .disable: state.formUnion(d.rules)
                case .enable: state.subtract(d.rules)
                case .capture: captured = state
                case .restore: state = captured
                case .disableLine: onLine[line].formUnion(d.rules)
                case .disableNextLine: onLine[line + 1].formUnion(d.rules)
                case .disableFile, .enableFile: break
                }
                next += 1
            }
            result[line - 1] = state.union(onLine[line])
        }
        result.removeLast()
        lines = result.contains(where: { !$0.isEmpty }) ? result : []
    }

    /// `state` after a file-wide directive (`disable-file`, `enable-file`); other directives leave it.
    package static func applyFileWide(_ d: Directive, to state: inout EntityKinds) {
        switch d.action {
        case .disableFile: state.formUnion(d.rules)
        case .enableFile: state.subtract(d.rules)
        default: break
        }
    }

    /// The kinds off on 1-based `line`.
    package func off(line: Int) -> EntityKinds {
        guard line >= 1 && line <= lines.count else { return [] }
        return lines[line - 1]
    }

    // MARK: - Reading the comments

    package enum Action {
        case disable, enable, disableLine, disableNextLine, capture, restore, disableFile, enableFile
    }

    package struct Directive {
        package var line: Int
        package var action: Action
        package var rules: EntityKinds
    }

    /// Every kind.
    package static let allRules = EntityKinds(EntityKind.allCases)

    /// The longest comment read for a directive, `<!--` to `-->` inclusive:
    /// one that does not close within it counts as one that does not close on
    /// its line, so that a document read chunk by chunk (`FileWideScan`) holds
    /// at most this much of a line to find its comments.
    package static let maxCommentBytes = 4096

    /// The comments that mean something to lint, in order.
    package static func directives(in t: UnsafeBufferPointer<UInt8>, markdownlint: Bool) -> [Directive] {
        var result: [Directive] = []
        var line = 1
        var counted = 0
        var i = 0
        var lineEnd = -1
        while let open = commentOpen(in: t, from: i) {
            while counted < open {
                if t[counted] == 0x0A { line += 1 }
                counted += 1
            }
            if open > lineEnd { lineEnd = HTMLTokenizer.nextByte(0x0A, in: t, from: open) ?? t.count }
            // No later comment on this line can close before its end either.
            guard let close = UTF8Bytes.firstIndex(of: "-->", in: t, from: open + 4, to: min(lineEnd, open + maxCommentBytes)) else {
                i = lineEnd
                continue
            }
            if let d = directive(UTF8Bytes.string(t, (open + 4)..<close), line: line, markdownlint: markdownlint) { result.append(d) }
            i = close + 3
        }
        return result
    }

    /// Where the first `<!--` at or after `i` starts, or nil: found by its `!`,
    /// 128 bytes a step while there is none (`ByteSearch`).
    package static func commentOpen(in t: UnsafeBufferPointer<UInt8>, from i: Int) -> Int? {
        var k = max(i, 0) + 1
        while true {
            k = ByteSearch.first(of: 0x21, in: t, from: k)
            guard k + 2 < t.count else { return nil }
            if t[k - 1] == 0x3C && t[k + 1] == 0x2D && t[k + 2] == 0x2D { return k - 1 }
            k += 1
        }
    }

    /// The directive a comment's body holds, or nil.
    package static func directive(_ body: String, line: Int, markdownlint: Bool) -> Directive? {
        let words = body.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "," || $0 == "\r" }).map { $0.lowercased() }
        guard let first = words.first else { return nil }
        let names = words.dropFirst()
        if first.hasPrefix("linkify-") {
            guard let action = action(String(first.dropFirst(8))), action != .capture, action != .restore,
                  action != .disableFile, action != .enableFile else { return nil }
            var rules = EntityKinds()
            for name in names { if let kind = Self.kind(named: name) { rules.insert(EntityKinds(kind)) } }
            return Directive(line: line, action: action, rules: names.isEmpty ? allRules : rules)
        }
        if markdownlint && first.hasPrefix("markdownlint-") {
            guard let action = action(String(first.dropFirst(13))) else { return nil }
            // MD034 (no-bare-urls) is the markdownlint rule lint stands in for.
            guard names.isEmpty || names.contains("md034") || names.contains("no-bare-urls")
                    || action == .capture || action == .restore else { return nil }
            return Directive(line: line, action: action, rules: allRules)
        }
        return nil
    }

    package static func action(_ name: String) -> Action? {
        switch name {
        case "disable": return .disable
        case "enable": return .enable
        case "disable-line": return .disableLine
        case "disable-next-line": return .disableNextLine
        case "capture": return .capture
        case "restore": return .restore
        case "disable-file": return .disableFile
        case "enable-file": return .enableFile
        default: return nil
        }
    }

    /// The kind a rule name stands for (`bare-url` or just `url`; `bare-link` is `--link`/`--pattern`), or nil.
    package static func kind(named name: String) -> EntityKind? {
        let lower = name.lowercased()
        let bare = lower.hasPrefix("bare-") ? String(lower.dropFirst(5)) : lower
        return bare == "link" ? .custom : EntityKind(rawValue: bare)
    }
}

/// `DisableComments` for a stream read window by window (text and HTML,
/// `annotate` and `lint`): asked, in order, what is off at each entity's
/// position, it reads the lines up to it — each line whole, since a comment
/// later on the line counts for all of it — and carries the state from line
/// to line. Its offsets are into the current window; `shift` follows the
/// window when it drops what was written.
///
/// With `markdownlint` (lint), markdownlint's comments count as they do in
/// `DisableComments`; its file-wide ones, which count wherever they stand,
/// are read before the stream (`FileWideScan`) and given as `fileWide`.
package struct DisableStream {
    /// Whether markdownlint's comments count (lint) or only linkify's (annotate).
    package let markdownlint: Bool
    /// Whether the stream has shown a comment that may mean something (or
    /// starts with kinds off): until then nothing is off and nothing is read
    /// but the search for one.
    package var active = false
    /// How far the window was searched for such a comment.
    package var searched = 0

    /// A stream in which nothing is off yet; `fileWide` is off throughout
    /// until a comment turns it on.
    package init(markdownlint: Bool = false, fileWide: EntityKinds = []) {
        self.markdownlint = markdownlint
        before = LineState(state: fileWide, next: [], captured: fileWide)
        after = before
        active = !fileWide.isEmpty
    }

    /// Looks for a comment that may mean something in what the window holds
    /// past what was searched: its `!`, 64 bytes a step
    /// (`ByteSearch.first(of:in:from:)`). The `!` rather than the `<`: text
    /// holds far fewer (a `<` starts every tag and many an address), and each
    /// one found costs a stop; every `<!--` has one right after its `<`.
    package mutating func look(in t: UnsafeBufferPointer<UInt8>) {
        guard !active else { return }
        // A comment cut by the last window's end: its `<` in the last sixteen bytes.
        var k = max(0, searched - 16) + 1
        while true {
            k = ByteSearch.first(of: 0x21, in: t, from: k)
            guard k < t.count else { break }
            if t[k - 1] == 0x3C && UTF8Bytes.hasPrefix(t, "<!--", at: k - 1) {
                var m = k + 3
                while m < t.count && (t[m] == 0x20 || t[m] == 0x09) { m += 1 }
                if UTF8Bytes.hasPrefixIgnoringCase(t, "linkify-", at: m)
                    || (markdownlint && UTF8Bytes.hasPrefixIgnoringCase(t, "markdownlint-", at: m)) {
                    active = true
                    break
                }
            }
            k += 1
        }
        searched = t.count
    }

    /// `entities` (sorted, found in `t`) less those whose kind is off where they start.
    package mutating func filter(_ entities: [Entity], in t: UnsafeBufferPointer<UInt8>) -> [Entity] {
        guard active else { return entities }
        return entities.filter { !off(at: $0.start, in: t).contains($0.kind) }
    }

    /// The window keeps what follows its first `count` bytes: the lines
    /// before are read first (so no comment in them is missed).
    package mutating func drop(_ count: Int, in t: UnsafeBufferPointer<UInt8>) {
        searched = max(0, searched - count)
        guard active, count > 0 else { return }
        _ = off(at: count - 1, in: t)
        shift(by: count)
    }

    /// What is carried from one line to the next: the kinds off, what a
    /// `disable-next-line` turns off on the next line, and what
    /// markdownlint's `capture` saved.
    package struct LineState {
        package var state: EntityKinds
        package var next: EntityKinds
        package var captured: EntityKinds
    }

    /// The state before the line read last (after the lines before `lineStart`).
    package var before: LineState
    /// The line read last: its start and end (its line feed or the window's
    /// end), what is off on it, and the state after it.
    package var lineStart = 0
    package var lineEnd = -1
    package var lineOff = EntityKinds()
    package var after: LineState

    /// The kinds off at `p` (at or after the last position asked).
    package mutating func off(at p: Int, in t: UnsafeBufferPointer<UInt8>) -> EntityKinds {
        if p <= lineEnd { return lineOff }
        let from = max(0, lineEnd + 1)
        if lineEnd >= 0 { before = after }
        var ls = p
        while ls > from && t[ls - 1] != 0x0A { ls -= 1 }
        if ls > from {
            // The lines between the last one read and `p`'s.
            if UTF8Bytes.firstIndex(of: "<!--", in: t, from: from, to: ls) == nil {
                before.next = []
            } else {
                var k = from
                while k < ls {
                    let e = lineEndFrom(k, before: ls, in: t)
                    before = read(t, k..<e, from: before).after
                    k = e + 1
                }
            }
        }
        lineStart = ls
        lineEnd = lineEndFrom(ls, before: t.count, in: t)
        let (afterLine, onLine) = read(t, ls..<lineEnd, from: before)
        after = afterLine
        lineOff = afterLine.state.union(onLine).union(before.next)
        return lineOff
    }

    /// The window dropped its first `count` bytes, read up to `count - 1`.
    package mutating func shift(by count: Int) {
        guard lineEnd >= 0 else { return }
        lineStart = max(0, lineStart - count)
        lineEnd -= count
        if lineEnd < 0 {
            // The line read last ended with the bytes dropped: the window starts the next one.
            before = after
            lineEnd = -1
        }
    }

    package func lineEndFrom(_ k: Int, before limit: Int, in t: UnsafeBufferPointer<UInt8>) -> Int {
        var e = k
        while e < limit && t[e] != 0x0A { e += 1 }
        return e
    }

    /// The state after line `r` read from `start`, and what is off on that line alone.
    package func read(_ t: UnsafeBufferPointer<UInt8>, _ r: Range<Int>, from start: LineState) -> (after: LineState, onLine: EntityKinds) {
        var result = LineState(state: start.state, next: [], captured: start.captured)
        var onLine = EntityKinds()
        guard UTF8Bytes.firstIndex(of: "<!--", in: t, from: r.lowerBound, to: r.upperBound) != nil else { return (result, onLine) }
        for d in DisableComments.directives(in: UnsafeBufferPointer(rebasing: t[r]), markdownlint: markdownlint) {
            switch d.action {
            case .disable: result.state.formUnion(d.rules)
            case .enable: result.state.subtract(d.rules)
            case .capture: result.captured = result.state
            case .restore: result.state = result.captured
            case .disableLine: onLine.formUnion(d.rules)
            case .disableNextLine: result.next.formUnion(d.rules)
            case .disableFile, .enableFile: break
            }
        }
        return (result, onLine)
    }
}

/// The file-wide comments (markdownlint's `disable-file` and `enable-file`)
/// of a document read chunk by chunk, before it is linted as a stream: they
/// count wherever they stand. Holds at most a line's unread tail, bounded by
/// `DisableComments.maxCommentBytes`; finds what `DisableComments` finds in
/// the document whole.
package struct FileWideScan {
    /// The kinds the comments read so far turn off for the whole file.
    package private(set) var off = EntityKinds()
    /// The end of a line whose comments were read up to a comment that
    /// opened but did not close within `maxCommentBytes`: the rest of that
    /// line holds no comment that counts (`DisableComments.directives`).
    var skipsToLineEnd = false
    /// The unread tail of the last line, from a `<!--` that may still close.
    var carry: [UInt8] = []

    package init() {}

    /// Reads the comments of the next chunk.
    package mutating func look(in chunk: UnsafeBufferPointer<UInt8>) {
        var bytes = chunk[...]
        if skipsToLineEnd {
            guard let lf = bytes.firstIndex(of: 0x0A) else { return }
            skipsToLineEnd = false
            bytes = bytes[lf...]
        }
        // The chunk is read where it is; only a carried tail puts it in a buffer of its own.
        guard !carry.isEmpty else { return read(UnsafeBufferPointer(rebasing: bytes)) }
        var buffer = carry
        buffer.append(contentsOf: bytes)
        buffer.withUnsafeBufferPointer { read($0) }
    }

    /// Reads `t`: the carried tail, then the chunk.
    mutating func read(_ t: UnsafeBufferPointer<UInt8>) {
        carry = []
        // Whole lines as `DisableComments` reads them.
        var lastLF = t.count - 1
        while lastLF >= 0 && t[lastLF] != 0x0A { lastLF -= 1 }
        let lines = lastLF + 1
        apply(DisableComments.directives(in: UnsafeBufferPointer(rebasing: t[..<lines]), markdownlint: true))
        // The line that goes on: its comments that close here, up to one that may close later.
        var i = lines
        while let open = DisableComments.commentOpen(in: t, from: i) {
            if let close = UTF8Bytes.firstIndex(of: "-->", in: t, from: open + 4, to: min(t.count, open + DisableComments.maxCommentBytes)) {
                apply(DisableComments.directives(in: UnsafeBufferPointer(rebasing: t[open..<(close + 3)]), markdownlint: true))
                i = close + 3
            } else if open + DisableComments.maxCommentBytes <= t.count {
                skipsToLineEnd = true
                return
            } else {
                carry = Array(t[open...])
                return
            }
        }
        // No comment open: a `<`, `<!` or `<!-` cut at the end may start one.
        let opener: [UInt8] = [0x3C, 0x21, 0x2D]
        for k in stride(from: 3, through: 1, by: -1) where t.count - k >= i && t[(t.count - k)...].elementsEqual(opener[..<k]) {
            carry = Array(t[(t.count - k)...])
            return
        }
    }

    mutating func apply(_ directives: [DisableComments.Directive]) {
        for d in directives { DisableComments.applyFileWide(d, to: &off) }
    }
}
