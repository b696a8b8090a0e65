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
        var result = document.withUnsafeBufferPointer { linter.lint($0, path: input.path) }
        guard fix, !result.findings.isEmpty,
              let fixed = document.withUnsafeBufferPointer({ linter.fixed($0, entities: result.entities) }) else {
            return result.findings
        }
        try FileSystem.replaceContents(of: input.path, with: fixed)
        result = fixed.withUnsafeBufferPointer { linter.lint($0, path: input.path) }
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
        if let resolved = realpath(path, nil) {
            target = String(cString: resolved)
            free(resolved)
        }
        var st = stat()
        guard stat(target, &st) == 0 else { throw FileError.errno(path) }
        let slash = target.lastIndex(of: "/")
        let folder = slash.map { String(target[...$0]) } ?? ""
        let name = slash.map { String(target[target.index(after: $0)...]) } ?? target
        var template = Array((folder + "." + name + ".linkify-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else {
            let e = errno
            throw FileError(path: path, message: "cannot create a temporary file beside it: \(String(cString: strerror(e)))")
        }
        let temporary = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        func fail(_ e: Int32) -> FileError {
            close(fd)
            unlink(temporary)
            return FileError.errno(path, e)
        }
        if fchmod(fd, st.st_mode & 0o7777) != 0 { throw fail(errno) }
        try bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = write(fd, raw.baseAddress! + offset, raw.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    throw fail(errno)
                }
                offset += n
            }
        }
        if fsync(fd) != 0 { throw fail(errno) }
        if close(fd) != 0 {
            let e = errno
            unlink(temporary)
            throw FileError.errno(path, e)
        }
        if rename(temporary, target) != 0 {
            let e = errno
            unlink(temporary)
            throw FileError.errno(path, e)
        }
        // The rename itself is durable once the folder is synced.
        let dirFD = Glibc.open(folder.isEmpty ? "." : folder, O_RDONLY | O_CLOEXEC)
        if dirFD >= 0 {
            fsync(dirFD)
            close(dirFD)
        }
    }
}
