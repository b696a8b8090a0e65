import Synchronization

/// The one scheduler of annotate and lint: how many worker threads a run
/// gets, and which input each takes next.
///
/// Workers take the inputs in order, one at a time, from a shared counter,
/// so a large file does not hold up the files behind it on other workers.
/// Writing results in input order is the caller's part (annotate streams
/// through `OrderedOutput`, lint collects a batch with `map`).
struct JobRunner: Sendable {
    /// The number of worker threads.
    let workers: Int

    /// `-j N` (default: the number of cores), never more than there are
    /// inputs; one when `single` (`--explain` prints through one writer,
    /// file after file).
    init(requested: Int?, inputs: Int, single: Bool = false) {
        workers = single ? 1 : max(1, min(requested ?? WorkerThreads.processorCount, inputs))
    }

    /// Calls `body(i)` for each `i` in `0..<count`, on the workers, and
    /// returns when all are done with the worst (highest) exit status the
    /// calls returned, 0 if none ran. Once `stop()` is true no worker takes
    /// another input (the ones running finish).
    @discardableResult
    func forEach(_ count: Int, stop: @escaping @Sendable () -> Bool = { false },
                 _ body: @escaping @Sendable (Int) -> Int32) -> Int32 {
        let counters = JobCounters()
        WorkerThreads.run(count: min(workers, max(count, 1))) { _ in
            while !stop() {
                let i = counters.next.add(1, ordering: .relaxed).oldValue
                guard i < count else { break }
                _ = counters.worst.max(body(i), ordering: .relaxed)
            }
        }
        return counters.worst.load(ordering: .relaxed)
    }

    /// `body(i)` for each `i` in `0..<count`, computed on the workers, in order.
    func map<Value>(_ count: Int, _ body: @escaping @Sendable (Int) -> Value) -> [Value] {
        let slots = Slots<Value>(count: count)
        forEach(count) { i in
            slots.set(i, body(i))
            return 0
        }
        return slots.values()
    }
}

/// What the workers share: the next input to take, the worst exit status.
///
/// Atomics in a class rather than locals captured by the workers' closure:
/// a captured `Atomic<Int>` is boxed, and the box's generic type is made at
/// run time, which checks `Int: AtomicRepresentable` by searching every
/// protocol conformance of the process (docs/benchmarks.md, "Start-up").
final class JobCounters: Sendable {
    let next = Atomic<Int>(0)
    let worst = Atomic<Int32>(0)
}

/// One slot per job, each written by the one worker that took the job.
final class Slots<Value>: @unchecked Sendable {
    private var storage: [Value?]
    private let lock = Mutex(())

    init(count: Int) { storage = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ value: Value) { lock.withLock { _ in storage[index] = value } }

    /// The values, once every slot is set (after the workers have returned).
    func values() -> [Value] { lock.withLock { _ in storage.map { $0! } } }
}
