#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// What the file writes of one run share (SPEC §7): the folders already
/// cleared of dead runs' temporary files (each once, before the run's first
/// write there), and whether the run has said that a file could not keep its
/// owner (said once).
final class RewriteRun: Sendable {
    private let swept = Mutex<Set<String>>([])
    private let ownerNoticeSaid = Atomic<Bool>(false)
    /// Writes one line to standard error.
    private let note: @Sendable (String) -> Void

    init(note: @escaping @Sendable (String) -> Void) {
        self.note = note
    }

    /// Removes the temporary files of dead runs from `folder` (`""`: the
    /// current folder), the first time the run writes there.
    func prepare(folder: String) {
        guard swept.withLock({ $0.insert(folder).inserted }) else { return }
        TemporaryName.removeOrphans(in: folder)
    }

    /// Says, the first time only, that `path` was rewritten with another owner than its own.
    func ownerNotKept(_ path: String, refused: AtomicFile.OwnerRefused) {
        guard !ownerNoticeSaid.exchange(true, ordering: .relaxed) else { return }
        let r = refused
        note("linkify: \(path): rewritten as uid \(r.uid) gid \(r.gid), not as its owner uid \(r.wanted.uid) gid \(r.wanted.gid) "
             + "(\(String(cString: strerror(r.error)))); other files of this run may be too")
    }
}
