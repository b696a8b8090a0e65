#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a spawned program (or the driver run in-process) did.
package struct SpawnResult: Sendable {
    /// The exit status; 128 + N when signal N ended the process.
    package var status: Int32
    /// The signal that ended the process, if one did.
    package var signal: Int32?
    package var stdout: [UInt8]
    package var stderr: [UInt8]
    /// Peak resident memory from wait4(2), in KiB (0 in-process). posix_spawn
    /// uses vfork, so this includes the test process's own memory.
    package var peakKiB: Int

    package init(status: Int32, signal: Int32? = nil, stdout: [UInt8], stderr: [UInt8], peakKiB: Int = 0) {
        self.status = status
        self.signal = signal
        self.stdout = stdout
        self.stderr = stderr
        self.peakKiB = peakKiB
    }

    /// Standard output decoded as UTF-8 (invalid bytes become U+FFFD: compare
    /// `stdout` where bytes matter).
    package var out: String { String(decoding: stdout, as: UTF8.self) }
    package var err: String { String(decoding: stderr, as: UTF8.self) }
    package var stdoutText: String { out }
    package var stderrText: String { err }
}

/// The one way the tests start a program. Its standard input is a file and its
/// standard output and error go to files, never to pipes: a child that writes
/// more than a pipe holds while the parent waits for it cannot block, and a
/// parent that reads one pipe cannot starve the other.
package enum Spawn {
    /// A started program and the files that receive its output.
    package struct Running: Sendable {
        package let pid: pid_t
        let folder: String
    }

    /// Starts `executable` with `arguments` in `cwd` (the current folder when
    /// nil) with `stdin` as its input. `environment` nil inherits the test
    /// process's environment. Signals start with default handlers and an empty
    /// mask (the test runner's threads block some, and a child inherits that).
    /// `stdoutPath` sends standard output to another file (`/dev/full`).
    package static func start(_ executable: String, _ arguments: [String], stdin: [UInt8] = [], cwd: String? = nil,
                             environment: [String]? = nil, prefix: [String] = [], stdoutPath: String? = nil) -> Running {
        let folder = Files.temporaryDirectory()
        Files.write(stdin, to: folder + "/in")
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, folder + "/in", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, stdoutPath ?? folder + "/out", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, folder + "/err", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        // env -C changes folder: posix_spawn_file_actions_addchdir_np is not visible from Swift here.
        let argv = (cwd.map { ["/usr/bin/env", "-C", $0] } ?? []) + prefix + [executable] + arguments
        var cArgs: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) } + [nil]
        defer { for p in cArgs { free(p) } }
        var env: [UnsafeMutablePointer<CChar>?]
        if let environment {
            env = environment.map { strdup($0) } + [nil]
        } else {
            env = []
            var p = environ
            while let e = p.pointee { env.append(strdup(e)); p += 1 }
            env.append(nil)
        }
        defer { for p in env { free(p) } }
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
        // posix_spawnp: a bare name (python3, setpriv) is looked up in PATH.
        let rc = posix_spawnp(&pid, argv[0], &actions, &attributes, &cArgs, &env)
        precondition(rc == 0, "cannot spawn \(argv[0]): \(rc)")
        return Running(pid: pid, folder: folder)
    }

    /// Where a running program's standard output and error go (to watch it).
    package static func outputs(of running: Running) -> (stdout: String, stderr: String) {
        (running.folder + "/out", running.folder + "/err")
    }

    /// Waits for the program to end and collects what it wrote.
    package static func wait(_ running: Running) -> SpawnResult {
        var status: Int32 = 0
        var usage = rusage()
        while wait4(running.pid, &status, 0, &usage) < 0 && errno == EINTR {}
        let exited = status & 0x7F == 0
        let result = SpawnResult(status: exited ? (status >> 8) & 0xFF : 128 + (status & 0x7F),
                                 signal: exited ? nil : status & 0x7F,
                                 stdout: Files.read(running.folder + "/out"), stderr: Files.read(running.folder + "/err"),
                                 peakKiB: Int(usage.ru_maxrss))
        Files.removeTree(running.folder)
        return result
    }

    /// Runs a program to the end.
    package static func run(_ executable: String, _ arguments: [String], stdin: [UInt8] = [], cwd: String? = nil,
                           environment: [String]? = nil, prefix: [String] = []) -> SpawnResult {
        wait(start(executable, arguments, stdin: stdin, cwd: cwd, environment: environment, prefix: prefix))
    }

    /// The linkify binary that `swift build` put beside the test bundle
    /// (found upwards from it), else `.build/debug/linkify`.
    package static let linkify: String = {
        var dir = CommandLine.arguments.first ?? ""
        while !dir.isEmpty {
            if let slash = dir.lastIndex(of: "/") { dir = String(dir[..<slash]) } else { dir = "" }
            let candidate = dir + "/linkify"
            var st = stat()
            if stat(candidate, &st) == 0 && st.st_mode & S_IFMT == S_IFREG && access(candidate, X_OK) == 0 { return candidate }
            if dir.hasSuffix(".build") { break }
        }
        return Files.packageRoot + "/.build/debug/linkify"
    }()
}
