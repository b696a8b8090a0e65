#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The configuration of each input: the `.linkify.json` nearest
/// to the input's own folder, looked for from there upwards to the git work
/// tree's top or the file-system root, as prettier finds its file.
///
/// Only the nearest file counts; files are not merged (a `.linkify.json`
/// that wants a parent's settings repeats them). The command line wins over
/// every file as it does over one. `--config FILE` and `--no-config` apply
/// to every input. Settings that shape the whole run rather than one file
/// (`runSettings`) come from the command line and the file found from the
/// current folder, whatever an input's own file says.
struct FileConfigs {
    /// The options of the inputs whose file is not the run's, one per file.
    /// (The run's own are not in the list: a run that needs no other makes
    /// no array of `Options`, whose type the runtime would build at start-up.)
    private(set) var others: [Options] = []
    /// For each input, 0 for the run's options, else `k` for `others[k - 1]`.
    private(set) var group: [Int]
    /// One line for each file that sets run settings, which are ignored there
    /// (issue 24): said once per file, not once per input.
    private(set) var notes: [String] = []

    /// The options input `index` is read with: its own file's, else `run`.
    func options(of index: Int, run: Options) -> Options {
        group[index] == 0 ? run : others[group[index] - 1]
    }

    /// The long names of the settings taken from the run, not from an input's file.
    static let runSettings = ["to", "offsets", "output", "in-place", "check", "fix", "format", "color", "include", "exclude",
                              "jobs", "explain", "progress", "no-progress", "quiet", "verbose"]

    /// The options of each of `inputs`. `run` is the run's options (command
    /// line and the file found from the current folder), `arguments` the
    /// command line they were parsed from.
    static func plan(_ inputs: [Input], run: Options, arguments: [String],
                     workingDirectory: @autoclosure () -> String? = ConfigFile.currentDirectory()) throws(UsageError) -> FileConfigs {
        var result = FileConfigs(group: Array(repeating: 0, count: inputs.count))
        guard !run.noConfig, run.config == nil else { return result }
        // A file of the current folder, and standard input without a name, have the
        // run's configuration. Most runs have only those: they build no dictionary
        // (the first one a run makes costs a search of every protocol conformance).
        func folder(_ input: Input) -> String? {
            guard let path = input.path == "-" ? run.stdinFilepath : input.path, let slash = path.lastIndex(of: "/") else { return nil }
            return slash == path.startIndex ? "/" : String(path[..<slash])
        }
        guard inputs.contains(where: { folder($0) != nil }), let workingDirectory = workingDirectory() else { return result }
        let runConfig = ConfigFile.locate(run, workingDirectory: workingDirectory)
        var nearest: [String: String?] = [:]
        // Walked files share their folders as spelt: one realpath per folder, not per file.
        var byFolder: [String: String?] = [:]
        var groups: [String: Int] = [:]
        var commandLine: Options?
        for (i, input) in inputs.enumerated() {
            guard let folder = folder(input) else { continue }
            let config: String?
            if let known = byFolder[folder] {
                config = known
            } else {
                config = ConfigFile.nearest(toFolder: folder, cache: &nearest)
                byFolder[folder] = config
            }
            guard config != runConfig else { continue }
            let key = config ?? ""
            if let g = groups[key] {
                result.group[i] = g
                continue
            }
            if commandLine == nil { commandLine = try OptionParser.parse(arguments) }
            var options = commandLine!
            if let config {
                let before = options.given.count
                try ConfigFile.load(path: config, into: &options)
                var ignored: [String] = []
                for key in options.given[before...] where runSettings.contains(key) && !ignored.contains(key) { ignored.append(key) }
                if !ignored.isEmpty {
                    result.notes.append("\(config): ignored here: \(ignored.joined(separator: ", ")) (settings of the whole run: "
                        + "give them on the command line or in the current folder's \(ConfigFile.fileName))")
                }
            }
            options.takeRunSettings(from: run)
            result.others.append(options)
            groups[key] = result.others.count
            result.group[i] = result.others.count
        }
        return result
    }
}

extension Options {
    /// Sets the settings of `FileConfigs.runSettings` (and what the command
    /// line says of the run: command, paths, the config flags) to `run`'s.
    mutating func takeRunSettings(from run: Options) {
        command = run.command
        paths = run.paths
        stdinFilepath = run.stdinFilepath
        config = run.config
        noConfig = run.noConfig
        to = run.to
        offsets = run.offsets
        output = run.output
        inPlace = run.inPlace
        check = run.check
        fix = run.fix
        lintFormat = run.lintFormat
        color = run.color
        includes = run.includes
        excludes = run.excludes
        jobs = run.jobs
        explain = run.explain
        explainJSON = run.explainJSON
        progress = run.progress
        quiet = run.quiet
        verbose = run.verbose
    }
}

extension FileSystem {
    /// `folder` as an absolute path with links resolved (`realpath`). A
    /// folder that does not exist (`--stdin-filepath` may name a new file in
    /// a new folder) is its nearest existing ancestor's path followed by the
    /// missing names.
    static func absoluteFolder(_ folder: String) -> String? {
        var existing = folder.isEmpty ? "." : folder
        var missing: [Substring] = []
        while true {
            if let resolved = PathBytes.withCString(existing, { realpath($0, nil) }) {
                let absolute = PathBytes.string(cString: resolved)
                free(resolved)
                guard !missing.isEmpty else { return absolute }
                return (absolute == "/" ? "" : absolute) + "/" + missing.reversed().joined(separator: "/")
            }
            if existing == "." || existing == "/" { return nil }
            guard let slash = existing.lastIndex(of: "/") else {
                // A relative path whose first folder is missing: it is below the current folder.
                missing.append(Substring(existing))
                existing = "."
                continue
            }
            let name = existing[existing.index(after: slash)...]
            if name != "." && !name.isEmpty {
                // `..` after a missing folder cannot be resolved: give up rather than guess.
                guard name != ".." else { return nil }
                missing.append(name)
            }
            existing = slash == existing.startIndex ? "/" : String(existing[..<slash])
        }
    }
}

extension ConfigFile {
    /// The `.linkify.json` nearest to `folder`: in it or the nearest folder
    /// above it, stopping at the git work tree's top (a folder holding
    /// `.git`) or the file-system root; nil when there is none. `cache`
    /// remembers the answer for each folder looked at (absolute paths).
    static func nearest(toFolder folder: String, cache: inout [String: String?]) -> String? {
        guard let absolute = FileSystem.absoluteFolder(folder) else { return nil }
        return nearest(absolute: absolute, cache: &cache)
    }

    private static func nearest(absolute dir: String, cache: inout [String: String?]) -> String? {
        if let known = cache[dir] { return known }
        let found: String?
        let base = dir.hasSuffix("/") ? dir : dir + "/"
        if FileSystem.kind(of: base + fileName).0 == .file {
            found = base + fileName
        } else if dir == "/" || FileSystem.kind(of: base + ".git").0 != .missing {
            found = nil
        } else if let slash = dir.lastIndex(of: "/") {
            found = nearest(absolute: slash == dir.startIndex ? "/" : String(dir[..<slash]), cache: &cache)
        } else {
            found = nil
        }
        cache[dir] = found
        return found
    }
}
