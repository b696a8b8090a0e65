#if canImport(Glibc)
import Glibc
#endif
import Testing
import LinkifyCore

/// The markdown writer's links, rendered by a real CommonMark/GFM renderer
/// (`cmark-gfm`, without the autolink extension), show exactly the entity's
/// text and point exactly at its target. Skipped (and reported as skipped)
/// when cmark-gfm is not installed; `make test` installs it.
@Suite(.enabled(if: access("/usr/bin/cmark-gfm", X_OK) == 0, "needs cmark-gfm (apt-get install --no-install-recommends cmark-gfm)"))
struct MarkdownLinkRenderingTests {
    static let cases: [(text: String, target: String)] = [
        ("example.com", "https://example.com"),
        ("https://example.com/a_(b)", "https://example.com/a_(b)"),
        ("https://example.com/a)b", "https://example.com/a)b"),
        ("https://example.com/(a", "https://example.com/(a"),
        ("https://x.org/?a=1&b=2", "https://x.org/?a=1&b=2"),
        ("https://x.org/a\\b", "https://x.org/a\\b"),
        ("x.org/*star*_under_", "https://x.org/*star*_under_"),
        ("x.org/[brackets]", "https://x.org/[brackets]"),
        ("x.org/`tick`", "https://x.org/`tick`"),
        ("x.org/a|b", "https://x.org/a|b"),
        ("x.org/~a~", "https://x.org/~a~"),
        ("x.org/!a", "https://x.org/!a"),
        ("x.org/<a>", "https://x.org/<a>"),
        ("x.org/a b", "https://x.org/a b"),
        ("john.doe@example.com", "mailto:john.doe@example.com"),
        ("https://ja.wikipedia.org/wiki/東京", "https://ja.wikipedia.org/wiki/東京"),
        ("普遍适用测试。我爱你", "https://普遍适用测试。我爱你"),
        ("x.org/&amp;", "https://x.org/&amp;"),
        ("x.org/\"q\"", "https://x.org/\"q\""),
        ("myapp://actions/new", "myapp://actions/new"),
        ("@alice", "https://twitter.com/alice"),
        ("#tag", "https://twitter.com/hashtag/tag"),
        ("x.org/((a)(b))", "https://x.org/((a)(b))"),
    ]

    @Test func rendersToTextAndTarget() {
        var doc = ""
        for c in Self.cases { doc += MarkdownLink.link(text: c.text, target: c.target) + "\n\n" }
        let r = Subprocess.run("/usr/bin/cmark-gfm", ["--unsafe"], stdin: Array(doc.utf8))
        #expect(r.status == 0)
        let paragraphs = r.out.split(separator: "\n").map(String.init)
        #expect(paragraphs.count == Self.cases.count)
        for (c, html) in zip(Self.cases, paragraphs) {
            guard let (href, text) = Self.anchor(in: html) else {
                Issue.record("no single anchor in \(html) for \(c)")
                continue
            }
            #expect(Self.percentDecoded(Self.htmlUnescaped(href)) == Self.percentDecoded(c.target), "\(c) -> \(html)")
            #expect(Self.htmlUnescaped(text) == c.text, "\(c) -> \(html)")
        }
    }

    /// The href and text of `<p><a href="…">…</a></p>`.
    static func anchor(in html: String) -> (String, String)? {
        let prefix = "<p><a href=\"", suffix = "</a></p>"
        guard html.hasPrefix(prefix), html.hasSuffix(suffix) else { return nil }
        let body = html.dropFirst(prefix.count).dropLast(suffix.count)
        guard let q = body.firstIndex(of: "\""), body[body.index(after: q)] == ">" else { return nil }
        let text = body[body.index(q, offsetBy: 2)...]
        if text.contains("<a ") { return nil }
        return (String(body[..<q]), String(text))
    }

    static func htmlUnescaped(_ s: String) -> String {
        s.replacing("&quot;", with: "\"").replacing("&lt;", with: "<").replacing("&gt;", with: ">")
            .replacing("&#39;", with: "'").replacing("&amp;", with: "&")
    }

    static func percentDecoded(_ s: String) -> String {
        var out: [UInt8] = []
        let b = Array(s.utf8)
        var i = 0
        func hex(_ c: UInt8) -> UInt8? {
            switch c {
            case 0x30...0x39: return c - 0x30
            case 0x41...0x46: return c - 0x41 + 10
            case 0x61...0x66: return c - 0x61 + 10
            default: return nil
            }
        }
        while i < b.count {
            if b[i] == 0x25, i + 2 < b.count, let h = hex(b[i + 1]), let l = hex(b[i + 2]) {
                out.append(h << 4 | l)
                i += 3
            } else {
                out.append(b[i])
                i += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
