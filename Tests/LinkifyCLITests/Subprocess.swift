#if canImport(Glibc)
import Glibc
#endif
// Every CLI test file sees the shared helpers (Spawn, InProcess, Files, TempFolder).
@_exported import LinkifyTestSupport

/// The CLI tests' names for the shared helpers of `LinkifyTestSupport`:
/// `linkify(_:stdin:)` runs the driver in-process, `linkify(_:stdin:cwd:)`
/// with a folder and `run` spawn a real process through `Spawn`, the one
/// spawning helper (files for the standard streams: no pipe can fill up).
enum Subprocess {
    typealias Result = SpawnResult

    /// The linkify binary built beside the test bundle.
    static var linkify: String { Spawn.linkify }

    /// The package's root folder.
    static var packageRoot: String { Files.packageRoot }

    /// A fresh temporary directory.
    static func temporaryDirectory() -> String { Files.temporaryDirectory() }

    static func write(_ bytes: [UInt8], to path: String) { Files.write(bytes, to: path) }

    static func read(_ path: String) -> [UInt8] { Files.read(path) }

    /// Runs `executable` with `arguments`, `stdin` as standard input, in `cwd`;
    /// `environment` nil inherits the test process's.
    static func run(_ executable: String, _ arguments: [String], stdin: [UInt8] = [], cwd: String? = nil,
                    environment: [String: String]? = nil) -> Result {
        Spawn.run(executable, arguments, stdin: stdin, cwd: cwd,
                  environment: environment.map { $0.map { "\($0.key)=\($0.value)" } })
    }

    /// Runs linkify on `arguments`: in-process through the driver, or as the
    /// real binary in `cwd` when a folder is given (the driver has no folder of
    /// its own, and changing the test process's would race other tests).
    static func linkify(_ arguments: [String], stdin: String = "", cwd: String? = nil) -> Result {
        if let cwd { return run(linkify, arguments, stdin: Array(stdin.utf8), cwd: cwd) }
        return InProcess.linkify(arguments, stdin: Array(stdin.utf8))
    }

    /// Runs a bash command line.
    static func bash(_ script: String, cwd: String? = nil) -> Result {
        run("/bin/bash", ["-c", script], cwd: cwd)
    }

    /// Removes a folder and everything below it.
    static func removeTree(_ path: String) { Files.removeTree(path) }
}
