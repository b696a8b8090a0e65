#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import LinkifyCLI

/// Golden cases: each folder of `Fixtures/` holds `args` (one argument a line;
/// `{dir}` is the folder), an `input` file given as standard input, the
/// expected standard output `expected` and optionally `status` (default 0).
/// The driver runs in-process. `LINKIFY_RECORD=1 swift test` rewrites `expected`.
@Suite struct GoldenTests {
    static let root = Subprocess.packageRoot + "/Fixtures"

    static var caseNames: [String] {
        guard let dir = opendir(root) else { return [] }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafePointer(to: entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
            }
            if !name.hasPrefix(".") && access(root + "/" + name + "/args", R_OK) == 0 { names.append(name) }
        }
        return names.sorted()
    }

    @Test func thereAreGoldenCases() { #expect(Self.caseNames.count >= 8) }

    @Test(arguments: caseNames) func golden(_ name: String) {
        let dir = Self.root + "/" + name
        let args = String(decoding: Subprocess.read(dir + "/args"), as: UTF8.self)
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            .filter { !$0.isEmpty }
            .map { $0.replacing("{dir}", with: dir) }
        let inputFD = open(dir + "/input", O_RDONLY)
        let tmp = Subprocess.temporaryDirectory()
        defer { Subprocess.removeTree(tmp) }
        let outFD = open(tmp + "/out", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let errFD = open(tmp + "/err", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        var driver = Driver(arguments: args, io: DriverIO(stdin: inputFD >= 0 ? inputFD : open("/dev/null", O_RDONLY),
                                                         stdout: outFD, stderr: errFD, environment: ["LANG": "en_US.UTF-8"]))
        let status = driver.run()
        close(outFD)
        close(errFD)
        if inputFD >= 0 { close(inputFD) }
        let out = String(decoding: Subprocess.read(tmp + "/out"), as: UTF8.self).replacing(dir, with: "{dir}")
        if getenv("LINKIFY_RECORD") != nil {
            Subprocess.write(Array(out.utf8), to: dir + "/expected")
            if status != 0 { Subprocess.write(Array("\(status)\n".utf8), to: dir + "/status") }
            return
        }
        let expected = Subprocess.read(dir + "/expected")
        let expectedStatus = Int32(String(decoding: Subprocess.read(dir + "/status"), as: UTF8.self).split(separator: "\n").first ?? "0") ?? 0
        #expect(Array(out.utf8) == expected, "\(name): got\n\(out)")
        #expect(status == expectedStatus, "\(name): stderr \(String(decoding: Subprocess.read(tmp + "/err"), as: UTF8.self))")
    }
}
