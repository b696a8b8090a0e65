#if canImport(Glibc)
import Glibc
#endif
@testable import LinkifyCLI

/// Runs the driver in this process, for the job-runner and batch tests:
/// standard input from bytes, standard output and error through files (no
/// pipe can fill up). The driver resolves relative paths against the
/// process's folder, which tests share, so give it absolute paths; `relative`
/// takes the folder's prefix off what it printed.
struct InProcessRun {
    var status: Int32
    var stdout: [UInt8]
    var stderr: String

    /// `stdinFile` is read as standard input instead of `stdin`'s bytes.
    init(_ arguments: [String], stdin: [UInt8] = [], stdinFile: String? = nil, environment: Environment = ["LANG": "C"]) {
        let scratch = Subprocess.temporaryDirectory()
        defer { Subprocess.removeTree(scratch) }
        Subprocess.write(stdin, to: scratch + "/in")
        let inFD = open(stdinFile ?? scratch + "/in", O_RDONLY)
        let outFD = open(scratch + "/out", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let errFD = open(scratch + "/err", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        var driver = Driver(arguments: arguments, io: DriverIO(stdin: inFD, stdout: outFD, stderr: errFD, environment: environment))
        status = driver.run()
        close(inFD)
        close(outFD)
        close(errFD)
        stdout = Subprocess.read(scratch + "/out")
        stderr = String(decoding: Subprocess.read(scratch + "/err"), as: UTF8.self)
    }

    var out: String { String(decoding: stdout, as: UTF8.self) }

    /// Standard error with `folder + "/"` taken out of every path.
    func errors(relativeTo folder: String) -> String { stderr.replacing(folder + "/", with: "") }
}
