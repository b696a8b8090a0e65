/// Which lines have which rules turned off by comments in the file.
///
/// linkify's own comments, each optionally followed by rule names
/// (`bare-url`, `bare-email`; none means every rule):
/// - `<!-- linkify-disable -->` … `<!-- linkify-enable -->`
/// - `<!-- linkify-disable-line -->`, `<!-- linkify-disable-next-line -->`
///
/// and markdownlint's (its `inline config` comments), which count when they
/// name no rule or name `MD034` / `no-bare-urls`:
/// `markdownlint-disable`, `-enable`, `-disable-line`, `-disable-next-line`,
/// `-capture`, `-restore`, `-disable-file`, `-enable-file`.
///
/// As in markdownlint, a comment must open and close on one line, and a
/// line's state is the one after the comments on it: the line holding
/// `disable` is already off, the line holding `enable` is on again.
public struct LintSuppressions: Sendable {
    /// Rules off per line (index 0 is line 1); empty when no comment says anything.
    var lines: [EntityKinds] = []

    /// No suppressions at all.
    public init() {}

    /// The suppressions the comments in `t` ask for.
    public init(_ t: UnsafeBufferPointer<UInt8>) {
        guard UTF8Bytes.firstIndex(of: "<!--", in: t, from: 0) != nil else { return }
        let directives = Self.directives(in: t)
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

    /// Whether `rule` is off on 1-based `line`.
    public func isSuppressed(_ rule: LintRule, line: Int) -> Bool {
        guard line >= 1 && line <= lines.count else { return false }
        return lines[line - 1].contains(rule.kind)
    }

    // MARK: - Reading the comments

    enum Action {
        case disable, enable, disableLine, disableNextLine, capture, restore, disableFile, enableFile
    }

    struct Directive {
        var line: Int
        var action: Action
        var rules: EntityKinds
    }

    /// Every rule lint knows.
    static let allRules = EntityKinds(EntityKind.allCases)

    /// The comments that mean something to lint, in order.
    static func directives(in t: UnsafeBufferPointer<UInt8>) -> [Directive] {
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
            if let d = directive(UTF8Bytes.string(t, (open + 4)..<close), line: line) { result.append(d) }
            i = close + 3
        }
        return result
    }

    /// The directive a comment's body holds, or nil.
    static func directive(_ body: String, line: Int) -> Directive? {
        let words = body.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "," || $0 == "\r" }).map { $0.lowercased() }
        guard let first = words.first else { return nil }
        let names = words.dropFirst()
        if first.hasPrefix("linkify-") {
            guard let action = action(String(first.dropFirst(8))), action != .capture, action != .restore,
                  action != .disableFile, action != .enableFile else { return nil }
            var rules = EntityKinds()
            for name in names { if let rule = LintRule(named: name) { rules.insert(EntityKinds(rule.kind)) } }
            return Directive(line: line, action: action, rules: names.isEmpty ? allRules : rules)
        }
        if first.hasPrefix("markdownlint-") {
            guard let action = action(String(first.dropFirst(13))) else { return nil }
            // MD034 (no-bare-urls) is the markdownlint rule lint stands in for.
            guard names.isEmpty || names.contains("md034") || names.contains("no-bare-urls")
                    || action == .capture || action == .restore else { return nil }
            return Directive(line: line, action: action, rules: allRules)
        }
        return nil
    }

    static func action(_ name: String) -> Action? {
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
}
