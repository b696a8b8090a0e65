import Testing
@testable import LinkifyCore
@testable import LinkifyDetectors
@testable import LinkifyFinding
@testable import LinkifyInput
@_spi(Layers) @testable import LinkifyModel
@testable import LinkifyRendering

/// Issue 12: lint reports nothing inside the inline HTML elements annotate
/// leaves alone, nor in HTML comments, with the gfm profile (lint's default)
/// as with default — as markdownlint's MD034. The first lines are paragraphs
/// of the Node.js documentation on this machine (/usr/share/doc/nodejs/api/
/// all.html, whose text is Markdown rendered with inline HTML); the others
/// are written for this test, one per element.
@Suite struct LintRawHTMLTests {
    static func reported(_ document: String, _ profile: Profile) -> [String] {
        let bytes = Array(document.utf8)
        let linter = Linter(format: .markdown, finder: EntityFinder(options: FinderOptions(profile: profile)))
        return bytes.withUnsafeBufferPointer { linter.lint($0, path: "x.md") }.findings.map(\.text)
    }

    static let quiet = [
        "Open any preferred web browser and visit <code>http://127.0.0.1:3000</code>.",
        "Node.js 10.0.0 onwards. See <a href=\"https://github.com/nodejs/node/pull/12562\">https://github.com/nodejs/node/pull/12562</a>.",
        "Press <kbd>https://example.com/k</kbd> to go.",
        "Output: <samp>https://example.com/s</samp>",
        "Old style <tt>https://example.com/t</tt> here.",
        "Block <pre>https://example.com/pre</pre> here.",
        "<!-- https://example.com/comment -->",
    ]

    @Test(arguments: quiet, [Profile.gfm, Profile.default])
    func nothingInsideRawElements(_ line: String, profile: Profile) {
        #expect(Self.reported(line, profile) == [])
    }

    /// Text around the elements is still read.
    @Test(arguments: [Profile.gfm, Profile.default])
    func textAroundIsReported(profile: Profile) {
        let line = "See https://example.com/a and <code>https://example.com/b</code> then https://example.com/c"
        #expect(Self.reported(line, profile) == ["https://example.com/a", "https://example.com/c"])
    }

    /// An IPv6 host is reported where annotate links it: with the default
    /// profile. GitHub (cmark-gfm) does not autolink it, so gfm does not.
    @Test func ipv6HostFollowsAnnotate() {
        let line = "API at https://[2001:db8::1]:8080/api for tests."
        #expect(Self.reported(line, .default) == ["https://[2001:db8::1]:8080/api"])
        #expect(Self.reported(line, .gfm) == [])
        #expect(marked(line, FinderOptions(profile: .default)) == "API at |https://[2001:db8::1]:8080/api| for tests.")
    }
}
