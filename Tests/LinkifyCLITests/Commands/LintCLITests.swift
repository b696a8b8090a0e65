#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
@_spi(Layers) import LinkifyCore
import LinkifyCLI

/// A temporary folder holding `files` (relative path → contents).
func lintFolder(_ files: [String: String]) -> String {
    let dir = Subprocess.temporaryDirectory()
    for (path, text) in files {
        var folder = dir
        for part in path.split(separator: "/").dropLast() {
            folder += "/" + part
            mkdir(folder, 0o755)
        }
        Subprocess.write(Array(text.utf8), to: dir + "/" + path)
    }
    return dir
}

/// The names in a folder.
func folderEntries(_ dir: String) -> [String] {
    (try? FileManager.default.contentsOfDirectory(atPath: dir).sorted()) ?? []
}

/// Whether the Markdown reader knows links, autolinks and code:
/// the Markdown `--fix` tests need it.
let markdownReaderSkipsLinks: Bool = {
    let bytes = Array("<http://a.com> [x](http://b.com) `http://c.com`\n".utf8)
    return bytes.withUnsafeBufferPointer { InputFormat.markdown.reader.entities(in: $0, finder: EntityFinder()) }.isEmpty
}()

/// `linkify lint` run as the real binary in temporary folders.
@Suite struct LintCLITests {
    @Test func exitStatusIsZeroWhenNothingIsFound() {
        let dir = lintFolder(["a.md": "# Title\n\nNo links here.\n"])
        defer { Subprocess.removeTree(dir) }
        let r = Subprocess.linkify(["lint", "a.md"], cwd: dir)
        #expect(r.status == 0)
        #expect(r.out.isEmpty)
        #expect(r.err.isEmpty)
    }

    @Test func exitStatusIsOneWithFindings() {
        let dir = lintFolder(["a.md": "# Title\n\nsee https://example.com now\n"])
        defer { Subprocess.removeTree(dir) }
        let r = Subprocess.linkify(["lint", "a.md"], cwd: dir)
        #expect(r.status == 1)
        #expect(r.out == "a.md:3:5: bare URL https://example.com\n")
    }

    @Test func unreadableFileIsStatusTwoAndTheOthersGoOn() {
        let dir = lintFolder(["a.md": "see https://example.com\n"])
        defer { Subprocess.removeTree(dir) }
        let r = Subprocess.linkify(["lint", "missing.md", "a.md"], cwd: dir)
        #expect(r.status == 2)
        #expect(r.out == "a.md:1:5: bare URL https://example.com\n")
        #expect(r.err == "linkify: missing.md: No such file or directory\n")
    }

    // -j N lints files on N threads; the report is in input order, as with -j 1.
    @Test(arguments: ["text", "json", "sarif", "github"])
    func parallelLintReportsInInputOrder(_ format: String) {
        var files: [String: String] = [:]
        for k in 0..<40 { files["d/f\(k).md"] = k % 3 == 0 ? "`code`\n" : String(repeating: "x https://e\(k).com\n", count: k % 5 + 1) }
        let dir = lintFolder(files)
        defer { Subprocess.removeTree(dir) }
        let one = Subprocess.linkify(["lint", "--format", format, "-j", "1", "missing.md", "d"], cwd: dir)
        let four = Subprocess.linkify(["lint", "--format", format, "-j", "4", "missing.md", "d"], cwd: dir)
        #expect(one.status == 2 && four.status == 2)
        #expect(one.out == four.out)
        #expect(one.err == four.err)
        #expect(one.out.contains("e38.com") && !one.out.contains("e39.com"))
    }

    @Test func usageErrorIsStatusTwo() {
        #expect(Subprocess.linkify(["lint", "--format", "xml"]).status == 2)
        let fix = Subprocess.linkify(["lint", "--fix", "-"], stdin: "see https://example.com\n")
        #expect(fix.status == 2)
        #expect(fix.err.hasPrefix("linkify: --fix"))
    }

    @Test func standardInputIsMarkdownByDefault() {
        let r = Subprocess.linkify(["lint", "-"], stdin: "<!-- x -->\nsee https://example.com\n")
        #expect(r.status == 1)
        #expect(r.out == "-:2:5: bare URL https://example.com\n")
        let html = Subprocess.linkify(["lint", "--from", "html", "-"], stdin: "<a href=\"https://example.com\">https://example.com</a>\n")
        #expect(html.status == 0)
    }

