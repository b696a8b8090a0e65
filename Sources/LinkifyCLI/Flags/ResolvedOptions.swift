import LinkifyCore

/// Where annotate sends its results, as the flags say it (`-o`, `-i`,
/// `--check`); which file each input goes to is worked out with the inputs
/// (`OutputPlan`).
enum Destination: Sendable, Equatable {
    /// Standard output (no `-o`, or `-o -`).
    case standardOutput
    /// `-o PATH`: a file or a folder.
    case output(String)
    /// Each file rewritten in its own format (`-i`).
    case inPlace
    /// Nothing written; the files `-i` would change listed (`--check`).
    case check
}

/// The options of a run, resolved once from the raw flag values (`Options`,
/// what the command line and the config file said): every value checked,
/// every combination validated, the finder's and the anchors' settings built.
/// The commands read these; a mistake is a usage error before any input is
/// read. The raw values read through unchanged (`resolved.quiet`).
@dynamicMemberLookup
struct ResolvedOptions {
    /// The flag values as given.
    let raw: Options
    /// What is found and how, user rules (`--link`, `--links`, `--pattern`)
    /// included: the library's `Linkifier`, the one way detection is configured.
    let linkifier: Linkifier
    /// `--attr`, `--class`, `--truncate`.
    let anchors: AnchorOptions
    /// Annotate's destination.
    let destination: Destination

    subscript<Value>(dynamicMember path: KeyPath<Options, Value>) -> Value { raw[keyPath: path] }

    /// Checks the combinations of `options`, then resolves the values that
    /// need the environment (locale, time) or files (`--links`).
    init(_ options: Options, environment: Environment) throws {
        try Self.validate(options)
        raw = options
        self.linkifier = try options.linkifier(environment: environment)
        anchors = try options.anchorOptions()
        if options.check {
            destination = .check
        } else if options.inPlace {
            destination = .inPlace
        } else if let path = options.output, path != "-" {
            destination = .output(path)
        } else {
            destination = .standardOutput
        }
    }

    /// The combinations that are usage errors whatever the inputs are.
    static func validate(_ o: Options) throws(UsageError) {
        if o.command == .annotate, o.inPlace || o.check {
            let flag = o.inPlace ? "--in-place" : "--check"
            if o.paths.isEmpty || o.paths.contains("-") { throw UsageError("\(flag) needs files: it cannot rewrite standard input") }
            if o.output != nil { throw UsageError("\(flag) cannot be combined with --output") }
            // SPEC §2: --to markdown only says how plain-text files are rewritten;
            // any other --to would be ignored, so it is refused.
            if let to = o.to, to != .markdown {
                throw UsageError("\(flag) keeps each file's format: it cannot write --to \(to.rawValue) (to write \(to.rawValue) files, use -o DIR)")
            }
        }
        if o.command == .annotate, o.standalone {
            if let to = o.to, to != .html { throw UsageError("--standalone writes an HTML document: it cannot be combined with --to \(to.rawValue)") }
            if o.inPlace || o.check { throw UsageError("\(o.inPlace ? "--in-place" : "--check") keeps each file's format: it cannot be combined with --standalone") }
        }
        // Without a path lint checks the current folder; it reads standard input with - or --stdin-filepath.
        if o.command == .lint, o.fix, o.paths.contains("-") || o.paths.isEmpty && o.stdinFilepath != nil {
            throw UsageError("--fix rewrites files in place; it cannot rewrite standard input")
        }
    }
}
