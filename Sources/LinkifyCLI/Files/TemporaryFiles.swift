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
/// is renamed or removed. A file is created inside `creatingFile`, which the
/// handler waits for: after the handler has said the run is ending, no file
/// is created, and one being created when it arrived is in the table before
/// the handler removes the table's files (issue 24, item 13).
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
    /// `[0]`: 1 once a signal handler has started removing files (no file is
    /// created after); `[1]`: how many threads are inside `creatingFile`.
    nonisolated(unsafe) static let run: UnsafeMutablePointer<Atomic<Int>> = {
        let p = UnsafeMutablePointer<Atomic<Int>>.allocate(capacity: 2)
        p.initialize(to: Atomic(0))
        (p + 1).initialize(to: Atomic(0))
        return p
    }()
    static let lock = Mutex<[Bool]>(Array(repeating: false, count: capacity))

    static let installed = Mutex(false)

    /// The signals that remove the run's temporary files.
    static let signals = [SIGINT, SIGTERM, SIGHUP]

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
        _ = run
        for sig in signals {
            // A signal the parent ignores (nohup, `cmd &`) stays ignored.
            var current = sigaction()
            sigaction(sig, nil, &current)
            if let handler = current.__sigaction_handler.sa_handler,
               unsafeBitCast(handler, to: Int.self) == 1 { continue }   // SIG_IGN is (void (*)(int)) 1
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { sig in
                // No file is created from now on; wait (at most 2 s, in 1 ms
                // naps: nanosleep is async-signal-safe) for those being created,
                // which are in the table once their creator has left.
                TemporaryFiles.run[0].store(1, ordering: .sequentiallyConsistent)
                var nap = timespec(tv_sec: 0, tv_nsec: 1_000_000)
                var waited = 0
                while TemporaryFiles.run[1].load(ordering: .sequentiallyConsistent) != 0 && waited < 2000 {
                    nanosleep(&nap, nil)
                    waited += 1
                }
                for i in 0..<TemporaryFiles.capacity where TemporaryFiles.states[i].load(ordering: .acquiring) == 1 {
                    unlink(TemporaryFiles.paths + i * TemporaryFiles.pathCapacity)
                }
                signal(sig, SIG_DFL)
                raise(sig)
            }
            sigemptyset(&action.sa_mask)
            for blocked in signals { sigaddset(&action.sa_mask, blocked) }
            action.sa_flags = 0
            sigaction(sig, &action, nil)
        }
    }

    /// Runs `body`, which registers and creates one temporary file, so that
    /// the signal handler either finds its file in the table or stops it from
    /// being created. The signals are held on this thread meanwhile (the
    /// handler, run on another thread, waits for this one; run here, it would
    /// wait for itself). Throws `Interrupted` when the run is ending.
    static func creatingFile<R>(_ body: () throws -> R) throws -> R {
        try withSignalsHeld {
            // Announce, then look (both sequentially consistent): either the
            // handler sees this thread inside, or this thread sees the handler.
            run[1].add(1, ordering: .sequentiallyConsistent)
            defer { run[1].subtract(1, ordering: .sequentiallyConsistent) }
            guard run[0].load(ordering: .sequentiallyConsistent) == 0 else { throw Interrupted() }
            return try body()
        }
    }

    /// Runs `body` with the handler's signals held on this thread: a handler
    /// run here while this thread holds `lock` would wait for a creator that
    /// waits for the lock.
    static func withSignalsHeld<R>(_ body: () throws -> R) rethrows -> R {
        var held = sigset_t(), previous = sigset_t()
        sigemptyset(&held)
        for sig in signals { sigaddset(&held, sig) }
        pthread_sigmask(SIG_BLOCK, &held, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        return try body()
    }

    /// The run is ending by a signal: no temporary file is created.
    struct Interrupted: Error {}

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
        withSignalsHeld { lock.withLock { $0[slot] = false } }
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
    /// Set when the owner asked for could not be given to the file.
    var ownerRefused: OwnerRefused?

    /// The owner and group a file is to keep.
    struct Owner: Sendable {
        let uid: uid_t
        let gid: gid_t
    }

    /// The system refused `wanted` (errno `error`): the file has `uid` and `gid`.
    struct OwnerRefused: Sendable {
        let wanted: Owner
        let error: Int32
        let uid: uid_t
        let gid: gid_t
    }

    /// Creates `.NAME.linkify-PID-BOOT-RANDOM` in the folder of `target`
    /// (`TemporaryName`), with `owner` (when the system allows: `ownerRefused`
    /// says when not) and `mode`; messages name `shown` (default: `target`).
    /// Installs the signal handlers that remove it (once).
    static func create(for target: String, shown: String? = nil, mode: mode_t, owner: Owner? = nil) throws -> AtomicFile {
        let shown = shown ?? target
        TemporaryFiles.installSignalHandlers()
        let slash = target.lastIndex(of: "/")
        let folder = slash.map { String(target[...$0]) } ?? ""
        let name = slash.map { String(target[target.index(after: $0)...]) } ?? target
        for _ in 0..<16 {
            let temporary = folder + TemporaryName.make(for: PathBytes.bytes(name))
            let created: (fd: Int32, slot: Int)?
            do {
                created = try TemporaryFiles.creatingFile {
                    guard let slot = TemporaryFiles.register(temporary) else {
                        throw FileError(path: shown, message: "too many temporary files or path too long")
                    }
                    let fd = PathBytes.withCString(temporary) { Glibc.open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600) }
                    if fd >= 0 { return (fd, slot) }
                    let e = errno
                    TemporaryFiles.unregister(slot)
                    if e == EEXIST || e == EINTR { return nil }
                    let where_ = folder.isEmpty ? "." : String(folder.dropLast())
                    throw FileError(path: shown, message: "cannot create a temporary file in \(where_): \(String(cString: strerror(e)))")
                }
            } catch is TemporaryFiles.Interrupted {
                throw FileError(path: shown, message: "interrupted")
            }
            guard let (fd, slot) = created else { continue }
            var file = AtomicFile(target: target, shown: shown, temporaryPath: temporary, fd: fd, slot: slot)
            // Owner first: chown(2) clears the set-user-ID and set-group-ID bits the mode then sets.
            if let owner { file.ownerRefused = Self.give(fd, to: owner) }
            if fchmod(fd, mode & 0o7777) != 0 {
                let e = errno
                file.discard()
                throw FileError.errno(shown, e)
            }
            return file
        }
        throw FileError(path: shown, message: "cannot create a temporary file")
    }

    /// Gives the file open as `fd` to `owner`; nil when done, else what the
    /// system refused (a user may give a file a group of theirs, not another
    /// owner: then the group alone is tried).
    private static func give(_ fd: Int32, to owner: Owner) -> OwnerRefused? {
        var now = stat()
        guard fstat(fd, &now) == 0 else { return OwnerRefused(wanted: owner, error: errno, uid: geteuid(), gid: getegid()) }
        if now.st_uid == owner.uid && now.st_gid == owner.gid { return nil }
        if fchown(fd, owner.uid, owner.gid) == 0 { return nil }
        let e = errno
        if now.st_gid != owner.gid && fchown(fd, uid_t.max, owner.gid) == 0 { now.st_gid = owner.gid }   // uid -1: unchanged
        return OwnerRefused(wanted: owner, error: e, uid: now.st_uid, gid: now.st_gid)
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