    /// Issue 24 item 9: without a path lint checks the current folder; it
    /// reads standard input only with `-` or `--stdin-filepath`.
    @Test func withoutAPathLintChecksTheCurrentFolder() {
        let dir = lintFolder(["a.md": "see https://a.example.com\n", "sub/b.md": "nothing\n", "sub/c.md": "mail x@example.com\n",
                              "t.txt": "https://t.example.com\n"])
        defer { Subprocess.removeTree(dir) }
        let stdin = Array("https://stdin.example.com\n".utf8)
        let r = Subprocess.run(Subprocess.linkify, ["lint"], stdin: stdin, cwd: dir)
        #expect(r.status == 1)
        #expect(r.out == "a.md:1:5: bare URL https://a.example.com\nsub/c.md:1:6: bare email address x@example.com\n")
        let dash = Subprocess.run(Subprocess.linkify, ["lint", "-"], stdin: stdin, cwd: dir)
        #expect(dash.out == "-:1:1: bare URL https://stdin.example.com\n")
        let named = Subprocess.run(Subprocess.linkify, ["lint", "--stdin-filepath", "x.md"], stdin: stdin, cwd: dir)
        #expect(named.out == "x.md:1:1: bare URL https://stdin.example.com\n")
        // --fix without a path fixes the folder's Markdown; with standard input it is a usage error.
        #expect(Subprocess.run(Subprocess.linkify, ["lint", "--fix", "--stdin-filepath", "x.md"], stdin: stdin, cwd: dir).status == 2)
        let fix = Subprocess.run(Subprocess.linkify, ["lint", "--fix"], cwd: dir)
        #expect(fix.status == 0)
        #expect(Subprocess.read(dir + "/a.md") == Array("see <https://a.example.com>\n".utf8))
        #expect(Subprocess.read(dir + "/t.txt") == Array("https://t.example.com\n".utf8))
        let empty = lintFolder([:])
        defer { Subprocess.removeTree(empty) }
        #expect(Subprocess.run(Subprocess.linkify, ["lint"], stdin: stdin, cwd: empty).status == 0)
    }

    /// Issue 24 item 10: `linkify lint FILE | head -1` keeps the status of
    /// what was found when the pipe closes (SPEC §1).
    @Test func aClosedPipeKeepsTheStatusOfWhatWasFound() {
        // More findings than a pipe holds: linkify is still writing when head exits.
        let dir = lintFolder(["a.md": String(repeating: "see https://example.com/page\n", count: 20_000)])
        defer { Subprocess.removeTree(dir) }
        for format in ["text", "json"] {
            let r = Subprocess.bash("'\(Subprocess.linkify)' lint --format \(format) a.md | head -n 1 >/dev/null; echo \"status ${PIPESTATUS[0]}\"", cwd: dir)
            #expect(r.out == "status 1\n", "\(format)")
            #expect(!r.err.contains("linkify"))
        }
        let clean = lintFolder(["a.md": String(repeating: "see <https://example.com/page>\n", count: 20_000)])
        defer { Subprocess.removeTree(clean) }
        let r = Subprocess.bash("'\(Subprocess.linkify)' lint a.md | head -n 1; echo \"status ${PIPESTATUS[0]}\"", cwd: clean)
        #expect(r.out == "status 0\n")
    }

    @Test func largeFilesAreStreamedInInputOrderWithTheirFileWideComments() {
        // Files above 4 MiB are linted as a stream by one thread, the others on the workers: the report keeps input order.
        let filler = String(repeating: "plain words without any link in them at all\n", count: 110_000)
        let dir = lintFolder([
            "a.txt": "https://a.example.com\n",
            "big.txt": "https://big.example.com/first\n" + filler + "https://big.example.com/last\n",
            "c.txt": "https://c.example.com\n",
            // markdownlint's file-wide comment counts wherever it stands, even after what it turns off.
            "off.txt": "https://off.example.com/first\n" + filler + "<!-- markdownlint-disable-file MD034 -->\n",
            "d.txt": "https://d.example.com\n",
        ])
        defer { Subprocess.removeTree(dir) }
        let expected = """
            a.txt:1:1: bare URL https://a.example.com
            big.txt:1:1: bare URL https://big.example.com/first
            big.txt:110002:1: bare URL https://big.example.com/last
            c.txt:1:1: bare URL https://c.example.com
            d.txt:1:1: bare URL https://d.example.com

            """
        for jobs in ["1", "2"] {
            let r = Subprocess.linkify(["lint", "-j", jobs, "a.txt", "big.txt", "c.txt", "off.txt", "d.txt"], cwd: dir)
            #expect(r.status == 1)
            #expect(r.out == expected, "-j \(jobs)")
        }
        // Standard input too, a file or a pipe (copied aside to be read twice).
        let stdin = Subprocess.bash("'\(Subprocess.linkify)' lint --stdin-filepath off.txt - < off.txt; echo \"status $?\"", cwd: dir)
        #expect(stdin.out == "status 0\n")
        let pipe = Subprocess.bash("cat off.txt big.txt | '\(Subprocess.linkify)' lint --stdin-filepath x.txt -; echo \"status $?\"", cwd: dir)
        #expect(pipe.out == "status 0\n")
        let findings = Subprocess.bash("cat big.txt | '\(Subprocess.linkify)' lint --stdin-filepath big.txt -", cwd: dir)
        #expect(findings.out == "big.txt:1:1: bare URL https://big.example.com/first\nbig.txt:110002:1: bare URL https://big.example.com/last\n")
    }

