#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LinkifyCore

/// Where annotate's results go (SPEC §2 `-o`, `-i`, `--check`).
enum OutputMode: Sendable {
    /// Standard output, inputs in order.
    case standardOutput
    /// One file (`-o FILE`, one input).
    case file(String)
    /// A folder mirroring the inputs (`-o DIR`).
    case directory(String)
    /// Each file rewritten in its own format (`-i`).
    case inPlace
    /// Nothing written; the files `-i` would change listed (`--check`).
    case check
}

/// Every output of an annotate run, worked out before anything is written,
/// so that batch conversion never loses a file: two inputs that
/// would be written to one output, an output that would replace an input,
/// and standard input sent to a folder are found here, and the run stops
/// with exit status 2 and one line for each, having written nothing.
struct OutputPlan: Sendable {
    /// One input's output.
    struct Entry: Sendable {
        /// How the input is read.
        let format: InputFormat
        /// The name output shows for the input: its path, or for standard
        /// input the `--stdin-filepath` name when there is one.
        let name: String
        /// What is written: `--to`, else the input format's default; for `-i`
        /// and `--check` always the file's own format (SPEC §2).
        let to: OutputFormat
        /// Why the input cannot be rewritten in place (`-i`, `--check`), or nil.
        /// The job reports it when it comes to the file, after opening it, so
        /// that a file that cannot be opened says that first.
        let unrewritable: String?
        /// The file written (`-o`); nil for standard output, `-i` and `--check`.
        let target: String?
        /// Plain text written as a complete HTML document (`--standalone`,
        /// and `-o DIR` with html output).
        let standalone: Bool
    }

    let mode: OutputMode
    /// One entry per input, in input order.
    let entries: [Entry]

    /// The plan for `inputs`; throws `Conflicts` when an output would be lost
    /// or would replace an input. `stdin` is the descriptor `-` reads;
    /// `configs` says which inputs have a `.linkify.json` of their own
    /// (whose `--from` then applies to them).
    init(_ options: ResolvedOptions, inputs: [Input], stdin: Int32, configs: FileConfigs? = nil) throws {
        mode = try Self.mode(options)
        if options.standalone, case .standardOutput = mode, inputs.count > 1 {
            throw UsageError("--standalone writes one document to standard output: give one input, or -o DIR")
        }
        var isDirectory = false
        if case .directory = mode { isDirectory = true }
        var entries: [Entry] = []
        var problems: [String] = []
        for (i, input) in inputs.enumerated() {
            let from = configs.map { $0.options(of: i, run: options.raw).from } ?? options.from
            // SPEC §2: standard input is plain text unless --stdin-filepath names it.
            let format = input.format(from: from, stdinFilepath: options.stdinFilepath, standardInput: .text)
            var to = options.to ?? OutputFormat.default(for: format)
            var unrewritable: String?
            var target: String?
            switch mode {
            case .file(let path): target = path
            case .directory(let root):
                if input.path == "-" {
                    problems.append("-o \(root) is a folder: standard input has no name to write there; use -o FILE")
                } else {
                    target = Self.mirroredPath(root: root, relative: input.relativePath, input: format, format: to)
                }
            case .inPlace, .check:
                // SPEC §2: -i keeps each file's format; plain text only with --to markdown.
                to = OutputFormat.default(for: format)
                if format == .text {
                    if options.to == .markdown {
                        to = .markdown
                    } else {
                        unrewritable = "a plain-text file is rewritten in place only with --to markdown"
                    }
                }
            case .standardOutput: break
            }
            let standalone = format == .text && to == .html && (options.standalone || isDirectory)
            entries.append(Entry(format: format, name: input.name(stdinFilepath: options.stdinFilepath) ?? input.path, to: to, unrewritable: unrewritable, target: target, standalone: standalone))
        }
        self.entries = entries
        switch mode {
        case .file, .directory: problems += Self.conflicts(inputs: inputs, entries: entries, mode: mode, stdin: stdin)
        case .standardOutput, .inPlace, .check: break
        }
        if !problems.isEmpty { throw Conflicts(lines: problems) }
    }

    /// The problems found, one line each (without `linkify: `).
    struct Conflicts: Error {
        let lines: [String]
    }

    /// `-o PATH` is a folder when it is one, when it ends with `/`, when an
    /// input is a folder (whose tree it mirrors), or when several inputs are
    /// named and PATH does not exist and has no extension; else it is a file.
    static func mode(_ options: ResolvedOptions) throws -> OutputMode {
        switch options.destination {
        case .check: return .check
        case .inPlace: return .inPlace
        case .standardOutput: return .standardOutput
        case .output(let path):
            let (kind, _) = FileSystem.kind(of: path)
            if kind == .directory || path.hasSuffix("/") { return .directory(path) }
            if options.paths.contains(where: { $0 != "-" && FileSystem.kind(of: $0).0 == .directory }) {
                if kind != .missing { throw UsageError("-o \(path): not a folder, but the input is a folder") }
                return .directory(path)
            }
            if options.paths.count > 1, kind == .missing, !hasExtension(path) { return .directory(path) }
            return .file(path)
        }
    }

