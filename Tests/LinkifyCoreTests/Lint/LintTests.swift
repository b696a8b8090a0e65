import Testing
@testable import LinkifyCore
@testable import LinkifyDetectors
@testable import LinkifyFinding
@testable import LinkifyInput
@_spi(Layers) @testable import LinkifyModel
@testable import LinkifyRendering

/// The lines (1-based) on which lint reports something in `document`, read as `format`.
func lintedLines(_ document: String, format: InputFormat = .html) -> [Int] {
    let bytes = Array(document.utf8)
    let linter = Linter(format: format, finder: EntityFinder(options: FinderOptions(profile: .gfm)))
    return bytes.withUnsafeBufferPointer { linter.lint($0, path: "x") }.findings.map(\.start.line)
}

/// A finding for reporter tests.
func finding(_ path: String = "docs/a.md", _ kind: EntityKind = .url, _ text: String = "https://example.com",
             line: Int = 3, column: Int = 7) -> LintFinding {
    LintFinding(path: path, rule: LintRule(kind), text: text, target: text,
                start: SourceLocation(line: line, column: column),
                end: SourceLocation(line: line, column: column + text.unicodeScalars.count), range: 10..<(10 + text.utf8.count))
}

@Suite struct LintTests {
    // Each case: the document's lines joined by LF, and the lines that are reported.
    @Test("disable comments", arguments: [
        ("http://a.com\nhttp://b.com", [1, 2]),
        ("<!-- linkify-disable -->\nhttp://a.com\n<!-- linkify-enable -->\nhttp://b.com", [4]),
        ("<!-- linkify-disable -->\nhttp://a.com\nhttp://b.com", []),
        ("http://a.com <!-- linkify-disable -->\nhttp://b.com", []),
        ("<!-- linkify-disable-next-line -->\nhttp://a.com\nhttp://b.com", [3]),
        ("http://a.com <!-- linkify-disable-line -->\nhttp://b.com", [2]),
        ("<!--linkify-disable-->\nhttp://a.com", []),
        ("<!-- linkify-disable bare-email -->\nhttp://a.com a@example.com", [2]),
        ("<!-- linkify-disable bare-url -->\nhttp://a.com\n<!-- linkify-enable bare-url -->\nhttp://b.com", [4]),
        ("<!-- linkify-disable-next-line bare-email -->\nhttp://a.com", [2]),
        ("<!-- markdownlint-disable MD034 -->\nhttp://a.com\n<!-- markdownlint-enable MD034 -->\nhttp://b.com", [4]),
        ("<!-- markdownlint-disable no-bare-urls -->\nhttp://a.com", []),
        ("<!-- markdownlint-disable -->\nhttp://a.com", []),
        ("<!-- markdownlint-disable MD013 MD034 -->\nhttp://a.com", []),
        ("<!-- markdownlint-disable MD013 -->\nhttp://a.com", [2]),
        ("<!-- markdownlint-disable-next-line MD034 -->\nhttp://a.com\nhttp://b.com", [3]),
        ("<!-- markdownlint-disable-next-line -->\nhttp://a.com\nhttp://b.com", [3]),
        ("<!-- markdownlint-disable-next-line MD001 -->\nhttp://a.com", [2]),
        ("http://a.com <!-- markdownlint-disable-line MD034 -->\nhttp://b.com", [2]),
        ("http://a.com\n<!-- markdownlint-disable-file MD034 -->", []),
        ("<!-- markdownlint-disable-file -->\n<!-- markdownlint-enable-file -->\nhttp://a.com", [3]),
        ("<!-- markdownlint-disable MD034 -->\n<!-- markdownlint-capture -->\n<!-- markdownlint-enable -->\nhttp://a.com\n<!-- markdownlint-restore -->\nhttp://b.com", [4]),
        ("<!-- MARKDOWNLINT-DISABLE md034 -->\nhttp://a.com", []),
        ("<!-- markdownlint-disable MD034\n-->\nhttp://a.com", [3]),
        ("<!-- linkify-disabled -->\nhttp://a.com", [2]),
        ("<!-- a comment -->\nhttp://a.com", [2]),
    ])
    func disableComments(_ c: (String, [Int])) { #expect(lintedLines(c.0) == c.1) }

    @Test("findings: 1-based lines, columns in scalars, end just past the last character")
    func locations() {
        let bytes = Array("x\néé http://a.com/ü z".utf8)
        let linter = Linter(format: .text, finder: EntityFinder(options: FinderOptions(profile: .gfm)))
        let found = bytes.withUnsafeBufferPointer { linter.lint($0, path: "p") }.findings
        #expect(found.count == 1)
        #expect(found.first?.start == SourceLocation(line: 2, column: 4))
        #expect(found.first?.end == SourceLocation(line: 2, column: 18))
        #expect(found.first?.message == "bare URL http://a.com/ü")
    }

    /// Reports the first four bytes as a date, shown (not linked) or linked.
    struct FixedDateScanner: EntityScanner {
        /// nil: the date is shown, not linked.
        let target: String?
        func scan(_ text: UnsafeBufferPointer<UInt8>, from minStart: Int, into out: inout [Entity]) {
            guard minStart == 0 && text.count >= 4 else { return }
            if let target {
                out.append(Entity(kind: .date, start: 0, end: 4, target: target, value: "2026-01-01"))
            } else {
                out.append(.unlinkedDate(start: 0, end: 4, value: "2026-01-01"))
            }
        }
    }

    @Test("a date annotate would not link is not bare; a linked one is")
    func unlinkedDates() {
        let bytes = Array("2026 and http://a.com".utf8)
        // A template that is the value alone (`--date-url '{}'`) links the date too.
        for (target, count) in [(nil, 1), ("https://cal.example/2026-01-01", 2), ("2026-01-01", 2)] as [(String?, Int)] {
            let options = FinderOptions(kinds: .url, userScanners: [FixedDateScanner(target: target)])
            let linter = Linter(format: .text, finder: EntityFinder(options: options))
            let result = bytes.withUnsafeBufferPointer { linter.lint($0, path: "p") }
            #expect(result.findings.count == count)
            #expect(result.entities.count == count)
        }
    }

    @Test("fix writes each format's own links; plain text is not changed")
    func fix() {
        let html = Array("<p>see http://a.com/?x&amp;y <code>http://c.com</code></p>".utf8)
        let linter = Linter(format: .html, finder: EntityFinder(options: FinderOptions(profile: .gfm)))
        let fixed = html.withUnsafeBufferPointer { t in linter.fixed(t, entities: linter.lint(t, path: "p").entities) }
        #expect(fixed.map { String(decoding: $0, as: UTF8.self) } ==
            "<p>see <a href=\"http://a.com/?x&amp;y\">http://a.com/?x&amp;y</a> <code>http://c.com</code></p>")
        let again = fixed!.withUnsafeBufferPointer { linter.lint($0, path: "p") }
        #expect(again.findings.isEmpty)
        let text = Linter(format: .text, finder: EntityFinder())
        #expect(html.withUnsafeBufferPointer { text.fixed($0, entities: []) } == nil)
    }

