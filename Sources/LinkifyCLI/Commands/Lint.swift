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
    mutating func lint(_ options: Options, out: FileOutput) throws {
        let finder = EntityFinder(options: try options.finderOptions(environment: io.environment))
        var reporter = makeLintReporter(options)
        out.buffer += reporter.begin()
        let inputs = lintInputs(options)
        // Inputs whose nearest .linkify.json is not the run's are linted with their own settings.
        let configs = try FileConfigs.plan(inputs, run: options, arguments: arguments)
        func lintJob(_ o: Options, _ finder: EntityFinder) -> LintJob {
            var job = LintJob(finder: finder, from: o.from, fix: options.fix, stdin: io.stdin)
            job.stdinFilepath = options.stdinFilepath
            // SARIF makes URIs from the names' exact bytes (see makeLintReporter).
            job.displaysPaths = options.lintFormat != .sarif
            return job
        }
        let runJob = lintJob(options, finder)
        var built: [LintJob] = []
        for o in configs.others { built.append(lintJob(o, EntityFinder(options: try o.finderOptions(environment: io.environment)))) }
        let ownJobs = built
        let jobs = max(1, min(options.jobs ?? WorkerThreads.processorCount, inputs.count))
        // Files are linted in parallel a batch at a time and reported in input
        // order, so output streams and what waits is one batch of findings.
        let batchSize = jobs == 1 ? 1 : 16 * jobs
        var batchStart = 0
        while batchStart < inputs.count {
            let range = batchStart..<min(batchStart + batchSize, inputs.count)
            let batch = Array(inputs[range])
            let configOf = configs.group, first = range.lowerBound
            batchStart += batch.count
            for outcome in LintJob.run(batch, jobs: jobs, using: { configOf[first + $0] == 0 ? runJob : ownJobs[configOf[first + $0] - 1] }) {
                switch outcome {
                case .success(let findings):
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
    }

    /// The inputs lint takes: as annotate takes them, but a directory walk
    /// keeps only Markdown files unless `--include` says otherwise.
    mutating func lintInputs(_ options: Options) -> [Input] {
        inputs(options).filter { input in
            !input.fromWalk || !options.includes.isEmpty || InputFormat(path: input.path) == .markdown
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

    /// The outcome of each of `inputs`, in order, linted on `jobs` threads,
    /// input `i` by `job(i)`.
    static func run(_ inputs: [Input], jobs: Int, using job: @escaping @Sendable (Int) -> LintJob) -> [Result<[LintFinding], any Error>] {
        let slots = Slots<Result<[LintFinding], any Error>>(count: inputs.count)
        let next = Atomic<Int>(0)
        WorkerThreads.run(count: min(jobs, inputs.count)) { _ in
            while true {
                let i = next.add(1, ordering: .relaxed).oldValue
                guard i < inputs.count else { break }
                slots.set(i, Result { try job(i).lint(inputs[i]) })
            }
        }
        return slots.values()
    }

    /// Lints one input; with `fix`, rewrites it and returns what is left.
    func lint(_ input: Input) throws -> [LintFinding] {
        let isStdin = input.path == "-"
        // SPEC §6: standard input is Markdown, unless --stdin-filepath names it otherwise.
        let shownPath = isStdin ? stdinFilepath ?? input.path : input.path
        let format = from ?? (isStdin && stdinFilepath == nil ? .markdown : InputFormat(path: shownPath))
        if input.ignored { throw SkippedFile(path: shownPath, reason: "ignored") }
        let linter = Linter(format: format, finder: finder)
        let document = try readDocument(input)
        // SPEC §2 and §7: a directory walk skips binary files (a NUL in the first 8 KiB), as annotate does.
        if input.fromWalk, document.prefix(AnnotateJob.binarySniffBytes).contains(0) {
            throw SkippedFile(path: input.path, reason: "binary file")
        }
        let path = displaysPaths ? PathBytes.displayed(shownPath) : shownPath
        var result = document.withUnsafeBufferPointer { linter.lint($0, path: path) }
        guard fix, !result.findings.isEmpty,
              let fixed = document.withUnsafeBufferPointer({ linter.fixed($0, entities: result.entities) }) else {
            return result.findings
        }
        try FileSystem.replaceContents(of: input.path, with: fixed)
        result = fixed.withUnsafeBufferPointer { linter.lint($0, path: path) }
        return result.findings
    }

    func readDocument(_ input: Input) throws -> [UInt8] {
        if input.path == "-" { return try FileInput(fd: stdin, path: "-").readAll() }
        if FileSystem.kind(of: input.path).0 == .directory { throw FileError(path: input.path, message: "is a directory") }
        let fd = try FileSystem.open(input.path)
        defer { close(fd) }
        return try FileInput(fd: fd, path: input.path).readAll()
    }
}

/// A file met in a directory walk that lint does not read; a note, not an error.
struct SkippedFile: Error {
    let path: String
    let reason: String
}

/// One slot per job, each written by the one worker that took the job.
final class Slots<Value>: @unchecked Sendable {
    private var storage: [Value?]
    private let lock = Mutex(())

    init(count: Int) { storage = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ value: Value) { lock.withLock { _ in storage[index] = value } }

    /// The values, once every slot is set (after the workers have returned).
    func values() -> [Value] { lock.withLock { _ in storage.map { $0! } } }
}

extension FileSystem {
    /// Replaces the file at `path` with `bytes` atomically (SPEC §7): a
    /// temporary file in the same folder is written, given the original's
    /// mode, synced, and renamed over the original (over the file a symbolic
    /// link points to, not the link). On any error the original is untouched.
    static func replaceContents(of path: String, with bytes: [UInt8]) throws {
        var target = path
        if let resolved = PathBytes.withCString(path, { realpath($0, nil) }) {
            target = PathBytes.string(cString: resolved)
            free(resolved)
        }
        var st = stat()
        guard PathBytes.withCString(target, { stat($0, &st) }) == 0 else { throw FileError.errno(path) }
        // The temporary file is in the table the SIGINT/SIGTERM handler empties.
        TemporaryFiles.installSignalHandlers()
        let file = try AtomicFile.create(for: target, mode: st.st_mode)
        do {
            try bytes.withUnsafeBytes { try FileSystem.writeAll(file.fd, $0, path: path) }
            try file.commit()
        } catch {
            file.discard()
            throw error
        }
    }
}
