#if canImport(Glibc)
import Glibc
#endif
import Testing

/// The real binary: exit codes, errors, standard input, several files, pipes.
@Suite struct CLIBasicsTests {
    @Test func readsStandardInputByDefault() {
        let r = Subprocess.linkify([], stdin: "see example.com\n")
        #expect(r.status == 0)
        #expect(r.out == "see <a href=\"https://example.com\">example.com</a>\n")
        #expect(r.err.isEmpty)
    }

    @Test func dashIsStandardInput() {
        let r = Subprocess.linkify(["--to", "markdown", "-"], stdin: "see example.com\n")
        #expect(r.out == "see [example.com](https://example.com)\n")
    }

    @Test func unknownOptionIsOneLineAndStatusTwo() {
        let r = Subprocess.linkify(["--frobnicate"])
        #expect(r.status == 2)
        #expect(r.out.isEmpty)
        #expect(r.err.split(separator: "\n").count == 1)
        #expect(r.err.hasPrefix("linkify: unknown option '--frobnicate'"))
    }

    // A swap of two neighbours is one edit: --detcet and --hepl are near misses.
    @Test(arguments: [("--detcet", "--detect"), ("--hepl", "--help"), ("--fromat", "--format"), ("--fro", "--from"), ("--ouptut", "--output")])
    func nearMissSuggestsTheFlag(_ typed: String, _ meant: String) {
        let r = Subprocess.linkify([typed, "url"])
        #expect(r.status == 2)
        #expect(r.err.contains("did you mean '\(meant)'?"))
    }

    /// An unknown option names the help of the command it was given to, and
    /// a flag the typed name starts with is suggested however much is added.
    @Test(arguments: [
        (["--formt"], "linkify: unknown option '--formt' (did you mean '--format'?) (see linkify --help)\n"),
        (["lint", "--formt"], "linkify: unknown option '--formt' (did you mean '--format'?) (see linkify lint --help)\n"),
        (["--tooo", "x"], "linkify: unknown option '--tooo' (did you mean '--to'?) (see linkify --help)\n"),
        (["lint", "--verbosely"], "linkify: unknown option '--verbosely' (did you mean '--verbose'?) (see linkify lint --help)\n"),
        (["lint", "--zzzzzz"], "linkify: unknown option '--zzzzzz' (see linkify lint --help)\n"),
        (["lint", "-z"], "linkify: unknown option '-z' (see linkify lint --help)\n"),
    ])
    func unknownOptionNamesTheCommandsHelp(_ arguments: [String], _ message: String) {
        let r = InProcessRun(arguments)
        #expect(r.status == 2)
        #expect(r.stderr == message)
    }

    @Test func farMissSuggestsNothing() {
        let r = Subprocess.linkify(["--zzzzzz"])
        #expect(r.status == 2)
        #expect(!r.err.contains("did you mean"))
    }

    @Test(arguments: [["--to", "pdf"], ["--detect", "url,foo"], ["--profile", "x"], ["--offsets", "bytes"], ["--to"]])
    func badValueIsStatusTwo(_ args: [String]) {
        let r = Subprocess.linkify(args)
        #expect(r.status == 2)
        #expect(r.err.split(separator: "\n").count == 1)
        #expect(r.err.hasPrefix("linkify: "))
    }

    /// Regression: `--link`/`--rewrite` errors named their value NAME=VALUE, and `--link a=` linked to "".
    @Test(arguments: [
        (["--link", "=x"], "linkify: invalid value '=x' for --link (expected TEXT=URL)\n"),
        (["--link", "a="], "linkify: invalid value 'a=' for --link (expected TEXT=URL, the URL not empty)\n"),
        (["--rewrite", "x"], "linkify: invalid value 'x' for --rewrite (expected FROM=TO)\n"),
        (["--attr", "x"], "linkify: invalid value 'x' for --attr (expected NAME=VALUE)\n"),
    ])
    func pairValueErrorsNameTheirShape(_ c: ([String], String)) {
        let r = Subprocess.linkify(c.0, stdin: "a b\n")
        #expect(r.status == 2)
        #expect(r.out.isEmpty)
        #expect(r.err == c.1)
    }

