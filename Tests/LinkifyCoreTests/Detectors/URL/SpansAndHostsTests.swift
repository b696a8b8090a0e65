import Testing
@testable import LinkifyCore
@testable import LinkifyDetectors
@testable import LinkifyFinding
@testable import LinkifyInput
@_spi(Layers) @testable import LinkifyModel
@testable import LinkifyRendering

/// What a new user trips on (issue 24), spans and hosts: where a link ends
/// (code spans, hard line breaks, bidirectional controls), where an e-mail
/// local part begins, and which hosts after a scheme are valid (SPEC §5).
/// One line per case, links marked with `|`.
@Suite struct SpansAndHostsTests {
    /// Item 1: a backtick that closes a code span opened before the link ends it.
    static let codeSpans = [
        "run `curl |https://example.com/a/b|` now",
        "`git clone |https://example.com/r.git|`, then",
        // Wrapped inside one paragraph: the span is still open.
        "use `curl -L\n  |https://example.com/x|` here",
        // A run of two backticks is closed by two, not by one.
        "``a `b` |https://example.com/x`| y`` z",
        // After a blank line the paragraph, and its code span, are over.
        "an ` alone\n\nthen |https://example.com/x`y|",
        // No code span open: the backtick stays in the path.
        "|https://example.com/a`b|",
    ]

    /// Item 1: a Markdown hard line break is never part of a URL.
    static let hardLineBreaks = [
        "Visit |https://example.com/a|\\\nnext",
        "Visit |https://example.com/a|\\\r\nnext",
        "host |https://example.com|\\\nnext",
        "bare |example.com/p|\\\nnext",
        "|https://example.com/a\\b| keeps a backslash inside",
    ]

    /// Item 2: a local part is letters, digits, marks and `. _ % + -`, with `'` between two letters.
    static let localParts = [
        "EMAIL='|me@example.com|'",
        "git commit --author=|me@example.com|",
        "{|me@example.com|} `|me@example.com|` /|me@example.com| #|me@example.com| ?|me@example.com|",
        "a!|c@example.com| and x=|y@example.com|",
        "|o'brien@example.com| and '|quoted@example.com|'",
        "|first.last+tag@example.com| and |a_b%c-d@example.com|",
        "$USER@example.com and ${USER}@example.com",
        "mail \"$NAME@example.org\" now",
    ]

    /// Item 3: hosts that cannot exist after a scheme.
    static let impossibleHosts = [
        "http://1.2.3.999/ no",
        "http://example.123/ no",
        "http://1.2.3/ no",
        "http://foo_.example.com/ no",
        "http://a.b_/x no",
        "http://example.com_/ no",
        "|http://1.2.3.4/| yes",
        "|http://10.0.0.1:8080/x| yes",
        "|http://a_b.example.com/| yes",
        "|http://example.com1/| yes",
    ]

    /// Item 4: UTS #46 decides the host; a refused URL links nothing.
    static let uts46Hosts = [
        "|http://☃.net/| snowman",
        "|http://😀.example/| emoji",
        "|http://straße.de/| sharp s",
        "|http://xn--bcher-kva.de/| A-label",
        "http://xn--zz.com/ bad Punycode",
        "http://xn--abc.com/ decodes to ASCII",
        "http://ab--cd.com/ hyphens third and fourth",
        "http://ex%zzample.com/ percent",
        "http://exa$mple.com/x dollar",
        "http://example.com*/x star",
        "http://\u{0301}a.com/ a label that starts with a mark",
        "http://a\u{2FF0}b.com/ disallowed",
        "http://a\u{2100}b.com/ mapped to a/c",
        "|http://a.com|,|http://b.com| comma ends",
    ]

    /// Item 16: bidirectional controls, in every profile.
    static let bidiControls = [
        "http://exa\u{202E}mple.com/ inside",
        "|https://example.com/a|\u{202E}b ends the path",
        "exa\u{202E}mple.com bare, inside",
        "example.com\u{2067}foo inside",
        "\u{2066}\u{202A}|example.com|\u{202C}\u{2069} right-to-left text",
        "|http://example.com|\u{202C}/x at the edge",
        "https://exa\u{200F}mple.com/x mark",
    ]

