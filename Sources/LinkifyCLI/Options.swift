import LinkifyCore

/// The subcommand.
public enum Command: String, Sendable {
    case annotate, lint
}

/// `--color`.
public enum ColorChoice: String, CaseIterable, Sendable {
    case auto, always, never
}

/// `lint --format`.
public enum LintFormat: String, CaseIterable, Sendable {
    case text, json, github, sarif
}

/// Typed options, resolved once from the command line (and config file).
public struct Options: Sendable {
    public var command: Command = .annotate
    public var from: InputFormat?
    public var to: OutputFormat?
    public var kinds: EntityKinds?
    public var profile: Profile?
    public var offsets: OffsetUnit = .scalar
    public var output: String?
    public var inPlace = false
    public var check = false
    public var paths: [String] = []
    public var quiet = false
    public var color: ColorChoice = .auto
    public var lintFormat: LintFormat = .text
    public var fix = false
    public var includes: [String] = []
    public var excludes: [String] = []
    public var jobs: Int?
    public var showHelp = false
    public var showVersion = false
    public var helpTopic: Command?

    public init() {}

    /// Kinds to detect: `--detect`, else `url,email`.
    public var effectiveKinds: EntityKinds { kinds ?? .defaults }

    /// The profile: `--profile`, else `default` for annotate and `gfm` for lint.
    public var effectiveProfile: Profile { profile ?? (command == .lint ? .gfm : .default) }
}

/// A usage error: bad option, bad value, bad combination. Exit status 2.
public struct UsageError: Error, Equatable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// One command-line flag: its names, help, the values it takes and its effect,
/// in one place. `--help`, completions and the man page are generated from
/// `Flag.all`.
struct Flag: Sendable {
    let long: String
    let short: Character?
    /// Name of the value in help (`FORMAT`); nil for a flag without value.
    let valueName: String?
    /// The fixed set of values, when there is one (for help and completions).
    let choices: [String]
    let help: String
    let commands: Set<Command>
    let apply: @Sendable (inout Options, String) throws(UsageError) -> Void

    init(_ long: String, _ short: Character? = nil, value valueName: String? = nil, choices: [String] = [],
         for commands: Set<Command> = [.annotate, .lint], _ help: String,
         apply: @escaping @Sendable (inout Options, String) throws(UsageError) -> Void) {
        self.long = long
        self.short = short
        self.valueName = valueName
        self.choices = choices
        self.help = help
        self.commands = commands
        self.apply = apply
    }

    var takesValue: Bool { valueName != nil }
}

/// Parses a value that must be one of an enum's cases.
func choice<T: RawRepresentable & CaseIterable>(_ value: String, for flag: String, as _: T.Type) throws(UsageError) -> T
where T.RawValue == String {
    if let v = T(rawValue: value) { return v }
    let names = T.allCases.map(\.rawValue).joined(separator: ", ")
    throw UsageError("invalid value '\(value)' for \(flag) (expected one of: \(names))")
}

/// Parses `--detect url,email` or `all`.
func parseKinds(_ value: String) throws(UsageError) -> EntityKinds {
    var kinds = EntityKinds()
    for part in value.split(separator: ",", omittingEmptySubsequences: false) {
        let name = part.trimmingSpaces().lowercased()
        if name == "all" { kinds.formUnion(.all); continue }
        guard let kind = EntityKind(rawValue: name), EntityKind.detectable.contains(kind) else {
            let names = EntityKind.detectable.map(\.rawValue).joined(separator: ",")
            throw UsageError("invalid kind '\(name)' for --detect (expected a list of \(names), or all)")
        }
        kinds.insert(EntityKinds(kind))
    }
    return kinds
}

