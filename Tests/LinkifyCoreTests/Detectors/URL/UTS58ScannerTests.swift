import Testing
@testable import LinkifyCore
@testable import LinkifyDetectors
@testable import LinkifyFinding
@testable import LinkifyInput
@_spi(Layers) @testable import LinkifyModel
@testable import LinkifyRendering

/// One line per case: the expected links are marked with `|`.
@Suite struct UTS58ScannerTests {
    static let bareDomains = [
        "see |example.com| today",
        "|TEST.COM|",
        "a |blogspot.com| b",
        "visit |www.example.com|.",
        "|example.com|! on",
        "|example.com/αβγ|",
        "(|example.com/123?123#(123)|) b",
        "|example.com/123|... so great",
        "|普遍适用测试。我爱你| dolor",
        "|abc.XN--11B4C3D|",
        "|example.com:443| b",
        "example.😎 no",
        "See .fr on",
        "example.invalidtld no",
    ]

    static let schemes = [
        "see |https://example.com/a_(b)| and",
        "|http://foo.example.com|. on",
        "|http://foo.example.com./αβγ|",
        "open |myapp://actions/new| now",
        "|foodpinapp://actions/OpenDiscover|",
        "|http://localhost:8080/path|",
        "|http://192.168.0.1/admin|",
        "|http://[::1]:8080/|",
        "|ftp://ftp.example.org/pub/|",
        "http://.foo.example.com/x",
        "http://foo..example.com/x",
        "http://-foo.example-.com.",
        "http://example.com:99999/",
        "|http://x.com|< a",
        "|http://x.com|<",
        "<|http://x.com|>",
        "|https://example.com|,foo",
        "|http://x.com|\"quoted",
    ]

    static let termination = [
        "|example.com/αβ|) on",
        "|example.com/α(β)|",
        "|example.com/α[(β|])γ",
        "|example.com/αβ(γ/δ|)ρς",
        "|example.com/a?b=(c)&(d)=e#f:~:text=(g)|",
        "|example.com/foo|? Yes",
        "|example.com/a|, then",
        "|https://x.org/a(b)c|) tail",
    ]

    static let emails = [
        "mail |john.doe@example.com|, please",
        "|mailto:john@example.com|",
        "|αβγ.δεζ@example.com|",
        "|x.abcd@example.com|.",
        "john..smith@example.com",
        ".john@example.com",
        "john.@example.com",
        "|john.doe@example.com|:1234/forum",
        "|john.bio@example.com|",
    ]

    static let falsePositives = [
        "edit main.rs and setup.py, see README.md",
        // A path counts for a name only when its top label is not a common file extension.
        "but main.rs/blob has a path",
        "|www.setup.py| has www",
        "install pkg@1.2.3 now",
        "git@github.com:owner/repo.git",
        "version 1.2.3 and v2.0",
        "ping 192.168.0.1 now",
        "http://john.smith@example.com/foo",
        "ssh://git@github.com/x",
        "javascript://example.com/%0Aalert(1)",
    ]

    static let cjk = [
        "见|https://example.com/路径|，然后",
        "看|https://example.com|。然后",
        "|https://example.com/a|、b",
        // The ideographic full stop separates the labels of a host with a scheme too.
        "|https://www.google。com|",
        "见|http://例え。jp/パス|，然后",
        "|https://普遍适用测试。我爱你/x|。然后",
        "看|https://example.com|。然后/x",
        "|https://example.com/路径|。后面",
        "|myapp://x|。然后",
        // A bare domain ends at the full stop when what follows is no top-level domain.
        "访问 |example.com|。然后",
        "|例え。jp|。然后",
        "|a.com。b.org| 和 |普遍适用测试。我爱你|",
        "mail |x@example.com|。然后",
        "main.rs。然后",
    ]

    /// Hosts of many labels: the scan walks an ASCII run's labels in one loop
    /// and weighs the full stop before the last (`lastFullStopOfASCIIHost`);
    /// what stops the walk (a wide stop, a character past ASCII, `_`, an
    /// empty or invalid label, `@`) is read as before.
    static let manyLabels = [
        "see |a.b.c.example.com| today",
        "|a.b.example.com|. Then",
        "|sub-1.a-b.example.org/x|",
        "|deep.a.b.c.d.e.f.g.h.example.co.uk/path|",
        "|1.2.3.4.example.net|",
        "|a.b.c。example.com|",
        "|a.b.éxample.com|",
        "mail me at |x.y@a.b.example.com|",
        "x.y.z..com",
        "a.b.c.。com",
        "a.b.exa_mple.com",
        "a.b-.c.example.com",
        "foo.bar.baz.qux",
    ]

    @Test(arguments: manyLabels) func manyLabelHost(_ c: String) { #expect(marked(unmarked(c)) == c) }
    @Test(arguments: bareDomains) func bareDomain(_ c: String) { #expect(marked(unmarked(c)) == c) }
    @Test(arguments: schemes) func scheme(_ c: String) { #expect(marked(unmarked(c)) == c) }
    @Test(arguments: termination) func terminationRule(_ c: String) { #expect(marked(unmarked(c)) == c) }
    @Test(arguments: emails) func email(_ c: String) { #expect(marked(unmarked(c)) == c) }
    @Test(arguments: falsePositives) func falsePositive(_ c: String) { #expect(marked(unmarked(c)) == c) }

    /// SPEC §5's file-name rule holds only without a path: `docs.rs/serde` is weighed by the model.
    @Test func fileExtensionWithAPathIsWeighed() {
        #expect(features(of: "docs.rs/serde", in: "but docs.rs/serde and https://docs.rs") != nil)
        #expect(features(of: "main.rs", in: "see main.rs") == nil)
    }
    @Test(arguments: cjk) func cjkPunctuation(_ c: String) { #expect(marked(unmarked(c)) == c) }

    @Test func targets() {
        let found = entities("example.com www.example.com a@b.org mailto:c@d.org https://x.org")
        #expect(found.map { $0.target(in: "example.com www.example.com a@b.org mailto:c@d.org https://x.org") } == ["https://example.com", "https://www.example.com", "mailto:a@b.org",
                                          "mailto:c@d.org", "https://x.org"])
        #expect(found.map(\.kind) == [.url, .url, .email, .email, .url])
    }

    @Test func kindsAreFiltered() {
        let onlyEmail = FinderOptions(kinds: .email)
        #expect(marked("x.com a@b.org", onlyEmail) == "x.com |a@b.org|")
        let onlyURL = FinderOptions(kinds: .url)
        #expect(marked("x.com a@b.org", onlyURL) == "|x.com| a@b.org")
    }

    @Test func overlongCandidateStaysText() {
        let long = "https://example.com/" + String(repeating: "a", count: Limits.maxEntityBytes)
        #expect(entities("x " + long + " y").isEmpty)
    }
}