    @Test func directoriesAreWalkedForMarkdownFiles() {
        let dir = lintFolder([
            "a.md": "https://a.example.com\n", "b.txt": "https://b.example.com\n", "c.html": "https://c.example.com\n",
            "sub/d.markdown": "https://d.example.com\n", "sub/e.mdx": "https://e.example.com\n",
            ".hidden/f.md": "https://f.example.com\n", "node_modules/g.md": "https://g.example.com\n",
        ])
        defer { Subprocess.removeTree(dir) }
        let r = Subprocess.linkify(["lint", "."], cwd: dir)
        #expect(r.status == 1)
        #expect(r.out == """
            ./a.md:1:1: bare URL https://a.example.com
            ./sub/d.markdown:1:1: bare URL https://d.example.com
            ./sub/e.mdx:1:1: bare URL https://e.example.com

            """)
    }

    @Test func walkSkipsBinaryFilesWithANote() {
        let dir = lintFolder(["d/a.md": "https://a.example.com\n", "d/b.md": "https://b.example.com\u{0}\u{1}\n"])
        defer { Subprocess.removeTree(dir) }
        let r = Subprocess.linkify(["lint", "--verbose", "d"], cwd: dir)
        #expect(r.status == 1)
        #expect(r.out == "d/a.md:1:1: bare URL https://a.example.com\n")
        #expect(r.err == "linkify: d/b.md: skipped: binary file\n")
        let quiet = Subprocess.linkify(["lint", "-q", "--verbose", "d"], cwd: dir)
        #expect(quiet.err.isEmpty)
        let clean = Subprocess.linkify(["lint", "--exclude", "a.md", "d"], cwd: dir)
        #expect(clean.status == 0)
        // Named on the command line, a file is linted whatever its bytes (as annotate reads it).
        #expect(Subprocess.linkify(["lint", "d/b.md"], cwd: dir).status == 1)
    }

    @Test func walkHonoursGitignoreIncludeAndExclude() {
        let dir = lintFolder([
            ".gitignore": "gen/\n*.draft.md\n", "a.md": "https://a.example.com\n",
            "gen/b.md": "https://b.example.com\n", "c.draft.md": "https://c.example.com\n",
            "vendor/d.md": "https://d.example.com\n", "e.txt": "https://e.example.com\n",
        ])
        defer { Subprocess.removeTree(dir) }
        let walked = Subprocess.linkify(["lint", "."], cwd: dir)
        #expect(walked.out == "./a.md:1:1: bare URL https://a.example.com\n./vendor/d.md:1:1: bare URL https://d.example.com\n")
        let excluded = Subprocess.linkify(["lint", "--exclude", "vendor", "."], cwd: dir)
        #expect(excluded.out == "./a.md:1:1: bare URL https://a.example.com\n")
        let included = Subprocess.linkify(["lint", "--include", "*.txt", "."], cwd: dir)
        #expect(included.out == "./e.txt:1:1: bare URL https://e.example.com\n")
    }

    @Test func htmlFilesAreReadAsHTML() {
        let dir = lintFolder(["p.html": "<p title=\"https://t.example.com\">https://a.example.com <code>https://c.example.com</code></p>\n"])
        defer { Subprocess.removeTree(dir) }
        let r = Subprocess.linkify(["lint", "p.html"], cwd: dir)
        #expect(r.out == "p.html:1:34: bare URL https://a.example.com\n")
    }

    @Test func disableCommentsEndToEnd() {
        let dir = lintFolder(["a.md": """
            <!-- markdownlint-disable-next-line MD034 -->
            https://one.example.com
            <!-- linkify-disable -->
            https://two.example.com
            <!-- linkify-enable -->
            https://three.example.com

            """])
        defer { Subprocess.removeTree(dir) }
        let r = Subprocess.linkify(["lint", "a.md"], cwd: dir)
        #expect(r.out == "a.md:6:1: bare URL https://three.example.com\n")
    }

    @Test func colourOnlyWhenAsked() {
        let dir = lintFolder(["a.md": "https://example.com\n"])
        defer { Subprocess.removeTree(dir) }
        #expect(Subprocess.linkify(["lint", "a.md"], cwd: dir).out == "a.md:1:1: bare URL https://example.com\n")
        #expect(Subprocess.linkify(["lint", "--color", "always", "a.md"], cwd: dir).out.contains("\u{1B}[1m"))
        #expect(!Subprocess.linkify(["lint", "--color", "never", "a.md"], cwd: dir).out.contains("\u{1B}"))
    }

    @Test func jsonFormatIsAnArrayOfFindings() throws {
        let dir = lintFolder(["a.md": "x\n  é https://example.com/ü and a@example.com\n"])
        defer { Subprocess.removeTree(dir) }
        let r = Subprocess.linkify(["lint", "--format", "json", "a.md"], cwd: dir)
        #expect(r.status == 1)
        let array = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout)) as? [[String: Any]])
        #expect(array.count == 2)
        let keys: Set<String> = ["path", "line", "column", "end_line", "end_column", "kind", "text", "message"]
        for object in array { #expect(Set(object.keys) == keys) }
        #expect(array[0]["line"] as? Int == 2)
        #expect(array[0]["column"] as? Int == 5)
        #expect(array[0]["end_column"] as? Int == 26)
        #expect(array[0]["text"] as? String == "https://example.com/ü")
        #expect(array[1]["kind"] as? String == "email")
        let clean = Subprocess.linkify(["lint", "--format", "json", "-"], stdin: "nothing\n")
        #expect(clean.out == "[]\n")
        #expect(clean.status == 0)
    }

    @Test func githubFormatLineByLine() {
        let dir = lintFolder(["docs/a.md": "https://example.com\nmail a@example.com\n"])
        defer { Subprocess.removeTree(dir) }
        let r = Subprocess.linkify(["lint", "--format", "github", "docs"], cwd: dir)
        #expect(r.status == 1)
        let lines = r.out.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines == [
            "::warning file=docs/a.md,line=1,col=1::bare URL https://example.com",
            "::warning file=docs/a.md,line=2,col=6::bare email address a@example.com",
            "",
        ])
    }

    @Test func sarifHasTheSchemasRequiredStructure() throws {
        let dir = lintFolder(["a.md": "https://example.com\nmail a@example.com\n"])
        defer { Subprocess.removeTree(dir) }
        let r = Subprocess.linkify(["lint", "--format", "sarif", "a.md"], cwd: dir)
        #expect(r.status == 1)
        let log = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout)) as? [String: Any])
        #expect(log["version"] as? String == "2.1.0")
        #expect((log["$schema"] as? String)?.contains("sarif") == true)
        let runs = try #require(log["runs"] as? [[String: Any]])
        #expect(runs.count == 1)
        let driver = try #require((runs[0]["tool"] as? [String: Any])?["driver"] as? [String: Any])
        #expect(driver["name"] as? String == "linkify")
        let rules = try #require(driver["rules"] as? [[String: Any]])
        #expect(rules.compactMap { $0["id"] as? String } == ["bare-url", "bare-email"])
        for rule in rules {
            #expect((rule["shortDescription"] as? [String: Any])?["text"] is String)
            #expect((rule["fullDescription"] as? [String: Any])?["text"] is String)
        }
        let results = try #require(runs[0]["results"] as? [[String: Any]])
        #expect(results.count == 2)
        for (result, (rule, line, column, endColumn)) in zip(results, [("bare-url", 1, 1, 20), ("bare-email", 2, 6, 19)]) {
            #expect(result["ruleId"] as? String == rule)
            #expect(result["ruleIndex"] as? Int == (rule == "bare-url" ? 0 : 1))
            #expect((result["message"] as? [String: Any])?["text"] is String)
            let locations = try #require(result["locations"] as? [[String: Any]])
            let physical = try #require(locations.first?["physicalLocation"] as? [String: Any])
            #expect((physical["artifactLocation"] as? [String: Any])?["uri"] as? String == "a.md")
            let region = try #require(physical["region"] as? [String: Any])
            #expect(region["startLine"] as? Int == line)
            #expect(region["startColumn"] as? Int == column)
            #expect(region["endColumn"] as? Int == endColumn)
        }
        let clean = Subprocess.linkify(["lint", "--format", "sarif", "-"], stdin: "nothing\n")
        #expect(clean.status == 0)
        let empty = try #require(try JSONSerialization.jsonObject(with: Data(clean.stdout)) as? [String: Any])
        #expect(((empty["runs"] as? [[String: Any]])?.first?["results"] as? [Any])?.isEmpty == true)
    }

    @Test func fixRewritesHTMLAtomicallyKeepingTheMode() throws {
        let original = "<p>see https://example.com/?a=1&amp;b=2 <code>https://c.example.com</code></p>\n"
        let dir = lintFolder(["p.html": original])
        defer { Subprocess.removeTree(dir) }
        chmod(dir + "/p.html", 0o640)
        var before = stat()
        stat(dir + "/p.html", &before)
        let r = Subprocess.linkify(["lint", "--fix", "p.html"], cwd: dir)
        #expect(r.status == 0)
        #expect(r.out.isEmpty)
        #expect(String(decoding: Subprocess.read(dir + "/p.html"), as: UTF8.self) ==
            "<p>see <a href=\"https://example.com/?a=1&amp;b=2\">https://example.com/?a=1&amp;b=2</a> <code>https://c.example.com</code></p>\n")
        var after = stat()
        stat(dir + "/p.html", &after)
        #expect(after.st_mode & 0o7777 == 0o640)
        #expect(after.st_ino != before.st_ino, "the file is replaced by a rename, not rewritten in place")
        #expect(folderEntries(dir) == ["p.html"], "no temporary file is left behind")
        let again = Subprocess.linkify(["lint", "p.html"], cwd: dir)
        #expect(again.status == 0)
        #expect(again.out.isEmpty)
        let twice = Subprocess.linkify(["lint", "--fix", "p.html"], cwd: dir)
        #expect(twice.status == 0)
        var third = stat()
        stat(dir + "/p.html", &third)
        #expect(third.st_ino == after.st_ino, "a file with nothing to fix is not rewritten")
    }

    @Test func fixThroughASymbolicLinkReplacesTheTarget() {
        let dir = lintFolder(["real.html": "<p>https://example.com</p>\n"])
        defer { Subprocess.removeTree(dir) }
        symlink("real.html", dir + "/link.html")
        let r = Subprocess.linkify(["lint", "--fix", "link.html"], cwd: dir)
        #expect(r.status == 0)
        var st = stat()
        lstat(dir + "/link.html", &st)
        #expect(st.st_mode & S_IFMT == S_IFLNK)
        #expect(String(decoding: Subprocess.read(dir + "/real.html"), as: UTF8.self) ==
            "<p><a href=\"https://example.com\">https://example.com</a></p>\n")
    }

    @Test func fixReportsPlainTextAndLeavesItAlone() {
        let dir = lintFolder(["notes.txt": "see https://example.com\n"])
        defer { Subprocess.removeTree(dir) }
        let r = Subprocess.linkify(["lint", "--fix", "notes.txt"], cwd: dir)
        #expect(r.status == 1)
        #expect(r.out == "notes.txt:1:5: bare URL https://example.com\n")
        #expect(String(decoding: Subprocess.read(dir + "/notes.txt"), as: UTF8.self) == "see https://example.com\n")
    }

    @Test(.enabled(if: markdownReaderSkipsLinks, "needs the Markdown reader that skips links and code"))
    func fixRewritesMarkdownAndASecondLintFindsNothing() {
        let original = "# Links\n\nsee https://example.com and www.example.com.\n\n`https://code.example.com`\n"
        let dir = lintFolder(["a.md": original])
        defer { Subprocess.removeTree(dir) }
        let www = Array("www.example.com".utf8).withUnsafeBufferPointer { t in
            EntityFinder(options: FinderOptions(profile: .gfm)).entities(in: t).first?.target(in: t) ?? "?"
        }
        let r = Subprocess.linkify(["lint", "--fix", "a.md"], cwd: dir)
        #expect(r.status == 0)
        #expect(r.out.isEmpty)
        #expect(String(decoding: Subprocess.read(dir + "/a.md"), as: UTF8.self) ==
            "# Links\n\nsee <https://example.com> and [www.example.com](\(www)).\n\n`https://code.example.com`\n")
        let again = Subprocess.linkify(["lint", "a.md"], cwd: dir)
        #expect(again.status == 0)
        #expect(again.out.isEmpty)
        #expect(folderEntries(dir) == ["a.md"])
    }
}

/// The driver run in-process with standard output on a pseudo-terminal.
@Suite struct LintColourTests {
    /// What the driver writes to a terminal for `arguments` with `environment`.
    func onTerminal(_ arguments: [String], environment: Environment) -> String {
        // /dev/ptmx by hand (Linux pts(4)): the Glibc module does not export posix_openpt.
        let master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        var unlock: Int32 = 0
        var number: UInt32 = 0
        guard master >= 0, ioctl(master, 0x4004_5431 /* TIOCSPTLCK */, &unlock) == 0,
              ioctl(master, 0x8004_5430 /* TIOCGPTN */, &number) == 0 else { return "<no pty>" }
        let slave = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY)
        let null = open("/dev/null", O_WRONLY)
        defer { close(master); close(null) }
        var driver = Driver(arguments: arguments, io: DriverIO(stdin: null, stdout: slave, stderr: null, environment: environment))
        _ = driver.run()
        close(slave)
        var result: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            var p = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            guard poll(&p, 1, 200) > 0 else { break }
            let n = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress!, 4096) }
            if n <= 0 { break }
            result += buffer[0..<n]
        }
        return String(decoding: result, as: UTF8.self)
    }

    @Test func colourOnATerminalUnlessNoColorIsSet() {
        let dir = lintFolder(["a.md": "https://example.com\n"])
        defer { Subprocess.removeTree(dir) }
        let path = dir + "/a.md"
        #expect(onTerminal(["lint", path], environment: [:]).contains("\u{1B}[1m"))
        #expect(onTerminal(["lint", path], environment: ["NO_COLOR": ""]).contains("\u{1B}[1m"))
        let plain = onTerminal(["lint", path], environment: ["NO_COLOR": "1"])
        #expect(plain.contains("bare URL https://example.com"))
        #expect(!plain.contains("\u{1B}"))
        #expect(onTerminal(["lint", "--color", "always", path], environment: ["NO_COLOR": "1"]).contains("\u{1B}[1m"))
        #expect(!onTerminal(["lint", "--color", "never", path], environment: [:]).contains("\u{1B}"))
    }
}

/// Issue 24 item 9: with `--format text` on a terminal, a summary ends the
/// run on standard error; nowhere else.
@Suite struct LintSummaryTests {
    @Test func aSummaryOnATerminal() throws {
        let dir = lintFolder(["a.md": "see https://a.example.com and https://b.example.com\n", "b.md": "nothing\n", "c.md": "x@example.com\n"])
        defer { Subprocess.removeTree(dir) }
        let environment = ["PATH=/usr/bin:/bin", "LANG=C", "NO_COLOR=1"]
        let run = try #require(Spawn.runOnTerminal(Subprocess.linkify, ["lint"], cwd: dir, environment: environment, stdoutOnTerminal: true))
        #expect(run.result.status == 1)
        let shown = String(decoding: run.terminal, as: UTF8.self)
        #expect(shown.hasSuffix("c.md:1:1: bare email address x@example.com\r\n3 files, 3 findings\r\n"), "\(shown)")
        let one = try #require(Spawn.runOnTerminal(Subprocess.linkify, ["lint", "b.md"], cwd: dir, environment: environment, stdoutOnTerminal: true))
        #expect(String(decoding: one.terminal, as: UTF8.self) == "1 file, 0 findings\r\n")
        // Not with another format, -q, or when the report goes to a file or pipe.
        for arguments in [["lint", "--format", "json"], ["lint", "-q"]] {
            let other = try #require(Spawn.runOnTerminal(Subprocess.linkify, arguments, cwd: dir, environment: environment, stdoutOnTerminal: true))
            #expect(!String(decoding: other.terminal, as: UTF8.self).contains("findings"), "\(arguments)")
        }
        let piped = try #require(Spawn.runOnTerminal(Subprocess.linkify, ["lint"], cwd: dir, environment: environment, stdoutOnTerminal: false))
        #expect(piped.terminal.isEmpty)
        #expect(piped.result.stdoutText.hasSuffix("x@example.com\n"))
    }
}
