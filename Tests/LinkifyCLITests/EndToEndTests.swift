#if canImport(Glibc)
import Glibc
#endif
import Testing

/// The real binary, end to end: what the in-process driver tests cannot see
/// (the executable's own start, exit status from the process, large outputs
/// through `Spawn`). Signals, closed pipes and full disks are in `BatchTests`.
@Suite struct EndToEndTests {
    static let cases: [([String], [UInt8])] = [
        (["--to", "html"], Array("see example.com and mail a@b.org\n".utf8)),
        (["--to", "jsonl"], Array("bad ".utf8) + [0xFF, 0xC0] + Array(" https://x.org/ü\n".utf8)),
        (["--to", "markdown"], Array("[a](https://a.com) b.com\n".utf8)),
        (["lint", "--format", "json", "-"], Array("see https://example.com\n".utf8)),
        (["--no-such-flag"], []),
    ]

    /// The binary and the driver run in-process write the same bytes and exit
    /// the same way, so the in-process tests speak for the binary.
    @Test(arguments: cases) func binaryAndInProcessDriverAgree(_ arguments: [String], _ input: [UInt8]) {
        let dir = TempFolder()
        let spawned = Spawn.run(Spawn.linkify, arguments, stdin: input, cwd: dir.path)
        let inProcess = InProcess.linkify(arguments, stdin: input)
        #expect(spawned.signal == nil)
        #expect(spawned.status == inProcess.status)
        #expect(spawned.stdout == inProcess.stdout)
        #expect(spawned.stderr == inProcess.stderr)
    }

    @Test func usageErrorExitsTwoWithOneLine() {
        let r = Spawn.run(Spawn.linkify, ["--no-such-flag"])
        #expect(r.status == 2)
        #expect(r.stdout.isEmpty)
        #expect(r.stderr.filter { $0 == 0x0A }.count == 1)
    }

    /// Far more output than a pipe holds: `Spawn` gives the child files, so
    /// it never waits for a reader.
    @Test func largeOutputDoesNotBlock() {
        let input = Array(String(repeating: "see example.com now\n", count: 200_000).utf8)
        let r = Spawn.run(Spawn.linkify, ["--to", "html"], stdin: input)
        #expect(r.status == 0)
        #expect(r.stdout.count > 8 << 20)
    }
}
