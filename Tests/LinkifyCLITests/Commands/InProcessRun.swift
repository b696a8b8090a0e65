#if canImport(Glibc)
import Glibc
#endif
@testable import LinkifyCLI

/// `InProcess.linkify` with standard error as text and `LANG=C`, for the
/// job-runner and batch tests. The driver resolves relative paths against the
/// process's folder, which tests share, so give it absolute paths; `relative`
/// takes the folder's prefix off what it printed.
struct InProcessRun {
    var status: Int32
    var stdout: [UInt8]
    var stderr: String

    /// `stdinFile` is read as standard input instead of `stdin`'s bytes.
    init(_ arguments: [String], stdin: [UInt8] = [], stdinFile: String? = nil, environment: Environment = ["LANG": "C"]) {
        let r = InProcess.linkify(arguments, stdin: stdin, stdinFile: stdinFile, environment: environment)
        status = r.status
        stdout = r.stdout
        stderr = String(decoding: r.stderr, as: UTF8.self)
    }

    var out: String { String(decoding: stdout, as: UTF8.self) }

    /// Standard error with `folder + "/"` taken out of every path.
    func errors(relativeTo folder: String) -> String { stderr.replacing(folder + "/", with: "") }
}
