#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import LinkifyCLI

/// Batch conversion never loses a file: every output path is
/// worked out before anything is written; two inputs for one output, an
/// output that is an input, `-o FILE` with several inputs and standard
/// input sent to a folder are usage errors that write nothing.
@Suite struct BatchOutputPlanTests {
    /// Runs linkify in `dir` with paths relative to it; messages relative to it.
    static func run(_ dir: TempFolder, _ arguments: [String], stdin: [UInt8] = [], stdinFile: String? = nil) -> (status: Int32, err: String) {
        let absolute = arguments.indices.map { i -> String in
            let a = arguments[i]
            let isValue = i > 0 && arguments[i - 1] == "--to"
            return a.hasPrefix("-") || isValue ? a : dir.path + "/" + a
        }
        let r = InProcessRun(absolute, stdin: stdin, stdinFile: stdinFile.map { dir.at($0) })
        return (r.status, r.errors(relativeTo: dir.path))
    }

    @Test func twoNamedFilesWithOneNameInAFolder() {
        let dir = TempFolder()
        dir.file("ca/x.md", "see a.com\n")
        dir.file("cb/x.md", "see b.com\n")
        let before = Snapshot(dir.path)
        let r = Self.run(dir, ["ca/x.md", "cb/x.md", "-o", "out"])
        #expect(r.status == 2)
        #expect(r.err == "linkify: ca/x.md and cb/x.md would both be written to out/x.md\n")
        #expect(Snapshot(dir.path) == before)
    }

    /// A path named twice is one input, at its first place: no conflict
    /// with itself, one output, one line per link.
    @Test func theSamePathNamedTwiceIsOneInput() {
        let dir = TempFolder()
        dir.file("ca/x.md", "see a.com\n")
        dir.file("cb/y.md", "see b.com\n")
        let r = Self.run(dir, ["ca/x.md", "ca/x.md", "-o", "out/"])
        #expect(r.status == 0, "\(r.err)")
        #expect(dir.allFiles() == ["ca/x.md", "cb/y.md", "out/x.md"])
        #expect(dir.text("out/x.md") == "see [a.com](https://a.com)\n")
        // One input: `-o out` (no extension, missing) names a file, as for one path.
        let one = Self.run(dir, ["ca/x.md", "ca/x.md", "-o", "single"])
        #expect(one.status == 0, "\(one.err)")
        #expect(dir.text("single") == "see [a.com](https://a.com)\n")
        let listed = InProcessRun(["--to", "jsonl", dir.at("cb/y.md"), dir.at("ca/x.md"), dir.at("cb/y.md"), dir.at("ca/x.md")])
        #expect(listed.status == 0)
        let hosts = listed.out.split(separator: "\n").map { $0.contains("b.com") ? "b" : "a" }
        #expect(hosts == ["b", "a"])
    }

    @Test func twoFoldersWithOneRelativePath() {
        let dir = TempFolder()
        dir.file("ca/x.md", "see a.com\n")
        dir.file("cb/x.md", "see b.com\n")
        dir.file("cb/y.md", "see c.com\n")
        let before = Snapshot(dir.path)
        let r = Self.run(dir, ["ca", "cb", "-o", "out"])
        #expect(r.status == 2)
        #expect(r.err == "linkify: ca/x.md and cb/x.md would both be written to out/x.md\n")
        // Nothing written, not even the output of cb/y.md, which had no rival.
        #expect(Snapshot(dir.path) == before)
    }

    @Test func differentExtensionsThatMeetInOneOutput() {
        let dir = TempFolder()
        dir.file("d/page.txt", "see a.com\n")
        dir.file("d/page.html", "<p>b.com</p>\n")
        let r = Self.run(dir, ["d", "-o", "out"])
        #expect(r.status == 2)
        #expect(r.err == "linkify: d/page.html and d/page.txt would both be written to out/page.html\n")
        #expect(access(dir.at("out"), F_OK) != 0)
    }

