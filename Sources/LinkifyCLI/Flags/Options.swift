import LinkifyCore

/// The subcommand.
package enum Command: String, Sendable {
    case annotate, lint
}

/// The subcommands a flag applies to: bits, not a `Set<Command>`, whose first
/// use at start-up made the runtime search every protocol conformance of the
/// process for `Command: Hashable` (docs/benchmarks.md, "Start-up").
struct Commands: OptionSet, Sendable {
    let rawValue: UInt8
    static let annotate = Commands(rawValue: 1)
    static let lint = Commands(rawValue: 2)

    /// Whether `command` is one of them.
    func contains(_ command: Command) -> Bool {
        contains(command == .annotate ? Commands.annotate : Commands.lint)
    }
}

/// `--color`.
package enum ColorChoice: String, CaseIterable, Sendable {
    case auto, always, never
}

/// `lint --format`.
package enum LintFormat: String, CaseIterable, Sendable {
    case text, json, github, sarif
}

/// Typed options, resolved once from the command line (and config file).
package struct Options: Sendable {
    package var command: Command = .annotate
    package var from: InputFormat?
    package var to: OutputFormat?
    package var kinds: EntityKinds?
    package var profile: Profile?
    package var offsets: OffsetUnit = .scalar
    package var output: String?
    package var inPlace = false
    package var check = false
    /// `--standalone`: plain text written as a complete HTML document.
    package var standalone = false
    package var paths: [String] = []
    package var quiet = false
    /// `--verbose`: also note the files a directory walk skips.
    package var verbose = false
    /// `--stdin-filepath PATH`: the name standard input stands for.
    package var stdinFilepath: String?
    package var color: ColorChoice = .auto
    package var lintFormat: LintFormat = .text
    package var fix = false
    package var includes: [String] = []
    package var excludes: [String] = []
    package var jobs: Int?
    /// `--link TEXT=URL`, in order.
    package var literalLinks: [(text: String, url: String)] = []
    /// `--links FILE`.
    package var literalLinkFiles: [String] = []
    package var ignoreCase = false
    /// `--pattern 'REGEX=>TEMPLATE'`, as given.
    package var patterns: [String] = []
    package var mentionURL: String?
    package var hashtagURL: String?
    package var cashtagURL: String?
    package var dateURL: String?
    package var addressURL: String?
    package var locale: String?
    package var phoneRegion: String?
    package var now: String?
    package var schemes: [String]?
    package var deniedSchemes: [String] = []
    /// `--rewrite FROM=TO`, in order.
    package var rewrites: [(from: String, to: String)] = []
    /// `--attr NAME=VALUE`, in order.
    package var attributes: [(name: String, value: String)] = []
    package var classTemplate: String?
    package var truncate: Int?
    package var config: String?
    package var noConfig = false
    package var explain = false
    /// `--explain=json`: the explanations as JSON Lines.
    package var explainJSON = false
    package var progress: Bool?
    package var completions: String?
    /// Long names of the options given on the command line (they win over the config file).
    package var given: [String] = []
    /// For each repeatable option the config file gave values to: the file's
    /// path and the index of its first value in the option's list (the file's
    /// values come after the command line's). See `located(_:key:index:)`.
    package var configOrigins: [String: (path: String, firstIndex: Int)] = [:]
    package var showHelp = false
    package var showVersion = false
    package var showManPage = false
    package var helpTopic: Command?

    package init() {}

    /// Kinds to detect: `--detect`, else `url,email`.
    package var effectiveKinds: EntityKinds { kinds ?? .defaults }

    /// The profile: `--profile`, else `default` for annotate and `gfm` for lint.
    package var effectiveProfile: Profile { profile ?? (command == .lint ? .gfm : .default) }
}

/// A usage error: bad option, bad value, bad combination. Exit status 2.
package struct UsageError: Error, Equatable, CustomStringConvertible {
    package let message: String
    package init(_ message: String) { self.message = message }
    package var description: String { message }
}