    @Test func missingFileDoesNotStopTheOthers() {
        let dir = Subprocess.temporaryDirectory()
        defer { Subprocess.removeTree(dir) }
        Subprocess.write(Array("a.com\n".utf8), to: dir + "/a.txt")
        Subprocess.write(Array("b.org\n".utf8), to: dir + "/b.txt")
        let r = Subprocess.linkify(["--to", "jsonl", "a.txt", "missing.txt", "b.txt"], cwd: dir)
        #expect(r.status == 2)
        #expect(r.err == "linkify: missing.txt: No such file or directory\n")
        let lines = r.out.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.first?.contains("\"path\": \"a.txt\"") == true)
        #expect(lines.last?.contains("\"path\": \"b.txt\"") == true)
    }

    @Test func filesAreProcessedInOrder() {
        let dir = Subprocess.temporaryDirectory()
        defer { Subprocess.removeTree(dir) }
        Subprocess.write(Array("x.com\n".utf8), to: dir + "/1.txt")
        Subprocess.write(Array("y.com\n".utf8), to: dir + "/2.txt")
        let r = Subprocess.linkify(["2.txt", "1.txt"], cwd: dir)
        #expect(r.out == "<a href=\"https://y.com\">y.com</a>\n<a href=\"https://x.com\">x.com</a>\n")
    }

    @Test func optionsAfterPathsAndEqualsForm() {
        let dir = Subprocess.temporaryDirectory()
        defer { Subprocess.removeTree(dir) }
        Subprocess.write(Array("x.com\n".utf8), to: dir + "/in.txt")
        let a = Subprocess.linkify(["in.txt", "--to=markdown"], cwd: dir)
        let b = Subprocess.linkify(["-tmarkdown", "in.txt"], cwd: dir)
        let c = Subprocess.linkify(["-t", "markdown", "--", "in.txt"], cwd: dir)
        #expect(a.out == "[x.com](https://x.com)\n")
        #expect(b.out == a.out)
        #expect(c.out == a.out)
    }

    @Test func bundledShortFlags() {
        let dir = Subprocess.temporaryDirectory()
        defer { Subprocess.removeTree(dir) }
        Subprocess.write(Array("See x.com\n".utf8), to: dir + "/n.md")
        let inPlace = Subprocess.linkify(["-qi", "n.md"], cwd: dir)   // -q -i
        #expect(inPlace.status == 0)
        #expect(inPlace.out.isEmpty && inPlace.err.isEmpty)
        #expect(String(decoding: Subprocess.read(dir + "/n.md"), as: UTF8.self) == "See [x.com](https://x.com)\n")
        // A flag that takes a value ends the bundle: the rest, or the next argument, is its value.
        let attached = Subprocess.linkify(["-qtmarkdown"], stdin: "x.com\n")
        let next = Subprocess.linkify(["-qt", "markdown"], stdin: "x.com\n")
        #expect(attached.out == "[x.com](https://x.com)\n")
        #expect(next.out == attached.out)
        let unknown = Subprocess.linkify(["-qz"], stdin: "x.com\n")
        #expect(unknown.status == 2)
        #expect(unknown.err == "linkify: unknown option '-z' (see linkify --help)\n")
    }

    @Test func doubleDashEndsOptions() {
        let dir = Subprocess.temporaryDirectory()
        defer { Subprocess.removeTree(dir) }
        Subprocess.write(Array("x.com\n".utf8), to: dir + "/-q")
        let r = Subprocess.linkify(["--", "-q"], cwd: dir)
        #expect(r.status == 0)
        #expect(r.out == "<a href=\"https://x.com\">x.com</a>\n")
    }

    @Test func outputFile() {
        let dir = Subprocess.temporaryDirectory()
        defer { Subprocess.removeTree(dir) }
        let r = Subprocess.linkify(["-o", dir + "/out.html"], stdin: "x.com\n")
        #expect(r.status == 0)
        #expect(r.out.isEmpty)
        #expect(String(decoding: Subprocess.read(dir + "/out.html"), as: UTF8.self) == "<a href=\"https://x.com\">x.com</a>\n")
    }

    @Test func outputFileWithTwoInputsIsAUsageError() {
        let r = Subprocess.linkify(["-o", "/tmp/never-written.html", "a", "b"])
        #expect(r.status == 2)
        #expect(access("/tmp/never-written.html", F_OK) != 0)
    }

    @Test func helpAndVersion() {
        let help = Subprocess.linkify(["--help"])
        #expect(help.status == 0)
        #expect(help.out.contains("--detect LIST"))
        #expect(help.out.contains("Usage:"))
        let short = Subprocess.linkify(["-h"])
        #expect(short.out == help.out)
        let version = Subprocess.linkify(["--version"])
        #expect(version.status == 0)
        #expect(version.out.hasPrefix("linkify "))
        let lint = Subprocess.linkify(["help", "lint"])
        #expect(lint.status == 0)
        #expect(lint.out.contains("linkify lint"))
    }

    @Test func closedPipeEndsQuietly() {
        let script = """
        set -o pipefail
        yes 'see example.com and mail a@b.org' | head -n 400000 | '\(Subprocess.linkify)' | head -c 100 >/dev/null
        echo "status ${PIPESTATUS[2]}"
        """
        let r = Subprocess.bash(script)
        #expect(r.out.contains("status 0"))
        #expect(!r.err.contains("linkify"))
    }

    @Test func invalidUTF8PassesThroughByteForByte() {
        let input: [UInt8] = Array("a ".utf8) + [0xFF, 0xC0, 0xAF, 0xED, 0xA0, 0x80] + Array(" example.com \u{0}\r\n".utf8)
        let r = Subprocess.run(Subprocess.linkify, ["--to", "markdown"], stdin: input)
        let expected: [UInt8] = Array("a ".utf8) + [0xFF, 0xC0, 0xAF, 0xED, 0xA0, 0x80] + Array(" [example.com](https://example.com) \u{0}\r\n".utf8)
        #expect(r.stdout == expected)
        let j = Subprocess.run(Subprocess.linkify, ["--to", "jsonl"], stdin: input)
        // six invalid bytes count as six scalars: "a " (2) + 6 + " " (1) = 9
        #expect(j.out.contains("\"start\": 9, \"end\": 20"))
    }
}
