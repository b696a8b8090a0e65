#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import LinkifyCLI

/// Annotate and lint go through one job runner: one scheduler, one way to
/// open an input and call it binary, one rule for replacing a file through a
/// symbolic link. Where the two copies it replaced disagreed, the
/// rule kept is tested here.
@Suite struct JobRunnerTests {
    @Test func workerCount() {
        #expect(JobRunner(requested: 4, inputs: 2).workers == 2)
        #expect(JobRunner(requested: 3, inputs: 10).workers == 3)
        #expect(JobRunner(requested: 8, inputs: 0).workers == 1)
        #expect(JobRunner(requested: 8, inputs: 10, single: true).workers == 1)
    }

    @Test func mapKeepsInputOrderAndRunsEachOnce() {
        let calls = Slots<Int>(count: 500)
        let values = JobRunner(requested: 4, inputs: 500).map(500) { i in
            calls.set(i, 1)
            return i * 3
        }
        #expect(values == (0..<500).map { $0 * 3 })
        #expect(calls.values().allSatisfy { $0 == 1 })
    }

    @Test func forEachStopsTakingInputsOnceAskedToAndReturnsTheWorstStatus() {
        let taken = Slots<Bool>(count: 100)
        for i in 0..<100 { taken.set(i, false) }
        let stop = Slots<Bool>(count: 1)
        stop.set(0, false)
        let worst = JobRunner(requested: 1, inputs: 100).forEach(100, stop: { stop.values()[0] }) { i in
            taken.set(i, true)
            if i == 9 { stop.set(0, true) }
            return i == 5 ? 2 : (i == 7 ? 1 : 0)
        }
        #expect(taken.values().filter { $0 }.count == 10)
        #expect(worst == 2)
    }

    /// Both commands call a walked file binary by the same test: a NUL in its
    /// first 8 KiB (a NUL just past them is text).
    @Test func annotateAndLintSkipTheSameBinaryFiles() {
        let dir = TempFolder()
        var late = Array(repeating: UInt8(ascii: "a"), count: InputFile.binarySniffBytes)
        late += [0] + Array(" https://late.example\n".utf8)
        let early = Array("https://early.example ".utf8) + Array(repeating: UInt8(ascii: "a"), count: InputFile.binarySniffBytes - 40) + [0]
        dir.file("d/early.md", early)
        dir.file("d/late.md", late)
        // Skip notes need --verbose.
        let annotate = InProcessRun(["--to", "jsonl", "--verbose", dir.at("d")])
        #expect(annotate.status == 0)
        #expect(annotate.errors(relativeTo: dir.path) == "linkify: d/early.md: skipped: binary file\n")
        #expect(annotate.out.contains("late.example") && !annotate.out.contains("early.example"))
        let lint = InProcessRun(["lint", "--verbose", dir.at("d")])
        #expect(lint.status == 1)
        #expect(lint.errors(relativeTo: dir.path) == "linkify: d/early.md: skipped: binary file\n")
        #expect(lint.out.contains("late.example") && !lint.out.contains("early.example"))
        // Named on the command line, a file is always read.
        let named = InProcessRun(["lint", dir.at("d/early.md")])
        #expect(named.status == 1 && named.out.contains("early.example"))
    }

    /// The copies disagreed: `-i` refused a pipe, `lint --fix` renamed a
    /// regular file over it. Kept: refused, as `-i` did — a rename replaces
    /// the pipe instead of writing to it.
    @Test func lintFixRefusesAPipeAsInPlaceDoes() {
        let dir = TempFolder()
        let fifo = dir.at("notes.md")
        #expect(mkfifo(fifo, 0o644) == 0)
        let writer = Self.spawnWriter("See https://example.com\n", to: fifo)
        let r = InProcessRun(["lint", "--fix", fifo])
        var status: Int32 = 0
        waitpid(writer, &status, 0)
        #expect(r.status == 2)
        #expect(r.errors(relativeTo: dir.path) == "linkify: notes.md: not a regular file: cannot rewrite it in place\n")
        var st = stat()
        lstat(fifo, &st)
        #expect(st.st_mode & S_IFMT == S_IFIFO)
        #expect(dir.allFiles() == ["notes.md"])
    }

