#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
@testable import LinkifyCLI
@testable import LinkifyCore
@testable import LinkifyDetectors
@testable import LinkifyFinding
@testable import LinkifyInput
@_spi(Layers) @testable import LinkifyModel
@testable import LinkifyRendering
import LinkifyTestSupport

/// Issue 14's conventions users expect from prettier, markdownlint-cli2 and
/// ripgrep: `--stdin-filepath`, `.linkify.json` per file, git's other ignore
/// files, quiet walks, progress within a file, honest help, SARIF URIs.
@Suite struct StdinFilepathTests {
    static let markdown = "see [x](https://a.com) and `https://b.com` and c.com\n"

    @Test func theNameDecidesTheSyntax() {
        let dir = TempFolder()
        let named = SpawnedLinkify.run(["--stdin-filepath", "x.md", "--to", "markdown"], in: dir.path, stdin: Array(Self.markdown.utf8))
        #expect(named.status == 0)
        // Read as Markdown: the link and the code span are left alone.
        #expect(named.stdoutText == "see [x](https://a.com) and `https://b.com` and [c.com](https://c.com)\n")
        // Without it standard input is plain text (what a user piping Markdown met).
        let plain = SpawnedLinkify.run(["--to", "markdown"], in: dir.path, stdin: Array(Self.markdown.utf8))
        // (A URL with its scheme: the bare-name model may leave a bare `b.com` alone.)
        #expect(plain.stdoutText.contains("`<https://b.com>`"))
        // --from still wins over the name.
        let from = SpawnedLinkify.run(["--stdin-filepath", "x.md", "--from", "text", "--to", "markdown"], in: dir.path,
                                      stdin: Array(Self.markdown.utf8))
        #expect(from.stdoutText == plain.stdoutText)
        // The name is what JSON output calls the input; it need not exist.
        let json = SpawnedLinkify.run(["--stdin-filepath", "docs/new.md", "--to", "jsonl"], in: dir.path, stdin: Array(Self.markdown.utf8))
        #expect(json.stdoutText.hasPrefix("{\"path\": \"docs/new.md\", \"kind\": \"url\", \"text\": \"c.com\""))
        #expect(json.stdoutText.split(separator: "\n").count == 1)
    }

    @Test func lintReadsTheNamedSyntax() {
        let dir = TempFolder()
        // lint reads standard input as Markdown; named .txt, the link's URL is bare text.
        let input = Array("[a](https://a.com)\n".utf8)
        let markdown = SpawnedLinkify.run(["lint", "--stdin-filepath", "notes.md"], in: dir.path, stdin: input)
        #expect(markdown.status == 0)
        #expect(markdown.stdoutText == "")
        let text = SpawnedLinkify.run(["lint", "--stdin-filepath", "sub/notes.txt"], in: dir.path, stdin: input)
        #expect(text.status == 1)
        #expect(text.stdoutText == "sub/notes.txt:1:5: bare URL https://a.com\n")
    }

    @Test func theNameTitlesAStandaloneDocument() {
        let dir = TempFolder()
        let named = SpawnedLinkify.run(["--standalone", "--stdin-filepath", "docs/notes.txt"], in: dir.path, stdin: Array("x\n".utf8))
        #expect(named.status == 0 && named.stdoutText.contains("<title>notes.txt</title>"))
        let unnamed = SpawnedLinkify.run(["--standalone"], in: dir.path, stdin: Array("x\n".utf8))
        #expect(unnamed.stdoutText.contains("<title>standard input</title>"))
    }

