#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing

/// Bytes that are not clean UTF-8 (SPEC §7): html and markdown output keep
/// every byte outside entities; JSON strings carry U+FFFD; offsets stay exact.
@Suite struct BadBytesTests {
    static let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
    static let invalid: [UInt8] = [0xFF]
    static let loneSurrogate: [UInt8] = [0xED, 0xA0, 0x80]
    static let overlongSlash: [UInt8] = [0xC0, 0xAF]
    static let crlf: [UInt8] = [0x0D, 0x0A]
    static let nul: [UInt8] = [0x00]

    static func bytes(_ s: String) -> [UInt8] { Array(s.utf8) }

    /// Each kind of bad byte around, between and right next to links.
    static let cases: [(name: String, input: [UInt8])] = [
        ("invalid UTF-8", invalid + bytes(" a.com ") + invalid + bytes("b.com") + invalid),
        ("NUL", nul + bytes("a.com") + nul + bytes(" b.com ") + nul),
        ("CRLF", bytes("a.com") + crlf + bytes("b.com") + crlf),
        ("BOM", bom + bytes("a.com b.com")),
        ("lone surrogate", loneSurrogate + bytes(" a.com ") + loneSurrogate + bytes(" b.com")),
        ("overlong", overlongSlash + bytes(" a.com ") + overlongSlash + bytes(" b.com") + overlongSlash),
    ]

    static func expected(_ input: [UInt8], link: (String) -> String) -> [UInt8] {
        var out = input
        for name in ["b.com", "a.com"] {
            let n = Array(name.utf8)
            if let i = (0...(out.count - n.count)).last(where: { Array(out[$0..<($0 + n.count)]) == n }) {
                out.replaceSubrange(i..<(i + n.count), with: Array(link(name).utf8))
            }
        }
        return out
    }

    @Test(arguments: cases.map(\.name))
    func htmlAndMarkdownKeepEveryByte(_ name: String) {
        let input = Self.cases.first { $0.name == name }!.input
        let dir = TempFolder()
        let html = SpawnedLinkify.run(["--to", "html"], in: dir.path, stdin: input)
        #expect(html.status == 0)
        #expect(html.stdout == Self.expected(input) { "<a href=\"https://\($0)\">\($0)</a>" })
        let markdown = SpawnedLinkify.run(["--to", "markdown"], in: dir.path, stdin: input)
        #expect(markdown.stdout == Self.expected(input) { "[\($0)](https://\($0))" })
        dir.file("in.md", input)
        let fromMarkdown = SpawnedLinkify.run(["in.md"], in: dir.path)
        #expect(fromMarkdown.stdout == Self.expected(input) { "[\($0)](https://\($0))" })
    }

    @Test func jsonOffsetsCountEachBadByteAsOneCharacter() {
        // BOM, invalid byte, space: a.com starts at scalar 3; a lone surrogate
        // is three bad bytes, three scalars; CR counts; the emoji is 2 UTF-16 units.
        let input = Self.bom + Self.invalid + Self.bytes(" a.com ") + Self.loneSurrogate + Self.bytes(" b.com") + Self.crlf
            + Self.overlongSlash + Self.bytes(" 😀 c.com")
        let dir = TempFolder()
        let scalar = SpawnedLinkify.run(["--to", "jsonl"], in: dir.path, stdin: input)
        let lines = scalar.stdoutText.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines[0].contains("\"start\": 3, \"end\": 8, \"line\": 1, \"column\": 4"))
        #expect(lines[1].contains("\"start\": 13, \"end\": 18, \"line\": 1, \"column\": 14"))
        #expect(lines[2].contains("\"start\": 25, \"end\": 30, \"line\": 2, \"column\": 6"))
        let utf16 = SpawnedLinkify.run(["--to", "jsonl", "--offsets", "utf16"], in: dir.path, stdin: input)
        #expect(utf16.stdoutText.split(separator: "\n")[2].contains("\"start\": 26, \"end\": 31"))
        let utf8 = SpawnedLinkify.run(["--to", "jsonl", "--offsets", "utf8"], in: dir.path, stdin: input)
        let c = input.count - 5
        #expect(utf8.stdoutText.split(separator: "\n")[2].contains("\"start\": \(c), \"end\": \(c + 5)"))
    }

    @Test func jsonStringsCarryReplacementCharacters() {
        // gfm takes any non-space byte into a URL, so the entity holds the bad bytes.
        let input = Self.bytes("x http://a.com/p") + Self.invalid + Self.bytes("q") + Self.loneSurrogate + Self.bytes(" z")
        let dir = TempFolder()
        let r = SpawnedLinkify.run(["--profile", "gfm", "--to", "jsonl"], in: dir.path, stdin: input)
        #expect(r.status == 0)
        #expect(String(validating: r.stdout, as: UTF8.self) != nil)
        #expect(r.stdoutText.contains("\"text\": \"http://a.com/p\u{FFFD}q\u{FFFD}\u{FFFD}\u{FFFD}\""))
        #expect(r.stdoutText.contains("\"start\": 2, \"end\": 21"))
        let json = SpawnedLinkify.run(["--profile", "gfm", "--to", "json"], in: dir.path, stdin: input)
        #expect(String(validating: json.stdout, as: UTF8.self) != nil)
    }
}

/// SPEC §7: 32 MiB peak memory whatever the size of a text input, here 64 MiB
/// of the shapes that make scanners back up or buffer.
@Suite struct BoundedMemoryTests {
    @Test func pathologicalInputStaysWithinTheMemoryBound() {
        let dir = TempFolder()
        var input: [UInt8] = []
        input.reserveCapacity(64 << 20)
        let shapes: [[UInt8]] = [Array("(".utf8), Array("a.".utf8), Array("@".utf8), Array("http://".utf8)]
        for shape in shapes {
            let end = input.count + (16 << 20)
            while input.count < end { input += shape }
        }
        dir.file("patho.txt", input)
        input = []
        for format in ["html", "json"] {
            let r = SpawnedLinkify.peakMemory(["--to", format, "patho.txt"], in: dir.path)
            #expect(r.status == 0)
            #expect(r.peakKiB > 0)
            #expect(r.peakKiB <= 32 * 1024, "--to \(format): peak \(r.peakKiB) KiB")
        }
    }
}
