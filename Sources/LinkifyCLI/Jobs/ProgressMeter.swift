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

    /// Whether to show a bar: `--progress` forces it, `--no-progress` forbids
    /// it; otherwise only on a terminal and for long work.
    static func isWanted(_ choice: Bool?, fd: Int32, files: Int, bytes: Int) -> Bool {
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
    func startDrawing() -> pthread_t? {
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