    /// The copies disagreed: `-i` wrote through a symbolic link, `-o`
    /// replaced the link with a file. Kept: through the link, for all three
    /// writers, as a shell's `>` does; the link stays a link.
    @Test func outputThroughASymbolicLinkKeepsTheLink() {
        let dir = TempFolder()
        dir.file("a.txt", "see example.com\n")
        dir.file("real/out.html", "old\n")
        #expect(symlink(dir.at("real/out.html"), dir.at("link.html")) == 0)
        let r = InProcessRun([dir.at("a.txt"), "-o", dir.at("link.html")])
        #expect(r.status == 0)
        var st = stat()
        lstat(dir.at("link.html"), &st)
        #expect(st.st_mode & S_IFMT == S_IFLNK)
        #expect(dir.text("real/out.html") == "see <a href=\"https://example.com\">example.com</a>\n")
    }

    /// Found in review: a link to a file that does not exist yet was replaced
    /// by a regular file (realpath fails on it). The file is created where the
    /// link points, relative to the link's folder, and the link stays.
    @Test func outputThroughADanglingSymbolicLinkCreatesItsTarget() {
        let dir = TempFolder()
        dir.file("a.txt", "see example.com\n")
        dir.file("real/keep.txt", "x\n")
        #expect(symlink("real/new.html", dir.at("dangling.html")) == 0)
        let r = InProcessRun([dir.at("a.txt"), "-o", dir.at("dangling.html")])
        #expect(r.status == 0)
        var st = stat()
        lstat(dir.at("dangling.html"), &st)
        #expect(st.st_mode & S_IFMT == S_IFLNK)
        #expect(dir.text("real/new.html") == "see <a href=\"https://example.com\">example.com</a>\n")
    }

    @Test func inPlaceAndFixThroughASymbolicLinkKeepTheLink() {
        for arguments in [["-i"], ["lint", "--fix"]] {
            let dir = TempFolder()
            dir.file("real/notes.md", "See https://example.com\n")
            #expect(symlink(dir.at("real/notes.md"), dir.at("notes.md")) == 0)
            let r = InProcessRun(arguments + [dir.at("notes.md")])
            #expect(r.status == 0, "\(arguments): \(r.stderr)")
            var st = stat()
            lstat(dir.at("notes.md"), &st)
            #expect(st.st_mode & S_IFMT == S_IFLNK)
            #expect(dir.text("real/notes.md") == "See <https://example.com>\n")
        }
    }

    /// Which flags repeat is in the flag table, and the config file follows it.
    @Test func theFlagTableSaysWhichFlagsRepeat() {
        let repeating = Flag.all.filter(\.repeats).map(\.long)
        #expect(Set(repeating) == ["link", "links", "pattern", "rewrite", "attr", "include", "exclude", "deny-schemes"])
        for flag in Flag.all where flag.help.contains("(repeatable") { #expect(flag.repeats, "\(flag.long)") }
        for flag in Flag.all where flag.takesValue && flag.commands.contains(.annotate) && !ConfigFile.refused.contains(flag.long) {
            var options = Options()
            let json = "{\"\(flag.long)\": [\"x\"]}"
            var message = ""
            do { try ConfigFile.apply(Array(json.utf8), from: "c.json", to: &options) } catch { message = error.message }
            // A list is how a config file gives many values (the value "x" itself may still be refused).
            let refusedAsList = message.hasSuffix("expected a string, not a list")
            #expect(refusedAsList == !(flag.repeats || flag.takesCommaList), "\(flag.long): \(message)")
        }
    }

    /// `/bin/sh` writing `text` into the pipe at `path` (it blocks until a reader opens it).
    static func spawnWriter(_ text: String, to path: String) -> pid_t {
        let words: [String] = ["/bin/sh", "-c", "printf '%s' \"$0\" > \"$1\"", text, path]
        let argv: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let rc = posix_spawn(&pid, "/bin/sh", nil, nil, argv, environ)
        precondition(rc == 0)
        return pid
    }
}
