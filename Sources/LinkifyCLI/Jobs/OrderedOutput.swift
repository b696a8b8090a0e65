#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// Standard output shared by parallel jobs, written in job order (SPEC §7):
/// the job whose turn it is writes straight through; a later job's output
/// waits in memory up to `memoryLimit` bytes, then in an unlinked temporary
/// file, and is copied out when its turn comes. So `-j N` writes exactly what
/// `-j 1` writes, in bounded memory.
final class OrderedOutput: Sendable {
    private final class Pending: @unchecked Sendable {
        var memory: [UInt8] = []
        var spill: Int32 = -1
        var spilled = 0
        var isDone = false
        var hasBytes = false
        var notes: [String] = []
    }

    /// The jobs from the head on that have something waiting, by job number.
    /// An array from the head, not an `[Int: Pending]`: the first dictionary
    /// of a run makes the runtime search every protocol conformance of the
    /// process for `Int: Hashable` (docs/benchmarks.md, "Start-up").
    private struct PendingJobs {
        /// `slots[start + k]` is job `head + k`.
        private var slots: [Pending?] = []
        private var start = 0

        subscript(job: Int, head head: Int) -> Pending? {
            get {
                let k = start + job - head
                return job >= head && k < slots.count ? slots[k] : nil
            }
            set {
                // A job before the head is done and written: nothing of it waits.
                guard job >= head else { return }
                let k = start + job - head
                while slots.count <= k { slots.append(nil) }
                slots[k] = newValue
            }
        }

        /// Forgets the head job (its slot), as the head moves on by one.
        mutating func dropHead() {
            guard start < slots.count else { return }
            slots[start] = nil
            start += 1
            // Compacted when half is dead: amortized O(1) per job.
            if start == slots.count || start >= 64 && start * 2 >= slots.count {
                slots.removeFirst(start)
                start = 0
            }
        }
    }

    private struct State: ~Copyable {
        var head = 0
        var pending = PendingJobs()
        var anyBytes = false
        var failure: (any Error)?
    }

    let fd: Int32
    let path: String
    /// Written before the output of each job but the first that has output.
    let separator: [UInt8]
    let memoryLimit: Int
    let notes: @Sendable (String) -> Void
    private let state = Mutex(State())

    /// `notes` prints a job's diagnostics when its turn comes.
    init(fd: Int32, path: String = "<stdout>", separator: [UInt8] = [], memoryLimit: Int = 1 << 20,
         notes: @escaping @Sendable (String) -> Void) {
        self.fd = fd
        self.path = path
        self.separator = separator
        self.memoryLimit = memoryLimit
        self.notes = notes
    }

    /// The first write error (a closed pipe, a full disk), after which nothing more is written.
    var failure: (any Error)? { state.withLock { $0.failure } }

    /// Writes `bytes` for `job`, now or when its turn comes.
    func write(job: Int, _ bytes: UnsafeRawBufferPointer) throws {
        guard !bytes.isEmpty else { return }
        try state.withLock { s throws in
            if let f = s.failure { throw f }
            do {
                if job == s.head {
                    if let p = s.pending[job, head: s.head] { try drain(p, &s) }
                    if !(s.pending[job, head: s.head]?.hasBytes ?? false) {
                        try startBytes(of: job, &s)
                    }
                    try FileSystem.writeAll(fd, bytes, path: path)
                } else {
                    let p = s.pending[job, head: s.head] ?? Pending()
                    s.pending[job, head: s.head] = p
                    p.memory.append(contentsOf: bytes)
                    if p.memory.count >= memoryLimit { try spill(p) }
                }
            } catch {
                s.failure = error
                throw error
            }
        }
    }

    /// Writes `bytes` at once, outside any job (what opens and closes a json
    /// document, before the first job starts or after the last one ended).
    func writeDirectly(_ bytes: UnsafeRawBufferPointer) throws {
        try state.withLock { s throws in
            if let f = s.failure { throw f }
            do { try FileSystem.writeAll(fd, bytes, path: path) } catch {
                s.failure = error
                throw error
            }
        }
    }

    /// A diagnostic line of `job`, printed in job order.
    func note(job: Int, _ line: String) {
        state.withLock { s in
            if job == s.head { notes(line); return }
            let p = s.pending[job, head: s.head] ?? Pending()
            s.pending[job, head: s.head] = p
            p.notes.append(line)
        }
    }

    /// Ends `job`; later jobs that are done are written out.
    func finish(job: Int) {
        state.withLock { s in
            let p = s.pending[job, head: s.head] ?? Pending()
            s.pending[job, head: s.head] = p
            p.isDone = true
            while let head = s.pending[s.head, head: s.head] {
                if s.failure == nil {
                    do { try drain(head, &s) } catch { s.failure = error }
                } else {
                    for line in head.notes { notes(line) }
                    head.notes.removeAll()
                }
                guard head.isDone else { break }
                if head.spill >= 0 { close(head.spill) }
                s.pending.dropHead()
                s.head += 1
            }
        }
    }

    /// Marks the start of a job's output: the separator if another job wrote before.
    private func startBytes(of job: Int, _ s: inout State) throws {
        let p = s.pending[job, head: s.head] ?? Pending()
        s.pending[job, head: s.head] = p
        p.hasBytes = true
        if s.anyBytes && !separator.isEmpty { try separator.withUnsafeBytes { try FileSystem.writeAll(fd, $0, path: path) } }
        s.anyBytes = true
    }

    /// Writes out what `p` (now at the head) has waiting, notes first.
    private func drain(_ p: Pending, _ s: inout State) throws {
        for line in p.notes { notes(line) }
        p.notes.removeAll()
        guard p.spilled > 0 || !p.memory.isEmpty else { return }
        if !p.hasBytes { try startBytes(of: s.head, &s) }
        if p.spilled > 0 {
            let size = 1 << 16
            let buffer = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
            defer { buffer.deallocate() }
            var offset = 0
            while offset < p.spilled {
                let n = try FileSystem.readFully(p.spill, buffer, count: min(size, p.spilled - offset), at: offset, path: "<spill>")
                guard n > 0 else { throw FileError(path: "<spill>", message: "temporary file shrank") }
                try FileSystem.writeAll(fd, UnsafeRawBufferPointer(start: buffer, count: n), path: path)
                offset += n
            }
            ftruncate(p.spill, 0)
            p.spilled = 0
        }
        try p.memory.withUnsafeBytes { try FileSystem.writeAll(fd, $0, path: path) }
        p.memory.removeAll()
    }

    /// Moves `p`'s memory to its temporary file.
    private func spill(_ p: Pending) throws {
        if p.spill < 0 { p.spill = try Self.anonymousFile() }
        try p.memory.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = pwrite(p.spill, raw.baseAddress! + offset, raw.count - offset, off_t(p.spilled + offset))
                if n < 0 {
                    if errno == EINTR { continue }
                    throw FileError(path: "<temporary output>", message: String(cString: strerror(errno)))
                }
                offset += n
            }
        }
        p.spilled += p.memory.count
        p.memory.removeAll(keepingCapacity: true)
    }

    /// A temporary file with no name (removed at once, gone when closed).
    static func anonymousFile() throws -> Int32 {
        var folder = "/tmp"
        if let t = getenv("TMPDIR") { folder = String(cString: t) }
        var template = Array((folder + "/linkify-XXXXXX").utf8CString)
        let named = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard named >= 0 else { throw FileError(path: folder, message: "cannot create a temporary file: \(String(cString: strerror(errno)))") }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        return named
    }
}
