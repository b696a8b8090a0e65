#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LinkifyCore

/// Walks the folders named on the command line (SPEC §2): entries sorted by
/// bytes; hidden entries, `.git` and `node_modules` skipped; `.gitignore`
/// files honoured (nested ones too, and those above the root up to the git
/// work tree's top); symbolic links to folders not followed;
/// files taken by the `--include`/`--exclude` filter.
struct InputWalker {
    let filter: WalkFilter
    /// Problems met (unreadable folders), as `(path, message)`.
    private(set) var errors: [FileError] = []

    init(filter: WalkFilter) { self.filter = filter }

    /// The files below `root`, in order.
    mutating func files(below root: String) -> [Input] {
        var result: [Input] = []
        walk(root, relative: "", rules: Self.rulesAbove(root), into: &result)
        return result
    }

    /// The `.gitignore` files of the folders between the git work tree's top
    /// (the nearest folder above `root` holding `.git`) and `root`, as git
    /// applies them to `root`'s files; none when `root` is not in a work tree.
    static func rulesAbove(_ root: String) -> IgnoreRules {
        guard let resolved = PathBytes.withCString(root, { realpath($0, nil) }) else { return IgnoreRules() }
        let absolute = PathBytes.string(cString: resolved)
        free(resolved)
        let parts = absolute.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        func folder(_ count: Int) -> String { "/" + parts.prefix(count).joined(separator: "/") }
        func hasGit(_ count: Int) -> Bool { FileSystem.kind(of: folder(count) + (count == 0 ? "" : "/") + ".git").0 != .missing }
        guard !hasGit(parts.count) else { return IgnoreRules() }
        guard let top = (0..<parts.count).reversed().first(where: hasGit) else { return IgnoreRules() }
        var rules = IgnoreRules()
        for count in top..<parts.count {
            let file = folder(count) + (count == 0 ? "" : "/") + ".gitignore"
            guard let contents = try? FileSystem.readSmallFile(file) else { continue }
            rules = rules.adding(contents: contents, aboveRoot: parts[count...].joined(separator: "/"))
        }
        return rules
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
        for name in names where !name.hasPrefix(".") && name != "node_modules" {
            let path = join(directory, name)
            let rel = relative.isEmpty ? name : relative + "/" + name
            var st = stat()
            guard PathBytes.withCString(path, { lstat($0, &st) }) == 0 else {
                errors.append(FileError.errno(path))
                continue
            }
            var mode = st.st_mode & S_IFMT
            if mode == S_IFLNK {
                // A link to a file is read; a link to a folder is not followed (SPEC §2).
                guard PathBytes.withCString(path, { stat($0, &st) }) == 0 else { continue }
                mode = st.st_mode & S_IFMT
                if mode == S_IFDIR { continue }
            }
            if mode == S_IFDIR {
                if rules.ignores(rel, isDirectory: true) || !filter.entersDirectory(rel) { continue }
                walk(path, relative: rel, rules: rules, into: &result)
            } else if mode == S_IFREG {
                if rules.ignores(rel, isDirectory: false) || !filter.takesFile(rel) { continue }
                result.append(Input(path: path, fromWalk: true, relativePath: rel, size: Int(st.st_size)))
            }
        }
    }

    private func join(_ directory: String, _ name: String) -> String {
        directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }
}

extension Driver {
    /// The inputs named by the paths, directories walked.
    mutating func inputs(_ options: Options, defaultIncludes: [String] = WalkFilter.defaultIncludes) -> [Input] {
        if options.paths.isEmpty { return [Input(path: "-", fromWalk: false, relativePath: "-")] }
        // Made at the first folder: a run on named files compiles no globs.
        var walker: InputWalker?
        var result: [Input] = []
        for path in options.paths {
            if path == "-" { result.append(Input(path: "-", fromWalk: false, relativePath: "-")); continue }
            var st = stat()
            guard PathBytes.withCString(path, { stat($0, &st) }) == 0 else {
                report("linkify: \(path): \(String(cString: strerror(errno)))")
                status.record(2)
                continue
            }
            if st.st_mode & S_IFMT == S_IFDIR {
                if walker == nil {
                    walker = InputWalker(filter: WalkFilter(includes: options.includes, excludes: options.excludes, defaults: defaultIncludes))
                }
                result += walker!.files(below: path)
            } else {
                let name = path.split(separator: "/").last.map(String.init) ?? path
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
