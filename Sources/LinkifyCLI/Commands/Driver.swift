#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LinkifyCore

/// Where the driver reads and writes: file descriptors, so tests can run it
/// in-process with pipes or files.
package struct DriverIO: Sendable {
    package var stdin: Int32
    package var stdout: Int32
    package var stderr: Int32
    package var environment: Environment

    package init(stdin: Int32 = 0, stdout: Int32 = 1, stderr: Int32 = 2, environment: Environment = Environment()) {
        self.stdin = stdin
        self.stdout = stdout
        self.stderr = stderr
        self.environment = environment
    }
}

/// The exit status, decided in one place: 2 (usage or file error) wins over
/// 1 (lint findings, `--check` changes), which wins over 0.
package struct ExitStatus: Sendable {
    package private(set) var code: Int32 = 0
    package mutating func record(_ c: Int32) { code = max(code, c) }
}

/// One input to process.
struct Input: Sendable {
    /// The path as given or found by the walk; `-` for standard input.
    let path: String
    /// Whether it was found by walking a directory (not named by the user).
    let fromWalk: Bool
    /// For a walked file, its path below the directory argument (`-o DIR`
    /// mirrors it); for a named file, its name.
    var relativePath: String = ""
    /// Size in bytes when known (for the progress bar).
    var size: Int = 0
    /// Standard input whose `--stdin-filepath` the ignore rules ignore:
    /// passed through unchanged (annotate) or not linted (lint), as prettier does.
    var ignored = false
}

/// Runs linkify: parses arguments, processes the inputs, reports errors,
/// and returns the exit status.
package struct Driver {
    let arguments: [String]
    let io: DriverIO
    var status = ExitStatus()
    let errors: FileOutput

    /// `arguments` excludes the program name.
    package init(arguments: [String], io: DriverIO = DriverIO()) {
        self.arguments = arguments
        self.io = io
        self.errors = FileOutput(fd: io.stderr, path: "<stderr>", blockSize: 0)
    }

    /// Entry point for `main.swift`: runs with the process's arguments.
    package static func main() -> Int32 {
        signal(SIGPIPE, SIG_IGN)
        keepFreedMemory()
        // Arguments as bytes (PathBytes): a file name that is not UTF-8 still names its file.
        let arguments = (1..<Int(CommandLine.argc)).compactMap { CommandLine.unsafeArgv[$0].map { PathBytes.string(cString: $0) } }
        var driver = Driver(arguments: arguments, io: DriverIO(environment: .process()))
        return driver.run()
    }

    /// Asks malloc to keep freed memory for reuse rather than hand it back.
    ///
    /// Each streaming window makes arrays of a megabyte or two (its entities,
    /// the rendered slices). glibc served them with fresh `mmap`s, or trimmed
    /// the heap after each, so every window faulted its pages in again: 19,150
    /// page faults and a sixth of the run on 32 MB of URL-dense text, against
    /// 1,666 with these settings (docs/benchmarks.md). Peak memory stays the same:
    /// what is kept is what the next window uses.
    static func keepFreedMemory() {
        #if os(Linux)
        _ = glibcMallopt(-3, 32 << 20)   // M_MMAP_THRESHOLD
        _ = glibcMallopt(-1, 64 << 20)   // M_TRIM_THRESHOLD
        #endif
    }

    /// Runs and returns the exit status.
    package mutating func run() -> Int32 {
        let options: Options
        do {
            var parsed = try OptionParser.parse(arguments)
            if !parsed.showHelp && !parsed.showVersion && !parsed.showManPage && parsed.completions == nil {
                try ConfigFile.load(into: &parsed)
            }
            options = parsed
        } catch {
            report("linkify: \(error.message)")
            return 2
        }
        let out = FileOutput(fd: io.stdout, path: "<stdout>")
        do {
            if options.showHelp {
                out.buffer.append(contentsOf: Help.text(for: options.helpTopic ?? options.command).utf8)
            } else if options.showManPage {
                out.buffer.append(contentsOf: ManPage.text().utf8)
            } else if let shell = options.completions {
                out.buffer.append(contentsOf: Completions.script(for: shell).utf8)
            } else if options.showVersion {
                out.buffer.append(contentsOf: "linkify \(linkifyVersion)\n".utf8)
            } else {
                let resolved = try ResolvedOptions(options, environment: io.environment)
                switch options.command {
                case .annotate: try annotate(resolved, out: out)
                case .lint: try lint(resolved, out: out)
                }
            }
            try out.flush()
        } catch is BrokenPipe {
            // SPEC §1: a closed output pipe ends the run quietly, with the status
            // of what was found so far (`linkify lint | head` exits 1 on findings).
            return status.code
        } catch let error as FileError {
            report("linkify: \(error.path): \(error.message)")
            status.record(2)
        } catch {
            report("linkify: \(error)")
            status.record(2)
        }
        return status.code
    }

    // MARK: - Diagnostics

    func report(_ line: String) {
        errors.buffer.append(contentsOf: PathBytes.displayed(line).utf8)
        errors.buffer.append(0x0A)
        try? errors.flush()
    }
}

extension StaticString {
    var utf8Buffer: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: utf8Start, count: utf8CodeUnitCount) }
}

#if os(Linux)
/// glibc's `mallopt(3)`: `<malloc.h>` is not part of the Glibc module Swift imports.
/// Declared by symbol name, so it is called with Swift's calling convention,
/// which for two `Int32` arguments and an `Int32` result is the C one on
/// x86_64 and arm64 (checked in a debugger: the settings take effect).
@_silgen_name("mallopt")
private func glibcMallopt(_ parameter: Int32, _ value: Int32) -> Int32
#endif