extension Flag {
    /// Every flag, in the order `--help` shows them.
    static let all: [Flag] = [
        Flag("from", "f", value: "FORMAT", choices: InputFormat.allCases.map(\.rawValue),
             "how to read the input: text, markdown or html (default: by file extension, else text)") { o, v throws(UsageError) in
            o.from = try choice(v, for: "--from", as: InputFormat.self)
        },
        Flag("to", "t", value: "FORMAT", choices: OutputFormat.allCases.map(\.rawValue), for: [.annotate],
             "what to write: html, markdown, json or jsonl (default: markdown for markdown input, else html)") { o, v throws(UsageError) in
            o.to = try choice(v, for: "--to", as: OutputFormat.self)
        },
        Flag("detect", value: "LIST", choices: EntityKind.detectable.map(\.rawValue) + ["all"],
             "kinds to find, comma-separated: url,email,phone,date,address,mention,hashtag,cashtag or all (default: url,email)") { o, v throws(UsageError) in
            o.kinds = try parseKinds(v)
        },
        Flag("profile", value: "NAME", choices: Profile.allCases.map(\.rawValue),
             "URL and email rules: default (UTS #58), gfm (GitHub autolinks) or twitter (twitter-text) (default: default; lint: gfm)") { o, v throws(UsageError) in
            o.profile = try choice(v, for: "--profile", as: Profile.self)
        },
        Flag("offsets", value: "UNIT", choices: OffsetUnit.allCases.map(\.rawValue), for: [.annotate],
             "unit of start/end in JSON output: scalar, utf16 or utf8 (default: scalar)") { o, v throws(UsageError) in
            o.offsets = try choice(v, for: "--offsets", as: OffsetUnit.self)
        },
        Flag("output", "o", value: "PATH", for: [.annotate],
             "write to a file (one input) instead of standard output") { o, v in o.output = v },
        Flag("format", value: "FORMAT", choices: LintFormat.allCases.map(\.rawValue), for: [.lint],
             "report format: text, json, github or sarif (default: text)") { o, v throws(UsageError) in
            o.lintFormat = try choice(v, for: "--format", as: LintFormat.self)
        },
        Flag("color", value: "WHEN", choices: ColorChoice.allCases.map(\.rawValue),
             "colour diagnostics: auto, always or never (default: auto; NO_COLOR is honoured)") { o, v throws(UsageError) in
            o.color = try choice(v, for: "--color", as: ColorChoice.self)
        },
        Flag("quiet", "q", "print no notes on standard error") { o, _ in o.quiet = true },
        Flag("help", "h", "show this help and exit") { o, _ in o.showHelp = true },
        Flag("version", "V", "show the version and exit") { o, _ in o.showVersion = true },
    ]

    static func named(_ name: String, short: Bool) -> Flag? {
        short ? all.first { $0.short.map(String.init) == name } : all.first { $0.long == name }
    }
}

extension Substring {
    func trimmingSpaces() -> String {
        var s = self
        while let f = s.first, f == " " || f == "\t" { s = s.dropFirst() }
        while let l = s.last, l == " " || l == "\t" { s = s.dropLast() }
        return String(s)
    }
}

/// Turns raw arguments into `Options` (phase two, after tokenizing).
public enum OptionParser {
    /// Parses the arguments that follow the program name.
    public static func parse(_ arguments: [String]) throws(UsageError) -> Options {
        var options = Options()
        var args = arguments[...]
        if let first = args.first {
            if first == "lint" { options.command = .lint; args = args.dropFirst() }
            else if first == "annotate" { args = args.dropFirst() }
            else if first == "help" {
                options.showHelp = true
                if let topic = args.dropFirst().first {
                    guard let command = Command(rawValue: topic) else { throw UsageError("no help for '\(topic)' (try: linkify help lint)") }
                    options.helpTopic = command
                    options.command = command
                }
                return options
            }
        }
        let tokenizer = ArgumentTokenizer { c in Flag.named(String(c), short: true)?.takesValue ?? false }
        var tokens = tokenizer.tokens(Array(args))[...]
        while let token = tokens.popFirst() {
            switch token {
            case .positional(let path):
                options.paths.append(path)
            case .option(let name, let attached, let isShort, let spelled):
                guard let flag = Flag.named(name, short: isShort) else {
                    throw UsageError("unknown option '\(spelled)'\(suggestion(for: name, isShort: isShort)) (see linkify --help)")
                }
                guard flag.commands.contains(options.command) else {
                    throw UsageError("option '\(spelled)' does not apply to linkify \(options.command.rawValue)")
                }
                if flag.takesValue {
                    var value = attached
                    if value == nil, case .positional(let next)? = tokens.first {
                        value = next
                        tokens.removeFirst()
                    } else if value == nil, case .option(_, _, _, let nextSpelled)? = tokens.first,
                              nextSpelled.hasPrefix("-"), flag.choices.isEmpty {
                        // A value that starts with a dash, like `-o -`.
                        value = nextSpelled
                        tokens.removeFirst()
                    }
                    guard let v = value else { throw UsageError("option '\(spelled)' needs a value (\(flag.valueName!))") }
                    try flag.apply(&options, v)
                } else {
                    if let v = attached, !isShort { throw UsageError("option '\(spelled)' takes no value (got '\(v)')") }
                    try flag.apply(&options, "")
                }
            }
        }
        return options
    }

    /// ` (did you mean '--to'?)` for a near miss.
    static func suggestion(for name: String, isShort: Bool) -> String {
        guard !isShort else { return "" }
        let best = Flag.all.map { ($0.long, editDistance($0.long, name)) }.min { $0.1 < $1.1 }
        if let (long, d) = best, d <= max(1, name.count / 3) { return " (did you mean '--\(long)'?)" }
        return ""
    }

    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        var row = Array(0...b.count)
        for i in 1...max(1, a.count) where !a.isEmpty {
            var prev = row[0]
            row[0] = i
            for j in 1...max(1, b.count) where !b.isEmpty {
                let cur = row[j]
                row[j] = min(row[j] + 1, row[j - 1] + 1, prev + (a[i - 1] == b[j - 1] ? 0 : 1))
                prev = cur
            }
        }
        return a.isEmpty ? b.count : row[b.count]
    }
}