    @Test func oneFileForSeveralInputs() {
        let dir = TempFolder()
        dir.file("ca/x.md", "see a.com\n")
        dir.file("cb/x.md", "see b.com\n")
        dir.file("cc/z.md", "see c.com\n")
        let hint = " (-o names a file, for one input; end it with / to name a folder)"
        let missing = Self.run(dir, ["ca/x.md", "cb/x.md", "cc/z.md", "-o", "single.md"])
        #expect(missing.status == 2)
        #expect(missing.err == "linkify: ca/x.md and cb/x.md would both be written to single.md\(hint)\n"
            + "linkify: ca/x.md and cc/z.md would both be written to single.md\(hint)\n")
        #expect(access(dir.at("single.md"), F_OK) != 0)
        dir.file("existing", "keep\n")
        let existing = Self.run(dir, ["ca/x.md", "cb/x.md", "-o", "existing"])
        #expect(existing.status == 2)
        #expect(existing.err == "linkify: ca/x.md and cb/x.md would both be written to existing\(hint)\n")
        #expect(dir.text("existing") == "keep\n")
    }

    @Test func severalFilesToAFolderThatDoesNotExistYet() {
        let dir = TempFolder()
        dir.file("ca/x.md", "see a.com\n")
        dir.file("cb/y.md", "see b.com\n")
        for out in ["out", "out2/"] {
            let r = Self.run(dir, ["ca/x.md", "cb/y.md", "-o", out])
            #expect(r.status == 0, "\(out): \(r.err)")
            let folder = out.hasSuffix("/") ? String(out.dropLast()) : out
            #expect(dir.text(folder + "/x.md") == "see [a.com](https://a.com)\n")
            #expect(dir.text(folder + "/y.md") == "see [b.com](https://b.com)\n")
        }
    }

    @Test func anOutputThatIsAnInput() {
        let dir = TempFolder()
        dir.file("docs/a.md", "see a.com\n")
        dir.file("docs/b.txt", "see b.com\n")
        let before = Snapshot(dir.path)
        let same = Self.run(dir, ["docs/a.md", "-o", "docs/a.md"])
        #expect(same.status == 2)
        #expect(same.err == "linkify: docs/a.md: its output docs/a.md would replace the input docs/a.md\n")
        let tree = Self.run(dir, ["docs", "-o", "docs"])
        #expect(tree.status == 2)
        #expect(tree.err == "linkify: docs/a.md: its output docs/a.md would replace the input docs/a.md\n")
        // Another spelling of the same file.
        let spelt = Self.run(dir, ["docs/b.txt", "docs/./a.md", "--to", "markdown", "-o", "docs/../docs/"])
        #expect(spelt.status == 2)
        #expect(spelt.err == "linkify: docs/./a.md: its output docs/../docs/a.md would replace the input docs/./a.md\n")
        // One input's output over another input.
        dir.file("notes/a.txt", "see c.com\n")
        let over = Self.run(dir, ["notes/a.txt", "docs/a.md", "--to", "markdown", "-o", "docs/"])
        #expect(over.status == 2)
        #expect(over.err == "linkify: notes/a.txt: its output docs/a.md would replace the input docs/a.md\n"
            + "linkify: notes/a.txt and docs/a.md would both be written to docs/a.md\n"
            + "linkify: docs/a.md: its output docs/a.md would replace the input docs/a.md\n")
        Subprocess.removeTree(dir.at("notes"))
        let fromStdin = Self.run(dir, ["-o", "docs/a.md"], stdinFile: "docs/a.md")
        #expect(fromStdin.status == 2)
        #expect(fromStdin.err == "linkify: standard input: its output docs/a.md would replace the file standard input reads\n")
        #expect(Snapshot(dir.path) == before)
    }

    @Test func outputCreatesMissingFolders() {
        let dir = TempFolder()
        dir.file("ca/x.md", "see a.com\n")
        let r = Self.run(dir, ["ca/x.md", "-o", "deep/er/out.md"])
        #expect(r.status == 0, "\(r.err)")
        #expect(dir.text("deep/er/out.md") == "see [a.com](https://a.com)\n")
        let text = Self.run(dir, ["-o", "deeper/still/out.html"], stdin: Array("see b.com\n".utf8))
        #expect(text.status == 0, "\(text.err)")
        #expect(dir.text("deeper/still/out.html") == "see <a href=\"https://b.com\">b.com</a>\n")
    }

    @Test func standardInputToAFolder() {
        let dir = TempFolder()
        mkdir(dir.at("emptydir"), 0o755)
        dir.file("a.md", "see a.com\n")
        let before = Snapshot(dir.path)
        let alone = Self.run(dir, ["-o", "emptydir"], stdin: Array("x.com\n".utf8))
        #expect(alone.status == 2)
        #expect(alone.err == "linkify: -o emptydir is a folder: standard input has no name to write there; use -o FILE\n")
        let slash = Self.run(dir, ["-", "a.md", "-o", "new/"], stdin: Array("x.com\n".utf8))
        #expect(slash.status == 2)
        #expect(slash.err == "linkify: -o new/ is a folder: standard input has no name to write there; use -o FILE\n")
        #expect(Snapshot(dir.path) == before)
    }
}

/// Every file and folder below a folder, with the files' bytes.
struct Snapshot: Equatable {
    var entries: [String: [UInt8]] = [:]
    var folders: Set<String> = []

    init(_ root: String) {
        func walk(_ dir: String, _ rel: String) {
            guard let d = opendir(dir) else { return }
            defer { closedir(d) }
            while let e = readdir(d) {
                let name = withUnsafePointer(to: e.pointee.d_name) { $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) } }
                if name == "." || name == ".." { continue }
                let r = rel.isEmpty ? name : rel + "/" + name
                var st = stat()
                lstat(dir + "/" + name, &st)
                if st.st_mode & S_IFMT == S_IFDIR {
                    folders.insert(r)
                    walk(dir + "/" + name, r)
                } else {
                    entries[r] = Subprocess.read(dir + "/" + name)
                }
            }
        }
        walk(root, "")
    }
}
