#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LinkifyCore

/// Where the driver reads and writes: file descriptors, so tests can run it
/// in-process with pipes or files.
public struct DriverIO: Sendable {
    public var stdin: Int32
    public var stdout: Int32
    public var stderr: Int32
    public var environment: [String: String]

    public init(stdin: Int32 = 0, stdout: Int32 = 1, stderr: Int32 = 2, environment: [String: String] = [:]) {
        self.stdin = stdin
        self.stdout = stdout
        self.stderr = stderr
        self.environment = environment
    }
}

/// The exit status, decided in one place: 2 (usage or file error) wins over
/// 1 (lint findings, `--check` changes), which wins over 0.
public struct ExitStatus: Sendable {
    public private(set) var code: Int32 = 0
    public mutating func record(_ c: Int32) { code = max(code, c) }
}

/// One input to process.
struct Input {
    /// The path as given or found by the walk; `-` for standard input.
    let path: String
    /// Whether it was found by walking a directory (not named by the user).
    let fromWalk: Bool
}

/// Runs linkify: parses arguments, processes the inputs, reports errors,
/// and returns the exit status.
public struct Driver {
    let arguments: [String]
    let io: DriverIO
    var status = ExitStatus()
    let errors: FileOutput

    /// `arguments` excludes the program name.
    public init(arguments: [String], io: DriverIO = DriverIO()) {
        self.arguments = arguments
        self.io = io
        self.errors = FileOutput(fd: io.stderr, path: "<stderr>", blockSize: 0)
    }

    /// Entry point for `main.swift`: runs with the process's arguments.
    public static func main() -> Int32 {
        signal(SIGPIPE, SIG_IGN)
        var env: [String: String] = [:]
        var p = environ
        while let entry = p.pointee {
            let s = String(cString: entry)
            if let eq = s.firstIndex(of: "=") { env[String(s[..<eq])] = String(s[s.index(after: eq)...]) }
            p += 1
        }
        var driver = Driver(arguments: Array(CommandLine.arguments.dropFirst()), io: DriverIO(environment: env))
        return driver.run()
    }

    /// Runs and returns the exit status.
    public mutating func run() -> Int32 {
        let options: Options
        do {
            options = try OptionParser.parse(arguments)
            try validate(options)
        } catch {
            report("linkify: \(error.message)")
            return 2
        }
        let out = FileOutput(fd: io.stdout, path: "<stdout>")
        do {
            if options.showHelp {
                out.buffer.append(contentsOf: Help.text(for: options.helpTopic ?? options.command).utf8)
            } else if options.showVersion {
                out.buffer.append(contentsOf: "linkify \(linkifyVersion)\n".utf8)
            } else {
                switch options.command {
                case .annotate: try annotate(options, out: out)
                case .lint:
                    report("linkify: lint is not implemented yet")
                    status.record(2)
                }
            }
            try out.flush()
        } catch is BrokenPipe {
            return status.code == 2 ? 2 : 0
        } catch let error as FileError {
            report("linkify: \(error.path): \(error.message)")
            status.record(2)
        } catch {
            report("linkify: \(error)")
            status.record(2)
        }
        return status.code
    }

    func validate(_ o: Options) throws(UsageError) {
        if o.command == .annotate, o.output != nil, o.paths.count > 1 {
            throw UsageError("-o FILE takes one input (got \(o.paths.count))")
        }
    }

    // MARK: - Inputs

    /// The inputs named by the paths, directories walked (sorted, hidden entries
    /// skipped, markdown, html and .txt files taken).
    mutating func inputs(_ options: Options) -> [Input] {
        if options.paths.isEmpty { return [Input(path: "-", fromWalk: false)] }
        var result: [Input] = []
        for path in options.paths {
            if path == "-" { result.append(Input(path: "-", fromWalk: false)); continue }
            let (kind, code) = FileSystem.kind(of: path)
            switch kind {
            case .directory:
                walk(path, into: &result)
            case .missing:
                report("linkify: \(path): \(String(cString: strerror(code)))")
                status.record(2)
            default:
                result.append(Input(path: path, fromWalk: false))
            }
        }
        return result
    }

