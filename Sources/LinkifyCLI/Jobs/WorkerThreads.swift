#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs a body on N POSIX threads and waits for them all.
///
/// Plain threads rather than tasks: a worker may block in `read(2)` or
/// `write(2)`, which would starve Swift's cooperative pool (TOOLCHAIN.md).
enum WorkerThreads {
    private final class Work {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }

    /// Calls `body(0)` … `body(count - 1)`, each on its own thread (the first
    /// on the calling thread), and returns when all have returned.
    static func run(count: Int, _ body: @escaping @Sendable (Int) -> Void) {
        guard count > 1 else { body(0); return }
        var threads: [pthread_t] = []
        for worker in 1..<count {
            let work = Unmanaged.passRetained(Work { body(worker) }).toOpaque()
            var thread = pthread_t()
            let rc = pthread_create(&thread, nil, { context in
                let work = Unmanaged<Work>.fromOpaque(context!).takeRetainedValue()
                work.body()
                return nil
            }, work)
            if rc == 0 {
                threads.append(thread)
            } else {
                // No thread to be had: do that share of the work here.
                Unmanaged<Work>.fromOpaque(work).takeRetainedValue().body()
            }
        }
        body(0)
        for thread in threads { pthread_join(thread, nil) }
    }

    /// Number of processors online.
    static var processorCount: Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }
}