    @Test("text format")
    func textFormat() {
        var plain = TextLintReporter()
        #expect(plain.render([finding(), finding("b.md", .email, "a@b.co", line: 1, column: 1)]) ==
            "docs/a.md:3:7: bare URL https://example.com\nb.md:1:1: bare email address a@b.co\n")
        var colored = TextLintReporter(color: true)
        #expect(colored.render([finding()]) ==
            "\u{1B}[1mdocs/a.md:3:7:\u{1B}[0m \u{1B}[33mbare URL\u{1B}[0m https://example.com\n")
        #expect(plain.render([]) == "")
    }

    @Test("json format")
    func jsonFormat() {
        var json = JSONLintReporter()
        #expect(json.render([finding(), finding("q\"uote.md", .email, "a@b.co", line: 4, column: 2)]) == """
            [
            {"path": "docs/a.md", "line": 3, "column": 7, "end_line": 3, "end_column": 26, "kind": "url", "text": "https://example.com", "message": "bare URL https://example.com"},
            {"path": "q\\"uote.md", "line": 4, "column": 2, "end_line": 4, "end_column": 8, "kind": "email", "text": "a@b.co", "message": "bare email address a@b.co"}
            ]

            """)
        var empty = JSONLintReporter()
        #expect(empty.render([]) == "[]\n")
    }

    @Test("github format, line by line")
    func githubFormat() {
        var github = GitHubLintReporter()
        let lines = github.render([finding(), finding("dir,x/a:b.md", .url, "http://a.com/100%", line: 9, column: 12)])
            .split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines == [
            "::warning file=docs/a.md,line=3,col=7::bare URL https://example.com",
            "::warning file=dir%2Cx/a%3Ab.md,line=9,col=12::bare URL http://a.com/100%25",
            "",
        ])
        for line in lines.dropLast() {
            #expect(line.hasPrefix("::warning file="))
            #expect(line.split(separator: "::", omittingEmptySubsequences: false).count == 3)
        }
    }

    @Test("sarif: results point at their rules; paths become URI references")
    func sarifFormat() {
        var sarif = SARIFLintReporter(rules: LintRule.rules(for: .defaults), toolVersion: "9.9")
        let text = sarif.render([finding(), finding("my docs/é.md", .email, "a@b.co", line: 1, column: 1)])
        #expect(text.contains("\"version\": \"2.1.0\""))
        #expect(text.contains("{\"id\": \"bare-url\""))
        #expect(text.contains("{\"id\": \"bare-email\""))
        #expect(text.contains("\"ruleId\": \"bare-email\", \"ruleIndex\": 1"))
        #expect(text.contains("\"uri\": \"my%20docs/%C3%A9.md\""))
        #expect(text.contains("\"region\": {\"startLine\": 3, \"startColumn\": 7, \"endLine\": 3, \"endColumn\": 26"))
        #expect(SARIFLintReporter.uri("/abs/a.md") == ("file:///abs/a.md", false))
        #expect(SARIFLintReporter.uri("./a.md") == ("a.md", true))
        #expect(SARIFLintReporter.uri("docs/a b(1)/é.md") == ("docs/a%20b%281%29/%C3%A9.md", true))
    }

    @Test("rules")
    func rules() {
        #expect(LintRule.rules(for: .defaults).map(\.id) == ["bare-url", "bare-email"])
        #expect(LintRule.rules(for: EntityKinds([.url, .phone])).map(\.id) == ["bare-url", "bare-email", "bare-phone"])
        #expect(LintRule(named: "bare-url") == LintRule(.url))
        #expect(LintRule(named: "EMAIL") == LintRule(.email))
        #expect(LintRule(named: "nope") == nil)
    }
}