    @Test func ignoredNamePassesTheInputThrough() {
        let dir = TempFolder()
        dir.file("repo/.git/info/exclude", "generated.md\n")
        dir.file("repo/.gitignore", "build/\n")
        dir.file("repo/docs/.gitignore", "*.tmp.md\n")
        let input = Array("see a.com\n".utf8)
        for name in ["repo/generated.md", "repo/build/x.md", "repo/build/deeper/x.md", "repo/docs/y.tmp.md"] {
            let r = SpawnedLinkify.run(["--stdin-filepath", name, "--to", "markdown"], in: dir.path, stdin: input)
            #expect(r.status == 0)
            #expect(r.stdout == input, "\(name) is ignored: the text comes back unchanged")
            let json = SpawnedLinkify.run(["--stdin-filepath", name, "--to", "jsonl"], in: dir.path, stdin: input)
            #expect(json.stdout.isEmpty)
            let lint = SpawnedLinkify.run(["lint", "--stdin-filepath", name], in: dir.path, stdin: input)
            #expect(lint.status == 0)
            #expect(lint.stdout.isEmpty && lint.stderr.isEmpty)
        }
        let kept = SpawnedLinkify.run(["--stdin-filepath", "repo/docs/y.md", "--to", "markdown"], in: dir.path, stdin: input)
        #expect(kept.stdoutText == "see [a.com](https://a.com)\n")
    }

    @Test func theNamedFoldersConfigApplies() {
        let dir = TempFolder()
        dir.file("site/.linkify.json", #"{"attr": ["rel=site"]}"#)
        let r = SpawnedLinkify.run(["--stdin-filepath", "site/page.txt"], in: dir.path, stdin: Array("a.com".utf8))
        #expect(r.stdoutText == #"<a href="https://a.com" rel="site">a.com</a>"#)
        let elsewhere = SpawnedLinkify.run(["--stdin-filepath", "page.txt"], in: dir.path, stdin: Array("a.com".utf8))
        #expect(elsewhere.stdoutText == #"<a href="https://a.com">a.com</a>"#)
    }
}

@Suite struct ConfigPerFileTests {
    static func anchors(_ r: SpawnResult) -> [String] { r.stdoutText.split(separator: "\n").map(String.init) }

