#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
@_spi(Layers) import LinkifyCore
import Synchronization

/// `linkify lint` (SPEC §6): reports each entity that annotate would link
/// (with `--profile gfm` by default, what GitHub would leave bare), in the
/// chosen format; `--fix` links them in place. The exit status says whether
/// anything is left: 0 nothing, 1 findings, 2 errors.
extension Driver {
    mutating func lint(_ options: ResolvedOptions, out: FileOutput) throws {
        let finder = options.linkifier.finder
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
            jobs.append(lintJob(own, try own.linkifier(environment: io.environment).finder))
        }
        let jobOf = configs.group, lintJobs = jobs
        let runner = JobRunner(requested: options.jobs, inputs: inputs.count)
        // Small files are linted in parallel a batch at a time, their findings
        // collected; the others (all of them with one worker) are linted by this
        // thread as a stream, their findings reported as they are found. Both
        // are reported in input order, so what waits is one batch of small
        // files' findings (SPEC §7: memory bounded whatever the file's size).
        let batchSize = runner.workers == 1 ? 1 : 16 * runner.workers
        var batchStart = 0
        var filesChecked = 0, findingsFound = 0
        let stream = ReportStream(reporter)
        func record(_ outcome: Result<Int, any Error>) throws {
            switch outcome {
            case .success(let count):
                filesChecked += 1
                findingsFound += count
                if count > 0 { status.record(1) }
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
        while batchStart < inputs.count {
            let range = batchStart..<min(batchStart + batchSize, inputs.count)
            batchStart = range.upperBound
            let streamed = range.map { runner.workers == 1 || LintJob.isStreamed(inputs[$0]) }
            let parallel = range.filter { !streamed[$0 - range.lowerBound] }
            let collected = runner.map(parallel.count) { k in
                let i = parallel[k]
                return Result { try lintJobs[jobOf[i]].collect(inputs[i]) }
            }
            var next = 0
            for i in range {
                if streamed[i - range.lowerBound] {
                    let before = stream.found
                    let outcome = Result { try lintJobs[jobOf[i]].stream(inputs[i], to: stream, out: out) }
                    // Findings written before an error (a closed pipe) still decide the status.
                    if stream.found > before { status.record(1) }
                    try record(outcome.map { stream.found - before })
                    continue
                }
                let outcome = collected[next].map { findings in
                    out.buffer += stream.reporter.report(findings)
                    return findings.count
                }
                next += 1
                try record(outcome)
                try out.flushIfFull()
            }
        }
        reporter = stream.reporter
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

    /// Inputs above this size are linted as a stream rather than collected on a worker.
    static let collectedSize = 4 << 20

    /// Whether `input` is linted as a stream by the driver's thread: standard
    /// input, and files too large to hold their findings while they wait.
    static func isStreamed(_ input: Input) -> Bool {
        input.path == "-" || input.size > collectedSize
    }

    /// Lints one input and returns its findings (what is left after `fix`).
    func collect(_ input: Input) throws -> [LintFinding] {
        var result: [LintFinding] = []
        try lint(input, report: { findings, _ in result += findings; return [] }, drain: { _ in })
        return result
    }

    /// Lints one input, writing its findings through `stream` to `out` as they
    /// are found (`stream.found` counts them).
    func stream(_ input: Input, to stream: ReportStream, out: FileOutput) throws {
        try out.flush()
        try lint(input, report: { findings, _ in
            stream.found += findings.count
            return stream.reporter.report(findings)
        }, drain: { bytes in
            if bytes.count >= out.blockSize { try out.write(&bytes) }
        }, finished: { bytes in try out.write(&bytes) })
    }

    /// Lints one input: its findings go to `report` as they settle, whose
    /// bytes go to `drain` and, at the end, to `finished`. With `fix` the
    /// input is read whole, rewritten, and what is left is reported.
    func lint(_ input: Input, report: @escaping ([LintFinding], [Entity]) -> [UInt8],
              drain: (inout [UInt8]) throws -> Void, finished: (inout [UInt8]) throws -> Void = { _ in }) throws {
        // SPEC §6: standard input is Markdown, unless --stdin-filepath names it otherwise.
        let shownPath = input.name(stdinFilepath: stdinFilepath) ?? input.path
        let format = input.format(from: from, stdinFilepath: stdinFilepath, standardInput: .markdown)
        if input.ignored { throw SkippedFile(path: shownPath, reason: "ignored") }
        let linter = Linter(format: format, finder: finder)
        let path = displaysPaths ? PathBytes.displayed(shownPath) : shownPath
        var pending: [UInt8] = []
        try InputFile.withOpened(input, stdin: stdin) { file in
            try file.skipIfBinary()
            if fix {
                // Rewritten in place: read whole, fixed, read again.
                let document = try file.readAll()
                let result = document.withUnsafeBufferPointer { linter.lint($0, path: path) }
                var found = result
                if !result.findings.isEmpty,
                   let fixed = document.withUnsafeBufferPointer({ linter.fixed($0, entities: result.entities) }) {
                    try RewriteTarget.replaceContents(of: input.path, with: fixed, run: rewrites)
                    found = fixed.withUnsafeBufferPointer { linter.lint($0, path: path) }
                }
                if !found.findings.isEmpty { pending += report(found.findings, found.entities) }
                return
            }
            // markdownlint's file-wide comments count wherever they stand: a first
            // look for them, then the stream. A pipe is copied to an unlinked
            // temporary file first, so that it can be read twice in bounded memory.
            func lint(_ source: FileInput, size: Int) throws {
                var scan = FileWideScan()
                try source.forEachChunk(at: 0) { scan.look(in: $0) }
                // Markdown is held whole (`Annotator`): one allocation of its size.
                var annotator = linter.annotator(path: path, fileWide: scan.off, expectedSize: size, report: report)
                try source.forEachChunk(at: 0) { chunk in
                    try annotator.feed(chunk, into: &pending, drain: drain)
                }
                try annotator.finish(into: &pending, drain: drain)
            }
            if file.isRegularFile { return try lint(FileInput(fd: file.fd, path: input.path), size: Int(file.status.st_size)) }
            let copy = try OrderedOutput.anonymousFile()
            defer { close(copy) }
            var copied = 0
            try FileInput(fd: file.fd, path: input.path).forEachChunk { chunk in
                try FileSystem.writeAll(copy, UnsafeRawBufferPointer(chunk), path: "<copy of \(input.path)>")
                copied += chunk.count
            }
            try lint(FileInput(fd: copy, path: input.path), size: copied)
        }
        try finished(&pending)
    }
}

/// The run's reporter, shared by the findings of every file in input order.
final class ReportStream {
    var reporter: any LintReporter
    /// Findings reported so far.
    var found = 0
    init(_ reporter: any LintReporter) { self.reporter = reporter }
}
