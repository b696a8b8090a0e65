#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LinkifyCore

/// Walks the folders named on the command line (SPEC §2): entries sorted by
/// bytes; hidden entries, `.git` and `node_modules` skipped; `.gitignore`
/// files honoured (nested ones too, and those above the root up to the git
/// work tree's top), and in a work tree `.git/info/exclude` and the global
/// excludes file (`GitExcludes`); symbolic links to folders not followed;
/// files taken by the `--include`/`--exclude` filter.
struct InputWalker {
    let filter: WalkFilter
    /// For the global excludes file (`HOME`, `XDG_CONFIG_HOME`).
    let environment: Environment
    /// Problems met (unreadable folders), as `(path, message)`.
    private(set) var errors: [FileError] = []
    /// Whether to keep what the walk skips and why (`--verbose`).
    var notesSkipped = false
    /// What the walk skipped, and why, in walk order (with `notesSkipped`).
    private(set) var skipped: [(path: String, reason: String)] = []
    /// Why a file the include globs do not take is skipped (the caller knows
    /// what the default lists are).
    var notIncludedReason = "not matched by --include"

    init(filter: WalkFilter, environment: Environment = Environment()) {
        self.filter = filter
        self.environment = environment
    }

    /// What was skipped since the last call, and why (with `notesSkipped`).
    mutating func takeSkipped() -> [(path: String, reason: String)] {
        defer { skipped = [] }
        return skipped
    }

    /// The files below `root`, in order.
    mutating func files(below root: String) -> [Input] {
        var result: [Input] = []
        walk(root, relative: "", rules: Self.rulesAbove(root, environment: environment), into: &result)
        return result
    }

    /// The rules git applies to `root`'s files from outside `root`: the
    /// global excludes file and `.git/info/exclude`, then the `.gitignore`
    /// files of the folders between the git work tree's top (the nearest
    /// folder holding `.git`, `root` itself included) and `root`; none when
    /// `root` is not in a work tree.
    static func rulesAbove(_ root: String, environment: Environment = Environment()) -> IgnoreRules {
        guard let resolved = PathBytes.withCString(root, { realpath($0, nil) }) else { return IgnoreRules() }
        let absolute = PathBytes.string(cString: resolved)
        free(resolved)
        let parts = absolute.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        func folder(_ count: Int) -> String { "/" + parts.prefix(count).joined(separator: "/") }
        func hasGit(_ count: Int) -> Bool { FileSystem.kind(of: folder(count) + (count == 0 ? "" : "/") + ".git").0 != .missing }
        guard let top = (0...parts.count).reversed().first(where: hasGit) else { return IgnoreRules() }
        var rules = GitExcludes.rules(top: folder(top), root: parts[top...].joined(separator: "/"), environment: environment)
        for count in top..<parts.count {
            let file = folder(count) + (count == 0 ? "" : "/") + ".gitignore"
            guard let contents = try? FileSystem.readSmallFile(file) else { continue }
            rules = rules.adding(contents: contents, aboveRoot: parts[count...].joined(separator: "/"))
        }
        return rules
    }

    /// Whether the ignore rules a walk of its git work tree would apply
    /// ignore the file `path` (`--stdin-filepath`): the global excludes file,
    /// `.git/info/exclude` and the `.gitignore` files from the work tree's
    /// top down to its folder, a file in an ignored folder being ignored;
    /// outside a work tree, its folder's `.gitignore`. The file need not
    /// exist; its folder must.
    static func ignoresFile(_ path: String, environment: Environment) -> Bool {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        guard !name.isEmpty, let absolute = FileSystem.absoluteFolder(folder) else { return false }
        let parts = absolute.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        func directory(_ count: Int) -> String { "/" + parts.prefix(count).joined(separator: "/") }
        func hasGit(_ count: Int) -> Bool { FileSystem.kind(of: directory(count) + (count == 0 ? "" : "/") + ".git").0 != .missing }
        let top = (0...parts.count).reversed().first(where: hasGit)
        var rules = top.map { GitExcludes.rules(top: directory($0), root: "", environment: environment) } ?? IgnoreRules()
        var relative = ""
        for count in (top ?? parts.count)...parts.count {
            if count > (top ?? parts.count) {
                relative += (relative.isEmpty ? "" : "/") + parts[count - 1]
                if rules.ignores(relative, isDirectory: true) { return true }
            }
            let file = directory(count) + (count == 0 ? "" : "/") + ".gitignore"
            if let contents = try? FileSystem.readSmallFile(file) { rules = rules.adding(contents: contents, base: relative) }
        }
        return rules.ignores(relative.isEmpty ? name : relative + "/" + name, isDirectory: false)
    }