    mutating func walk(_ directory: String, into result: inout [Input]) {
        let names: [String]
        do { names = try FileSystem.entries(of: directory) } catch let e as FileError {
            report("linkify: \(e.path): \(e.message)")
            status.record(2)
            return
        } catch { return }
        for name in names where !name.hasPrefix(".") && name != "node_modules" {
            let path = directory.hasSuffix("/") ? directory + name : directory + "/" + name
            let (kind, _) = FileSystem.kind(of: path, followLinks: false)
            switch kind {
            case .directory: walk(path, into: &result)
            case .file:
                let lower = name.lowercased()
                if InputFormat(path: lower) != .text || lower.hasSuffix(".txt") {
                    result.append(Input(path: path, fromWalk: true))
                }
            default: break
            }
        }
    }

    // MARK: - annotate

    mutating func annotate(_ options: Options, out stdout: FileOutput) throws {
        let finder = EntityFinder(options: FinderOptions(kinds: options.effectiveKinds, profile: options.effectiveProfile))
        var out = stdout
        var outputFD: Int32 = -1
        if let path = options.output, path != "-" {
            outputFD = Glibc.open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
            guard outputFD >= 0 else { throw FileError.errno(path) }
            out = FileOutput(fd: outputFD, path: path)
        }
        defer { if outputFD >= 0 { close(outputFD) } }
        let inputs = self.inputs(options)
        let isJSONDocument = options.to == .json
        if isJSONDocument { out.buffer.append(contentsOf: JSONRenderer.documentStart.utf8Buffer) }
        var filesWritten = 0
        for input in inputs {
            let format = options.from ?? (input.path == "-" ? .text : InputFormat(path: input.path))
            let to = options.to ?? OutputFormat.default(for: format)
            let renderOptions = RenderOptions(format: to, input: format, offsets: options.offsets, path: input.path)
            if isJSONDocument && filesWritten > 0 { out.buffer.append(contentsOf: JSONRenderer.fileSeparator.utf8Buffer) }
            do {
                try annotate(input, format: format, finder: finder, renderer: makeRenderer(renderOptions), out: out)
                filesWritten += 1
            } catch let e as FileError {
                try out.flush()
                report("linkify: \(e.path): \(e.message)")
                status.record(2)
            }
        }
        if isJSONDocument { out.buffer.append(contentsOf: JSONRenderer.documentEnd.utf8Buffer) }
        try out.flush()
    }

    func annotate(_ input: Input, format: InputFormat, finder: EntityFinder, renderer: any Renderer, out: FileOutput) throws {
        let fd: Int32 = input.path == "-" ? io.stdin : try FileSystem.open(input.path)
        defer { if input.path != "-" { close(fd) } }
        let reader = FileInput(fd: fd, path: input.path)
        if input.path != "-" {
            let (kind, _) = FileSystem.kind(of: input.path)
            if kind == .directory { throw FileError(path: input.path, message: "is a directory") }
        }
        switch format {
        case .text:
            var annotator = StreamingAnnotator(finder: finder, renderer: renderer)
            annotator.begin(into: &out.buffer)
            try reader.forEachChunk { chunk in
                annotator.feed(chunk, into: &out.buffer)
                try out.flushIfFull()
            }
            annotator.finish(into: &out.buffer)
        case .markdown, .html:
            let document = try reader.readAll()
            var renderer = renderer
            document.withUnsafeBufferPointer { t in
                annotateDocument(t, reader: format.reader, finder: finder, renderer: &renderer, into: &out.buffer)
            }
        }
        try out.flushIfFull()
    }

    // MARK: - Diagnostics

    func report(_ line: String) {
        errors.buffer.append(contentsOf: line.utf8)
        errors.buffer.append(0x0A)
        try? errors.flush()
    }
}

extension StaticString {
    var utf8Buffer: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: utf8Start, count: utf8CodeUnitCount) }
}
