#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing

/// Batch conversion (SPEC §2, §7) through the real binary in temporary folders.
@Suite struct WalkTests {
    @Test func walkIsSortedAndSkipsHiddenIgnoredAndBinary() {
        let dir = TempFolder()
        dir.file("docs/b.md", "b.com\n")
        dir.file("docs/a.txt", "a.com\n")
        dir.file("docs/sub/c.html", "<p>c.com</p>\n")
        dir.file("docs/.hidden/d.md", "d.com\n")
        dir.file("docs/.git/e.md", "e.com\n")
        dir.file("docs/node_modules/f.md", "f.com\n")
        dir.file("docs/data.csv", "g.com\n")
        dir.file("docs/bin.txt", Array("h.com\n".utf8) + [0] + Array(" rest".utf8))
        let r = SpawnedLinkify.run(["--verbose", "--to", "jsonl", "docs"], in: dir.path)
        #expect(r.status == 0)
        let paths = r.stdoutText.split(separator: "\n").map { $0.split(separator: "\"")[3] }
        #expect(paths == ["docs/a.txt", "docs/b.md", "docs/sub/c.html"])
        // --verbose says what the walk skipped, then what was skipped when read.
        #expect(r.stderrText == """
            linkify: docs/.git: skipped: hidden
            linkify: docs/.hidden: skipped: hidden
            linkify: docs/data.csv: skipped: not a Markdown, HTML or .txt file (--include takes others)
            linkify: docs/node_modules: skipped: a node_modules folder
            linkify: docs/bin.txt: skipped: binary file

            """)
        let quiet = SpawnedLinkify.run(["-q", "--verbose", "--to", "jsonl", "docs"], in: dir.path)
        #expect(quiet.stderrText == "")
    }

    @Test func namedBinaryFileIsData() {
        let dir = TempFolder()
        dir.file("x.txt", Array("a\u{0}b example.com".utf8))
        let r = SpawnedLinkify.run(["x.txt"], in: dir.path)
        #expect(r.stdout == Array("a\u{0}b <a href=\"https://example.com\">example.com</a>".utf8))
    }

    @Test func gitignoreRules() {
        let dir = TempFolder()
        dir.file("r/.gitignore", "# comment\n*.log.md\n/top.md\nbuild/\n!keep.log.md\ndeep/**/x.md\n")
        dir.file("r/top.md", "t.com")
        dir.file("r/sub/top.md", "u.com")
        dir.file("r/a.log.md", "v.com")
        dir.file("r/keep.log.md", "w.com")
        dir.file("r/build/z.md", "x.com")
        dir.file("r/build.md", "y.com")
        dir.file("r/deep/x.md", "z1.com")
        dir.file("r/deep/1/2/x.md", "z2.com")
        dir.file("r/deep/1/y.md", "z3.com")
        dir.file("r/nested/.gitignore", "*.md\n!important.md\n")
        dir.file("r/nested/a.md", "n1.com")
        dir.file("r/nested/important.md", "n2.com")
        let r = SpawnedLinkify.run(["--to", "jsonl", "r"], in: dir.path)
        let paths = r.stdoutText.split(separator: "\n").map { String($0.split(separator: "\"")[3]) }
        #expect(paths == ["r/build.md", "r/deep/1/y.md", "r/keep.log.md", "r/nested/important.md", "r/sub/top.md"])
    }

    /// As git does: the `.gitignore` files above the walked folder, up to the
    /// work tree's top (the folder holding `.git`), apply to it too.
    @Test func gitignoreAboveTheRootUpToTheWorkTree() {
        let dir = TempFolder()
        dir.file(".gitignore", "*.md\n")                      // outside the work tree: not applied
        dir.file("repo/.git/HEAD", "ref: refs/heads/main\n")
        dir.file("repo/.gitignore", "/docs/gen/\n*.draft.md\n")
        dir.file("repo/docs/.gitignore", "!keep.draft.md\n")
        dir.file("repo/docs/a.md", "a.com")
        dir.file("repo/docs/b.draft.md", "b.com")
        dir.file("repo/docs/keep.draft.md", "c.com")
        dir.file("repo/docs/gen/d.md", "d.com")
        dir.file("repo/docs/sub/gen/e.md", "e.com")
        for (cwd, root, prefix) in [(dir.at("repo"), "docs", "docs/"), (dir.at("repo/docs"), ".", "./")] {
            let r = SpawnedLinkify.run(["--to", "jsonl", root], in: cwd)
            let paths = r.stdoutText.split(separator: "\n").map { String($0.split(separator: "\"")[3]) }
            #expect(paths == ["a.md", "keep.draft.md", "sub/gen/e.md"].map { prefix + $0 })
            let lint = SpawnedLinkify.run(["lint", "--profile", "default", root], in: cwd)
            #expect(lint.stdoutText.split(separator: "\n").map { String($0.prefix(while: { $0 != ":" })) }
                == ["a.md", "keep.draft.md", "sub/gen/e.md"].map { prefix + $0 })
        }
    }

    @Test func includeAndExclude() {
        let dir = TempFolder()
        dir.file("r/a.csv", "a.com")
        dir.file("r/b.md", "b.com")
        dir.file("r/vendor/c.csv", "c.com")
        dir.file("r/d.csv", "d.com")
        let r = SpawnedLinkify.run(["--to", "jsonl", "--include", "*.csv", "--exclude", "vendor", "--exclude", "d.*", "r"], in: dir.path)
        let paths = r.stdoutText.split(separator: "\n").map { String($0.split(separator: "\"")[3]) }
        #expect(paths == ["r/a.csv"])
    }

    /// Issue 24 item 6: the default extension lists match in any case (a user's
    /// globs keep theirs), and `--verbose` says what a walk skipped and why.
    @Test func defaultExtensionsMatchInAnyCaseAndVerboseSaysWhatWasSkipped() {
        let dir = TempFolder()
        dir.file("d/README.MD", "see https://a.com\n")
        dir.file("d/notes.Markdown", "see https://b.com\n")
        dir.file("d/X.HTM", "<p>see c.com</p>\n")
        dir.file("d/LOG.TXT", "see d.com\n")
        dir.file("d/image.png", "see e.com\n")
        dir.file("d/old.md", "see f.com\n")
        dir.file("d/.gitignore", "old.md\n")
        let r = SpawnedLinkify.run(["--to", "jsonl", "--verbose", "d"], in: dir.path)
        #expect(r.status == 0)
        let paths = r.stdoutText.split(separator: "\n").map { $0.split(separator: "\"")[3] }
        #expect(paths == ["d/LOG.TXT", "d/README.MD", "d/X.HTM", "d/notes.Markdown"])
        #expect(r.stderrText == """
            linkify: d/.gitignore: skipped: hidden
            linkify: d/image.png: skipped: not a Markdown, HTML or .txt file (--include takes others)
            linkify: d/old.md: skipped: ignored by git's ignore rules

            """)
        // A user's glob keeps its case.
        let glob = SpawnedLinkify.run(["--to", "jsonl", "--include", "*.md", "--verbose", "d"], in: dir.path)
        #expect(glob.stdoutText.isEmpty)
        #expect(glob.stderrText.contains("linkify: d/README.MD: skipped: not matched by --include\n"))
        // lint walks Markdown files, in any case too.
        let lint = SpawnedLinkify.run(["lint", "--verbose", "d"], in: dir.path)
        #expect(lint.status == 1)
        #expect(lint.stdoutText == "d/README.MD:1:5: bare URL https://a.com\nd/notes.Markdown:1:5: bare URL https://b.com\n")
        #expect(lint.stderrText.contains("linkify: d/X.HTM: skipped: not a Markdown file (lint walks Markdown files; --include takes others)\n"))
        #expect(SpawnedLinkify.run(["-q", "--verbose", "--to", "jsonl", "d"], in: dir.path).stderrText.isEmpty)
    }

    @Test func symlinkedFoldersAreNotFollowed() {
        let dir = TempFolder()
        dir.file("r/a.md", "a.com")
        dir.file("elsewhere/b.md", "b.com")
        symlink(dir.at("elsewhere"), dir.at("r/link"))
        symlink(dir.at("elsewhere/b.md"), dir.at("r/file-link.md"))
        let r = SpawnedLinkify.run(["--to", "jsonl", "r"], in: dir.path)
        let paths = r.stdoutText.split(separator: "\n").map { String($0.split(separator: "\"")[3]) }
        #expect(paths == ["r/a.md", "r/file-link.md"])
    }
}

@Suite struct OutputTests {
    @Test func outputDirectoryMirrorsTheTree() {
        let dir = TempFolder()
        dir.file("docs/a.txt", "see a.com\n")
        dir.file("docs/sub/b.md", "see b.com\n")
        dir.file("docs/sub/c.htm", "<p>c.com</p>\n")
        dir.file("one.txt", "one.com\n")
        let r = SpawnedLinkify.run(["docs", "one.txt", "-o", "out"], in: dir.path)
        #expect(r.status == 0)
        #expect(dir.allFiles().filter { $0.hasPrefix("out/") } == ["out/a.html", "out/one.html", "out/sub/b.md", "out/sub/c.html"])
        // Plain text written as html to a folder is a standalone document (StandaloneTests).
        #expect(dir.text("out/a.html").hasPrefix("<!DOCTYPE html>"))
        #expect(dir.text("out/a.html").contains("<pre>\nsee <a href=\"https://a.com\">a.com</a>\n</pre>"))
        #expect(dir.text("out/sub/b.md") == "see [b.com](https://b.com)\n")
        let json = SpawnedLinkify.run(["docs", "-o", "js", "--to", "json"], in: dir.path)
        #expect(json.status == 0)
        #expect(dir.text("js/a.json").hasPrefix("{\"version\": 1, \"files\": [\n{\"path\": \"docs/a.txt\""))
        #expect(dir.text("js/a.json").hasSuffix("]}\n"))
    }

    @Test func outputFileForOneInput() {
        let dir = TempFolder()
        dir.file("a.txt", "a.com\n")
        let r = SpawnedLinkify.run(["a.txt", "-o", "result.html"], in: dir.path)
        #expect(r.status == 0)
        #expect(dir.text("result.html") == "<a href=\"https://a.com\">a.com</a>\n")
    }

    @Test func jobsGiveTheSameOutputAsOneJob() {
        let dir = TempFolder()
        for i in 0..<40 {
            var text = ""
            for k in 0..<(i % 7 == 0 ? 30000 : 50) { text += "line \(k) of file \(i): see https://example.com/\(i)/\(k) or mail x\(k)@example.org\n" }
            dir.file("d/f\(i < 10 ? "0" : "")\(i).txt", text)
        }
        dir.file("d/bad.txt", Array("x.com ".utf8) + [0xFF, 0xFE] + Array(" y.com".utf8))
        for format in ["html", "json", "jsonl"] {
            let one = SpawnedLinkify.run(["-j", "1", "--to", format, "d"], in: dir.path)
            let many = SpawnedLinkify.run(["-j", "4", "--to", format, "d"], in: dir.path)
            #expect(one.status == 0 && many.status == 0)
            #expect(one.stdout.count > 1_000_000)
            let same = one.stdout == many.stdout
            #expect(same, "format \(format)")
        }
    }

    @Test func checkListsFilesThatWouldChange() {
        let dir = TempFolder()
        dir.file("d/a.md", "see a.com\n")
        dir.file("d/b.md", "nothing here\n")
        dir.file("d/c.html", "<p>c.com</p>\n")
        dir.file("d/t.txt", "t.com\n")
        let before = dir.allFiles().map { dir.contents($0) }
        let r = SpawnedLinkify.run(["--check", "d"], in: dir.path)
        #expect(r.status == 1)
        #expect(r.stdoutText == "d/a.md\nd/c.html\n")
        #expect(dir.allFiles().map { dir.contents($0) } == before)
        let clean = SpawnedLinkify.run(["--check", "d/b.md"], in: dir.path)
        #expect(clean.status == 0 && clean.stdout.isEmpty)
    }

    @Test func inPlaceRewritesAtomicallyKeepingMode() {
        let dir = TempFolder()
        dir.file("d/a.md", "see a.com\n")
        dir.file("d/b.md", "nothing here\n")
        dir.file("d/t.txt", "t.com\n")
        chmod(dir.at("d/a.md"), 0o640)
        let r = SpawnedLinkify.run(["-i", "--verbose", "d"], in: dir.path)
        #expect(r.status == 0)
        #expect(r.stdout.isEmpty)
        #expect(dir.text("d/a.md") == "see [a.com](https://a.com)\n")
        #expect(dir.text("d/b.md") == "nothing here\n")
        #expect(dir.text("d/t.txt") == "t.com\n")
        #expect(r.stderrText == "linkify: d/t.txt: skipped: a plain-text file is rewritten in place only with --to markdown\n")
        var st = stat()
        stat(dir.at("d/a.md"), &st)
        #expect(st.st_mode & 0o7777 == 0o640)
        #expect(dir.allFiles() == ["d/a.md", "d/b.md", "d/t.txt"])
        let named = SpawnedLinkify.run(["-i", "d/t.txt"], in: dir.path)
        #expect(named.status == 2)
        #expect(named.stderrText == "linkify: d/t.txt: a plain-text file is rewritten in place only with --to markdown\n")
        let markdown = SpawnedLinkify.run(["-i", "--to", "markdown", "d/t.txt"], in: dir.path)
        #expect(markdown.status == 0)
        #expect(dir.text("d/t.txt") == "[t.com](https://t.com)\n")
    }

    /// Issue 24 item 7: `-i` and `--check` keep each file's format, so
    /// another `--to` is a usage error that points to `-o DIR`, not ignored.
    @Test(arguments: [["-i", "--to", "html", "a.md"], ["--check", "--to", "html", "a.md"], ["-i", "--to", "json", "a.md"],
                      ["--to", "jsonl", "-i", "a.md"], ["-i", "--to=html", "p.html"]])
    func inPlaceWithAnotherOutputFormatPointsToOutputFolder(_ args: [String]) {
        let dir = TempFolder()
        dir.file("a.md", "see a.com\n")
        dir.file("p.html", "<p>see a.com</p>\n")
        let r = SpawnedLinkify.run(args, in: dir.path)
        #expect(r.status == 2)
        #expect(r.stdout.isEmpty)
        #expect(r.stderrText.split(separator: "\n").count == 1)
        #expect(r.stderrText.contains("keeps each file's format"), "\(r.stderrText)")
        #expect(r.stderrText.contains("-o DIR"), "\(r.stderrText)")
        #expect(dir.text("a.md") == "see a.com\n")
        #expect(dir.text("p.html") == "<p>see a.com</p>\n")
        // --to markdown only says how plain-text files are rewritten.
        let markdown = SpawnedLinkify.run(["-i", "--to", "markdown", "a.md"], in: dir.path)
        #expect(markdown.status == 0)
        #expect(dir.text("a.md") == "see [a.com](https://a.com)\n")
    }

    @Test(arguments: [
        (["-i"], "--in-place needs files"),
        (["-i", "-"], "--in-place needs files"),
        (["-i", "a.md", "-o", "x"], "--in-place cannot be combined with --output"),
        (["-i", "a.md", "--to", "json"], "--in-place keeps each file's format"),
        (["-i", "a.md", "--to", "jsonl"], "--in-place keeps each file's format"),
        (["--check"], "--check needs files"),
    ])
    func inPlaceUsageErrors(_ args: [String], _ message: String) {
        let dir = TempFolder()
        dir.file("a.md", "a.com")
        let r = SpawnedLinkify.run(args, in: dir.path)
        #expect(r.status == 2)
        #expect(r.stderrText.hasPrefix("linkify: " + message))
        #expect(r.stderrText.split(separator: "\n").count == 1)
        #expect(dir.text("a.md") == "a.com")
    }
}

@Suite struct FaultTests {
    @Test func unreadableFileIsReportedAndOthersGoOn() {
        let dir = TempFolder()
        dir.file("a.txt", "a.com")
        dir.file("secret.txt", "s.com")
        dir.file("z.txt", "z.com")
        chmod(dir.at("secret.txt"), 0o000)
        let r = SpawnedLinkify.runUnprivileged(["--to", "jsonl", "a.txt", "secret.txt", "missing.txt", "z.txt"], in: dir.path)
        #expect(r.status == 2)
        #expect(r.stderrText.contains("linkify: secret.txt: Permission denied\n"))
        #expect(r.stderrText.contains("linkify: missing.txt: No such file or directory\n"))
        #expect(r.stderrText.split(separator: "\n").count == 2)
        #expect(r.stdoutText.split(separator: "\n").count == 2)
    }

    @Test func readOnlyFolderLeavesOriginalsUntouched() {
        let dir = TempFolder()
        dir.file("ro/a.md", "see a.com\n")
        dir.file("rw/b.md", "see b.com\n")
        chmod(dir.at("rw"), 0o777)
        chmod(dir.at("rw/b.md"), 0o666)
        chmod(dir.at("ro/a.md"), 0o666)
        chmod(dir.at("ro"), 0o555)
        let r = SpawnedLinkify.runUnprivileged(["-i", "ro/a.md", "rw/b.md"], in: dir.path)
        #expect(r.status == 2)
        #expect(r.stderrText.hasPrefix("linkify: ro/a.md: cannot create a temporary file in ro: "))
        // rw/b.md was root's: nobody's now, and said (SPEC §7).
        #expect(r.stderrText.split(separator: "\n").count == 2)
        #expect(r.stderrText.contains("\nlinkify: rw/b.md: rewritten as uid 65534 gid 65534, not as its owner uid 0 gid 0 "))
        #expect(dir.text("ro/a.md") == "see a.com\n")
        #expect(dir.text("rw/b.md") == "see [b.com](https://b.com)\n")
        #expect(dir.allFiles() == ["ro/a.md", "rw/b.md"])
    }

    @Test func directoryWhereAFileIsNeeded() {
        let dir = TempFolder()
        dir.file("d/a.txt", "a.com")
        dir.file("d/b.txt", "b.com")
        mkdir(dir.at("out"), 0o755)
        mkdir(dir.at("out/a.html"), 0o755)
        let r = SpawnedLinkify.run(["d", "-o", "out"], in: dir.path)
        #expect(r.status == 2)
        #expect(r.stderrText == "linkify: out/a.html: Is a directory\n")
        #expect(dir.text("out/b.html").contains("<pre>\n<a href=\"https://b.com\">b.com</a></pre>"))
    }

    @Test func fullDisk() {
        let dir = TempFolder()
        dir.file("a.txt", "a.com")
        let toFile = SpawnedLinkify.run(["a.txt", "-o", "/dev/full"], in: dir.path)
        #expect(toFile.status == 2)
        #expect(toFile.stderrText == "linkify: /dev/full: No space left on device\n")
        let r = SpawnedLinkify.wait(SpawnedLinkify.start(["a.txt"], in: dir.path, stdoutPath: "/dev/full"))
        #expect(r.status == 2)
        #expect(r.stderrText == "linkify: <stdout>: No space left on device\n")
    }

    @Test func closedPipeEndsQuietly() {
        let dir = TempFolder()
        var text = ""
        for k in 0..<100_000 { text += "\(k) example.com\n" }
        dir.file("big.txt", text)
        // `linkify | head -c 10`, and linkify's own status.
        let out = SpawnedLinkify.shell("'\(SpawnedLinkify.binary)' big.txt 2>err | head -c 10; echo \" ${PIPESTATUS[0]}\"", in: dir.path)
        #expect(out == "0 <a href= 0\n")
        #expect(dir.text("err") == "")
    }

    @Test func interruptedInPlaceLeavesWholeFilesAndNoTemporaries() throws {
        let dir = TempFolder()
        dir.file("d/a.md", "see a.com\n")
        var big: [UInt8] = []
        let line = Array("some text with https://example.com/path and more words\n".utf8)
        while big.count < 48 << 20 { big += line }
        dir.file("d/b.md", big)
        dir.file("d/c.md", "see c.com\n")
        let running = SpawnedLinkify.start(["-i", "-j", "1", "d"], in: dir.path)
        // Wait until the temporary file of d/b.md exists, then interrupt.
        var sawTemporary = false
        for _ in 0..<20_000 {
            if dir.allFiles().contains(where: { $0.hasPrefix("d/.b.md.linkify-") }) { sawTemporary = true; break }
            usleep(1000)
        }
        kill(running.pid, SIGTERM)
        let r = SpawnedLinkify.wait(running)
        #expect(sawTemporary)
        #expect(r.signal == SIGTERM)
        #expect(dir.allFiles() == ["d/a.md", "d/b.md", "d/c.md"])
        #expect(dir.text("d/a.md") == "see [a.com](https://a.com)\n")
        let unchanged = dir.contents("d/b.md") == big   // a Bool: a failing diff of 48 MiB would not end
        #expect(unchanged)
        #expect(dir.text("d/c.md") == "see c.com\n")
    }
}

@Suite struct ProgressTests {
    @Test func progressBarOnlyWhenAskedOrOnATerminal() {
        let dir = TempFolder()
        var big: [UInt8] = []
        let line = Array("words and https://example.com/path, more words and mail a@example.org\n".utf8)
        while big.count < 8 << 20 { big += line }
        dir.file("big.txt", big)
        dir.file("small.txt", "a.com")
        // Standard error is a file here: no bar unless --progress.
        let plain = SpawnedLinkify.run(["big.txt", "small.txt", "-o", "out"], in: dir.path)
        #expect(plain.status == 0 && plain.stderr.isEmpty)
        let forced = SpawnedLinkify.run(["--progress", "big.txt", "small.txt", "-o", "out"], in: dir.path)
        #expect(forced.status == 0)
        #expect(forced.stderrText.contains("files"))
        #expect(forced.stderrText.contains("MB/s"))
        #expect(forced.stderrText.contains("ETA"))
        let off = SpawnedLinkify.run(["--progress", "--no-progress", "big.txt", "-o", "out"], in: dir.path)
        #expect(off.stderr.isEmpty)
    }
}

/// Issue 24 item 12: the bar is never drawn into the output it would mix
/// with, and never left on the screen.
@Suite struct ProgressOnATerminalTests {
    static let environment = ["PATH=/usr/bin:/bin", "LANG=C"]

    @Test func noBarWhileTheResultsGoToTheTerminal() throws {
        let dir = TempFolder()
        for k in 0..<210 { dir.file("d/f\(1000 + k).txt", "x\n") }
        // Standard output on the terminal: no bar, even for 200 files or with --progress.
        for arguments in [["d"], ["--progress", "d"], ["--check", "--progress", "d"]] {
            let run = try #require(Spawn.runOnTerminal(SpawnedLinkify.binary, arguments, cwd: dir.path, environment: Self.environment,
                                                       stdoutOnTerminal: true))
            #expect(run.result.status == 0)
            let shown = String(decoding: run.terminal, as: UTF8.self)
            #expect(!shown.contains("MB/s") && !shown.contains("\u{1B}[K"), "\(arguments): \(shown.suffix(200))")
            if arguments == ["d"] { #expect(shown.hasPrefix("x\r\nx\r\n")) }
        }
        // The results in a folder: the bar is drawn, then erased.
        let folder = try #require(Spawn.runOnTerminal(SpawnedLinkify.binary, ["d", "-o", "out"], cwd: dir.path, environment: Self.environment,
                                                      stdoutOnTerminal: true))
        #expect(folder.result.status == 0)
        let shown = String(decoding: folder.terminal, as: UTF8.self)
        #expect(shown.contains("MB/s"))
        #expect(shown.hasSuffix("\r\u{1B}[K"))
    }

    @Test func anInterruptErasesTheBar() throws {
        let dir = TempFolder()
        dir.file("a.txt", "see a.com\n")
        // A FIFO nobody writes to: the run waits on it with the bar drawn.
        #expect(mkfifo(dir.at("wait.txt"), 0o644) == 0)
        for sig in [SIGINT, SIGTERM] {
            var sent = false
            var looks = 0
            let run = try #require(Spawn.runOnTerminal(SpawnedLinkify.binary, ["--progress", "a.txt", "wait.txt", "-o", "out"], cwd: dir.path,
                                                       environment: Self.environment, stdoutOnTerminal: false) { shown, pid in
                looks += 1
                if !sent && String(decoding: shown, as: UTF8.self).contains("MB/s") {
                    kill(pid, sig)
                    sent = true
                } else if looks == 1500 {
                    kill(pid, SIGKILL)   // 30 s and no bar: the run would wait for ever
                }
            })
            #expect(sent)
            #expect(run.result.signal == sig)
            let shown = String(decoding: run.terminal, as: UTF8.self)
            #expect(shown.contains("MB/s"))
            #expect(shown.hasSuffix("\r\u{1B}[K"), "\(shown.suffix(120).debugDescription)")
        }
    }
}
