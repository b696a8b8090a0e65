#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The names of the temporary files `-i`, `--fix` and `-o` write beside their
/// targets (SPEC §7): `.NAME.linkify-PID-BOOT-RANDOM`, PID the writing
/// process, BOOT the first 16 hex digits of the kernel's boot id (`0` where
/// there is none), RANDOM base 36. A run that finds such a file whose process
/// is gone removes it (`removeOrphans`): a run killed by SIGKILL, or a power
/// cut, leaves files no signal handler could remove (issue 24, item 13).
enum TemporaryName {
    static let marker: [UInt8] = Array(".linkify-".utf8)
    /// The longest file name (NAME_MAX on Linux and the BSDs).
    static let longestName = 255

    /// This boot: the first 16 hex digits of Linux's boot id, or `0`.
    static let boot: String = {
        #if os(Linux)
        let fd = open("/proc/sys/kernel/random/boot_id", O_RDONLY | O_CLOEXEC)
        if fd >= 0 {
            defer { close(fd) }
            var buffer = [UInt8](repeating: 0, count: 64)
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress!, 64) }
            if n > 0 {
                let hex = buffer[0..<n].filter(isHexDigit).map { $0 >= 0x41 && $0 <= 0x46 ? $0 + 0x20 : $0 }
                if hex.count >= 16 { return String(decoding: hex[0..<16], as: UTF8.self) }
            }
        }
        #endif
        return "0"
    }()

    /// When this boot began, in seconds since the epoch; nil where unknown.
    static let bootTime: Int? = {
        #if os(Linux)
        var now = timespec(), up = timespec()
        guard clock_gettime(CLOCK_REALTIME, &now) == 0, clock_gettime(CLOCK_BOOTTIME, &up) == 0 else { return nil }
        return now.tv_sec - up.tv_sec
        #else
        return nil
        #endif
    }()

    static func isHexDigit(_ b: UInt8) -> Bool {
        (0x30...0x39).contains(b) || (0x61...0x66).contains(b) || (0x41...0x46).contains(b)
    }

    /// The temporary name for a file named `name` (its bytes), written by this
    /// process: NAME is cut short when the whole would pass `longestName`.
    static func make(for name: [UInt8]) -> String {
        let random = String(UInt64.random(in: 0...UInt64.max), radix: 36)
        let suffix = Array("linkify-\(getpid())-\(boot)-\(random)".utf8)
        let room = longestName - 2 - suffix.count   // the two full stops
        return PathBytes.string([0x2E] + name.prefix(room) + [0x2E] + suffix)
    }

    /// The process and boot named by a temporary name, or nil when `name` is
    /// not one (an older linkify's `.NAME.linkify-RANDOM` names neither: it is
    /// left alone).
    static func owner(of name: [UInt8]) -> (pid: pid_t, boot: String)? {
        guard name.count > marker.count + 1, name[0] == 0x2E else { return nil }
        // The last `.linkify-`, after at least one byte of NAME.
        var start = name.count - marker.count
        while start >= 2 && !name[start..<start + marker.count].elementsEqual(marker) { start -= 1 }
        guard start >= 2 else { return nil }
        let fields = name[(start + marker.count)...].split(separator: 0x2D, omittingEmptySubsequences: false)
        guard fields.count == 3 else { return nil }
        let pid = fields[0], boot = fields[1], random = fields[2]
        guard (1...10).contains(pid.count), pid.allSatisfy({ (0x30...0x39).contains($0) }),
              let value = Int32(String(decoding: pid, as: UTF8.self)), value > 0,
              boot.elementsEqual([0x30]) || (boot.count == 16 && boot.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) })),
              (1...13).contains(random.count), random.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x7A).contains($0) })
        else { return nil }
        return (value, String(decoding: boot, as: UTF8.self))
    }

    /// Whether the run that wrote a temporary file is gone: on this boot, its
    /// process no longer exists (`kill(pid, 0)` fails with ESRCH; a live
    /// process of another user answers EPERM); from another boot, the file was
    /// last written before this boot began. A file of another boot written
    /// since is another machine's, in a shared folder, whose processes cannot
    /// be asked: it is kept. Age alone never decides.
    static func isOrphan(pid: pid_t, boot fileBoot: String, modified: Int) -> Bool {
        if boot != "0" && fileBoot != "0" && fileBoot != boot {
            guard let bootTime else { return false }
            return modified < bootTime
        }
        return kill(pid, 0) != 0 && errno == ESRCH
    }

    /// Removes from `folder` (`""` for the current one) the regular files
    /// with a temporary name whose run is gone. Errors are ignored: the
    /// files stay, as they were.
    static func removeOrphans(in folder: String) {
        guard let dir = PathBytes.withCString(folder.isEmpty ? "." : folder, { opendir($0) }) else { return }
        defer { closedir(dir) }
        let dfd = dirfd(dir)
        while let entry = readdir(dir) {
            let name: [UInt8] = withUnsafePointer(to: &entry.pointee.d_name) {
                $0.withMemoryRebound(to: UInt8.self, capacity: 256) { p in
                    Array(UnsafeBufferPointer(start: p, count: strlen(UnsafeRawPointer(p).assumingMemoryBound(to: CChar.self))))
                }
            }
            guard name.first == 0x2E, let (pid, fileBoot) = owner(of: name) else { continue }
            var raw = name.map { CChar(bitPattern: $0) }
            raw.append(0)
            var st = stat()
            guard fstatat(dfd, raw, &st, AT_SYMLINK_NOFOLLOW) == 0, st.st_mode & S_IFMT == S_IFREG else { continue }
            if isOrphan(pid: pid, boot: fileBoot, modified: st.st_mtim.tv_sec) {
                _ = unlinkat(dfd, raw, 0)
            }
        }
    }
}
