#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LinkifyCore

/// `linkify lint` (SPEC §6): reports each entity that annotate would link
/// (with `--profile gfm` by default, what GitHub would leave bare), in the
/// chosen format; `--fix` links them in place. The exit status says whether
/// anything is left: 0 nothing, 1 findings, 2 errors.
extension Driver {
    mutating func lint(_ options: Options, out: FileOutput) throws {
        let finder = EntityFinder(options: try options.finderOptions(environment: io.environment))
        var reporter = makeLintReporter(options)
        out.buffer += reporter.begin()
        for input in lintInputs(options) {
            let format = options.from ?? (input.path == "-" ? .markdown : InputFormat(path: input.path))
            let linter = Linter(format: format, finder: finder)
            do {
                let findings = try lint(input, linter: linter, fix: options.fix)
                if !findings.isEmpty { status.record(1) }
                out.buffer += reporter.report(findings)
                try out.flushIfFull()
            } catch let e as FileError {
                try out.flush()
                report("linkify: \(e.path): \(e.message)")
                status.record(2)
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

    /// Lints one input; with `fix`, rewrites it and returns what is left.
    func lint(_ input: Input, linter: Linter, fix: Bool) throws -> [LintFinding] {
        let document = try readDocument(input)
        var result = document.withUnsafeBufferPointer { linter.lint($0, path: PathBytes.displayed(input.path)) }
        guard fix, !result.findings.isEmpty,
              let fixed = document.withUnsafeBufferPointer({ linter.fixed($0, entities: result.entities) }) else {
            return result.findings
        }
        try FileSystem.replaceContents(of: input.path, with: fixed)
        result = fixed.withUnsafeBufferPointer { linter.lint($0, path: PathBytes.displayed(input.path)) }
        return result.findings
    }

    func readDocument(_ input: Input) throws -> [UInt8] {
        if input.path == "-" { return try FileInput(fd: io.stdin, path: "-").readAll() }
        if FileSystem.kind(of: input.path).0 == .directory { throw FileError(path: input.path, message: "is a directory") }
        let fd = try FileSystem.open(input.path)
        defer { close(fd) }
        return try FileInput(fd: fd, path: input.path).readAll()
    }

    func makeLintReporter(_ options: Options) -> any LintReporter {
        switch options.lintFormat {
        case .text: return TextLintReporter(color: usesColor(options))
        case .json: return JSONLintReporter()
        case .github: return GitHubLintReporter()
        case .sarif: return SARIFLintReporter(rules: LintRule.rules(for: options.effectiveKinds), toolVersion: linkifyVersion)
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
