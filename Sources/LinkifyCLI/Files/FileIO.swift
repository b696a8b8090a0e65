#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An I/O failure, with the path it concerns (`linkify: PATH: message`).
package struct FileError: Error, Sendable {
    package let path: String
    package let message: String
    package init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    static func errno(_ path: String, _ code: Int32 = Glibc.errno) -> FileError {
        FileError(path: path, message: String(cString: strerror(code)))
    }
}

/// The output pipe was closed: the run ends quietly with status 0.
package struct BrokenPipe: Error {}

/// A buffered writer on a file descriptor: `write(2)` in large blocks,
/// retrying on EINTR and partial writes; EPIPE becomes `BrokenPipe`.
package final class FileOutput {
    let fd: Int32
    let path: String
    /// Bytes waiting to be written.
    package var buffer: [UInt8] = []
    /// Size at which `flushIfFull` writes.
    package let blockSize: Int

    /// Where full blocks go instead of `fd` (ordered output, comparison).
    let sink: ((UnsafeRawBufferPointer) throws -> Void)?

    package init(fd: Int32, path: String, blockSize: Int = 64 * 1024) {
        self.fd = fd
        self.path = path
        self.blockSize = blockSize
        self.sink = nil
        buffer.reserveCapacity(blockSize * 2)
    }

    /// A writer that hands each block to `sink`.
    init(path: String, blockSize: Int = 64 * 1024, sink: @escaping (UnsafeRawBufferPointer) throws -> Void) {
        self.fd = -1
        self.path = path
        self.blockSize = blockSize
        self.sink = sink
        buffer.reserveCapacity(blockSize * 2)
    }

    /// Writes the buffer once it holds a block or more.
    @inline(__always)
    package func flushIfFull() throws {
        if buffer.count >= blockSize { try flush() }
    }

    /// Writes everything buffered.
    package func flush() throws {
        try write(&buffer)
    }

    /// Writes `bytes` and empties it, keeping its capacity (flush `buffer` first
    /// when order matters).
    package func write(_ bytes: inout [UInt8]) throws {
        guard !bytes.isEmpty else { return }
        if let sink {
            try bytes.withUnsafeBytes { try sink($0) }
        } else {
            try bytes.withUnsafeBytes { try FileSystem.writeAll(fd, $0, path: path) }
        }
        bytes.removeAll(keepingCapacity: true)
    }
}

/// Reads a file descriptor in large chunks.
struct FileInput {
    let fd: Int32
    let path: String

    /// Calls `body` with each chunk read, until end of file.
    func forEachChunk(size: Int = 1 << 20, _ body: (UnsafeBufferPointer<UInt8>) throws -> Void) throws {
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: size)
        defer { buffer.deallocate() }
        while true {
            let n = Glibc.read(fd, buffer, size)
            if n < 0 {
                if errno == EINTR { continue }
                throw FileError.errno(path)
            }
            if n == 0 { return }
            try body(UnsafeBufferPointer(start: buffer, count: n))
        }
    }

    /// Reads at most `buffer.count` bytes into `buffer`; returns how many, 0 at end of file.
    func read(into buffer: UnsafeMutableBufferPointer<UInt8>) throws -> Int {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return 0 }
        while true {
            let n = Glibc.read(fd, base, buffer.count)
            if n >= 0 { return n }
            if errno == EINTR { continue }
            throw FileError.errno(path)
        }
    }

    /// Calls `body` with each chunk from `offset` to the end of file, read
    /// with `pread` (the file's offset is left where it was).
    func forEachChunk(at offset: Int, size: Int = 1 << 20, _ body: (UnsafeBufferPointer<UInt8>) throws -> Void) throws {
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: size)
        defer { buffer.deallocate() }
        var at = offset
        while true {
            let n = try FileSystem.readFully(fd, buffer, count: size, at: at, path: path)
            if n == 0 { return }
            try body(UnsafeBufferPointer(start: buffer, count: n))
            at += n
        }
    }

    /// Reads everything that is left.
    func readAll() throws -> [UInt8] {
        var result: [UInt8] = []
        // A regular file's size is known: one allocation instead of doubling (and copying) up to it.
        var st = stat()
        if fstat(fd, &st) == 0, st.st_mode & S_IFMT == S_IFREG, st.st_size > 0 {
            result.reserveCapacity(Int(st.st_size) + 1)
        }
        try forEachChunk { result.append(contentsOf: $0) }
        return result
    }
}

