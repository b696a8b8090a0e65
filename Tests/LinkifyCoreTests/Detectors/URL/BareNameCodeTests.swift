import Testing
@testable import LinkifyCore
@testable import LinkifyDetectors
@testable import LinkifyFinding
@testable import LinkifyInput
@_spi(Layers) @testable import LinkifyModel
@testable import LinkifyRendering

/// The bare-name model's evidence that a name is code in prose (README
/// "Detection rules"), each on an excerpt of real text; the source is given
/// beside it (Python 3.11's documentation sources in
/// /usr/share/doc/python3.11/html/_sources, Node.js's in /usr/share/doc/nodejs).
/// Links are marked with `|`. Where the decision is the fitted table's, the
/// test checks that the evidence fires (`fires`); whether it decides is
/// measured on the labelled corpus (docs/accuracy.md).
@Suite struct BareNameCodeTests {
    /// A stem the text writes before three different names or more is an
    /// object's or module's name, not a domain's.
    @Test func stemWithManyMembers() {
        // whatsnew/3.6.rst.txt
        // The evidence fires; since the members evidence is weighed apart for
        // names of three labels or more (document_members_long), the fit
        // weighs it -2.10 on two, against a bias of 2.43, and `.blue` and
        // `.green` have no other evidence, so they are linked (docs/accuracy.md).
        let color = "    >>> list(Color)\n    [<Color.red: 1>, <Color.blue: 2>, <Color.green: 3>]\n"
        #expect(fires("document_members", for: "Color.blue", in: color))
        #expect(marked(color).hasPrefix("    >>> list(Color)\n    [<Color.red: 1>,"))
        // library/itertools.rst.txt (math.comb and math.isqrt are elsewhere in the same page)
        let itertools = "   def polynomial_from_roots(roots):\n       return [\n"
            + "           sum(map(math.prod, combinations(roots, k)))\n"
            + "   return math.comb(n, r) and math.isqrt(n)\n"
        // Linked since 2026-12-07 for the same reason as `Color.blue` (above).
        #expect(fires("document_members", for: "math.prod", in: itertools))
        #expect(marked(itertools).contains("math.comb(n, r) and math.isqrt(n)"))
        // library/uuid.rst.txt
        let uuid = ".. attribute:: UUID.int\n\n   The UUID as a 128-bit integer.\n\n.. attribute:: UUID.urn\n\n.. attribute:: UUID.hex\n"
        #expect(fires("document_members", for: "UUID.int", in: uuid))
    }

    /// Two names after one stem are not enough; the count is of different
    /// names; an old generic domain (`.com`, `.org`, `.net`) keeps its link.
    @Test func fewMembersKeepTheDomain() {
        #expect(marked("Mirrors: gnu.org, see gnu.org and gnu.org.") == "Mirrors: |gnu.org|, see |gnu.org| and |gnu.org|.")
        #expect(marked("sites example.org and example.net") == "sites |example.org| and |example.net|")
        #expect(marked("example.com, example.org and example.net") == "|example.com|, |example.org| and |example.net|")
        #expect(marked("zork.fyi, zork.icu") == "|zork.fyi|, |zork.icu|")
    }

    /// The names are counted in the text the scan reads, not inside a link
    /// it has found: a site's paths name hosts and pages, not an object's
    /// members (the scan passes over the rest of a link).
    @Test func namesInsideALinkAreNotMembers() {
        #expect(marked("zork.fyi: see https://example.org/zork.icu/zork.dev")
                == "|zork.fyi|: see |https://example.org/zork.icu/zork.dev|")
        // Outside a link the same names count.
        #expect(fires("document_members", for: "zork.icu", in: "zork.fyi: see zork.icu, zork.dev"))
        #expect(!fires("document_members", for: "zork.fyi", in: "zork.fyi: see https://example.org/zork.icu/zork.dev"))
    }

    /// The text's own hosts win over the members' evidence.
    @Test func documentHostWins() {
        let text = "see https://zork.fyi/ and zork.fyi, zork.icu, zork.dev"
        let w = weighings(text)
        #expect(w["zork.fyi"]?.features["document_host"] == 1 && w["zork.fyi"]?.features["document_members"] == 1)
        #expect(w["zork.icu"]?.features["document_host"] == nil)
    }

    /// A longer name counts by its first label (nodejs/api/intl.md's
    /// `process.versions.icu`, with `process.` before other names in the same
    /// page), but not under an old generic domain, where the first label is
    /// often a host's (library/configparser.rst.txt writes `topsecret.get()`
    /// and `topsecret.getboolean()` beside the section `topsecret.server.com`).
    @Test func longerNames() {
        let intl = "const hasICU = typeof process.versions.icu === 'string';\nprocess.env.TZ = 'UTC'; process.exit(1);\n"
        // Weighed apart from two-label names' (`document_members_long`): a stem's
        // other names are there as often a service's hosts (rclone's `s3.…` endpoints).
        #expect(fires("document_members_long", for: "process.versions.icu", in: intl))
        #expect(!fires("document_members", for: "process.versions.icu", in: intl))
        let endpoints = "- \"s3.eu.cloud-object-storage.appdomain.cloud\"\n- \"s3.ams.eu.cloud-object-storage.appdomain.cloud\"\n"
            + "- \"s3.private.eu.cloud-object-storage.appdomain.cloud\"\n"
        #expect(fires("document_members_long", for: "s3.eu.cloud-object-storage.appdomain.cloud", in: endpoints))
        let text = "   [topsecret.server.com]\n   >>> topsecret.get('Port')\n   >>> topsecret.getboolean('ForwardX11')\n   >>> topsecret.keys()\n"
        #expect(marked(text) == "   [|topsecret.server.com|]\n   >>> topsecret.get('Port')\n   >>> topsecret.getboolean('ForwardX11')\n   >>> topsecret.keys()\n")
    }

    /// A name linked by a small margin is code on a `>>> ` line or inside a
    /// fenced code block that names its language; prose after the closing
    /// fence is prose again.
    @Test func codeLines() {
        // whatsnew/3.5.rst.txt
        #expect(fires("code_line", for: "Animal.dog", in: "    >>> Animal.dog\n"))
        // nodejs/api/intl.md
        let intl = "Node.js\n\n<!-- eslint-disable strict -->\n\n```js\nprocess.versions.icu;\nnew Intl.DateTimeFormat('es', { month: 'long' })\n```\n"
        #expect(fires("code_line", for: "process.versions.icu", in: intl))
        #expect(marked("```js\nlet a = 1;\n```\n\nsee zork.icu\n") == "```js\nlet a = 1;\n```\n\nsee |zork.icu|\n")
        #expect(marked("see zork.icu\n") == "see |zork.icu|\n")
        // Names in order on one line and on the lines after a block: each keeps its own verdict.
        #expect(fires("code_line", for: "zork.icu", in: "```js\nlet a = zork.icu;\n```\n"))
        #expect(!fires("code_line", for: "zork.icu", in: "```js\nlet a = 1;\n```\nsee zork.icu\n"))
    }

    /// An ASCII-compatible encoding with a non-ASCII character is no host (nodejs/api/url.md).
    @Test func invalidACELabel() {
        #expect(marked("console.log(url.domainToASCII('xn--iñvalid.com'));") == "console.log(url.domainToASCII('xn--iñvalid.com'));")
        #expect(marked("// Prints xn--fiq228c.com") == "// Prints |xn--fiq228c.com|")
    }
}
