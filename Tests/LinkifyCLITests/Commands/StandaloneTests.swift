#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import LinkifyCLI

/// HTML files that are HTML: `--standalone` writes plain text as a
/// complete HTML5 document; `-o DIR` does so for every plain-text file it
/// writes as html; Markdown stays Markdown and keeps its name.
@Suite struct StandaloneTests {
    static func document(title: String, body: String) -> String {
        """
        <!DOCTYPE html>
        <html>
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(title)</title>
        <style>pre { white-space: pre-wrap; overflow-wrap: anywhere; }</style>
        </head>
        <body>
        <pre>
        \(body)</pre>
        </body>
        </html>

        """
    }

    @Test func plainTextBecomesADocument() {
        let dir = TempFolder()
        dir.file("notes.txt", "\nsee a.com\n  <b> & x@y.org\n")
        let r = InProcessRun(["--standalone", dir.at("notes.txt")])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.out == Self.document(title: "notes.txt", body:
            "\nsee <a href=\"https://a.com\">a.com</a>\n  &lt;b&gt; &amp; <a href=\"mailto:x@y.org\">x@y.org</a>\n"))
        let short = InProcessRun(["-s", "-"], stdin: Array("b.com".utf8))
        #expect(short.out == Self.document(title: "standard input", body: "<a href=\"https://b.com\">b.com</a>"))
    }

    @Test func theTitleIsEscapedAndInvalidBytesPassThrough() {
        let dir = TempFolder()
        dir.file("a&<b>.txt", [0x61, 0xFF, 0x0A])
        let r = InProcessRun(["-s", dir.at("a&<b>.txt")])
        let expected = Array(Self.document(title: "a&amp;&lt;b&gt;.txt", body: "a\u{1}\n").utf8).map { $0 == 1 ? 0xFF : $0 }
        #expect(r.stdout == expected)
    }

    @Test func aFolderOfTextWrittenAsHTMLIsAFolderOfDocuments() {
        let dir = TempFolder()
        dir.file("docs/a.txt", "see a.com\n")
        dir.file("docs/guide/b.md", "Read https://example.org\n")
        dir.file("docs/c.html", "<p>c.com</p>\n")
        let r = InProcessRun([dir.at("docs"), "-o", dir.at("site")])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(dir.allFiles().filter { $0.hasPrefix("site/") } == ["site/a.html", "site/c.html", "site/guide/b.md"])
        #expect(dir.text("site/a.html") == Self.document(title: "a.txt", body: "see <a href=\"https://a.com\">a.com</a>\n"))
        #expect(dir.text("site/c.html") == "<p><a href=\"https://c.com\">c.com</a></p>\n")
        #expect(dir.text("site/guide/b.md") == "Read <https://example.org>\n")
        // --to html: Markdown stays Markdown, with anchors, under its own name.
        let html = InProcessRun(["--to", "html", dir.at("docs"), "-o", dir.at("html")])
        #expect(html.status == 0, "\(html.stderr)")
        #expect(dir.allFiles().filter { $0.hasPrefix("html/") } == ["html/a.html", "html/c.html", "html/guide/b.md"])
        #expect(dir.text("html/guide/b.md") == "Read <a href=\"https://example.org\">https://example.org</a>\n")
        #expect(dir.text("html/a.html").hasPrefix("<!DOCTYPE html>"))
        // -o FILE and standard output stay fragments unless asked.
        let file = InProcessRun([dir.at("docs/a.txt"), "-o", dir.at("one.html")])
        #expect(file.status == 0)
        #expect(dir.text("one.html") == "see <a href=\"https://a.com\">a.com</a>\n")
        let asked = InProcessRun(["-s", dir.at("docs/a.txt"), "-o", dir.at("two.html")])
        #expect(asked.status == 0)
        #expect(dir.text("two.html") == dir.text("html/a.html"))
    }

    @Test(arguments: [
        (["-s", "--to", "markdown", "x.txt"], "--standalone writes an HTML document: it cannot be combined with --to markdown"),
        (["-s", "--to", "jsonl"], "--standalone writes an HTML document: it cannot be combined with --to jsonl"),
        (["-s", "-i", "x.md"], "--in-place keeps each file's format: it cannot be combined with --standalone"),
        (["-s", "--check", "x.md"], "--check keeps each file's format: it cannot be combined with --standalone"),
        (["-s", "-", "/dev/null"], "--standalone writes one document to standard output: give one input, or -o DIR"),
    ])
    func usageErrors(_ arguments: [String], _ message: String) {
        let r = InProcessRun(arguments, stdin: Array("x".utf8))
        #expect(r.status == 2)
        #expect(r.stderr == "linkify: \(message)\n")
        #expect(r.stdout.isEmpty)
    }
}
