#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// The temporary files that exist right now, in a table allocated before any
/// signal can arrive, so that a SIGINT/SIGTERM handler can remove them with
/// nothing but `unlink(2)` (async-signal-safe, POSIX.1-2017 §2.4.3) and then
/// die by the same signal.
///
/// A slot's path is written before its state says so; its file is created
/// only after the slot is marked, and the slot is freed only after the file
/// is renamed or removed, so the handler never misses a file.
enum TemporaryFiles {
    /// Slots: one per worker is enough, each worker has one temporary file at a time.
    static let capacity = 256
    /// Longest path a slot holds (PATH_MAX).
    static let pathCapacity = 4096

    /// Slot states: 0 free, 1 in use.
    nonisolated(unsafe) static let states: UnsafeMutablePointer<Atomic<Int>> = {
        let p = UnsafeMutablePointer<Atomic<Int>>.allocate(capacity: capacity)
        for i in 0..<capacity { (p + i).initialize(to: Atomic(0)) }
        return p
    }()
    /// NUL-terminated paths, `pathCapacity` bytes per slot.
    nonisolated(unsafe) static let paths: UnsafeMutablePointer<CChar> = {
        let p = UnsafeMutablePointer<CChar>.allocate(capacity: capacity * pathCapacity)
        p.initialize(repeating: 0, count: capacity * pathCapacity)
        return p
    }()
    static let lock = Mutex<[Bool]>(Array(repeating: false, count: capacity))

    static let installed = Mutex(false)

    /// Installs the SIGINT/SIGTERM/SIGHUP handler, once (`AtomicFile.create`
    /// calls it before its first file). Under the lock: a worker that gets
    /// past it finds the handler in place before it creates a file.
    static func installSignalHandlers() {
        installed.withLock { done in
            guard !done else { return }
            done = true
            installHandlers()
        }
    }

    private static func installHandlers() {
        _ = states
        _ = paths
        for sig in [SIGINT, SIGTERM, SIGHUP] {
            // A signal the parent ignores (nohup, `cmd &`) stays ignored.
            var current = sigaction()
            sigaction(sig, nil, &current)
            if let handler = current.__sigaction_handler.sa_handler,
               unsafeBitCast(handler, to: Int.self) == 1 { continue }   // SIG_IGN is (void (*)(int)) 1
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { sig in
                for i in 0..<TemporaryFiles.capacity where TemporaryFiles.states[i].load(ordering: .acquiring) == 1 {
                    unlink(TemporaryFiles.paths + i * TemporaryFiles.pathCapacity)
                }
                signal(sig, SIG_DFL)
                raise(sig)
            }
            sigemptyset(&action.sa_mask)
            sigaddset(&action.sa_mask, SIGINT)
            sigaddset(&action.sa_mask, SIGTERM)
            sigaddset(&action.sa_mask, SIGHUP)
            action.sa_flags = 0
            sigaction(sig, &action, nil)
        }
    }

    /// Records `path`; returns its slot, or nil when the path is too long or the table is full.
    static func register(_ path: String) -> Int? {
        let bytes = PathBytes.bytes(path)
        guard bytes.count < pathCapacity else { return nil }
        let slot: Int? = lock.withLock { used in
            guard let i = used.firstIndex(of: false) else { return nil }
            used[i] = true
            return i
        }
        guard let slot else { return nil }
        let base = paths + slot * pathCapacity
        bytes.withUnsafeBufferPointer { b in
            for (k, byte) in b.enumerated() { base[k] = CChar(bitPattern: byte) }
        }
        base[bytes.count] = 0
        states[slot].store(1, ordering: .releasing)
        return slot
    }

    /// Forgets a slot (after its file was renamed or removed).
    static func unregister(_ slot: Int) {
        states[slot].store(0, ordering: .releasing)
        lock.withLock { $0[slot] = false }
    }
}

/// A file written beside its final path and renamed over it once complete
/// (SPEC §7): readers see the old file or the whole new one, never a part.
struct AtomicFile {
    /// The path it will have.
    let target: String
    /// The path messages name (the one the user gave, before links were resolved).
    let shown: String
    /// The temporary path it has while being written.
    let temporaryPath: String
    /// Open for writing.
    let fd: Int32
    let slot: Int

    /// Creates `.NAME.linkify-RANDOM` in the folder of `target`, with `mode`;
    /// messages name `shown` (default: `target`). Installs the signal handlers
    /// that remove it (once).
    static func create(for target: String, shown: String? = nil, mode: mode_t) throws -> AtomicFile {
        let shown = shown ?? target
        TemporaryFiles.installSignalHandlers()
        let slash = target.lastIndex(of: "/")
        let folder = slash.map { String(target[...$0]) } ?? ""
        let name = slash.map { String(target[target.index(after: $0)...]) } ?? target
        for _ in 0..<16 {
            let suffix = String(UInt64.random(in: 0...UInt64.max), radix: 36)
            let temporary = folder + "." + name + ".linkify-" + suffix
            guard let slot = TemporaryFiles.register(temporary) else {
                throw FileError(path: shown, message: "too many temporary files or path too long")
            }
            let fd = PathBytes.withCString(temporary) { Glibc.open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600) }
            if fd >= 0 {
                if fchmod(fd, mode & 0o7777) != 0 {
                    let e = errno
                    close(fd)
                    PathBytes.withCString(temporary) { _ = unlink($0) }
                    TemporaryFiles.unregister(slot)
                    throw FileError.errno(shown, e)
                }
                return AtomicFile(target: target, shown: shown, temporaryPath: temporary, fd: fd, slot: slot)
            }
            let e = errno
            TemporaryFiles.unregister(slot)
            if e == EEXIST || e == EINTR { continue }
            let where_ = folder.isEmpty ? "." : String(folder.dropLast())
            throw FileError(path: shown, message: "cannot create a temporary file in \(where_): \(String(cString: strerror(e)))")
        }
        throw FileError(path: shown, message: "cannot create a temporary file")
    }

    /// Flushes to disk and renames over the target.
    func commit() throws {
        defer { TemporaryFiles.unregister(slot) }
        if fsync(fd) != 0 {
            let e = errno
            close(fd)
            PathBytes.withCString(temporaryPath) { _ = unlink($0) }
            throw FileError.errno(shown, e)
        }
        if close(fd) != 0 {
            let e = errno
            PathBytes.withCString(temporaryPath) { _ = unlink($0) }
            throw FileError.errno(shown, e)
        }
        if PathBytes.withCString(temporaryPath, { from in PathBytes.withCString(target) { rename(from, $0) } }) != 0 {
            let e = errno
            PathBytes.withCString(temporaryPath) { _ = unlink($0) }
            throw FileError.errno(shown, e)
        }
        // The rename itself is durable once the folder is synced.
        let slash = target.lastIndex(of: "/")
        let folder = slash.map { String(target[...$0]) } ?? "."
        let folderFD = PathBytes.withCString(folder) { Glibc.open($0, O_RDONLY | O_CLOEXEC) }
        if folderFD >= 0 {
            fsync(folderFD)
            close(folderFD)
        }
    }

    /// Removes the temporary file; the target is untouched.
    func discard() {
        close(fd)
        PathBytes.withCString(temporaryPath) { _ = unlink($0) }
        TemporaryFiles.unregister(slot)
    }
}
