#if canImport(Glibc)
import Glibc
#endif

/// The configuration file (`--config FILE`, else `.linkify.json` in the
/// current directory or the nearest one above it, up to the git work tree's
/// top; `--no-config` reads none). Each input then has the file nearest to
/// its own folder (`FileConfigs`).
///
/// It is a JSON object whose keys are long option names. Each key becomes the
/// same `Flag.apply` call as on the command line, so both mean exactly the
/// same: a string (or number) for an option with a value, a list of strings
/// for a repeatable one (`Flag.repeats`; a list is also accepted for the
/// comma lists `detect`, `schemes`, `deny-schemes`), `true`/`false` for a flag.
/// Command-line options win: a single-valued option given there is not taken
/// from the file; values of repeatable options from the file come after the
/// command line's (so the command line's come first where the first match
/// wins). Keys of options that do not apply to the command are ignored; a
/// relative `links` path is read from the file's directory.
enum ConfigFile {
    /// The default file name looked for.
    static let fileName = ".linkify.json"
    /// Keys that make no sense in a file.
    static let refused: Set<String> = ["config", "no-config", "help", "version", "completions", "man"]

    /// The file to read for `options`, or nil.
    static func locate(_ options: Options, workingDirectory: String? = currentDirectory()) -> String? {
        if options.noConfig { return nil }
        if let path = options.config { return path }
        guard var dir = workingDirectory else { return nil }
        while true {
            let base = dir.hasSuffix("/") ? dir : dir + "/"
            if FileSystem.kind(of: base + fileName).0 == .file { return base + fileName }
            // The work tree's top is the last folder looked in, as for each input's file.
            guard dir != "/", FileSystem.kind(of: base + ".git").0 == .missing, let slash = dir.lastIndex(of: "/") else { return nil }
            dir = slash == dir.startIndex ? "/" : String(dir[..<slash])
        }
    }

    /// Reads the file (if any) into `options`.
    static func load(into options: inout Options) throws(UsageError) {
        guard let path = locate(options) else { return }
        try load(path: path, into: &options)
    }

    /// Reads the file at `path` into `options`.
    static func load(path: String, into options: inout Options) throws(UsageError) {
        let bytes: [UInt8]
        do {
            let fd = try FileSystem.open(path)
            defer { close(fd) }
            bytes = try FileInput(fd: fd, path: path).readAll()
        } catch let e as FileError {
            throw UsageError("\(e.path): \(e.message)")
        } catch {
            throw UsageError("\(path): \(error)")
        }
        try apply(bytes, from: path, to: &options)
    }

    /// Applies the JSON text of a config file at `path` to `options`.
    static func apply(_ bytes: [UInt8], from path: String, to options: inout Options) throws(UsageError) {
        let root: JSONValue
        do {
            root = try JSONValue.parse(bytes)
        } catch {
            throw UsageError("\(path):\(error.line):\(error.column): invalid JSON: \(error.message)")
        }
        guard case .object(let members) = root else { throw UsageError("\(path): expected a JSON object of option names") }
        var seen: Set<String> = []
        let given = Set(options.given)
        let directory = path.lastIndex(of: "/").map { String(path[...$0]) } ?? ""
        for (key, value) in members {
            func fail(_ message: String) -> UsageError { UsageError("\(path): key '\(key)': \(message)") }
            guard seen.insert(key).inserted else { throw fail("given twice") }
            guard !refused.contains(key) else { throw fail("not allowed in a config file") }
            guard let flag = Flag.named(key, short: false) else {
                let hint = OptionParser.suggestion(for: key, isShort: false).replacing("'--", with: "'")
                throw fail("unknown option\(hint)")
            }
            guard flag.commands.contains(options.command) else { continue }
            let repeats = flag.repeats
            var values: [String] = []
            switch value {
            case .bool(let on):
                guard !flag.takesValue else { throw fail("expected \(repeats ? "a list of strings" : "a string")") }
                if on { values = [""] }
            case .string(let s):
                guard flag.takesValue else { throw fail("expected true or false") }
                values = [s]
            case .number(let n):
                guard flag.takesValue, !repeats else { throw fail(flag.takesValue ? "expected a list of strings" : "expected true or false") }
                values = [n]
            case .array(let items):
                guard flag.takesValue, repeats || flag.takesCommaList else {
                    throw fail(flag.takesValue ? "expected a string, not a list" : "expected true or false")
                }
                for item in items {
                    guard case .string(let s) = item else { throw fail("expected a list of strings") }
                    values.append(s)
                }
                if !repeats { values = [values.joined(separator: ",")] }
            case .null, .object:
                throw fail(flag.takesValue ? "expected a string" : "expected true or false")
            }
            if !repeats && given.contains(key) { continue }   // the command line wins
            if let count = listCount(of: key, in: options), !values.isEmpty { options.configOrigins[key] = (path, count) }
            for var v in values {
                if key == "links" && !v.hasPrefix("/") && !directory.isEmpty { v = directory + v }
                do {
                    try flag.apply(&options, v)
                } catch {
                    throw fail(error.message)
                }
                options.given.append(key)
            }
        }
    }

    /// How many values the repeatable option `key` holds, for the options
    /// whose values are checked only when used (a `--links` file is read, a
    /// `--pattern` compiled); nil for the others.
    static func listCount(of key: String, in options: Options) -> Int? {
        switch key {
        case "links": return options.literalLinkFiles.count
        case "pattern": return options.patterns.count
        default: return nil
        }
    }

    static func currentDirectory() -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        guard getcwd(&buffer, buffer.count) != nil else { return nil }
        // As PathBytes spells names, so that a folder whose name is not UTF-8 can be opened again.
        return buffer.withUnsafeBufferPointer { PathBytes.string(cString: $0.baseAddress!) }
    }
}

extension Options {
    /// `message`, prefixed with `PATH: key 'KEY': ` when the value at `index`
    /// of the repeatable option `key` came from the config file: errors in it
    /// name the file and the key, also those found only when the
    /// value is used.
    func located(_ message: String, key: String, index: Int) -> String {
        guard let origin = configOrigins[key], index >= origin.firstIndex else { return message }
        return "\(origin.path): key '\(key)': \(message)"
    }
}
