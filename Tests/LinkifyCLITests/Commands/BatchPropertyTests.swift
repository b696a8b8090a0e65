#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import LinkifyCLI
import LinkifyTestSupport

/// The batch property: whatever the inputs (files, folders, standard
/// input), `-o` (a new or existing folder, a file with or without an
/// extension, an input) and `--to`, no input's output is lost or
/// overwritten. A run either writes every input's output where no other
/// input's output goes, or stops with status 2 having changed nothing; and
/// it never changes an input.
@Suite struct BatchPropertyTests {
    static let folders = ["a", "b", "a/sub", "b/sub"]
    static let names = ["x", "y", "notes"]
    static let extensions = [".md", ".txt", ".html"]
    static let outputs = ["out", "out/", "out.md", "made", "a", "a/x.md", "kept.html", "b/sub/"]

    /// Whether `bytes` is `part`, or a standalone document whose `<pre>` holds exactly `part`.
    static func holds(_ bytes: [UInt8], _ part: [UInt8]) -> Bool {
        if bytes == part { return true }
        let open = Array("<pre>\n".utf8), close = Array("</pre>\n</body>\n</html>\n".utf8)
        guard bytes.starts(with: Array("<!DOCTYPE html>".utf8)), bytes.count >= open.count + close.count + part.count,
              Array(bytes.suffix(close.count + part.count)) == part + close else { return false }
        let before = bytes.dropLast(close.count + part.count)
        return before.suffix(open.count).elementsEqual(open)
    }

    @Test(arguments: 0..<48) func noCombinationLosesAnOutput(seed: Int) {
        var random = SplitMix(state: UInt64(seed) &* 7919 &+ 17)
        let dir = TempFolder()
        // The pool: each file's text is its own, so its output can be told apart.
        var pool: [String] = []
        for k in 0..<(3 + Int.random(in: 0..<6, using: &random)) {
            let path = Self.folders.randomElement(using: &random)! + "/" + Self.names.randomElement(using: &random)!
                + Self.extensions.randomElement(using: &random)!
            guard !pool.contains(path) else { continue }
            pool.append(path)
            dir.file(path, path.hasSuffix(".html") ? "<p>file \(k) https://example.com/\(k)</p>\n" : "file \(k) see https://example.com/\(k)\n")
        }
        mkdir(dir.at("made"), 0o755)
        dir.file("kept.html", "kept\n")

        var arguments: [String] = []
        for _ in 0..<(1 + Int.random(in: 0..<3, using: &random)) {
            switch Int.random(in: 0..<5, using: &random) {
            case 0: arguments.append(["a", "b", "a/sub"].randomElement(using: &random)!)
            case 1 where arguments.contains("-") == false: arguments.append("-")
            default: arguments.append(pool.randomElement(using: &random)!)
            }
        }
        let output = Self.outputs.randomElement(using: &random)!
        let to: [String] = Bool.random(using: &random) ? [] : ["--to", ["html", "markdown"].randomElement(using: &random)!]
        let stdinText = Array("standard input \(seed) see https://example.org/\(seed)\n".utf8)

        // The inputs, as the walk will take them, and what each gives alone.
        var inputs: [String] = []
        for argument in arguments {
            if argument == "-" { inputs.append("-"); continue }
            if pool.contains(argument) { inputs.append(argument); continue }
            inputs += pool.filter { $0.hasPrefix(argument + "/") }
        }
        var alone: [String: [UInt8]] = [:]
        for input in Set(inputs) {
            let r = InProcessRun(to + [input == "-" ? "-" : dir.at(input)], stdin: stdinText)
            alone[input] = r.stdout
        }

        let before = Snapshot(dir.path)
        let absolute = arguments.map { $0 == "-" ? "-" : dir.at($0) }
        let r = InProcessRun(to + absolute + ["-o", dir.at(output)], stdin: stdinText)
        let after = Snapshot(dir.path)
        let replay = "seed \(seed): linkify \((to + arguments + ["-o", output]).joined(separator: " "))\n\(r.errors(relativeTo: dir.path))"

        // No input changes, whatever happens.
        for input in inputs where input != "-" { #expect(after.entries[input] == before.entries[input], "\(replay)") }
        switch r.status {
        case 0:
            // Every input's output is in a file of its own that the run wrote
            // (an input named twice, once in a folder walked, may have two).
            let written = after.entries.filter { before.entries[$0.key] != $0.value }
            var holders: [String: String] = [:]
            for input in Set(inputs) {
                let expected = alone[input]!
                // The same bytes, or (a plain-text file written as a standalone page) inside them.
                let holder = written.first { !expected.isEmpty && Self.holds($0.value, expected) }?.key
                #expect(holder != nil, "\(replay)\nno output holds \(input)")
                if let holder {
                    #expect(holders[holder] == nil, "\(replay)\n\(holder) holds two outputs")
                    holders[holder] = input
                }
            }
        case 2:
            // Stopped before writing: nothing changed, nothing created.
            #expect(after == before, "\(replay)")
            #expect(!r.stderr.isEmpty, "\(replay)")
        default:
            Issue.record("\(replay)\nstatus \(r.status)")
        }
    }
}
