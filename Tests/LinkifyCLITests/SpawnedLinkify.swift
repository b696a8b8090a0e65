#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The real `linkify` binary run in a folder, for the end-to-end tests (exit
/// codes, signals, permissions, peak memory), through `Spawn`. Its
/// environment is fixed (`PATH=/usr/bin:/bin`, `LANG=C`).
enum SpawnedLinkify {
    static let environment = ["PATH=/usr/bin:/bin", "LANG=C"]

    /// The binary: beside the test bundle, else `.build/debug`.
    static var binary: String { Spawn.linkify }

    /// Starts linkify; `prefix` runs it through another program (setpriv).
    static func start(_ arguments: [String], in directory: String, stdin: [UInt8] = [], prefix: [String] = [],
                      binaryArguments: [String]? = nil, stdoutPath: String? = nil) -> Spawn.Running {
        Spawn.start(binary, binaryArguments ?? arguments, stdin: stdin, cwd: directory, environment: environment,
                    prefix: prefix, stdoutPath: stdoutPath)
    }

    /// Waits for a started linkify and collects what it wrote.
    static func wait(_ running: Spawn.Running) -> SpawnResult { Spawn.wait(running) }

    /// Runs linkify to the end.
    static func run(_ arguments: [String], in directory: String, stdin: [UInt8] = [], prefix: [String] = [],
                    binaryArguments: [String]? = nil) -> SpawnResult {
        wait(start(arguments, in: directory, stdin: stdin, prefix: prefix, binaryArguments: binaryArguments))
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

    /// Standard output of a bash command line run in `directory`.
    static func shell(_ command: String, in directory: String) -> String {
        Spawn.run("/bin/bash", ["-c", command], cwd: directory).out
    }
}