/// One command-line flag: its names, help, the values it takes and its effect,
/// in one place. `--help`, completions and the man page are generated from
/// `Flag.all`.
struct Flag: Sendable {
    let long: String
    let short: Character?
    /// Name of the value in help (`FORMAT`); nil for a flag without value.
    let valueName: String?
    /// Where the fixed set of values comes from, when there is one.
    let choiceSet: FlagChoices
    let help: String
    let commands: Commands
    /// May be given many times, each value kept (`--link`, `--include`): a
    /// config file gives it a list, whose values come after the command line's.
    let repeats: Bool
    /// Values a flag without value may still be given attached (`--explain=json`).
    let attachedValues: [String]
    let apply: @Sendable (inout Options, String) throws(UsageError) -> Void

    init(_ long: String, short: Character? = nil, value valueName: String? = nil, choices: FlagChoices = .none,
         for commands: Commands = [.annotate, .lint], repeats: Bool = false, attachedValues: [String] = [], _ help: String,
         apply: @escaping @Sendable (inout Options, String) throws(UsageError) -> Void) {
        self.long = long
        self.short = short
        self.valueName = valueName
        self.choiceSet = choices
        self.help = help
        self.commands = commands
        self.repeats = repeats
        self.attachedValues = attachedValues
        self.apply = apply
    }

    var takesValue: Bool { valueName != nil }
    /// A comma-separated list of `choices` (`--detect url,email`): completions
    /// complete each item.
    var isList: Bool { valueName == "LIST" && !choices.isEmpty }
    /// Takes a comma-separated list (`--detect`, `--schemes`): a config file
    /// may give it a JSON list, joined with commas.
    var takesCommaList: Bool { valueName == "LIST" }

    /// The fixed set of values, when there is one (for help and completions).
    var choices: [String] { choiceSet.values }
}

/// The fixed value sets of flags, named in `Flag.all` and listed only when
/// help, completions or a message needs them: building the lists in the flag
/// table made the runtime instantiate an array type per enum at every start.
enum FlagChoices: Sendable {
    case none, inputFormats, outputFormats, kinds, profiles, offsetUnits, lintFormats, colors, shells

    /// The values, in the order help shows them.
    var values: [String] {
        switch self {
        case .none: []
        case .inputFormats: InputFormat.allCases.map(\.rawValue)
        case .outputFormats: OutputFormat.allCases.map(\.rawValue)
        case .kinds: EntityKind.detectable.map(\.rawValue) + ["all"]
        case .profiles: Profile.allCases.map(\.rawValue)
        case .offsetUnits: OffsetUnit.allCases.map(\.rawValue)
        case .lintFormats: LintFormat.allCases.map(\.rawValue)
        case .colors: ColorChoice.allCases.map(\.rawValue)
        case .shells: ["bash", "zsh", "fish"]
        }
    }
}

/// Parses a value that must be one of an enum's cases.
func choice<T: RawRepresentable & CaseIterable>(_ value: String, for flag: String, as _: T.Type) throws(UsageError) -> T
where T.RawValue == String {
    if let v = T(rawValue: value) { return v }
    let names = T.allCases.map(\.rawValue).joined(separator: ", ")
    throw UsageError("invalid value '\(value)' for \(flag) (expected one of: \(names))")
}

