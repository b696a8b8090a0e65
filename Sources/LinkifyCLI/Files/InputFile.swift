#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LinkifyCore

/// A file met in a directory walk that is not read (binary, or a format the
/// command does not rewrite): a note, not an error.
struct SkippedFile: Error {
    let path: String
    let reason: String
}

/// One input opened for reading, as annotate and lint both open it: standard
/// input for `-`, else the file (through a symbolic link), never a folder.
struct InputFile {
    /// Bytes looked at for a NUL to call a file binary (as git and grep do).
    static let binarySniffBytes = 8192

    let input: Input
    let fd: Int32
    /// The file's status (of the file a link points to).
    let status: stat

    var isRegularFile: Bool { status.st_mode & S_IFMT == S_IFREG }

    /// Opens `input`, calls `body` with it, and closes it (not standard input).
    static func withOpened<R>(_ input: Input, stdin: Int32, _ body: (InputFile) throws -> R) throws -> R {
        let isStdin = input.path == "-"
        let fd = isStdin ? stdin : try FileSystem.open(input.path)
        defer { if !isStdin { close(fd) } }
        var st = stat()
        guard fstat(fd, &st) == 0 else { throw FileError.errno(input.path) }
        if st.st_mode & S_IFMT == S_IFDIR { throw FileError.errno(input.path, EISDIR) }
        return try body(InputFile(input: input, fd: fd, status: st))
    }

    /// Throws `SkippedFile` for a file met in a directory walk that looks
    /// binary (SPEC §7); a file named on the command line is always read.
    func skipIfBinary() throws {
        if input.fromWalk, isRegularFile, try looksBinary() {
            throw SkippedFile(path: input.path, reason: "binary file")
        }
    }

    /// Whether a NUL byte is in the first `binarySniffBytes` (read with
    /// `pread`, so the file is still read from its start afterwards).
    func looksBinary() throws -> Bool {
        let sniff = UnsafeMutableRawPointer.allocate(byteCount: Self.binarySniffBytes, alignment: 1)
        defer { sniff.deallocate() }
        let n = try FileSystem.readFully(fd, sniff, count: Self.binarySniffBytes, at: 0, path: input.path)
        return memchr(sniff, 0, n) != nil
    }

    /// Calls `body` with each chunk of the file from `offset` to its end, read
    /// with `pread` (the file is still read from where its offset is afterwards).
    func forEachChunk(at offset: Int, size: Int = 1 << 20, _ body: (UnsafeBufferPointer<UInt8>) throws -> Void) throws {
        try FileInput(fd: fd, path: input.path).forEachChunk(at: offset, size: size, body)
    }

    /// Everything the file holds, from where its offset is.
    func readAll() throws -> [UInt8] { try FileInput(fd: fd, path: input.path).readAll() }
}

extension Input {
    /// The name the input goes by: its path, or for standard input the
    /// `--stdin-filepath` name (nil when it has none).
    func name(stdinFilepath: String?) -> String? { path == "-" ? stdinFilepath : path }

    /// How the input is read (annotate and lint alike): `from` when given,
    /// else by its name's extension; standard input without a name as
    /// `standardInput` (annotate: plain text, SPEC §2; lint: Markdown, §6).
    func format(from: InputFormat?, stdinFilepath: String?, standardInput: InputFormat) -> InputFormat {
        if let from { return from }
        guard let name = name(stdinFilepath: stdinFilepath) else { return standardInput }
        return InputFormat(path: name)
    }
}

/// A file written through a temporary file renamed over it (`-o`, `-i`,
/// `lint --fix`), with the one symbolic-link rule all three follow: when the
/// path names a symbolic link, the file it points to is replaced and the
/// link stays a link. (A link to a folder on the way needs nothing: the
/// rename happens in the folder it points to.)
struct RewriteTarget {
    /// The path as given, for messages.
    let given: String
    /// The path renamed over.
    let path: String
    /// The status of what is there now (through a link); nil when nothing is.
    let existing: stat?

    init(_ given: String) {
        self.given = given
        var target = given
        var link = stat()
        if PathBytes.withCString(given, { lstat($0, &link) }) == 0, link.st_mode & S_IFMT == S_IFLNK {
            if let resolved = PathBytes.withCString(given, { realpath($0, nil) }) {
                target = PathBytes.string(cString: resolved)
                free(resolved)
            } else {
                // A link to a file that does not exist yet: the file is created where it points.
                target = Self.danglingTarget(of: given)
            }
        }
        path = target
        var st = stat()
        existing = PathBytes.withCString(target, { stat($0, &st) }) == 0 ? st : nil
    }

    /// Where a chain of symbolic links ending at no file points, each link's
    /// target read relative to the folder that holds the link (at most 40 links,
    /// as the kernel allows; past that, the path itself).
    static func danglingTarget(of path: String) -> String {
        var current = path
        for _ in 0..<40 {
            var st = stat()
            guard PathBytes.withCString(current, { lstat($0, &st) }) == 0, st.st_mode & S_IFMT == S_IFLNK else {
                return current
            }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let n = PathBytes.withCString(current, { readlink($0, &buffer, buffer.count - 1) })
            guard n > 0 else { return current }
            let destination = PathBytes.string(buffer[0..<n].map { UInt8(bitPattern: $0) })
            if destination.hasPrefix("/") {
                current = destination
            } else if let slash = current.lastIndex(of: "/") {
                current = String(current[...slash]) + destination
            } else {
                current = destination
            }
        }
        return path
    }

    /// The target of an in-place rewrite: a regular file that exists. A pipe,
    /// device or socket is refused: a file renamed over it would replace it.
    static func inPlace(_ given: String) throws -> RewriteTarget {
        let target = RewriteTarget(given)
        guard let st = target.existing else { throw FileError.errno(given) }
        guard st.st_mode & S_IFMT == S_IFREG else {
            throw FileError(path: given, message: "not a regular file: cannot rewrite it in place")
        }
        return target
    }

    /// Writes the new contents through `write` into a temporary file beside
    /// the target, with `mode` and the owner and group of the file there now,
    /// and renames it over the target when `write` returns true; on false or
    /// on any error the target is untouched (SPEC §7). `run` first clears the
    /// folder of dead runs' temporary files, and says when an owner could not be kept.
    func replace(mode: mode_t, run: RewriteRun, _ write: (_ fd: Int32) throws -> Bool) throws {
        run.prepare(folder: path.lastIndex(of: "/").map { String(path[...$0]) } ?? "")
        let owner = existing.map { AtomicFile.Owner(uid: $0.st_uid, gid: $0.st_gid) }
        let file = try AtomicFile.create(for: path, shown: given, mode: mode, owner: owner)
        do {
            if try write(file.fd) {
                try file.commit()
                if let refused = file.ownerRefused { run.ownerNotKept(given, refused: refused) }
            } else {
                file.discard()
            }
        } catch {
            file.discard()
            throw error
        }
    }

    /// Replaces the regular file at `path` with `bytes` (`lint --fix`).
    static func replaceContents(of path: String, with bytes: [UInt8], run: RewriteRun) throws {
        let target = try inPlace(path)
        try target.replace(mode: target.existing!.st_mode, run: run) { fd in
            try bytes.withUnsafeBytes { try FileSystem.writeAll(fd, $0, path: path) }
            return true
        }
    }
}