/// File-system helpers on Glibc.
enum FileSystem {
    enum Kind { case file, directory, other, missing }

    static func kind(of path: String, followLinks: Bool = true) -> (Kind, Int32) {
        var st = stat()
        let rc = PathBytes.withCString(path) { followLinks ? stat($0, &st) : lstat($0, &st) }
        if rc != 0 { return (.missing, errno) }
        switch st.st_mode & S_IFMT {
        case S_IFREG: return (.file, 0)
        case S_IFDIR: return (.directory, 0)
        default: return (.other, 0)
        }
    }

    static func open(_ path: String, flags: Int32 = O_RDONLY) throws -> Int32 {
        while true {
            let fd = PathBytes.withCString(path) { Glibc.open($0, flags | O_CLOEXEC) }
            if fd >= 0 { return fd }
            if errno == EINTR { continue }
            throw FileError.errno(path)
        }
    }

    /// The whole contents of a small file (a `.gitignore`), at most `limit` bytes.
    static func readSmallFile(_ path: String, limit: Int = 1 << 20) throws -> [UInt8] {
        let fd = try open(path)
        defer { close(fd) }
        var result: [UInt8] = []
        try FileInput(fd: fd, path: path).forEachChunk(size: 64 * 1024) { chunk in
            if result.count < limit { result.append(contentsOf: chunk.prefix(limit - result.count)) }
        }
        return result
    }

    /// Creates the folders above `path` that do not exist yet (`mkdir -p` of its folder).
    static func makeParents(of path: String) throws {
        var prefix = ""
        let parts = path.split(separator: "/", omittingEmptySubsequences: false).dropLast()
        for (i, part) in parts.enumerated() {
            prefix += (i == 0 ? "" : "/") + part
            if part.isEmpty || part == "." || part == ".." { continue }
            if PathBytes.withCString(prefix, { mkdir($0, 0o777) }) != 0 {
                let e = errno
                if e == EEXIST, kind(of: prefix).0 == .directory { continue }
                throw FileError.errno(prefix, e == EEXIST ? ENOTDIR : e)
            }
        }
    }

    /// Sorted entries of a directory, without `.` and `..`.
    static func entries(of path: String) throws -> [String] {
        guard let dir = PathBytes.withCString(path, { opendir($0) }) else { throw FileError.errno(path) }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafePointer(to: entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: 256) { PathBytes.string(cString: $0) }
            }
            if name == "." || name == ".." { continue }
            names.append(name)
        }
        // Sorted by the bytes of the names (SPEC §2).
        return names.map { (PathBytes.bytes($0), $0) }.sorted { $0.0.lexicographicallyPrecedes($1.0) }.map(\.1)
    }

    static func isTerminal(_ fd: Int32) -> Bool { isatty(fd) != 0 }

    /// Writes all of `raw`, retrying on EINTR and partial writes; EPIPE is `BrokenPipe`.
    static func writeAll(_ fd: Int32, _ raw: UnsafeRawBufferPointer, path: String) throws {
        var offset = 0
        while offset < raw.count {
            let n = Glibc.write(fd, raw.baseAddress! + offset, raw.count - offset)
            if n < 0 {
                let e = errno
                if e == EINTR { continue }
                if e == EPIPE { throw BrokenPipe() }
                throw FileError.errno(path, e)
            }
            offset += n
        }
    }

    /// Reads up to `count` bytes at `offset`; fewer only at end of file.
    static func readFully(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, count: Int, at offset: Int, path: String) throws -> Int {
        var done = 0
        while done < count {
            let n = pread(fd, buffer + done, count - done, off_t(offset + done))
            if n < 0 {
                if errno == EINTR { continue }
                throw FileError.errno(path)
            }
            if n == 0 { break }
            done += n
        }
        return done
    }
}
