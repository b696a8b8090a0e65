#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// A progress bar on standard error: files done, MB/s and time left,
/// redrawn a few times a second from its own thread.
///
/// Bytes count as done as they are read, not only when their file is: one
/// large file would otherwise hold the bar at zero until its end. Each file
/// being worked on is watched through a duplicate of its descriptor, which
/// shares the file's offset (how far it has been read) and stays open until
/// the file is done, so a frame never asks about a closed or reused number.
final class ProgressMeter: Sendable {
    let fd: Int32
    let totalFiles: Int
    let totalBytes: Int
    private let filesDone = Atomic<Int>(0)
    private let bytesDone = Atomic<Int>(0)
    private let stopped = Atomic<Bool>(false)
    /// The files being read: (input index, duplicated descriptor).
    private let watched = Mutex<[(index: Int, fd: Int32)]>([])
    /// Serialises drawing with notes printed by workers.
    let screen = Mutex<Bool>(false)
    private let start: Double

    /// Whether to show a bar: never while the results are written to a
    /// terminal (`resultsOnTerminal`), where the bar would be drawn into
    /// them (issue 24); else `--progress` forces it, `--no-progress` forbids
    /// it, and otherwise only on a terminal and for long work.
    static func isWanted(_ choice: Bool?, fd: Int32, files: Int, bytes: Int, resultsOnTerminal: Bool = false) -> Bool {
        if resultsOnTerminal { return false }
        if let choice { return choice }
        return FileSystem.isTerminal(fd) && (files >= 200 || bytes >= 64 << 20)
    }

    init(fd: Int32, totalFiles: Int, totalBytes: Int) {
        self.fd = fd
        self.totalFiles = totalFiles
        self.totalBytes = totalBytes
        self.start = Self.now()
    }

    /// Counts one file of `bytes` bytes as done (input `index`, no longer watched).
    func fileDone(index: Int, bytes: Int) {
        watched.withLock { files in
            if let k = files.firstIndex(where: { $0.index == index }) {
                close(files[k].fd)
                files.remove(at: k)
            }
            // Under the lock draw() sums in: the file's bytes move from read to done at once.
            filesDone.add(1, ordering: .relaxed)
            bytesDone.add(bytes, ordering: .relaxed)
        }
    }

    /// Watches how far input `index`, open as `fd`, has been read (a regular
    /// file: its offset is how far), until `fileDone(index:bytes:)`.
    func watch(index: Int, fd: Int32) {
        let copy = dup(fd)
        guard copy >= 0 else { return }
        _ = fcntl(copy, F_SETFD, FD_CLOEXEC)
        watched.withLock { $0.append((index, copy)) }
    }

    /// Files done and bytes done, with the bytes read so far of the files being read.
    func counts() -> (files: Int, bytes: Int) {
        watched.withLock { files in
            var bytes = bytesDone.load(ordering: .relaxed)
            for file in files {
                let offset = lseek(file.fd, 0, SEEK_CUR)
                if offset > 0 { bytes += Int(offset) }
            }
            return (filesDone.load(ordering: .relaxed), bytes)
        }
    }

    /// Prints a line of diagnostics, clearing the bar first.
    func printLine(_ line: String) {
        screen.withLock { drawn in
            var text = drawn ? "\r\u{1B}[K" : ""
            text += line + "\n"
            drawn = false
            BarEraser.shownOn.store(-1, ordering: .releasing)
            let bytes = Array(text.utf8)
            bytes.withUnsafeBytes { try? FileSystem.writeAll(fd, $0, path: "<stderr>") }
        }
    }

    /// Draws until `stop()`; call on its own thread.
    func run() {
        while !stopped.load(ordering: .relaxed) {
            var pause = timespec(tv_sec: 0, tv_nsec: 200_000_000)
            nanosleep(&pause, nil)
            if stopped.load(ordering: .relaxed) { break }
            draw()
        }
    }

    /// Draws the first frame and starts redrawing on a thread of its own;
    /// returns that thread (nil if none could be had), for `stop(joining:)`.
    /// From then on SIGINT, SIGTERM and SIGHUP erase the bar before the run dies.
    func startDrawing() -> pthread_t? {
        BarEraser.install()
        draw()
        let box = Unmanaged.passRetained(self).toOpaque()
        var thread = pthread_t()
        guard pthread_create(&thread, nil, { context in
            Unmanaged<ProgressMeter>.fromOpaque(context!).takeRetainedValue().run()
            return nil
        }, box) == 0 else {
            Unmanaged<ProgressMeter>.fromOpaque(box).release()
            return nil
        }
        return thread
    }

    /// Ends the bar, clears its line and waits for the drawing thread.
    func stop(joining thread: pthread_t?) {
        stop()
        if let thread { pthread_join(thread, nil) }
    }

