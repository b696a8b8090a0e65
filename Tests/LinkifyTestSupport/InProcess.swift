#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LinkifyCLI

/// Runs linkify's driver inside the test process: the driver takes its
/// standard streams and environment as values (`DriverIO`), so most CLI tests
/// need no process. Its streams are files, as for a spawned binary. Paths in
/// the arguments are relative to the test process's folder (use absolute
/// ones); exit codes on signals, real pipes and the binary's start-up are for
/// `Spawn`.
package enum InProcess {
    /// `stdinFile`, when given, is opened as standard input instead of `stdin`'s bytes
    /// (a FIFO or a large file the test made).
    package static func linkify(_ arguments: [String], stdin: [UInt8] = [], stdinFile: String? = nil,
                               environment: Environment = .process()) -> SpawnResult {
        let folder = Files.temporaryDirectory()
        defer { Files.removeTree(folder) }
        Files.write(stdin, to: folder + "/in")
        let input = open(stdinFile ?? folder + "/in", O_RDONLY)
        let output = open(folder + "/out", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let errors = open(folder + "/err", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        precondition(input >= 0 && output >= 0 && errors >= 0, "cannot open the driver's streams in \(folder)")
        var driver = Driver(arguments: arguments, io: DriverIO(stdin: input, stdout: output, stderr: errors, environment: environment))
        let status = driver.run()
        close(input)
        close(output)
        close(errors)
        return SpawnResult(status: status, stdout: Files.read(folder + "/out"), stderr: Files.read(folder + "/err"))
    }
}
