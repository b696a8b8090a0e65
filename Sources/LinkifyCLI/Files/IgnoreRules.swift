/// The `.gitignore` files in force in one folder of a walk: the patterns of
/// each file from the walk's root down, each relative to its own folder.
///
/// As git does, a later pattern wins over an earlier one, and a deeper file
/// over a shallower one; a path inside an ignored folder is never reached, so
/// it cannot be re-included.
struct IgnoreRules: Sendable {
    /// One `.gitignore` file: its folder, relative to the walk's root
    /// (empty for the root), with a trailing `/`, and its patterns. A file in
    /// a folder above the root has an empty `base` and, as `prefix`, the
    /// root's path relative to its folder, with a trailing `/`.
    struct Level: Sendable {
        let base: [UInt8]
        var prefix: [UInt8] = []
        let patterns: [GlobPattern]
    }

    private(set) var levels: [Level] = []

    /// The rules with one more `.gitignore` file read from `contents`, for the
    /// folder `base` (relative to the root, `""` for the root).
    func adding(contents: [UInt8], base: String) -> IgnoreRules {
        let patterns = contents.split(separator: 0x0A, omittingEmptySubsequences: true)
            .compactMap { GlobPattern(String(decoding: $0, as: UTF8.self), gitignoreLine: true) }
        guard !patterns.isEmpty else { return self }
        var copy = self
        copy.levels.append(Level(base: base.isEmpty ? [] : Array(base.utf8) + [0x2F], patterns: patterns))
        return copy
    }

    /// The rules with one more `.gitignore` file read from `contents`, for a
    /// folder above the walk's root; `root` is the root's path relative to it.
    func adding(contents: [UInt8], aboveRoot root: String) -> IgnoreRules {
        var copy = adding(contents: contents, base: "")
        guard copy.levels.count > levels.count else { return self }
        copy.levels[copy.levels.count - 1].prefix = Array(root.utf8) + [0x2F]
        return copy
    }

    /// Whether `path` (relative to the walk's root) is ignored.
    func ignores(_ path: String, isDirectory: Bool) -> Bool {
        let bytes = Array(path.utf8)
        let nameStart = (bytes.lastIndex(of: 0x2F) ?? -1) + 1
        let name = bytes[nameStart...]
        var ignored = false
        for level in levels {
            guard bytes.starts(with: level.base) else { continue }
            let relative = level.prefix + bytes[level.base.count...]
            for pattern in level.patterns where pattern.isNegated == ignored {
                if pattern.matches(path: relative, name: name, isDirectory: isDirectory) {
                    ignored = !pattern.isNegated
                }
            }
        }
        return ignored
    }
}

/// `--include`/`--exclude`: which files a directory walk takes.
struct WalkFilter: Sendable {
    /// Files taken when no `--include` is given: Markdown, HTML and `.txt` (SPEC §2).
    static let defaultIncludes = ["*.md", "*.markdown", "*.mdown", "*.mkd", "*.mdx", "*.html", "*.htm", "*.xhtml", "*.txt"]
    /// Files lint takes when no `--include` is given: Markdown (SPEC §6).
    static let markdownIncludes = ["*.md", "*.markdown", "*.mdown", "*.mkd", "*.mdx"]

    let includes: [GlobPattern]
    let excludes: [GlobPattern]
    /// No `--include` was given: the default lists are used, and match in any
    /// case (`README.MD`, SPEC §2); a user's globs keep their case, as in git.
    let usesDefaults: Bool

    /// Filters from the globs given; `defaults` stand in for an empty `includes`.
    init(includes: [String], excludes: [String], defaults: [String] = WalkFilter.defaultIncludes) {
        self.includes = (includes.isEmpty ? defaults : includes).compactMap { GlobPattern($0) }
        self.excludes = excludes.compactMap { GlobPattern($0) }
        self.usesDefaults = includes.isEmpty
    }

    /// Whether a folder met in a walk is entered (`path` relative to the walk's root).
    func entersDirectory(_ path: String) -> Bool {
        !matches(excludes, path, isDirectory: true)
    }

    /// Whether a file met in a walk is taken.
    func takesFile(_ path: String) -> Bool {
        isIncluded(path) && !isExcluded(path)
    }

    /// Whether the include globs (or the default lists) take the file `path`.
    func isIncluded(_ path: String) -> Bool {
        guard usesDefaults else { return matches(includes, path, isDirectory: false) }
        // The default lists are lower case: a path folded to lower case (ASCII) matches them in any case.
        var bytes = Array(path.utf8)
        for i in bytes.indices where bytes[i] >= 0x41 && bytes[i] <= 0x5A { bytes[i] |= 0x20 }
        return matches(includes, bytes, isDirectory: false)
    }

    /// Whether an `--exclude` glob takes the file `path` out.
    func isExcluded(_ path: String) -> Bool {
        matches(excludes, path, isDirectory: false)
    }

    private func matches(_ globs: [GlobPattern], _ path: String, isDirectory: Bool) -> Bool {
        matches(globs, Array(path.utf8), isDirectory: isDirectory)
    }

    private func matches(_ globs: [GlobPattern], _ bytes: [UInt8], isDirectory: Bool) -> Bool {
        let name = bytes[((bytes.lastIndex(of: 0x2F) ?? -1) + 1)...]
        var result = false
        for glob in globs where glob.matches(path: bytes, name: name, isDirectory: isDirectory) {
            result = !glob.isNegated
        }
        return result
    }
}