    private mutating func walk(_ directory: String, relative: String, rules: IgnoreRules, into result: inout [Input]) {
        let names: [String]
        do { names = try FileSystem.entries(of: directory) } catch let e as FileError {
            errors.append(e)
            return
        } catch { return }
        var rules = rules
        if names.contains(".gitignore"), let contents = try? FileSystem.readSmallFile(join(directory, ".gitignore")) {
            rules = rules.adding(contents: contents, base: relative)
        }
        for name in names {
            let path = join(directory, name)
            if name.hasPrefix(".") || name == "node_modules" {
                skip(path, name.hasPrefix(".") ? "hidden" : "a node_modules folder")
                continue
            }
            let rel = relative.isEmpty ? name : relative + "/" + name
            var st = stat()
            guard PathBytes.withCString(path, { lstat($0, &st) }) == 0 else {
                errors.append(FileError.errno(path))
                continue
            }
            var mode = st.st_mode & S_IFMT
            if mode == S_IFLNK {
                // A link to a file is read; a link to a folder is not followed (SPEC §2).
                guard PathBytes.withCString(path, { stat($0, &st) }) == 0 else {
                    skip(path, "a symbolic link to nothing")
                    continue
                }
                mode = st.st_mode & S_IFMT
                if mode == S_IFDIR {
                    skip(path, "a symbolic link to a folder (not followed)")
                    continue
                }
            }
            if mode == S_IFDIR {
                if rules.ignores(rel, isDirectory: true) {
                    skip(path, Self.ignoredReason)
                } else if !filter.entersDirectory(rel) {
                    skip(path, Self.excludedReason)
                } else {
                    walk(path, relative: rel, rules: rules, into: &result)
                }
            } else if mode == S_IFREG {
                if rules.ignores(rel, isDirectory: false) {
                    skip(path, Self.ignoredReason)
                } else if !filter.isIncluded(rel) {
                    skip(path, notIncludedReason)
                } else if filter.isExcluded(rel) {
                    skip(path, Self.excludedReason)
                } else {
                    result.append(Input(path: path, fromWalk: true, relativePath: rel, size: Int(st.st_size)))
                }
            } else {
                skip(path, "not a regular file")
            }
        }
    }

    static let ignoredReason = "ignored by git's ignore rules"
    static let excludedReason = "excluded by --exclude"

    private mutating func skip(_ path: String, _ reason: String) {
        if notesSkipped { skipped.append((path, reason)) }
    }

    private func join(_ directory: String, _ name: String) -> String {
        directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }
}

extension Driver {
    /// The inputs named by the paths, directories walked; with `--verbose`,
    /// a note for each entry a walk skips, and why. `defaultIncludes` are
    /// the files a walk takes without `--include`, which `notIncluded` names
    /// (for the note on a file they do not take).
    mutating func inputs(_ options: Options, defaultIncludes: [String] = WalkFilter.defaultIncludes,
                         notIncluded: String = "not a Markdown, HTML or .txt file (--include takes others)") -> [Input] {
        var standardInput = Input(path: "-", fromWalk: false, relativePath: "-")
        if let name = options.stdinFilepath, options.paths.isEmpty || options.paths.contains("-") {
            standardInput.ignored = InputWalker.ignoresFile(name, environment: io.environment)
        }
        if options.paths.isEmpty { return [standardInput] }
        // Made at the first folder: a run on named files compiles no globs.
        var walker: InputWalker?
        var result: [Input] = []
        for path in options.paths {
            if path == "-" { result.append(standardInput); continue }
            var st = stat()
            guard PathBytes.withCString(path, { stat($0, &st) }) == 0 else {
                report("linkify: \(path): \(String(cString: strerror(errno)))")
                status.record(2)
                continue
            }
            if st.st_mode & S_IFMT == S_IFDIR {
                if walker == nil {
                    walker = InputWalker(filter: WalkFilter(includes: options.includes, excludes: options.excludes, defaults: defaultIncludes),
                                         environment: io.environment)
                    walker!.notesSkipped = options.verbose && !options.quiet
                    if options.includes.isEmpty { walker!.notIncludedReason = notIncluded }
                }
                result += walker!.files(below: path)
                for (skippedPath, reason) in walker!.takeSkipped() { report("linkify: \(skippedPath): skipped: \(reason)") }
            } else {
                let name = String(PathBytes.lastComponent(path))
                result.append(Input(path: path, fromWalk: false, relativePath: name, size: Int(st.st_size)))
            }
        }
        for e in walker?.errors ?? [] {
            report("linkify: \(e.path): \(e.message)")
            status.record(2)
        }
        return result
    }
}
