import Foundation
import Testing

/// The user-rule, link-policy, anchor, config and explain options, through
/// the real binary.
@Suite struct PolicyCLITests {
    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static var binary: URL {
        let here = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for dir in [here, here.deletingLastPathComponent(), URL(fileURLWithPath: ".build/debug")] {
            let candidate = dir.appendingPathComponent("linkify")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return URL(fileURLWithPath: ".build/debug/linkify")
    }

    /// Runs linkify with `args` on `input`, in `directory` (a fresh temporary one by default).
    static func run(_ args: [String], input: String = "", in directory: URL? = nil) throws -> Run {
        let process = Process()
        process.executableURL = binary
        process.arguments = args
        let scratch = directory == nil ? try temporaryDirectory() : nil
        defer { if let scratch { try? FileManager.default.removeItem(at: scratch) } }
        process.currentDirectoryURL = directory ?? scratch
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        // The child may exit before it reads its input (usage errors): no SIGPIPE here.
        signal(SIGPIPE, SIG_IGN)
        try process.run()
        try? stdin.fileHandleForWriting.write(contentsOf: Data(input.utf8))
        try? stdin.fileHandleForWriting.close()
        let out = stdout.fileHandleForReading.readDataToEndOfFile()
        let err = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self), stderr: String(decoding: err, as: UTF8.self))
    }

    /// A fresh temporary folder; the caller removes it (a `defer` after the call).
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("linkify-policy-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func write(_ text: String, to name: String, in dir: URL) throws {
        try Data(text.utf8).write(to: dir.appendingPathComponent(name))
    }

    // MARK: - Literal links

    @Test func linkFlag() throws {
        let r = try Self.run(["--link", "Swift=https://swift.org", "--link", "Swift Package=https://swift.org/package"],
                             input: "Swift Package and Swift; swifty Swiftly\n")
        #expect(r.status == 0)
        #expect(r.stdout == #"<a href="https://swift.org/package">Swift Package</a> and <a href="https://swift.org">Swift</a>; swifty Swiftly"# + "\n")
    }

    @Test func linksFileAndIgnoreCase() throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.write("# glossary\nGoogle\thttps://google.com\n\nZürich\thttps://zuerich.ch\r\n", to: "g.tsv", in: dir)
        let r = try Self.run(["--links", "g.tsv", "--ignore-case", "--to", "markdown"], input: "GOOGLE in zürich", in: dir)
        #expect(r.status == 0)
        #expect(r.stdout == "[GOOGLE](https://google.com) in [zürich](https://zuerich.ch)")
        let strict = try Self.run(["--links", "g.tsv", "--to", "markdown"], input: "GOOGLE in Zürich", in: dir)
        #expect(strict.stdout == "GOOGLE in [Zürich](https://zuerich.ch)")
    }

    @Test func linksFileErrorsNameTheFileAndLine() throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.write("Good\thttps://g\nno tab here\n", to: "bad.tsv", in: dir)
        let r = try Self.run(["--links", "bad.tsv"], input: "x", in: dir)
        #expect(r.status == 2)
        #expect(r.stderr == "linkify: bad.tsv:2: expected TEXT<TAB>URL (no tab on this line)\n")
        let missing = try Self.run(["--links", "missing.tsv"], input: "x", in: dir)
        #expect(missing.status == 2)
        #expect(missing.stderr.hasPrefix("linkify: missing.tsv: "))
    }

    @Test func tenThousandLiteralsFromAFile() throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.write((0..<10_000).map { "term\($0)\thttps://t.example/\($0)" }.joined(separator: "\n"), to: "big.tsv", in: dir)
        let r = try Self.run(["--links", "big.tsv", "--to", "jsonl"], input: "term42 and term9999 but term10000", in: dir)
        #expect(r.status == 0)
        #expect(r.stdout.split(separator: "\n").count == 2)
        #expect(r.stdout.contains(#""kind": "custom", "text": "term9999", "href": "https://t.example/9999""#))
    }

    // MARK: - Patterns

    @Test func patternFlagWithUnicodeValue() throws {
        let r = try Self.run(["--pattern", #"PROJ-(\d+)=>https://jira.example/browse/PROJ-{1}"#,
                              "--pattern", #"tag:(?<t>\w+)=>https://x.example/tags/{t}"#, "--to", "markdown"],
                             input: "PROJ-7 tag:Zürich")
        #expect(r.status == 0)
        #expect(r.stdout == "[PROJ-7](https://jira.example/browse/PROJ-7) [tag:Zürich](https://x.example/tags/Z%C3%BCrich)")
    }

    @Test func badRegexIsOneLineAndExitTwo() throws {
        let r = try Self.run(["--pattern", "([a-=>https://x/{0}"], input: "x")
        #expect(r.status == 2)
        #expect(r.stderr.hasPrefix("linkify: invalid regex '([a-' in --pattern"))
        #expect(r.stderr.filter { $0 == "\n" }.count == 1)
        let noArrow = try Self.run(["--pattern", "abc"], input: "x")
        #expect(noArrow.status == 2)
        #expect(noArrow.stderr == "linkify: invalid value 'abc' for --pattern (expected 'REGEX=>TEMPLATE')\n")
    }

    // MARK: - Policy

    @Test func schemesDenySchemesAndRewrite() throws {
        let input = "http://a.com https://b.com ftp://c.com/x hi@d.com"
        let only = try Self.run(["--schemes", "https,mailto", "--to", "markdown"], input: input)
        #expect(only.stdout == "http://a.com <https://b.com> ftp://c.com/x [hi@d.com](mailto:hi@d.com)")
        let deny = try Self.run(["--deny-schemes", "ftp,mailto", "--to", "markdown"], input: input)
        #expect(deny.stdout == "<http://a.com> <https://b.com> ftp://c.com/x hi@d.com")
        let rewrite = try Self.run(["--rewrite", "http://=https://", "--rewrite", "https://b.com=https://mirror.b.com", "--to", "markdown"],
                                   input: "http://a.com https://b.com/x")
        #expect(rewrite.stdout == "[http://a.com](https://a.com) [https://b.com/x](https://mirror.b.com/x)")
    }

    @Test func noFlagsMakeAJavaScriptLink() throws {
        let input = "javascript://x.com/%0aalert(1) JS PJ-1 https://a.com"
        let flagSets: [[String]] = [
            ["--schemes", "javascript,https"],
            ["--rewrite", "https://=javascript:"],
            ["--rewrite", "https://= JavaScript:", "--schemes", "javascript"],
            ["--rewrite", "https://=jav&#x61;script:"],
            ["--rewrite", "https://=%6Aavascript:"],
            ["--link", "JS=javascript:alert(1)", "--schemes", "javascript"],
            ["--pattern", #"PJ-(\d)=>javascript:{1}"#],
            ["--pattern", #"(javascript:\S+)=>{1}"#, "--deny-schemes", "https"],
            ["--link", "JS=\tjavascript:x", "--attr", "target=_blank"],
        ]
        for flags in flagSets {
            for to in ["html", "markdown", "jsonl"] {
                let r = try Self.run(flags + ["--to", to], input: input)
                #expect(r.status == 0, "\(flags)")
                let lower = r.stdout.lowercased()
                #expect(!lower.contains("href=\"javascript") && !lower.contains("](javascript") && !lower.contains("<javascript")
                        && !lower.contains("\"href\": \"javascript") && !lower.contains("%6aavascript") && !lower.contains("&#x61;script"),
                        "\(flags) --to \(to): \(r.stdout)")
            }
        }
    }

    // MARK: - Anchors

    @Test func attributesClassAndTruncate() throws {
        let blank = try Self.run(["--attr", "target=_blank", "--class", "link link-{kind}"], input: "see example.com")
        #expect(blank.stdout == #"see <a href="https://example.com" class="link link-url" target="_blank" rel="noopener">example.com</a>"#)
        let rel = try Self.run(["--attr", "target=_blank", "--attr", "rel=nofollow"], input: "example.com")
        #expect(rel.stdout == #"<a href="https://example.com" target="_blank" rel="nofollow">example.com</a>"#)
        let short = try Self.run(["--truncate", "10"], input: "https://example.com/a/long/path")
        #expect(short.stdout == #"<a href="https://example.com/a/long/path" title="https://example.com/a/long/path">https://e…</a>"#)
        let markdown = try Self.run(["--truncate", "10", "--to", "markdown"], input: "https://example.com/a/long/path")
        #expect(markdown.stdout == "[https://e…](https://example.com/a/long/path)")
    }

    @Test(arguments: ["on click=x", "onclick=alert(1)", "href=x", "a\"b=c", "=x", "class=x"])
    func badAttributeNames(_ value: String) throws {
        let r = try Self.run(["--attr", value], input: "x")
        #expect(r.status == 2)
        #expect(r.stderr.hasPrefix("linkify: "))
    }

    // MARK: - Config

    @Test func configFoundUpwardsAndCommandLineWins() throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let sub = dir.appendingPathComponent("a/b")
        try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
        try Self.write("Swift\thttps://swift.org\n", to: "g.tsv", in: dir)
        try Self.write(#"{"links": ["g.tsv"], "to": "markdown", "ignore-case": true, "attr": ["rel=nofollow"], "rewrite": ["https://swift.org=https://www.swift.org"]}"#,
                       to: ".linkify.json", in: dir)
        let found = try Self.run([], input: "swift", in: sub)
        #expect(found.status == 0)
        #expect(found.stdout == "[swift](https://www.swift.org)")
        let wins = try Self.run(["--to", "html", "--rewrite", "https://swift.org=https://cli.example"], input: "swift", in: sub)
        #expect(wins.stdout == #"<a href="https://cli.example" rel="nofollow">swift</a>"#)
        let none = try Self.run(["--no-config"], input: "swift", in: sub)
        #expect(none.stdout == "swift")
        let explicit = try Self.run(["--config", "../../.linkify.json", "--to", "html"], input: "Swift", in: sub)
        #expect(explicit.stdout == #"<a href="https://www.swift.org" rel="nofollow">Swift</a>"#)
    }

    @Test(arguments: [
        (#"{"truncate": 5"#, ".linkify.json:1:15: invalid JSON: "),
        (#"{"bogus": 1}"#, ".linkify.json: key 'bogus': unknown option"),
        (#"{"attr": "x"}"#, ".linkify.json: key 'attr': invalid value 'x' for --attr"),
        (#"{"ignore-case": "yes"}"#, ".linkify.json: key 'ignore-case': expected true or false"),
        (#"{"to": ["html"]}"#, ".linkify.json: key 'to': expected a string, not a list"),
        (#"{"to": "pdf"}"#, ".linkify.json: key 'to': invalid value 'pdf' for --to"),
        (#"{"config": "x"}"#, ".linkify.json: key 'config': not allowed in a config file"),
        (#"[1]"#, ".linkify.json: expected a JSON object of option names"),
        // Values checked only when used (a regex compiled, a links file read) name the file and the key too.
        (#"{"pattern": ["(x=>https://x/{0}"]}"#, ".linkify.json: key 'pattern': invalid regex '(x' in --pattern"),
        (#"{"pattern": "a(b)=>https://x/{2}"}"#, ".linkify.json: key 'pattern': template 'https://x/{2}' of --pattern 'a(b)' uses {2}"),
        (#"{"pattern": ["noarrow"]}"#, ".linkify.json: key 'pattern': invalid value 'noarrow' for --pattern"),
        (#"{"links": ["missing.tsv"]}"#, ".linkify.json: key 'links': "),
        (#"{"links": ["bad.tsv"]}"#, ".linkify.json: key 'links': "),
        (#"{"attr": ["onclick=x"]}"#, ".linkify.json: key 'attr': attribute 'onclick' may not be set with --attr"),
        (#"{"now": "soon"}"#, ".linkify.json: key 'now': invalid value 'soon' for --now"),
        (#"{"locale": "x"}"#, ".linkify.json: key 'locale': invalid value 'x' for --locale"),
        (#"{"phone-region": "USA"}"#, ".linkify.json: key 'phone-region': invalid value 'USA' for --phone-region"),
    ])
    func badConfigFile(_ c: (String, String)) throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.write(c.0, to: ".linkify.json", in: dir)
        try Self.write("no tab here\n", to: "bad.tsv", in: dir)
        let r = try Self.run([], input: "x", in: dir)
        #expect(r.status == 2)
        #expect(r.stderr.contains(c.1), "\(r.stderr)")
        #expect(r.stderr.filter { $0 == "\n" }.count == 1)
    }

    @Test func commandLineErrorsAreNotBlamedOnTheConfigFile() throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.write(#"{"pattern": ["PROJ-(\\d+)=>https://j.example/{1}"], "links": ["g.tsv"]}"#, to: ".linkify.json", in: dir)
        try Self.write("Swift\thttps://swift.org\n", to: "g.tsv", in: dir)
        let ok = try Self.run([], input: "PROJ-7 Swift", in: dir)
        #expect(ok.stdout == #"<a href="https://j.example/7">PROJ-7</a> <a href="https://swift.org">Swift</a>"#)
        let regex = try Self.run(["--pattern", "(=>https://x/{0}"], input: "x", in: dir)
        #expect(regex.status == 2)
        #expect(regex.stderr.hasPrefix("linkify: invalid regex '(' in --pattern"), "\(regex.stderr)")
        let links = try Self.run(["--links", "missing.tsv"], input: "x", in: dir)
        #expect(links.status == 2)
        #expect(links.stderr.hasPrefix("linkify: missing.tsv: "), "\(links.stderr)")
    }

    // MARK: - Explain

    @Test func explainSaysWhy() throws {
        let r = try Self.run(["--explain", "--link", "Swift=https://swift.org", "--deny-schemes", "ftp"],
                             input: "Swift example.com\nmain.rs ftp://h.com/x a.invalidtld\n")
        #expect(r.status == 0)
        let lines = r.stderr.split(separator: "\n").map(String.init)
        // The bare name is told once, its score and terms in its one line (the
        // weighing is in the JSON form only); the numbers are the fitted
        // table's, so the line is checked for its terms and its score's sign.
        try #require(lines.count == 5, "\(lines)")
        #expect(!lines.contains { $0.contains(" weighed ") }, "\(lines)")
        let linkedPrefix = "-:1:7: linked url 'example.com' -> https://example.com (UTS #58 bare domain, top-level domain in IANA's list; bare-name model score "
        #expect(lines[1].hasPrefix(linkedPrefix) && lines[1].contains(" bias, ") && lines[1].contains("'.com' as a domain (weight 4)")
                && lines[1].contains("'.com' as a file extension (weight 2)"), "\(lines[1])")
        let score = lines[1].dropFirst(linkedPrefix.count).prefix { $0 != ":" }
        #expect(Int(score).map { $0 >= 0 } == true, "\(lines[1])")
        #expect([lines[0]] + lines[2...] == [
            "-:1:1: linked custom 'Swift' -> https://swift.org (literal link --link 'Swift')",
            "-:2:1: not linked url 'main.rs': bare-name model: a file name (SPEC §5: .md .rs .py .sh .pm .ps .mk .tf .gd .zip .mov without scheme, www., port or path)",
            "-:2:9: not linked url 'ftp://h.com/x': scheme 'ftp' is denied by --deny-schemes",
            "-:2:23: not linked url 'a.invalidtld': top-level domain 'invalidtld' is not in IANA's list",
        ])
        #expect(r.stdout.contains(#"<a href="https://swift.org">Swift</a>"#))
    }

    /// `--explain` names the line and column where a candidate stands in a
    /// Markdown paragraph of several lines, inside quotes and list items too.
    @Test func explainPositionsInMarkdown() throws {
        let r = try Self.run(["--explain", "--from", "markdown"],
                             input: "# T\n\n> quoted line with example.com here\n> and main.rs\n\n- item\n  continued foo.io\n")
        let positions = r.stderr.split(separator: "\n").filter { !$0.contains(" weighed ") }.map { $0.split(separator: " ").first ?? "" }
        #expect(positions == ["-:3:20:", "-:4:7:", "-:7:13:"], "\(r.stderr)")
        // HTML whose text node holds a character reference before the candidates.
        let html = try Self.run(["--explain", "--from", "html"], input: "<p>a &amp; b\nsee example.com and main.rs</p>\n")
        let htmlPositions = html.stderr.split(separator: "\n").filter { !$0.contains(" weighed ") }.map { $0.split(separator: " ").first ?? "" }
        #expect(htmlPositions == ["-:2:5:", "-:2:21:"], "\(html.stderr)")
        // A rejection after a link on the same line: told once, where it is (the
        // rescan of the text after the written link tells nothing again).
        let after = try Self.run(["--explain", "--from", "markdown"], input: "x\nread example.org then lib.rs\n")
        let afterPositions = after.stderr.split(separator: "\n").filter { !$0.contains(" weighed ") }.map { $0.split(separator: " ").first ?? "" }
        #expect(afterPositions == ["-:2:6:", "-:2:23:"], "\(after.stderr)")
    }

    /// `--explain=json`: one object per line, the weighing with each feature's value and weight (the trainer's export).
    @Test func explainAsJSONLines() throws {
        let r = try Self.run(["--explain=json"], input: "see example.com and control.in\n")
        #expect(r.status == 0)
        let lines = r.stderr.split(separator: "\n").map(String.init)
        // The weights are the fitted table's: the line is read as JSON and its
        // features, score and decision checked against each other.
        let line = try #require(lines.first { $0.contains(#""text": "example.com", "verdict": "weighed""#) }, "\(lines)")
        #expect(line.hasPrefix(#"{"path": "-", "line": 1, "column": 5, "start": 4, "end": 15, "kind": "url", "text": "example.com", "verdict": "weighed", "model": "bare-name", "features": {"domain_life": [4, "#), "\(line)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        let features = try #require(object["features"] as? [String: [Int]])
        #expect(features["domain_life"]?.first == 4 && features["extension_life"]?.first == 2 && features["cue_word"]?.first == 1, "\(features)")
        let score = try #require(object["score"] as? Int)
        #expect((object["links"] as? Bool) == (score >= 0) && object["threshold"] as? Int == 0)
        #expect(lines.contains { $0.contains(#""text": "control.in", "verdict": "rejected""#) })
        let bad = try Self.run(["--explain=xml"], input: "x")
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("takes no value but =json"), "\(bad.stderr)")
    }
}
