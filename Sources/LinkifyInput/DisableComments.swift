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
        for d in directives {
            switch d.action {
            case .disableFile: state.formUnion(d.rules)
            case .enableFile: state.subtract(d.rules)
            default: break
            }
        }
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

    /// The comments that mean something to lint, in order.
    package static func directives(in t: UnsafeBufferPointer<UInt8>, markdownlint: Bool) -> [Directive] {
        var result: [Directive] = []
        var line = 1
        var counted = 0
        var i = 0
        var lineEnd = -1
        while let open = UTF8Bytes.firstIndex(of: "<!--", in: t, from: i) {
            while counted < open {
                if t[counted] == 0x0A { line += 1 }
                counted += 1
            }
            if open > lineEnd { lineEnd = HTMLTokenizer.nextByte(0x0A, in: t, from: open) ?? t.count }
            // No later comment on this line can close before its end either.
            guard let close = UTF8Bytes.firstIndex(of: "-->", in: t, from: open + 4, to: lineEnd) else {
                i = lineEnd
                continue
            }
            if let d = directive(UTF8Bytes.string(t, (open + 4)..<close), line: line, markdownlint: markdownlint) { result.append(d) }
            i = close + 3
        }
        return result
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

/// `DisableComments` for a stream read window by window (text and HTML
/// annotate): asked, in order, what is off at each entity's position, it
/// reads the lines up to it — each line whole, since a comment later on the
/// line counts for all of it — and carries the state from line to line. Its
/// offsets are into the current window; `shift` follows the window when it
/// drops what was written.
package struct DisableStream {
    /// Whether the stream has shown a `<!-- linkify-…` comment: until then
    /// nothing is off and nothing is read but the search for one.
    package var active = false
    /// How far the window was searched for such a comment.
    package var searched = 0

    package init() {}

    /// Looks for a linkify comment in what the window holds past what was
    /// searched: its `!`, 64 bytes a step (`ByteSearch.first(of:in:from:)`).
    /// The `!` rather than the `<`: text holds far fewer (a `<` starts every
    /// tag and many an address), and each one found costs a stop; every
    /// `<!--` has one right after its `<`.
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
                if UTF8Bytes.hasPrefix(t, "linkify-", at: m) { active = true; break }
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

    /// What is off after the lines before `lineStart`, and what a
    /// `disable-next-line` on the line before it turns off there.
    package var state = EntityKinds()
    package var next = EntityKinds()
    /// The line read last: its start and end (its line feed or the window's
    /// end), what is off on it, and the state after it.
    package var lineStart = 0
    package var lineEnd = -1
    package var lineOff = EntityKinds()
    package var stateAfter = EntityKinds()
    package var nextAfter = EntityKinds()

    /// The kinds off at `p` (at or after the last position asked).
    package mutating func off(at p: Int, in t: UnsafeBufferPointer<UInt8>) -> EntityKinds {
        if p <= lineEnd { return lineOff }
        let from = max(0, lineEnd + 1)
        if lineEnd >= 0 { (state, next) = (stateAfter, nextAfter) }
        var ls = p
        while ls > from && t[ls - 1] != 0x0A { ls -= 1 }
        if ls > from {
            // The lines between the last one read and `p`'s.
            if UTF8Bytes.firstIndex(of: "<!--", in: t, from: from, to: ls) == nil {
                next = []
            } else {
                var k = from
                while k < ls {
                    let e = lineEndFrom(k, before: ls, in: t)
                    let (after, nextOne, _) = read(t, k..<e)
                    (state, next) = (after, nextOne)
                    k = e + 1
                }
            }
        }
        lineStart = ls
        lineEnd = lineEndFrom(ls, before: t.count, in: t)
        let (after, nextOne, onLine) = read(t, ls..<lineEnd)
        (stateAfter, nextAfter) = (after, nextOne)
        lineOff = after.union(onLine).union(next)
        return lineOff
    }

    /// The window dropped its first `count` bytes, read up to `count - 1`.
    package mutating func shift(by count: Int) {
        guard lineEnd >= 0 else { return }
        lineStart = max(0, lineStart - count)
        lineEnd -= count
        if lineEnd < 0 {
            // The line read last ended with the bytes dropped: the window starts the next one.
            (state, next) = (stateAfter, nextAfter)
            lineEnd = -1
        }
    }

    package func lineEndFrom(_ k: Int, before limit: Int, in t: UnsafeBufferPointer<UInt8>) -> Int {
        var e = k
        while e < limit && t[e] != 0x0A { e += 1 }
        return e
    }

    /// The state after line `r`, what it turns off for the next line, and for itself alone.
    package func read(_ t: UnsafeBufferPointer<UInt8>, _ r: Range<Int>) -> (EntityKinds, EntityKinds, EntityKinds) {
        var st = state, nextOne = EntityKinds(), onLine = EntityKinds()
        guard UTF8Bytes.firstIndex(of: "<!--", in: t, from: r.lowerBound, to: r.upperBound) != nil else { return (st, nextOne, onLine) }
        for d in DisableComments.directives(in: UnsafeBufferPointer(rebasing: t[r]), markdownlint: false) {
            switch d.action {
            case .disable: st.formUnion(d.rules)
            case .enable: st.subtract(d.rules)
            case .disableLine: onLine.formUnion(d.rules)
            case .disableNextLine: nextOne.formUnion(d.rules)
            default: break
            }
        }
        return (st, nextOne, onLine)
    }
}
