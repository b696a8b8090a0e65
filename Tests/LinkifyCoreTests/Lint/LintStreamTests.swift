import Testing
@testable import LinkifyCore
@testable import LinkifyFinding
@testable import LinkifyInput
@_spi(Layers) @testable import LinkifyModel
import LinkifyTestSupport

/// Lint reads text and HTML as a stream (window by window) and markdownlint's
/// file-wide comments in a first look chunk by chunk: both must find what the
/// comments say for the document read whole (`DisableComments`).
@Suite struct LintStreamTests {
    static let commentLines = [
        "<!-- markdownlint-disable -->", "<!-- markdownlint-enable -->", "<!-- markdownlint-disable MD034 -->",
        "<!-- markdownlint-capture -->", "<!-- markdownlint-restore -->", "<!-- markdownlint-disable-next-line -->",
        "<!-- linkify-disable bare-url -->", "<!-- linkify-enable -->", "<!-- linkify-disable-next-line -->",
        "<!-- markdownlint-disable-file -->", "<!-- markdownlint-enable-file -->", "<!-- MARKDOWNLINT-DISABLE-FILE md034 -->",
        "<!-- " + String(repeating: "long ", count: 900) + "markdownlint-disable-file -->",
    ]
    /// Comments that do not close on their line: in HTML they run on, so only text documents hold them here.
    static let unclosedLines = [
        "words <!-- markdownlint-enable-file --> and <!-- unclosed",
        "<!-- unclosed then <!-- markdownlint-disable-file -->",
    ]

    /// A document of prose, links and comment lines, `size` bytes or a little more.
    static func document(seed: UInt64, size: Int, unclosed: Bool = true) -> [UInt8] {
        var rng = SplitMix(state: seed)
        let comments = commentLines + (unclosed ? unclosedLines : [])
        var lines: [String] = []
        var count = 0
        var n = 0
        while count < size {
            let line: String
            switch Int.random(in: 0..<10, using: &rng) {
            case 0: line = comments.randomElement(using: &rng)!
            case 1, 2: n += 1; line = "see http://host\(n).example.com/page and more"
            case 3: n += 1; line = "http://b\(n).example.org <!-- markdownlint-disable-line -->"
            default: line = String(repeating: "plain words without links ", count: Int.random(in: 1..<40, using: &rng))
            }
            lines.append(line)
            count += line.utf8.count + 1
        }
        return Array(lines.joined(separator: "\n").utf8)
    }

    /// The file-wide kinds off, as `DisableComments` reads the document whole.
    static func fileWide(_ t: UnsafeBufferPointer<UInt8>) -> EntityKinds {
        var off = EntityKinds()
        for d in DisableComments.directives(in: t, markdownlint: true) { DisableComments.applyFileWide(d, to: &off) }
        return off
    }

    @Test("the file-wide comments read chunk by chunk are those of the whole document", arguments: [1, 2, 3, 5, 64, 4099, 70_000])
    func fileWideInChunks(_ chunk: Int) {
        for seed in UInt64(1)...40 {
            let bytes = Self.document(seed: seed, size: 20_000)
            bytes.withUnsafeBufferPointer { t in
                var scan = FileWideScan()
                var at = 0
                while at < t.count {
                    scan.look(in: UnsafeBufferPointer(rebasing: t[at..<min(t.count, at + chunk)]))
                    at += chunk
                }
                #expect(scan.off == Self.fileWide(t), "seed \(seed)")
            }
        }
    }

    @Test("findings over many windows are the entities whose line the comments leave on", arguments: [InputFormat.text, .html])
    func windows(_ format: InputFormat) {
        let linter = Linter(format: format, finder: EntityFinder(options: FinderOptions(profile: .gfm)))
        for seed in UInt64(1)...3 {
            let bytes = Self.document(seed: seed, size: 600_000, unclosed: format == .text)
            // The same document with every comment blanked (offsets and lines kept) is linted unfiltered.
            var blank = bytes
            bytes.withUnsafeBufferPointer { t in
                var i = 0
                while let open = UTF8Bytes.firstIndex(of: "<!--", in: t, from: i) {
                    var e = open
                    while e < t.count && t[e] != 0x0A { blank[e] = 0x20; e += 1 }
                    i = e
                }
            }
            let all = blank.withUnsafeBufferPointer { linter.lint($0, path: "x") }.findings
            let found = bytes.withUnsafeBufferPointer { linter.lint($0, path: "x") }.findings
            let expected = bytes.withUnsafeBufferPointer { t in
                let comments = DisableComments(t, markdownlint: true)
                return all.filter { !comments.off(line: $0.start.line).contains($0.kind) }
            }
            #expect(all.count > 300)
            let (got, want) = (found.map { "\($0.start.line):\($0.start.column) \($0.range)" }, expected.map { "\($0.start.line):\($0.start.column) \($0.range)" })
            #expect(got == want, "seed \(seed): only found \(Set(got).subtracting(want).sorted().prefix(5)), only expected \(Set(want).subtracting(got).sorted().prefix(5))")
        }
    }
}
