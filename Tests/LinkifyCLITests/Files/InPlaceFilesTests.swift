#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
import LinkifyTestSupport
@testable import LinkifyCLI

/// What `-i` and `lint --fix` leave in the folders they write (SPEC §7, issue
/// 24 items 13 and 14): temporary files named after their run, dead runs'
/// files removed, owner, group and mode kept.
@Suite struct InPlaceFilesTests {
    /// This boot as temporary names carry it: the first 16 hex digits of the
    /// kernel's boot id, read here independently of the code under test.
    static var bootID: String {
        let raw = String(decoding: Files.read("/proc/sys/kernel/random/boot_id"), as: UTF8.self)
        let hex = raw.filter { $0.isHexDigit }
        return hex.count >= 16 ? String(hex.prefix(16)).lowercased() : "0"
    }

    /// A process id no process can have (above the kernel's largest, 2^22).
    static let deadPID = 999_999_999

    static func setModificationTime(_ path: String, to seconds: Int) {
        var times = [timespec(tv_sec: seconds, tv_nsec: 0), timespec(tv_sec: seconds, tv_nsec: 0)]
        utimensat(AT_FDCWD, path, &times, 0)
    }

    @Test func temporaryFileNamesCarryProcessAndBoot() throws {
        let dir = TempFolder()
        dir.file("a.md", "see a.com\n")
        let file = try AtomicFile.create(for: dir.at("a.md"), mode: 0o644)
        defer { file.discard() }
        let name = String(PathBytes.lastComponent(file.temporaryPath))
        let prefix = ".a.md.linkify-\(getpid())-\(Self.bootID)-"
        #expect(name.hasPrefix(prefix), "temporary file \(name) does not start with \(prefix)")
    }

    @Test func deadRunsTemporaryFilesAreRemovedLiveOnesKept() {
        let dir = TempFolder()
        let boot = Self.bootID
        dir.file("d/a.md", "see a.com\n")
        dir.file("d/.a.md.linkify-\(Self.deadPID)-\(boot)-k2j4", "half a file")           // dead run, this boot
        dir.file("d/.a.md.linkify-\(getpid())-\(boot)-x9", "a live run's")                 // this test process: alive
        dir.file("d/.b.md.linkify-\(Self.deadPID)-0123456789abcdef-q1", "another boot's")  // written before this boot
        Self.setModificationTime(dir.at("d/.b.md.linkify-\(Self.deadPID)-0123456789abcdef-q1"), to: 1_000_000)
        dir.file("d/.c.md.linkify-\(Self.deadPID)-0123456789abcdef-q2", "another machine's")  // foreign boot, written since ours
        dir.file("d/.c.md.linkify-3h5k2j", "an older linkify's: no process named")
        dir.file("d/notes.linkify-\(Self.deadPID)-\(boot)-k2", "not a hidden name: not ours")
        dir.file("e/x.md", "mail me@x.com\n")
        dir.file("e/.x.md.linkify-\(Self.deadPID)-\(boot)-zz", "half a file")
        let r = SpawnedLinkify.run(["-i", "d/a.md"], in: dir.path)
        #expect(r.status == 0, "\(r.stderrText)")
        #expect(dir.allFiles() == [
            "d/.a.md.linkify-\(getpid())-\(boot)-x9",
            "d/.c.md.linkify-3h5k2j",
            "d/.c.md.linkify-\(Self.deadPID)-0123456789abcdef-q2",
            "d/a.md",
            "d/notes.linkify-\(Self.deadPID)-\(boot)-k2",
            "e/.x.md.linkify-\(Self.deadPID)-\(boot)-zz",   // a folder the run did not write
            "e/x.md",
        ])
        // lint --fix clears the folders it writes too.
        let fix = SpawnedLinkify.run(["lint", "--fix", "e/x.md"], in: dir.path)
        #expect(fix.status == 0, "\(fix.stderrText)")
        #expect(!dir.allFiles().contains("e/.x.md.linkify-\(Self.deadPID)-\(boot)-zz"))
        #expect(dir.text("e/x.md") == "mail [me@x.com](mailto:me@x.com)\n")
    }

    /// `.NAME.linkify-…` is longer than NAME: a name near the 255-byte limit
    /// still gets its temporary file (its name shortened in the temporary name).
    @Test func longFileNameRewrittenInPlace() {
        let dir = TempFolder()
        let name = String(repeating: "n", count: 240) + ".md"
        dir.file(name, "see a.com\n")
        let r = SpawnedLinkify.run(["-i", name], in: dir.path)
        #expect(r.status == 0, "\(r.stderrText)")
        #expect(dir.text(name) == "see [a.com](https://a.com)\n")
        #expect(dir.allFiles() == [name])
    }

    @Test(.enabled(if: geteuid() == 0, "needs root to give files to another user"))
    func ownerGroupAndModeKept() {
        let dir = TempFolder()
        dir.file("a.md", "see a.com\n")
        dir.file("b.md", "mail me@b.com\n")
        chown(dir.at("a.md"), 65534, 65533)
        chmod(dir.at("a.md"), 0o640)
        chown(dir.at("b.md"), 65533, 65534)
        chmod(dir.at("b.md"), 0o2664)   // chown(2) clears set-group-ID: it must come back
        let r = SpawnedLinkify.run(["-i", "a.md"], in: dir.path)
        #expect(r.status == 0 && r.stderr.isEmpty, "\(r.stderrText)")
        let fix = SpawnedLinkify.run(["lint", "--fix", "b.md"], in: dir.path)
        #expect(fix.status == 0 && fix.stderr.isEmpty, "\(fix.stderrText)")
        #expect(dir.text("a.md") == "see [a.com](https://a.com)\n")
        #expect(dir.text("b.md") == "mail [me@b.com](mailto:me@b.com)\n")
        var a = stat(), b = stat()
        stat(dir.at("a.md"), &a)
        stat(dir.at("b.md"), &b)
        #expect((a.st_uid, a.st_gid, a.st_mode & 0o7777) == (65534, 65533, 0o640))
        #expect((b.st_uid, b.st_gid, b.st_mode & 0o7777) == (65533, 65534, 0o2664))
    }

    /// A user who may write a file but not give it away: the rewritten files
    /// are theirs, and the run says so once.
    @Test(.enabled(if: geteuid() == 0, "needs root to make a file another user may not own"))
    func ownerNotKeptSaidOnce() {
        let dir = TempFolder()
        for name in ["a.md", "b.md"] {
            dir.file(name, "see a.com\n")
            chmod(dir.at(name), 0o666)
        }
        let r = SpawnedLinkify.runUnprivileged(["-i", "-j", "1", "a.md", "b.md"], in: dir.path)
        #expect(r.status == 0)
        #expect(dir.text("a.md") == "see [a.com](https://a.com)\n")
        #expect(dir.text("b.md") == "see [a.com](https://a.com)\n")
        let lines = r.stderrText.split(separator: "\n")
        #expect(lines.count == 1, "\(r.stderrText)")
        #expect(r.stderrText.hasPrefix("linkify: a.md: rewritten as uid 65534 gid 65534, not as its owner uid 0 gid 0"), "\(r.stderrText)")
    }
}
