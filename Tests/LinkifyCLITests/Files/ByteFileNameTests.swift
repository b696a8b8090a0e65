#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
@testable import LinkifyCLI

/// File names are bytes on Linux: a walked file whose name is not UTF-8 is
/// opened, written under its exact name with -o and -i, and named in
/// messages with the invalid bytes escaped as `\xHH`.
@Suite struct ByteFileNameTests {
    /// `x\xFF.md` and `y\xFE.txt`: not UTF-8.
    static let markdownName: [UInt8] = Array("x".utf8) + [0xFF] + Array(".md".utf8)
    static let textName: [UInt8] = Array("y".utf8) + [0xFE] + Array(".txt".utf8)

    static func cPath(_ folder: String, _ parts: [[UInt8]]) -> [CChar] {
        var bytes = Array(folder.utf8)
        for p in parts { bytes += [0x2F] + p }
        return bytes.map { CChar(bitPattern: $0) } + [0]
    }

    static func write(_ path: [CChar], _ contents: String) {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        precondition(fd >= 0)
        _ = Array(contents.utf8).withUnsafeBytes { Glibc.write(fd, $0.baseAddress!, $0.count) }
        close(fd)
    }

    /// The file's bytes, or nil when there is no file by that exact name.
    static func read(_ path: [CChar]) -> String? {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let n = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress!, 4096) }
        return String(decoding: buffer[0..<max(0, n)], as: UTF8.self)
    }

    static func folder() -> TempFolder {
        let dir = TempFolder()
        mkdir(dir.at("in"), 0o755)
        write(cPath(dir.path, [Array("in".utf8), markdownName]), "see example.com\n")
        write(cPath(dir.path, [Array("in".utf8), textName]), "mail a@b.org\n")
        return dir
    }

    @Test func walkReadsAndNamesIt() {
        let dir = Self.folder()
        let r = SpawnedLinkify.run(["--to", "jsonl", "in"], in: dir.path)
        #expect(r.status == 0)
        #expect(r.stdoutText.contains(#""path": "in/x\\xFF.md", "kind": "url""#))
        #expect(r.stdoutText.contains(#""path": "in/y\\xFE.txt", "kind": "email""#))
    }

    @Test func outputFolderKeepsTheBytes() {
        let dir = Self.folder()
        let r = SpawnedLinkify.run(["-o", "out", "--to", "html", "in"], in: dir.path)
        #expect(r.status == 0)
        // Markdown written with --to html keeps its name (StandaloneTests).
        let html = Self.read(Self.cPath(dir.path, [Array("out".utf8), Array("x".utf8) + [0xFF] + Array(".md".utf8)]))
        #expect(html == "see <a href=\"https://example.com\">example.com</a>\n")
        #expect(Self.read(Self.cPath(dir.path, [Array("out".utf8), Array("y".utf8) + [0xFE] + Array(".html".utf8)])) != nil)
    }

    @Test func inPlaceRewritesTheSameFile() {
        let dir = Self.folder()
        let r = SpawnedLinkify.run(["-i", "--verbose", "in"], in: dir.path)
        #expect(r.status == 0)
        #expect(Self.read(Self.cPath(dir.path, [Array("in".utf8), Self.markdownName])) == "see [example.com](https://example.com)\n")
        // The text file is not rewritten as text; the note names it with the byte escaped.
        #expect(r.stderrText == "linkify: in/y\\xFE.txt: skipped: a plain-text file is rewritten in place only with --to markdown\n")
        #expect(dir.allFiles().count == 2)   // no temporary file left, no second name
    }

    @Test func namedOnTheCommandLine() {
        let dir = Self.folder()
        let r = Subprocess.bash("'\(SpawnedLinkify.binary)' \"$(printf 'in/x\\377.md')\" \"$(printf 'no\\376')\"", cwd: dir.path)
        #expect(r.status == 2)
        #expect(String(decoding: r.stdout, as: UTF8.self) == "see [example.com](https://example.com)\n")
        #expect(String(decoding: r.stderr, as: UTF8.self) == "linkify: no\\xFE: No such file or directory\n")
    }

    @Test func checkListsTheExactName() {
        let dir = Self.folder()
        let r = SpawnedLinkify.run(["--check", "in"], in: dir.path)
        #expect(r.status == 1)
        #expect(r.stdout == Array("in/".utf8) + Self.markdownName + [0x0A])
    }
}

/// `PathBytes`: names as bytes in a String, one to one, shown with `\xHH`.
@Suite struct PathBytesTests {
    @Test(arguments: [
        ([0x61, 0x2E, 0x6D, 0x64], "a.md"),                             // UTF-8 as is
        ([0x78, 0xFF, 0x2E, 0x6D, 0x64], "x\\xFF.md"),                 // an invalid byte
        ([0xC3, 0xA9, 0xC3], "é\\xC3"),                                // a truncated sequence after a valid one
        ([0xC0, 0xAF], "\\xC0\\xAF"),                                  // an overlong `/`
        ([0xED, 0xA0, 0x80], "\\xED\\xA0\\x80"),                       // a surrogate
        ([0xF4, 0x8F, 0xBF, 0xBF], "\\xF4\\x8F\\xBF\\xBF"),           // U+10FFFF itself is stored byte by byte
    ] as [([UInt8], String)])
    func roundTrip(_ bytes: [UInt8], _ shown: String) {
        let path = PathBytes.string(bytes)
        #expect(PathBytes.bytes(path) == bytes)
        #expect(PathBytes.displayed(path) == shown)
        #expect(PathBytes.withCString(path) { strlen($0) } == bytes.count)
    }
}