    /// Ends the bar and clears its line.
    func stop() {
        stopped.store(true, ordering: .relaxed)
        screen.withLock { drawn in
            if drawn {
                let clear = Array("\r\u{1B}[K".utf8)
                clear.withUnsafeBytes { try? FileSystem.writeAll(fd, $0, path: "<stderr>") }
            }
            drawn = false
            BarEraser.shownOn.store(-1, ordering: .releasing)
        }
    }

    /// Draws the bar once. The first frame is drawn before any file is read,
    /// so a run shorter than the redraw interval still shows it.
    func draw() {
        let (files, bytes) = counts()
        let elapsed = max(Self.now() - start, 0.001)
        let rate = Double(bytes) / elapsed
        let fraction = totalBytes > 0 ? min(1, Double(bytes) / Double(totalBytes)) : (totalFiles > 0 ? Double(files) / Double(totalFiles) : 1)
        let width = 24
        let filled = min(width, Int(fraction * Double(width)))
        let bar = String(repeating: "=", count: filled) + String(repeating: " ", count: width - filled)
        var eta = "--:--"
        if rate > 0, totalBytes > bytes {
            let left = Int(Double(totalBytes - bytes) / rate)
            eta = "\(left / 60):" + (left % 60 < 10 ? "0" : "") + "\(left % 60)"
        } else if totalBytes <= bytes {
            eta = "0:00"
        }
        let mbps = Int(rate / 1e5)
        let line = "\r\u{1B}[K[\(bar)] \(files)/\(totalFiles) files  \(mbps / 10).\(mbps % 10) MB/s  ETA \(eta)"
        screen.withLock { drawn in
            // Checked under the lock that stop() takes after setting it: no frame after the last clear.
            guard !stopped.load(ordering: .relaxed) else { return }
            // Said before the frame is written: a signal that comes during the write still erases it.
            BarEraser.shownOn.store(fd, ordering: .releasing)
            Array(line.utf8).withUnsafeBytes { try? FileSystem.writeAll(fd, $0, path: "<stderr>") }
            drawn = true
        }
    }

    static func now() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }
}

/// Erases a drawn progress bar when SIGINT, SIGTERM or SIGHUP ends the run
/// (issue 24: Ctrl-C left it on the screen), then hands the signal on to
/// the handler that was there before (the temporary files' one, which
/// removes them and dies by the signal) or dies by it.
///
/// The handler only loads an atomic and calls `write(2)`, `signal(2)` and
/// `raise(3)` (async-signal-safe, POSIX.1-2017 §2.4.3); everything it reads
/// is allocated before it is installed.
enum BarEraser {
    /// The descriptor a bar is drawn on right now, or -1.
    static let shownOn = Atomic<Int32>(-1)
    /// The actions in place before ours, for SIGINT, SIGTERM and SIGHUP.
    nonisolated(unsafe) static let previous: UnsafeMutablePointer<sigaction> = {
        let p = UnsafeMutablePointer<sigaction>.allocate(capacity: 3)
        p.initialize(repeating: sigaction(), count: 3)
        return p
    }()
    static let installed = Mutex(false)

    static func slot(_ sig: Int32) -> Int { sig == SIGINT ? 0 : sig == SIGTERM ? 1 : 2 }

    /// Installs the handler, once.
    static func install() {
        installed.withLock { done in
            guard !done else { return }
            done = true
            // The temporary files' handler goes in first (it is installed at the
            // first temporary file otherwise, and would then replace this one):
            // this handler runs, then hands the signal on to it.
            TemporaryFiles.installSignalHandlers()
            _ = shownOn.load(ordering: .relaxed)
            _ = previous
            for sig in [SIGINT, SIGTERM, SIGHUP] {
                var current = sigaction()
                sigaction(sig, nil, &current)
                // A signal the parent ignores (nohup, `cmd &`) stays ignored.
                if let handler = current.__sigaction_handler.sa_handler,
                   unsafeBitCast(handler, to: Int.self) == 1 { continue }   // SIG_IGN is (void (*)(int)) 1
                previous[slot(sig)] = current
                var action = sigaction()
                action.__sigaction_handler.sa_handler = { sig in
                    let fd = BarEraser.shownOn.load(ordering: .acquiring)
                    if fd >= 0 {
                        let clear: StaticString = "\r\u{1B}[K"
                        _ = write(fd, clear.utf8Start, clear.utf8CodeUnitCount)
                    }
                    let before = BarEraser.previous[BarEraser.slot(sig)]
                    if before.sa_flags & Int32(SA_SIGINFO) == 0, let handler = before.__sigaction_handler.sa_handler,
                       unsafeBitCast(handler, to: Int.self) > 1 {
                        handler(sig)
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
    }
}
