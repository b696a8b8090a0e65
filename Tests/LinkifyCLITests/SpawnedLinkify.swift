#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The result of running the real `linkify` binary.
struct SpawnResult {
    var status: Int32
    /// The signal that ended the process, if one did.
    var signal: Int32?
    var stdout: [UInt8]
    var stderr: [UInt8]
    /// Peak resident memory of the process, from wait4(2)'s rusage, in KiB
    /// (includes the spawning process's own memory: see `peakMemory`).
    var peakKiB: Int

    var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
    var stderrText: String { String(decoding: stderr, as: UTF8.self) }
}

/// Spawns the built `linkify` binary in a folder, with files for its
/// standard streams (no pipe can fill up and block it).
enum SpawnedLinkify {
    /// The binary: beside the test bundle, else `.build/debug`.
    static let binary: String = {
        var dir = CommandLine.arguments.first ?? ""
        while !dir.isEmpty {
            if let slash = dir.lastIndex(of: "/") { dir = String(dir[..<slash]) } else { dir = "" }
            let candidate = dir + "/linkify"
            var st = stat()
            if stat(candidate, &st) == 0 && st.st_mode & S_IFMT == S_IFREG { return candidate }
            if dir.hasSuffix(".build") { break }
        }
        return ".build/debug/linkify"
    }()

    /// Starts linkify; `prefix` runs it through another program (setpriv).
    static func start(_ arguments: [String], in directory: String, stdin: [UInt8] = [], prefix: [String] = [],
                      outputs: (String, String), binaryArguments: [String]? = nil) -> pid_t {
        let inPath = directory + "/.spawn-stdin"
        TempFolder.write(inPath, stdin)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, inPath, O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputs.0, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, outputs.1, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        // env -C: posix_spawn_file_actions_addchdir_np is not visible from Swift here.
        let argv = ["/usr/bin/env", "-C", directory] + prefix + [binary] + (binaryArguments ?? arguments)
        var cArgs: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) } + [nil]
        defer { for p in cArgs { free(p) } }
        let environment: [String] = ["PATH=/usr/bin:/bin", "LANG=C"]
        var env: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0) } + [nil]
        defer { for p in env { free(p) } }
        // The test runner's threads block signals, and a spawned process
        // inherits that mask: give linkify an empty one and default handlers.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for sig in [SIGINT, SIGTERM, SIGPIPE, SIGHUP] { sigaddset(&defaults, sig) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var pid: pid_t = 0
        let rc = posix_spawn(&pid, argv[0], &actions, &attributes, &cArgs, &env)
        precondition(rc == 0, "posix_spawn failed: \(rc)")
        return pid
    }

    /// Waits for `pid` and collects what it wrote.
    static func wait(_ pid: pid_t, outputs: (String, String)) -> SpawnResult {
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        let exited = status & 0x7F == 0
        return SpawnResult(status: exited ? (status >> 8) & 0xFF : -1, signal: exited ? nil : status & 0x7F,
                           stdout: TempFolder.read(outputs.0), stderr: TempFolder.read(outputs.1),
                           peakKiB: Int(usage.ru_maxrss))
    }

    /// Runs linkify to the end.
    static func run(_ arguments: [String], in directory: String, stdin: [UInt8] = [], prefix: [String] = [],
                    binaryArguments: [String]? = nil) -> SpawnResult {
        let outputs = (directory + "/.spawn-stdout", directory + "/.spawn-stderr")
        let pid = start(arguments, in: directory, stdin: stdin, prefix: prefix, outputs: outputs, binaryArguments: binaryArguments)
        return wait(pid, outputs: outputs)
    }

    /// Peak resident memory (KiB) of linkify run on `arguments`, its output
    /// thrown away. posix_spawn starts children with vfork, and the kernel
    /// then counts the parent's memory (this test process) in the child's
    /// ru_maxrss at exec; so a python3 helper forks for real, runs linkify and
    /// reports its wait4 rusage. Returns (exit status, peak KiB).
    static func peakMemory(_ arguments: [String], in directory: String) -> (status: Int32, peakKiB: Int) {
        let helper = """
        import os, sys
        pid = os.fork()
        if pid == 0:
            fd = os.open(os.devnull, os.O_WRONLY)
            os.dup2(fd, 1)
            os.execv(sys.argv[1], sys.argv[1:])
        _, status, usage = os.wait4(pid, 0)
        print(os.waitstatus_to_exitcode(status), usage.ru_maxrss)
        """
        let r = run([], in: directory, prefix: ["python3", "-c", helper], binaryArguments: arguments)
        let fields = r.stdoutText.split(whereSeparator: { $0 == " " || $0 == "\n" })
        guard fields.count == 2, let status = Int32(fields[0]), let peak = Int(fields[1]) else { return (-1, -1) }
        return (status, peak)
    }

    /// Runs linkify as user `nobody` when the tests run as root (root ignores
    /// permissions), so that permission errors can happen.
    static func runUnprivileged(_ arguments: [String], in directory: String) -> SpawnResult {
        guard geteuid() == 0 else { return run(arguments, in: directory) }
        chmod(directory, 0o777)
        return run(arguments, in: directory, prefix: ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "--"])
    }
}

/// A temporary folder for one test, removed at the end.
final class TempFolder {
    let path: String

    init() {
        var template = Array("/tmp/linkify-test-XXXXXX".utf8CString)
        let p = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        precondition(p != nil)
        path = String(cString: p!)
    }

    deinit {
        _ = system("chmod -R u+rwx '\(path)' 2>/dev/null; rm -rf '\(path)'")
    }

    /// `path/relative`.
    func at(_ relative: String) -> String { path + "/" + relative }

    /// Writes a file below the folder, creating its folders.
    func file(_ relative: String, _ contents: String) { file(relative, Array(contents.utf8)) }

    func file(_ relative: String, _ contents: [UInt8]) {
        let full = at(relative)
        var prefix = ""
        for part in full.split(separator: "/").dropLast() {
            prefix += "/" + part
            mkdir(prefix, 0o755)
        }
        Self.write(full, contents)
    }

    /// The bytes of a file below the folder.
    func contents(_ relative: String) -> [UInt8] { Self.read(at(relative)) }
    func text(_ relative: String) -> String { String(decoding: contents(relative), as: UTF8.self) }

    /// Every file below the folder (relative paths, sorted), hidden ones included.
    func allFiles() -> [String] {
        var result: [String] = []
        func walk(_ dir: String, _ rel: String) {
            guard let d = opendir(dir) else { return }
            defer { closedir(d) }
            while let e = readdir(d) {
                let name = withUnsafePointer(to: e.pointee.d_name) { $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) } }
                if name == "." || name == ".." || name.hasPrefix(".spawn-") { continue }
                let r = rel.isEmpty ? name : rel + "/" + name
                var st = stat()
                lstat(dir + "/" + name, &st)
                if st.st_mode & S_IFMT == S_IFDIR { walk(dir + "/" + name, r) } else { result.append(r) }
            }
        }
        walk(path, "")
        return result.sorted()
    }

    static func write(_ path: String, _ contents: [UInt8]) { Subprocess.write(contents, to: path) }

    static func read(_ path: String) -> [UInt8] { Subprocess.read(path) }
}
