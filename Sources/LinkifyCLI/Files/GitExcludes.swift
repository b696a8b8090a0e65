#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The ignore files git reads besides `.gitignore`, which a directory walk
/// honours as ripgrep does: the repository's `.git/info/exclude`
/// and the user's global excludes file. Both apply only inside a git work
/// tree, below the `.gitignore` files in precedence (git's order: a
/// `.gitignore` pattern wins over `info/exclude`, which wins over the global file).
enum GitExcludes {
    /// The global excludes file: `core.excludesFile` from the user's git
    /// configuration (`$XDG_CONFIG_HOME/git/config`, then `~/.gitconfig`,
    /// the later winning as in git), else `$XDG_CONFIG_HOME/git/ignore`
    /// (`~/.config/git/ignore` when `XDG_CONFIG_HOME` is unset or empty).
    static func globalFile(environment: Environment) -> String? {
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 }
        let xdg = environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? home.map { $0 + "/.config" }
        var configured: String?
        for file in [xdg.map { $0 + "/git/config" }, home.map { $0 + "/.gitconfig" }] {
            guard let file, let contents = try? FileSystem.readSmallFile(file),
                  let value = excludesFile(inConfig: contents) else { continue }
            configured = value
        }
        if let value = configured {
            if value.hasPrefix("~/") { return home.map { $0 + value.dropFirst() } }
            return value
        }
        return xdg.map { $0 + "/git/ignore" }
    }

    /// The value of `core.excludesFile` in the text of a git config file, or nil.
    /// Reads the common form (`[core]` then `excludesfile = PATH`, the key in
    /// any case, the value optionally in double quotes); `include` directives
    /// are not followed.
    static func excludesFile(inConfig contents: [UInt8]) -> String? {
        var inCore = false
        var found: String?
        for rawLine in contents.split(separator: 0x0A) {
            var line = Substring(String(decoding: rawLine, as: UTF8.self))
            while let c = line.first, c == " " || c == "\t" { line = line.dropFirst() }
            while let c = line.last, c == " " || c == "\t" || c == "\r" { line = line.dropLast() }
            if line.hasPrefix("[") {
                // `[core]`; section names are case-insensitive.
                let name = line.dropFirst().prefix { $0 != "]" && $0 != " " && $0 != "\"" }
                inCore = name.lowercased() == "core"
                continue
            }
            guard inCore, let equals = line.firstIndex(of: "=") else { continue }
            let key = line[..<equals].trimmingSpaces().lowercased()
            guard key == "excludesfile" else { continue }
            var value = line[line.index(after: equals)...].trimmingSpaces()
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") { value = String(value.dropFirst().dropLast()) }
            found = value.isEmpty ? nil : value
        }
        return found
    }

    /// `.git/info/exclude` of the work tree whose top is `top`. In a linked
    /// work tree (`git worktree`, a submodule) `.git` is a file naming the git
    /// folder; `info/exclude` is then in the common folder it points to.
    static func infoExclude(top: String) -> String? {
        let dotGit = (top.hasSuffix("/") ? top : top + "/") + ".git"
        switch FileSystem.kind(of: dotGit).0 {
        case .directory:
            return dotGit + "/info/exclude"
        case .file:
            guard let text = try? FileSystem.readSmallFile(dotGit, limit: 4096) else { return nil }
            let line = String(decoding: text.prefix { $0 != 0x0A && $0 != 0x0D }, as: UTF8.self)
            guard line.hasPrefix("gitdir:") else { return nil }
            var gitDir = line.dropFirst("gitdir:".count).trimmingSpaces()
            if !gitDir.hasPrefix("/") { gitDir = (top.hasSuffix("/") ? top : top + "/") + gitDir }
            var common = gitDir
            if let text = try? FileSystem.readSmallFile(gitDir + "/commondir", limit: 4096) {
                let relative = String(decoding: text.prefix { $0 != 0x0A && $0 != 0x0D }, as: UTF8.self)
                common = relative.hasPrefix("/") ? relative : gitDir + "/" + relative
            }
            return common + "/info/exclude"
        default:
            return nil
        }
    }

    /// The rules of the global excludes file and `info/exclude` for the work
    /// tree whose top is `top`, as they apply to the folder `root` below it
    /// (`root` relative to `top`, empty for the top itself).
    static func rules(top: String, root: String, environment: Environment) -> IgnoreRules {
        var rules = IgnoreRules()
        for file in [globalFile(environment: environment), infoExclude(top: top)] {
            guard let file, let contents = try? FileSystem.readSmallFile(file) else { continue }
            rules = root.isEmpty ? rules.adding(contents: contents, base: "") : rules.adding(contents: contents, aboveRoot: root)
        }
        return rules
    }
}
