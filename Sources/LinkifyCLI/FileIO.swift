#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An I/O failure, with the path it concerns (`linkify: PATH: message`).
public struct FileError: Error, Sendable {
    public let path: String
    public let message: String
    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    static func errno(_ path: String, _ code: Int32 = Glibc.errno) -> FileError {
        FileError(path: path, message: String(cString: strerror(code)))
    }
}

/// The output pipe was closed: the run ends quietly with status 0.
public struct BrokenPipe: Error {}

/// A buffered writer on a file descriptor: `write(2)` in large blocks,
/// retrying on EINTR and partial writes; EPIPE becomes `BrokenPipe`.
public final class FileOutput {
    let fd: Int32
    let path: String
    /// Bytes waiting to be written.
    public var buffer: [UInt8] = []
    /// Size at which `flushIfFull` writes.
    public let blockSize: Int

    public init(fd: Int32, path: String, blockSize: Int = 64 * 1024) {
        self.fd = fd
        self.path = path
        self.blockSize = blockSize
        buffer.reserveCapacity(blockSize * 2)
    }

    /// Writes the buffer once it holds a block or more.
    @inline(__always)
    public func flushIfFull() throws {
        if buffer.count >= blockSize { try flush() }
    }

    /// Writes everything buffered.
    public func flush() throws {
        try write(&buffer)
    }

    /// Writes `bytes` and empties it, keeping its capacity (flush `buffer` first
    /// when order matters).
    public func write(_ bytes: inout [UInt8]) throws {
        guard !bytes.isEmpty else { return }
        try bytes.withUnsafeBytes { raw in
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
        let rc = followLinks ? stat(path, &st) : lstat(path, &st)
        if rc != 0 { return (.missing, errno) }
        switch st.st_mode & S_IFMT {
        case S_IFREG: return (.file, 0)
        case S_IFDIR: return (.directory, 0)
        default: return (.other, 0)
        }
    }

    static func open(_ path: String, flags: Int32 = O_RDONLY) throws -> Int32 {
        while true {
            let fd = Glibc.open(path, flags | O_CLOEXEC)
            if fd >= 0 { return fd }
            if errno == EINTR { continue }
            throw FileError.errno(path)
        }
    }

    /// Sorted entries of a directory, without `.` and `..`.
    static func entries(of path: String) throws -> [String] {
        guard let dir = opendir(path) else { throw FileError.errno(path) }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafePointer(to: entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
            }
            if name == "." || name == ".." { continue }
            names.append(name)
        }
        return names.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
    }

    static func isTerminal(_ fd: Int32) -> Bool { isatty(fd) != 0 }
}
