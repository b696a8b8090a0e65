#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LinkifyCore
import Synchronization

/// `linkify lint` (SPEC §6): reports each entity that annotate would link
/// (with `--profile gfm` by default, what GitHub would leave bare), in the
/// chosen format; `--fix` links them in place. The exit status says whether
/// anything is left: 0 nothing, 1 findings, 2 errors.
extension Driver {
    mutating func lint(_ options: ResolvedOptions, out: FileOutput) throws {
        let finder = EntityFinder(options: options.finder)
        var reporter = makeLintReporter(options.raw)
        out.buffer += reporter.begin()
        let inputs = lintInputs(options.raw)
        // Inputs whose nearest .linkify.json is not the run's are linted with their own settings.
        let configs = try FileConfigs.plan(inputs, run: options.raw, arguments: arguments)
        let errFD = io.stderr
        let rewrites = RewriteRun { line in
            Array((PathBytes.displayed(line) + "\n").utf8).withUnsafeBytes { try? FileSystem.writeAll(errFD, $0, path: "<stderr>") }
        }
        if !options.quiet { for note in configs.notes { report("linkify: \(note)") } }
        func lintJob(_ o: Options, _ finder: EntityFinder) -> LintJob {
            var job = LintJob(finder: finder, from: o.from, fix: options.fix, stdin: io.stdin)
            job.rewrites = rewrites
            job.stdinFilepath = options.stdinFilepath
            // SARIF makes URIs from the names' exact bytes (see makeLintReporter).
            job.displaysPaths = options.lintFormat != .sarif
            return job
        }
        var jobs = [lintJob(options.raw, finder)]
        for own in configs.others {
            var ownFinder = try own.finderOptions(environment: io.environment)
            ownFinder.userScanners = try own.userScanners()
            jobs.append(lintJob(own, EntityFinder(options: ownFinder)))
        }
        let jobOf = configs.group, lintJobs = jobs
        let runner = JobRunner(requested: options.jobs, inputs: inputs.count)
        // Files are linted in parallel a batch at a time and reported in input
        // order, so output streams and what waits is one batch of findings.
        let batchSize = runner.workers == 1 ? 1 : 16 * runner.workers
        var batchStart = 0
        var filesChecked = 0, findingsFound = 0
        while batchStart < inputs.count {
            let range = batchStart..<min(batchStart + batchSize, inputs.count)
            let batch = Array(inputs[range])
            let first = range.lowerBound
            batchStart += batch.count
            for outcome in runner.map(batch.count, { i in Result { try lintJobs[jobOf[first + i]].lint(batch[i]) } }) {
                switch outcome {
                case .success(let findings):
                    filesChecked += 1
                    findingsFound += findings.count
                    if !findings.isEmpty { status.record(1) }
                    out.buffer += reporter.report(findings)
                    try out.flushIfFull()
                case .failure(let skipped as SkippedFile):
                    if options.verbose && !options.quiet {
                        try out.flush()
                        report("linkify: \(skipped.path): skipped: \(skipped.reason)")
                    }
                case .failure(let error):
                    guard let e = error as? FileError else { throw error }
                    try out.flush()
                    report("linkify: \(e.path): \(e.message)")
                    status.record(2)
                }
            }
        }
        out.buffer += reporter.finish()
        // SPEC §6: a report read on a terminal ends with a summary, on standard error.
        if options.lintFormat == .text && !options.quiet && FileSystem.isTerminal(io.stdout) {
            try out.flush()
            report("\(filesChecked) file\(filesChecked == 1 ? "" : "s"), \(findingsFound) finding\(findingsFound == 1 ? "" : "s")")
        }
    }

    /// The inputs lint takes: as annotate takes them, but a directory walk
    /// takes only Markdown files (in any case) unless `--include` says otherwise, and
    /// without a path lint checks the current folder: standard input only
    /// with `-` or `--stdin-filepath` (SPEC §1, §6).
    mutating func lintInputs(_ options: Options) -> [Input] {
        var options = options
        let currentFolder = options.paths.isEmpty && options.stdinFilepath == nil
        if currentFolder { options.paths = ["."] }
        let found = inputs(options, defaultIncludes: WalkFilter.markdownIncludes,
                           notIncluded: "not a Markdown file (lint walks Markdown files; --include takes others)")
        guard currentFolder else { return found }
        // Named as they are below the current folder (`a.md`, not `./a.md`), as ripgrep names them.
        return found.map { input in
            guard input.path.hasPrefix("./") else { return input }
            var named = Input(path: String(input.path.dropFirst(2)), fromWalk: input.fromWalk, relativePath: input.relativePath, size: input.size)
            named.ignored = input.ignored
            return named
        }
    }

    func makeLintReporter(_ options: Options) -> any LintReporter {
        switch options.lintFormat {
        case .text: return TextLintReporter(color: usesColor(options))
        case .json: return JSONLintReporter()
        case .github: return GitHubLintReporter()
        case .sarif:
            var reporter = SARIFLintReporter(rules: LintRule.rules(for: options.effectiveKinds), toolVersion: linkifyVersion)
            reporter.pathBytes = { PathBytes.bytes($0) }
            return reporter
        }
    }

    /// Colour with `--color always`, or `auto` on a terminal when `NO_COLOR` is unset or empty (no-color.org).
    func usesColor(_ options: Options) -> Bool {
        switch options.color {
        case .always: return true
        case .never: return false
        case .auto: return (io.environment["NO_COLOR"] ?? "").isEmpty && FileSystem.isTerminal(io.stdout)
        }
    }
}

/// What lint does to one file, free of the driver's state so that workers
/// can share it (`-j`).
struct LintJob: Sendable {
    let finder: EntityFinder
    let from: InputFormat?
    let fix: Bool
    let stdin: Int32
    /// Whether findings name their file as messages show it (`\xHH` for a
    /// byte that is not UTF-8) or in `PathBytes`' form, for SARIF's URIs.
    var displaysPaths = true
    /// `--stdin-filepath`: the name standard input stands for.
    var stdinFilepath: String?
    /// What the run's `--fix` writes share.
    var rewrites = RewriteRun { _ in }

    /// Lints one input; with `fix`, rewrites it and returns what is left.
    func lint(_ input: Input) throws -> [LintFinding] {
        // SPEC §6: standard input is Markdown, unless --stdin-filepath names it otherwise.
        let shownPath = input.name(stdinFilepath: stdinFilepath) ?? input.path
        let format = input.format(from: from, stdinFilepath: stdinFilepath, standardInput: .markdown)
        if input.ignored { throw SkippedFile(path: shownPath, reason: "ignored") }
        let linter = Linter(format: format, finder: finder)
        let document = try InputFile.withOpened(input, stdin: stdin) { file in
            try file.skipIfBinary()
            return try file.readAll()
        }
        let path = displaysPaths ? PathBytes.displayed(shownPath) : shownPath
        var result = document.withUnsafeBufferPointer { linter.lint($0, path: path) }
        guard fix, !result.findings.isEmpty,
              let fixed = document.withUnsafeBufferPointer({ linter.fixed($0, entities: result.entities) }) else {
            return result.findings
        }
        try RewriteTarget.replaceContents(of: input.path, with: fixed, run: rewrites)
        result = fixed.withUnsafeBufferPointer { linter.lint($0, path: path) }
        return result.findings
    }
}