    @Test(arguments: codeSpans) func closingBacktickEndsTheLink(_ line: String) {
        #expect(marked(unmarked(line)) == line)
    }

    /// A bare name in a code span is weighed once, ending at the closing
    /// backtick (whether it links is the fitted table's); reading it again
    /// to the backtick takes back the first reading (this crashed before:
    /// "see `crates.io/a` then http://crates.io").
    @Test func closingBacktickEndsABareName() {
        let w = weighings("see `example.com/a/b` and `http://example.com`.")
        #expect(w.keys.sorted() == ["example.com/a/b"])
        for name in ["docker.io", "crates.io", "go.dev", "zork.icu", "me.tv"] {
            for text in ["`\(name)/`t://\(name)", "`\(name)/x`y://\(name)", "see `\(name)/a` then http://\(name)"] {
                #expect(weighings(text).count == 1, "\(text)")
                _ = marked(text)
            }
        }
    }

    @Test(arguments: hardLineBreaks) func hardLineBreakIsNotInTheLink(_ line: String) {
        #expect(marked(unmarked(line)) == line)
    }

    @Test(arguments: localParts) func localPartBeginsAtItsLetters(_ line: String) {
        #expect(marked(unmarked(line)) == line)
    }

    @Test(arguments: impossibleHosts) func impossibleHostIsNoLink(_ line: String) {
        #expect(marked(unmarked(line)) == line)
    }

    @Test(arguments: uts46Hosts) func hostIsValidWhenToASCIISucceeds(_ line: String) {
        #expect(marked(unmarked(line)) == line)
    }

    @Test(arguments: bidiControls) func bidiControlInHostOrPath(_ line: String) {
        #expect(marked(unmarked(line)) == line)
    }

    @Test func bidiControlInHostOrPathInGFMAndTwitterProfiles() {
        for profile in [Profile.gfm, .twitter] {
            let options = FinderOptions(profile: profile)
            #expect(marked("http://exa\u{202E}mple.com/ x", options) == "http://exa\u{202E}mple.com/ x", "\(profile)")
            #expect(marked("https://example.com/a\u{202E}b x", options) == "|https://example.com/a|\u{202E}b x", "\(profile)")
            #expect(marked("www.exa\u{202E}mple.com x", options) == "www.exa\u{202E}mple.com x", "\(profile)")
            #expect(marked("http://example.com\u{2069}foo/ x", options) == "http://example.com\u{2069}foo/ x", "\(profile)")
        }
    }

    /// Invalid UTF-8 that looks like a bidirectional control to a byte test
    /// (E2 80 then no continuation byte) is neither one nor a crash.
    @Test func brokenBidiControlBytesAreText() {
        let bytes: [UInt8] = Array("go http://a.com/x".utf8) + [0xE2, 0x80, 0x2E] + Array("y z myapp://b".utf8) + [0xE2, 0x80, 0x2E] + Array("c/ end".utf8)
        for profile in [Profile.default, .gfm, .twitter] {
            let finder = EntityFinder(options: FinderOptions(profile: profile))
            let found = bytes.withUnsafeBufferPointer { TextReader().entities(in: $0, finder: finder) }
            #expect(found.allSatisfy { $0.end <= bytes.count }, "\(profile)")
            #expect(found.first?.start == 3, "\(profile)")   // (gfm keeps the invalid bytes, as cmark-gfm does)
        }
    }

    @Test func punycodeDecodesRFC3492Samples() {
        func decoded(_ s: String) -> [UInt32]? {
            let bytes = Array(s.utf8)
            return bytes.withUnsafeBufferPointer { Punycode.decode($0, 0..<$0.count) }
        }
        #expect(decoded("bcher-kva") == Array("bücher".unicodeScalars.map(\.value)))
        #expect(decoded("n3h") == [0x2603])
        #expect(decoded("-> $1.00 <--") == Array("-> $1.00 <-".unicodeScalars.map(\.value)))
        #expect(decoded("zz!") == nil)
    }

    private func unmarked(_ line: String) -> String { line.replacingOccurrences(of: "|", with: "") }
}

private extension String {
    func replacingOccurrences(of target: String, with replacement: String) -> String {
        split(separator: Character(target), omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