    /// Whether the last component of `path` has an extension (`out.md`, not `out` or `.out`).
    static func hasExtension(_ path: String) -> Bool {
        let name = PathBytes.lastComponent(path)
        guard let dot = name.lastIndex(of: ".") else { return false }
        return dot != name.startIndex && name.index(after: dot) != name.endIndex
    }

    /// `-o DIR`: `DIR/relative` with the output format's extension, but a
    /// Markdown file written with `--to html` keeps its name: it is still
    /// Markdown (with anchors for links), for a Markdown renderer to turn
    /// into a page.
    static func mirroredPath(root: String, relative: String, input: InputFormat, format: OutputFormat) -> String {
        let base = root.hasSuffix("/") ? root : root + "/"
        if input == .markdown && format == .html { return base + relative }
        // The extension is taken off the last component only (`v1.2/notes`
        // keeps its folder's dot); the component's indices are the path's.
        let last = PathBytes.lastComponent(relative)
        var name = relative
        if let dot = last.lastIndex(of: "."), dot != last.startIndex {
            name = String(relative[..<dot])
        }
        return base + name + "." + format.fileExtension
    }

    /// Two inputs with one target, and targets that are inputs.
    static func conflicts(inputs: [Input], entries: [Entry], mode: OutputMode, stdin: Int32) -> [String] {
        var lines: [String] = [];
        var firstByTarget: [FileIdentity: Int] = [:]
        var inputByIdentity: [FileIdentity: Int] = [:]
        for (i, input) in inputs.enumerated() {
            if let id = FileIdentity(existing: input.path, stdin: stdin), inputByIdentity[id] == nil { inputByIdentity[id] = i }
        }
        for (i, entry) in entries.enumerated() {
            guard let target = entry.target else { continue }
            let id = FileIdentity(target: target)
            if let first = firstByTarget[id] {
                var line = "\(name(inputs[first])) and \(name(inputs[i])) would both be written to \(target)"
                if case .file = mode { line += " (-o names a file, for one input; end it with / to name a folder)" }
                lines.append(line)
            } else {
                firstByTarget[id] = i
            }
            if let j = inputByIdentity[id] {
                let replaced = inputs[j].path == "-" ? "the file standard input reads" : "the input \(inputs[j].path)"
                lines.append("\(name(inputs[i])): its output \(target) would replace \(replaced)")
            }
        }
        return lines
    }

    private static func name(_ input: Input) -> String { input.path == "-" ? "standard input" : input.path }
}

/// What makes two paths one file: the device and inode of a file that
/// exists, else the path with its folders resolved (`realpath`) and `.` and
/// `..` taken out.
enum FileIdentity: Hashable {
    case inode(UInt64, UInt64)
    case path([UInt8])

    /// An input's identity; nil when it is not a file (standard input from a
    /// pipe or a terminal).
    init?(existing path: String, stdin: Int32) {
        var st = stat()
        let rc = path == "-" ? fstat(stdin, &st) : PathBytes.withCString(path) { stat($0, &st) }
        guard rc == 0, st.st_mode & S_IFMT == S_IFREG else { return nil }
        self = .inode(UInt64(st.st_dev), UInt64(st.st_ino))
    }

    /// A target's identity, whether it exists or not.
    init(target: String) {
        var st = stat()
        if PathBytes.withCString(target, { stat($0, &st) }) == 0 {
            self = .inode(UInt64(st.st_dev), UInt64(st.st_ino))
        } else {
            self = .path(Self.resolved(PathBytes.bytes(target)))
        }
    }

    /// `path` made absolute, its longest existing prefix resolved by `realpath`.
    static func resolved(_ path: [UInt8]) -> [UInt8] {
        if let real = realPath(path) { return real }
        if path == [0x2E] { return path }   // no current folder to resolve against
        guard let slash = path.lastIndex(of: 0x2F) else {
            return resolved(Array(".".utf8)) + [0x2F] + path
        }
        let parentBytes = slash == path.startIndex ? [0x2F] : Array(path[..<slash])
        let name = Array(path[(slash + 1)...])
        let parent = resolved(parentBytes)
        if name.isEmpty || name == [0x2E] { return parent }
        if name == [0x2E, 0x2E] {
            let up = parent.lastIndex(of: 0x2F) ?? 0
            return up == 0 ? [0x2F] : Array(parent[..<up])
        }
        return (parent == [0x2F] ? [] : parent) + [0x2F] + name
    }

    private static func realPath(_ path: [UInt8]) -> [UInt8]? {
        var c = path.map { CChar(bitPattern: $0) }
        c.append(0)
        guard let r = c.withUnsafeBufferPointer({ realpath($0.baseAddress!, nil) }) else { return nil }
        defer { free(r) }
        return Array(PathBytes.bytes(PathBytes.string(cString: r)))
    }
}