/// Splits `A=B` at the first `separator`; `shape` is the flag's value name
/// (`TEXT=URL`), for the message when there is no separator or nothing before it.
func pair(_ value: String, _ separator: Character, for flag: String, shape: String) throws(UsageError) -> (String, String) {
    guard let i = value.firstIndex(of: separator), i != value.startIndex else {
        throw UsageError("invalid value '\(value)' for \(flag) (expected \(shape))")
    }
    return (String(value[..<i]), String(value[value.index(after: i)...]))
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
        Flag("from", short: "f", value: "FORMAT", choices: .inputFormats,
             "how to read the input: text, markdown or html (default: by file extension, else text; standard input: by --stdin-filepath's extension, else text, lint: markdown)") { o, v throws(UsageError) in
            o.from = try choice(v, for: "--from", as: InputFormat.self)
        },
        Flag("to", short: "t", value: "FORMAT", choices: .outputFormats, for: [.annotate],
             "what to write: html, markdown, json or jsonl (default: markdown for markdown input, else html); Markdown written as html stays Markdown, its links <a> anchors") { o, v throws(UsageError) in
            o.to = try choice(v, for: "--to", as: OutputFormat.self)
        },
        Flag("detect", value: "LIST", choices: .kinds,
             "kinds to find, comma-separated: url,email,phone,date,address,mention,hashtag,cashtag or all (default: url,email)") { o, v throws(UsageError) in
            o.kinds = try parseKinds(v)
        },
        Flag("profile", value: "NAME", choices: .profiles,
             "URL and email rules: default (UTS #58), gfm (GitHub autolinks) or twitter (twitter-text) (default: default; lint: gfm)") { o, v throws(UsageError) in
            o.profile = try choice(v, for: "--profile", as: Profile.self)
        },
        Flag("offsets", value: "UNIT", choices: .offsetUnits, for: [.annotate],
             "unit of start/end in JSON output: scalar, utf16 or utf8 (default: scalar)") { o, v throws(UsageError) in
            o.offsets = try choice(v, for: "--offsets", as: OffsetUnit.self)
        },
        Flag("output", short: "o", value: "PATH", for: [.annotate],
             "write to a file (one input) or a folder that mirrors the inputs, with the output format's extension (Markdown as html keeps its name); missing folders are made; nothing is written if two inputs would share an output or an output would replace an input") { o, v in o.output = v },
        Flag("standalone", short: "s", for: [.annotate],
             "write plain text as a complete HTML5 document (charset, the file name as title, the text in a <pre> that keeps its line breaks and wraps long lines); -o DIR does so for every plain-text file written as html") { o, _ in o.standalone = true },
        Flag("format", value: "FORMAT", choices: .lintFormats, for: [.lint],
             "report format: text, json, github or sarif (default: text)") { o, v throws(UsageError) in
            o.lintFormat = try choice(v, for: "--format", as: LintFormat.self)
        },
        Flag("color", value: "WHEN", choices: .colors, for: [.lint],
             "colour diagnostics: auto, always or never (default: auto; NO_COLOR is honoured)") { o, v throws(UsageError) in
            o.color = try choice(v, for: "--color", as: ColorChoice.self)
        },
        Flag("link", value: "TEXT=URL", for: [.annotate], repeats: true,
             "link every whole-word occurrence of TEXT to URL (repeatable)") { o, v throws(UsageError) in
            let (a, b) = try pair(v, "=", for: "--link", shape: "TEXT=URL")
            guard !b.isEmpty else { throw UsageError("invalid value '\(v)' for --link (expected TEXT=URL, the URL not empty)") }
            o.literalLinks.append((a, b))
        },
        Flag("links", value: "FILE", for: [.annotate], repeats: true, "many literal links, one TEXT<TAB>URL a line") { o, v in o.literalLinkFiles.append(v) },
        Flag("ignore-case", for: [.annotate], "literal links match regardless of case") { o, _ in o.ignoreCase = true },
        Flag("pattern", value: "'REGEX=>TEMPLATE'", for: [.annotate], repeats: true,
             "link each match of REGEX to TEMPLATE ({} or {0} the match, {1}… groups, {name} named groups, {{ and }} braces; repeatable)") { o, v throws(UsageError) in
            let (_, template) = try Options.splitPattern(v)
            try Options.checkTemplate(template, for: "--pattern")
            o.patterns.append(v)
        },
        Flag("mention-url", value: "TEMPLATE", for: [.annotate],
             "URL template for @mentions; {} or {0} is the name, {{ and }} are braces, any other {…} is an error (default: https://twitter.com/{})") { o, v throws(UsageError) in
            try Options.checkTemplate(v, for: "--mention-url")
            o.mentionURL = v
        },
        Flag("hashtag-url", value: "TEMPLATE", for: [.annotate], "URL template for #hashtags (default: https://twitter.com/hashtag/{})") { o, v throws(UsageError) in
            try Options.checkTemplate(v, for: "--hashtag-url")
            o.hashtagURL = v
        },
        Flag("cashtag-url", value: "TEMPLATE", for: [.annotate], "URL template for $cashtags (default: https://twitter.com/search?q=%24{})") { o, v throws(UsageError) in
            try Options.checkTemplate(v, for: "--cashtag-url")
            o.cashtagURL = v
        },
        Flag("date-url", value: "TEMPLATE", for: [.annotate], "URL template for dates; {} is the ISO 8601 value (default: dates are <time> elements, text in markdown)") { o, v throws(UsageError) in
            try Options.checkTemplate(v, for: "--date-url")
            o.dateURL = v
        },
        Flag("address-url", value: "TEMPLATE", for: [.annotate], "URL template for addresses; {} is the one-line address (default: an OpenStreetMap search)") { o, v throws(UsageError) in
            try Options.checkTemplate(v, for: "--address-url")
            o.addressURL = v
        },
        Flag("locale", value: "LL_CC", for: [.annotate], "language and region for dates and phone numbers: an ISO 639-1 language and an ISO 3166-1 alpha-2 region, checked (en_GB, not en_UK; default: from LC_ALL/LANG, else en_US)") { o, v throws(UsageError) in
            _ = try Options.checkedLocale(v)
            o.locale = v
        },
        Flag("phone-region", value: "CC", for: [.annotate], "region for national phone numbers: ISO 3166-1 alpha-2, checked (GB, not UK), or ZZ for none (default: the locale's region)") { o, v throws(UsageError) in
            try Options.checkPhoneRegion(v)
            o.phoneRegion = v
        },
        Flag("now", value: "DATETIME", for: [.annotate], "the moment relative dates are read against, ISO 8601 (default: now)") { o, v throws(UsageError) in
            _ = try Options.checkedNow(v)
            o.now = v
        },
        Flag("schemes", value: "LIST", for: [.annotate], "only these target schemes become links (mailto and tel included)") { o, v in
            o.schemes = v.split(separator: ",").map { $0.trimmingSpaces().lowercased() }
        },
        Flag("deny-schemes", value: "LIST", for: [.annotate], repeats: true, "these target schemes never become links") { o, v in
            o.deniedSchemes += v.split(separator: ",").map { $0.trimmingSpaces().lowercased() }
        },
        Flag("rewrite", value: "FROM=TO", for: [.annotate], repeats: true, "rewrite a link target that starts with FROM (repeatable; first match wins)") { o, v throws(UsageError) in
            let (a, b) = try pair(v, "=", for: "--rewrite", shape: "FROM=TO")
            o.rewrites.append((a, b))
        },
        Flag("attr", value: "NAME=VALUE", for: [.annotate], repeats: true, "extra attribute on every HTML anchor (repeatable)") { o, v throws(UsageError) in
            let (a, b) = try pair(v, "=", for: "--attr", shape: "NAME=VALUE")
            try Options.checkAttributeName(a)
            o.attributes.append((a, b))
        },
        Flag("class", value: "TEMPLATE", for: [.annotate], "HTML class of anchors; {kind} is the entity kind") { o, v in o.classTemplate = v },
        Flag("truncate", value: "N", for: [.annotate], "shorten displayed link text to N characters with … (target untouched)") { o, v throws(UsageError) in
            guard let n = Int(v), n > 0 else { throw UsageError("invalid value '\(v)' for --truncate (expected a positive number)") }
            o.truncate = n
        },
        Flag("in-place", short: "i", for: [.annotate], "rewrite each input file in its own format, atomically, mode and owner kept (--to markdown: plain-text files too; another --to is an error: use -o DIR)") { o, _ in o.inPlace = true },
        Flag("check", for: [.annotate], "write nothing; list the files --in-place would change; exit 1 if any") { o, _ in o.check = true },
        Flag("fix", for: [.lint], "rewrite files in place (mode and owner kept) so that nothing is left bare") { o, _ in o.fix = true },
        Flag("include", value: "GLOB", repeats: true, "only files matching GLOB in directory walks, as in .gitignore (repeatable; default: Markdown, HTML and .txt files; lint: Markdown files)") { o, v in o.includes.append(v) },
        Flag("exclude", value: "GLOB", repeats: true, "skip files and folders matching GLOB in directory walks (repeatable)") { o, v in o.excludes.append(v) },
        Flag("jobs", short: "j", value: "N", "files processed in parallel (default: number of cores)") { o, v throws(UsageError) in
            guard let n = Int(v), n > 0 else { throw UsageError("invalid value '\(v)' for --jobs (expected a positive number)") }
            o.jobs = n
        },
        Flag("stdin-filepath", value: "PATH",
             "the file name standard input stands for: its extension decides the input format, its folder the .linkify.json and ignore rules (input they ignore is written back unchanged; lint reports nothing)") { o, v in o.stdinFilepath = v },
        Flag("config", value: "FILE", "read options from a JSON file for every input (default: for each input the nearest .linkify.json from its folder upwards to the git work tree's top)") { o, v in o.config = v },
        Flag("no-config", "do not read a configuration file") { o, _ in o.noConfig = true },
        Flag("explain", for: [.annotate], attachedValues: ["json"],
             "say on standard error why each candidate was linked or rejected, with the fitted models' features and weights (--explain=json: one JSON object per line)") { o, v in
            o.explain = true
            o.explainJSON = v == "json"
        },
        Flag("progress", for: [.annotate], "show a progress bar on standard error (default: on a terminal, for 200 files or 64 MiB or more); never while the results go to a terminal, and erased on exit and on Ctrl-C") { o, _ in o.progress = true },
        Flag("no-progress", for: [.annotate], "never show a progress bar") { o, _ in o.progress = false },
        Flag("completions", value: "SHELL", choices: .shells, "print a completion script for bash, zsh or fish") { o, v throws(UsageError) in
            guard ["bash", "zsh", "fish"].contains(v) else { throw UsageError("invalid value '\(v)' for --completions (expected one of: bash, zsh, fish)") }
            o.completions = v
        },
        Flag("man", "print the man page linkify(1) in roff and exit") { o, _ in o.showManPage = true },
        Flag("quiet", short: "q", "print no notes on standard error (errors still print)") { o, _ in o.quiet = true },
        Flag("verbose", "also note each file a directory walk skips (binary files; plain text with -i)") { o, _ in o.verbose = true },
        Flag("help", short: "h", "show this help and exit") { o, _ in o.showHelp = true },
        Flag("version", short: "V", "show the version and exit") { o, _ in o.showVersion = true },
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
package enum OptionParser {
    /// Parses the arguments that follow the program name.
    package static func parse(_ arguments: [String]) throws(UsageError) -> Options {
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
        // A path named twice is one input, at its first place: it is read,
        // written and reported once (`*.md notes.md` names notes.md twice).
        var named: Set<String> = []
        while let token = tokens.popFirst() {
            switch token {
            case .positional(let path):
                if named.insert(path).inserted { options.paths.append(path) }
            case .option(let name, let attached, let isShort, let spelled):
                guard let flag = Flag.named(name, short: isShort) else {
                    let help = options.command == .annotate ? "linkify --help" : "linkify \(options.command.rawValue) --help"
                    throw UsageError("unknown option '\(spelled)'\(suggestion(for: name, isShort: isShort)) (see \(help))")
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
                              nextSpelled.hasPrefix("-"), case .none = flag.choiceSet {
                        // A value that starts with a dash, like `-o -`.
                        value = nextSpelled
                        tokens.removeFirst()
                    }
                    guard let v = value else { throw UsageError("option '\(spelled)' needs a value (\(flag.valueName!))") }
                    try flag.apply(&options, v)
                    options.given.append(flag.long)
                } else {
                    if let v = attached, !isShort, !flag.attachedValues.contains(v) {
                        let allowed = flag.attachedValues.isEmpty ? "takes no value" : "takes no value but " + flag.attachedValues.map { "=\($0)" }.joined(separator: ", ")
                        throw UsageError("option '\(spelled)' \(allowed) (got '\(v)')")
                    }
                    try flag.apply(&options, isShort ? "" : attached ?? "")
                    options.given.append(flag.long)
                }
            }
        }
        return options
    }

    /// ` (did you mean '--to'?)` for a near miss: a flag a few edits away
    /// (about one in three characters), or one the typed name begins with
    /// (`--tooo` for `--to`: for a short flag, a few characters too many are
    /// already more edits than a third of the name). The nearest wins.
    static func suggestion(for name: String, isShort: Bool) -> String {
        guard !isShort else { return "" }
        var best: (long: String, distance: Int)?
        for flag in Flag.all {
            let d = editDistance(flag.long, name)
            guard d <= max(1, name.count / 3) || (flag.long.count >= 2 && name.hasPrefix(flag.long)) else { continue }
            if let b = best, b.distance <= d { continue }
            best = (flag.long, d)
        }
        if let best { return " (did you mean '--\(best.long)'?)" }
        return ""
    }

    /// Edits (insert, delete, substitute, swap two neighbours) from `a` to `b`:
    /// the optimal string alignment distance, so `--hepl` is one edit from `--help`.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
        var before = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], before[j - 2] + 1)
                }
            }
            (before, previous, current) = (previous, current, before)
        }
        return previous[b.count]
    }
}
