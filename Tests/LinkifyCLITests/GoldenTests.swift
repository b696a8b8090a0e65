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

    /// `bytes` with every occurrence of `pattern` replaced by `replacement`.
    static func replacing(_ pattern: [UInt8], with replacement: [UInt8], in bytes: [UInt8]) -> [UInt8] {
        guard !pattern.isEmpty else { return bytes }
        var result: [UInt8] = []
        var i = 0
        while i < bytes.count {
            if bytes[i] == pattern[0] && i + pattern.count <= bytes.count && Array(bytes[i..<i + pattern.count]) == pattern {
                result += replacement
                i += pattern.count
            } else {
                result.append(bytes[i])
                i += 1
            }
        }
        return result
    }

    /// SPEC §7: invalid UTF-8 passes through byte for byte, so each invalid
    /// sequence of an `invalid-utf8-html` input is in its expected output as is.
    @Test func invalidBytesAreInTheGoldenFileAsTheyAre() {
        let expected = Subprocess.read(Self.root + "/invalid-utf8-html/expected")
        for sequence: [UInt8] in [[0xFF, 0xFE], [0xC0, 0xAF], [0xED, 0xA0, 0x80]] {
            let found = expected.indices.contains { i in
                i + sequence.count <= expected.count && Array(expected[i..<i + sequence.count]) == sequence
            }
            #expect(found, "\(sequence) missing from invalid-utf8-html/expected")
        }
        #expect(Self.replacing([0xEF, 0xBF, 0xBD], with: [], in: expected) == expected, "U+FFFD in the golden file")
    }

    @Test func replacingWorksOnBytes() {
        let invalid: [UInt8] = [0xFF, 0x2F, 0x61, 0x2F, 0xC0]   // \xFF /a/ \xC0
        #expect(Self.replacing(Array("/a/".utf8), with: Array("{dir}".utf8), in: invalid) == [0xFF] + Array("{dir}".utf8) + [0xC0])
    }

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
        // Bytes, never a String: decoding would turn invalid UTF-8 into U+FFFD,
        // and a golden file must record the very bytes linkify writes (SPEC §7).
        let out = Self.replacing(Array(dir.utf8), with: Array("{dir}".utf8), in: Subprocess.read(tmp + "/out"))
        if getenv("LINKIFY_RECORD") != nil {
            Subprocess.write(out, to: dir + "/expected")
            if status != 0 { Subprocess.write(Array("\(status)\n".utf8), to: dir + "/status") }
            return
        }
        let expected = Subprocess.read(dir + "/expected")
        let expectedStatus = Int32(String(decoding: Subprocess.read(dir + "/status"), as: UTF8.self).split(separator: "\n").first ?? "0") ?? 0
        #expect(out == expected, "\(name): got\n\(String(decoding: out, as: UTF8.self))\nbytes \(out)")
        #expect(status == expectedStatus, "\(name): stderr \(String(decoding: Subprocess.read(tmp + "/err"), as: UTF8.self))")
    }
}