    @Test func nearestFileWinsAndFilesAreNotMerged() {
        let dir = TempFolder()
        dir.file(".linkify.json", #"{"attr": ["rel=top"], "class": "top"}"#)
        dir.file("docs/.linkify.json", #"{"attr": ["rel=docs"]}"#)
        dir.file("docs/a.txt", "a.com\n")
        dir.file("docs/deep/b.txt", "b.com\n")
        dir.file("c.txt", "c.com\n")
        let expected = [
            #"<a href="https://a.com" rel="docs">a.com</a>"#,
            #"<a href="https://b.com" rel="docs">b.com</a>"#,
            #"<a href="https://c.com" class="top" rel="top">c.com</a>"#,
        ]
        // Named files, a walk, and the same from inside docs/deep.
        #expect(Self.anchors(SpawnedLinkify.run(["docs/a.txt", "docs/deep/b.txt", "c.txt"], in: dir.path)) == expected)
        #expect(Self.anchors(SpawnedLinkify.run(["docs", "c.txt"], in: dir.path)) == expected)
        let inside = SpawnedLinkify.run(["../a.txt", "b.txt", "../../c.txt"], in: dir.at("docs/deep"))
        #expect(Self.anchors(inside) == expected)
        // --config and --no-config apply to every input.
        let one = SpawnedLinkify.run(["--config", ".linkify.json", "docs/a.txt", "c.txt"], in: dir.path)
        #expect(Self.anchors(one) == [#"<a href="https://a.com" class="top" rel="top">a.com</a>"#, expected[2]])
        let none = SpawnedLinkify.run(["--no-config", "docs/a.txt", "c.txt"], in: dir.path)
        #expect(Self.anchors(none) == [#"<a href="https://a.com">a.com</a>"#, #"<a href="https://c.com">c.com</a>"#])
        // The command line wins over every file.
        let cli = SpawnedLinkify.run(["--class", "cli", "docs/a.txt"], in: dir.path)
        #expect(cli.stdoutText == #"<a href="https://a.com" class="cli" rel="docs">a.com</a>"# + "\n")
    }

    @Test func searchStopsAtTheWorkTreesTop() {
        let dir = TempFolder()
        dir.file(".linkify.json", #"{"attr": ["rel=outside"]}"#)
        dir.file("repo/.git/HEAD", "ref: refs/heads/main\n")
        dir.file("repo/a.txt", "a.com")
        dir.file("b.txt", "b.com")
        let r = SpawnedLinkify.run(["repo/a.txt", "b.txt"], in: dir.path)
        #expect(r.stdoutText == #"<a href="https://a.com">a.com</a><a href="https://b.com" rel="outside">b.com</a>"#)
        // From inside the work tree, the run's own file is not found above it either.
        let inside = SpawnedLinkify.run([], in: dir.at("repo"), stdin: Array("c.com".utf8))
        #expect(inside.stdoutText == #"<a href="https://c.com">c.com</a>"#)
    }

    @Test func runSettingsComeFromTheRun() {
        let dir = TempFolder()
        // A nested file's `to` and `quiet` are not the run's: the output stays one format.
        dir.file("docs/.linkify.json", #"{"to": "jsonl", "detect": "url"}"#)
        dir.file("docs/a.txt", "a.com x@y.com\n")
        let r = SpawnedLinkify.run(["docs/a.txt"], in: dir.path)
        #expect(r.stdoutText == #"<a href="https://a.com">a.com</a> x@y.com"# + "\n")
    }

    /// Issue 24 item 11: a nested file's run settings are ignored, and said
    /// so once on standard error (not once per input).
    @Test func runSettingsInANestedFileAreNotedOnce() {
        let dir = TempFolder()
        dir.file("docs/.linkify.json", #"{"jobs": 2, "detect": "url", "progress": true}"#)
        dir.file("docs/a.txt", "a.com x@y.com\n")
        dir.file("docs/b.md", "https://b.com\n")
        let r = SpawnedLinkify.run(["docs/a.txt", "docs/b.md"], in: dir.path)
        #expect(r.status == 0)
        #expect(r.stdoutText == #"<a href="https://a.com">a.com</a> x@y.com"# + "\n" + "<https://b.com>\n")
        let lines = r.stderrText.split(separator: "\n")
        #expect(lines.count == 1)
        #expect(r.stderrText.hasPrefix("linkify: /"))
        #expect(r.stderrText.hasSuffix("/docs/.linkify.json: ignored here: jobs, progress (settings of the whole run: "
            + "give them on the command line or in the current folder's .linkify.json)\n"), "\(r.stderrText)")
        // lint takes no progress: only jobs is named.
        let lint = SpawnedLinkify.run(["lint", "docs"], in: dir.path)
        #expect(lint.status == 1)
        #expect(lint.stderrText.hasSuffix("/docs/.linkify.json: ignored here: jobs (settings of the whole run: "
            + "give them on the command line or in the current folder's .linkify.json)\n"), "\(lint.stderrText)")
        #expect(SpawnedLinkify.run(["-q", "docs/a.txt"], in: dir.path).stderrText.isEmpty)
        // The current folder's file is the run's: its settings count (--progress draws a bar), nothing to say.
        let inside = SpawnedLinkify.run(["a.txt"], in: dir.at("docs"))
        #expect(inside.status == 0)
        #expect(inside.stderrText.contains("MB/s") && !inside.stderrText.contains("ignored here"))
    }

    @Test func aBrokenNestedFileStopsTheRunBeforeAnythingIsWritten() {
        let dir = TempFolder()
        dir.file("docs/sub/.linkify.json", #"{"bogus": true}"#)
        dir.file("docs/a.txt", "a.com\n")
        dir.file("docs/sub/b.txt", "b.com\n")
        let r = SpawnedLinkify.run(["docs", "-o", "out"], in: dir.path)
        #expect(r.status == 2)
        #expect(r.stderrText.hasSuffix("docs/sub/.linkify.json: key 'bogus': unknown option\n"))
        #expect(!dir.allFiles().contains { $0.hasPrefix("out/") })
    }

    @Test func lintTakesEachFilesSettings() {
        let dir = TempFolder()
        dir.file("docs/.linkify.json", #"{"detect": "email"}"#)
        dir.file("docs/a.md", "https://a.com x@y.com\n")
        dir.file("b.md", "https://b.com x@y.com\n")
        let r = SpawnedLinkify.run(["lint", "docs/a.md", "b.md"], in: dir.path)
        #expect(r.stdoutText == """
            docs/a.md:1:15: bare email address x@y.com
            b.md:1:1: bare URL https://b.com
            b.md:1:15: bare email address x@y.com

            """)
    }
}

@Suite struct GitExcludesTests {
    @Test func infoExcludeIsHonouredInAWalk() {
        let dir = TempFolder()
        dir.file("repo/.git/info/exclude", "# local\nlocal.md\n")
        dir.file("repo/.gitignore", "!kept.md\n")
        dir.file("repo/local.md", "l.com")
        dir.file("repo/sub/local.md", "m.com")
        dir.file("repo/kept.md", "k.com")
        dir.file("outside/local.md", "o.com")
        let r = SpawnedLinkify.run(["--to", "jsonl", "repo", "outside"], in: dir.path)
        let paths = r.stdoutText.split(separator: "\n").map { String($0.split(separator: "\"")[3]) }
        #expect(paths == ["repo/kept.md", "outside/local.md"])
        // Walking a folder below the top applies them too.
        let below = SpawnedLinkify.run(["--to", "jsonl", "repo/sub"], in: dir.path)
        #expect(below.stdout.isEmpty)
    }

    @Test func linkedWorkTreeFindsTheCommonInfoExclude() {
        let dir = TempFolder()
        dir.file("main/.git/info/exclude", "x.md\n")
        dir.file("main/.git/worktrees/wt/commondir", "../..\n")
        dir.file("wt/.git", "gitdir: \(dir.path)/main/.git/worktrees/wt\n")
        dir.file("wt/x.md", "x.com")
        dir.file("wt/y.md", "y.com")
        let r = SpawnedLinkify.run(["--to", "jsonl", "wt"], in: dir.path)
        let paths = r.stdoutText.split(separator: "\n").map { String($0.split(separator: "\"")[3]) }
        #expect(paths == ["wt/y.md"])
    }

    func walk(_ dir: TempFolder, environment: [String: String]) -> [String] {
        let r = Subprocess.run(Subprocess.linkify, ["--to", "jsonl", "repo"], cwd: dir.path, environment: environment)
        return r.out.split(separator: "\n").map { String($0.split(separator: "\"")[3]) }
    }

    @Test func globalExcludesFile() {
        let dir = TempFolder()
        dir.file("repo/.git/HEAD", "ref: refs/heads/main\n")
        dir.file("repo/a.md", "a.com")
        dir.file("repo/b.md", "b.com")
        dir.file("repo/c.md", "c.com")
        dir.file("home/.config/git/ignore", "a.md\n")
        dir.file("xdg/git/ignore", "b.md\n")
        dir.file("custom-ignore", "c.md\n")
        let home = dir.at("home")
        // The default file: $XDG_CONFIG_HOME/git/ignore, else ~/.config/git/ignore.
        #expect(walk(dir, environment: ["HOME": home]) == ["repo/b.md", "repo/c.md"])
        #expect(walk(dir, environment: ["HOME": home, "XDG_CONFIG_HOME": dir.at("xdg")]) == ["repo/a.md", "repo/c.md"])
        // core.excludesFile, from ~/.gitconfig (with ~/) or the XDG config.
        dir.file("home/.gitconfig", "[user]\n\tname = x\n[core]\n\texcludesFile = ~/../custom-ignore\n")
        #expect(walk(dir, environment: ["HOME": home]) == ["repo/a.md", "repo/b.md"])
        dir.file("home/.gitconfig", "")
        dir.file("home/.config/git/config", "[Core]\n  excludesfile = \"\(dir.at("custom-ignore"))\"\n")
        #expect(walk(dir, environment: ["HOME": home]) == ["repo/a.md", "repo/b.md"])
        // Outside a work tree, as ripgrep: not applied.
        dir.file("home/.config/git/config", "")
        dir.file("plain/a.md", "a.com")
        let outside = Subprocess.run(Subprocess.linkify, ["--to", "jsonl", "plain"], cwd: dir.path, environment: ["HOME": home])
        #expect(outside.out.hasPrefix("{\"path\": \"plain/a.md\""))
    }

    @Test func gitConfigReading() {
        #expect(GitExcludes.excludesFile(inConfig: Array("[core]\nexcludesfile=/x\n".utf8)) == "/x")
        #expect(GitExcludes.excludesFile(inConfig: Array("[core]\n\tExcludesFile = \"/a b\"\r\n".utf8)) == "/a b")
        #expect(GitExcludes.excludesFile(inConfig: Array("[user]\nexcludesfile = /x\n".utf8)) == nil)
        #expect(GitExcludes.excludesFile(inConfig: Array("[core]\nexcludesfile = /x\n[core]\nexcludesfile = /y\n".utf8)) == "/y")
        #expect(GitExcludes.globalFile(environment: ["HOME": "/nonexistent-home"]) == "/nonexistent-home/.config/git/ignore")
        #expect(GitExcludes.globalFile(environment: [:]) == nil)
    }
}

@Suite struct QuietWalkTests {
    @Test func skippedFilesAreNotedOnlyWithVerbose() {
        let dir = TempFolder()
        dir.file("d/a.md", "a.com\n")
        dir.file("d/t.txt", "t.com\n")
        dir.file("d/bin.md", Array("x.com".utf8) + [0])
        let quiet = SpawnedLinkify.run(["-i", "d"], in: dir.path)
        #expect(quiet.status == 0)
        #expect(quiet.stderr.isEmpty)
        let verbose = SpawnedLinkify.run(["-i", "--verbose", "d"], in: dir.path)
        #expect(verbose.stderrText == """
            linkify: d/bin.md: skipped: binary file
            linkify: d/t.txt: skipped: a plain-text file is rewritten in place only with --to markdown

            """)
        // Errors still print without --verbose.
        let missing = SpawnedLinkify.run(["d", "nope.md"], in: dir.path)
        #expect(missing.status == 2)
        #expect(missing.stderrText == "linkify: nope.md: No such file or directory\n")
        let lint = SpawnedLinkify.run(["lint", "d"], in: dir.path)
        #expect(lint.stderr.isEmpty)
        #expect(SpawnedLinkify.run(["lint", "--verbose", "d"], in: dir.path).stderrText == """
            linkify: d/t.txt: skipped: not a Markdown file (lint walks Markdown files; --include takes others)
            linkify: d/bin.md: skipped: binary file

            """)
    }
}

@Suite struct ProgressWithinAFileTests {
    /// The bar drawn with one file of 1000 bytes half read, then done.
    @Test func bytesReadMoveTheBar() {
        let dir = TempFolder()
        dir.file("big.txt", [UInt8](repeating: 0x61, count: 1000))
        let screen = open(dir.at("screen"), O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let input = open(dir.at("big.txt"), O_RDONLY)
        defer { close(screen); close(input) }
        let meter = ProgressMeter(fd: screen, totalFiles: 1, totalBytes: 1000)
        meter.watch(index: 0, fd: input)
        meter.draw()
        var half = [UInt8](repeating: 0, count: 500)
        #expect(read(input, &half, 500) == 500)
        meter.draw()
        meter.fileDone(index: 0, bytes: 1000)
        meter.draw()
        let frames = dir.text("screen").split(separator: "\r").map { String($0.dropFirst(3)) }
        #expect(frames.count == 3)
        #expect(frames[0].hasPrefix("[                        ] 0/1 files"))
        #expect(frames[1].hasPrefix("[============            ] 0/1 files"))
        #expect(frames[2].hasPrefix("[========================] 1/1 files"))
        #expect(meter.counts().files == 1 && meter.counts().bytes == 1000)
    }

    /// Through the binary, `--progress` forced: standard output is a FIFO the
    /// test does not read until a frame has shown, so linkify is held inside
    /// its one file (by a full pipe, not by time) while the bar is drawn.
    @Test func aLargeFileMovesTheBarBeforeItIsDone() {
        let dir = TempFolder()
        // 1.9 MB: linkify reads a window (at least 128 KiB, a twentieth of it) before its output fills the pipe.
        dir.file("big.txt", String(repeating: "some words and example.com in a line\n", count: 50_000))
        #expect(mkfifo(dir.at("out.fifo"), 0o600) == 0)
        // Opened for reading first, without waiting for a writer: linkify's open then does not block.
        let reader = open(dir.at("out.fifo"), O_RDONLY | O_NONBLOCK)
        #expect(reader >= 0)
        let running = SpawnedLinkify.start(["--progress", "big.txt"], in: dir.path, stdoutPath: dir.at("out.fifo"))
        let errPath = Spawn.outputs(of: running).stderr
        var moving = false
        for _ in 0..<1200 where !moving {
            usleep(50_000)
            let frames = String(decoding: Files.read(errPath), as: UTF8.self).split(separator: "\r")
            moving = frames.contains { $0.contains("] 0/1 files") && $0.contains("[=") }
        }
        _ = fcntl(reader, F_SETFL, 0)
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var total = 0
        while true {
            let n = buffer.withUnsafeMutableBytes { read(reader, $0.baseAddress!, $0.count) }
            if n <= 0 { break }
            total += n
        }
        close(reader)
        let r = SpawnedLinkify.wait(running)
        #expect(r.status == 0)
        #expect(moving, "a frame with part of the file read and no file done")
        #expect(total > 1_900_000)
    }
}

@Suite struct HonestHelpTests {
    @Test func lintHelpSaysWhatLintWalks() {
        let help = Help.text(for: .lint)
        #expect(help.contains("walked for Markdown files only"))
        #expect(help.contains("lint: Markdown files)"))
        // Flags lint ignores are not offered to it.
        for flag in ["--progress", "--no-progress", "--to", "--output"] {
            #expect(!help.contains("  " + flag + " ") && !help.contains(", " + flag + " "), "\(flag) in lint --help")
        }
        #expect(!Help.text(for: .annotate).contains("--color"))
        #expect(Help.text(for: .annotate).contains("--stdin-filepath PATH"))
        #expect(Help.text(for: .annotate).contains("--verbose"))
    }

    @Test func flagsThatLeftACommandAreUsageErrorsThere() {
        let dir = TempFolder()
        #expect(SpawnedLinkify.run(["lint", "--progress"], in: dir.path).stderrText == "linkify: option '--progress' does not apply to linkify lint\n")
        #expect(SpawnedLinkify.run(["--color", "always"], in: dir.path).status == 2)
    }
}

@Suite struct SARIFURITests {
    @Test func everyByteButUnreservedAndSlashIsEncoded() {
        #expect(SARIFLintReporter.uri(bytes: Array("a b/(1)+é~_-.md".utf8)).0 == "a%20b/%281%29%2B%C3%A9~_-.md")
        #expect(SARIFLintReporter.uri(bytes: Array("./x".utf8) + [0xFF] + Array(".md".utf8)).0 == "x%FF.md")
        #expect(SARIFLintReporter.uri(bytes: Array("/abs/%41.md".utf8)).0 == "file:///abs/%2541.md")
        #expect(SARIFLintReporter.uri(bytes: Array("/abs/%41.md".utf8)).isRelative == false)
    }

    @Test func aFileNameThatIsNotUTF8() {
        let dir = TempFolder()
        let name = Array("x".utf8) + [0xFF] + Array(".md".utf8)
        ByteFileNameTests.write(ByteFileNameTests.cPath(dir.path, [name]), "https://a.com\n")
        let r = SpawnedLinkify.run(["lint", "--format", "sarif", "."], in: dir.path)
        #expect(r.status == 1)
        #expect(r.stdoutText.contains(#""artifactLocation": {"uri": "x%FF.md", "uriBaseId": "%SRCROOT%"}"#))
        // Messages still show the byte escaped.
        let text = SpawnedLinkify.run(["lint", "."], in: dir.path)
        #expect(text.stdoutText == "./x\\xFF.md:1:1: bare URL https://a.com\n")
    }
}
