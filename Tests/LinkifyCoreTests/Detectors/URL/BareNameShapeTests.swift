import Testing
@testable import LinkifyCore
@testable import LinkifyDetectors
@testable import LinkifyFinding
@testable import LinkifyInput
@_spi(Layers) @testable import LinkifyModel
@testable import LinkifyRendering

/// The bare-name model's shape rules (README "Detection rules"), each on a
/// line from real text; the source is given beside it (Debian 12's
/// /usr/share/doc, Node.js's API documentation in /usr/share/doc/nodejs).
/// Links are marked with `|`. Where the decision is the fitted table's, the
/// test checks that the shape's feature fires (`fires`).
@Suite struct BareNameShapeTests {
    /// A common file extension before the top label makes a file name.
    @Test func extensionBeforeTheTopLabel() {
        // libsensors5/changelog.gz
        #expect(marked("  sensors.conf.eg: Fix voltage value references") == "  sensors.conf.eg: Fix voltage value references")
        // gpg/changelog.gz
        #expect(fires("inner_extension", for: "dns.h.xxx", in: "\t* dirmngr/dns-stuff.c: Include dns.h.xxx use libdns"))
        #expect(fires("inner_extension", for: "config.mak.dev", in: "      config.mak.dev: squelch -Wno-missing-braces for older gcc"))
        #expect(!fires("inner_extension", for: "cam.ac.uk", in: "mail cam.ac.uk"))
        // A registry's own second level under a country domain is not an extension.
        #expect(marked("mail cam.ac.uk or example.co.uk") == "mail |cam.ac.uk| or |example.co.uk|")
    }

    /// The top label alone in capitals after a lowercase name is a product
    /// name, a placeholder or a constant; UTS #58's `abc.XN--11B4C3D` (punycode) still links.
    @Test func capitalTopLabel() {
        // linux-libc-dev/changelog.Debian.gz
        #expect(fires("capital_top_label", for: "i.MX", in: "    - [armhf] dts: imx6ul-kontron: Move watchdog from Kontron i.MX board"))
        // ncurses-bin/changelog.gz
        #expect(fires("capital_top_label", for: "screen.XXX", in: "\t+ add several screen.XXX entries to support the respective variations"))
        #expect(!fires("capital_top_label", for: "abc.XN--11B4C3D", in: "abc.XN--11B4C3D"))
        #expect(marked("abc.XN--11B4C3D") == "|abc.XN--11B4C3D|")   // UTS #58 test line
        #expect(marked("TEST.COM") == "|TEST.COM|")                  // UTS #58 test line: one case
    }

    /// A top label of one letter repeated is a placeholder (libgmp-dev/changelog.Debian.gz).
    @Test func placeholderTopLabel() {
        #expect(fires("placeholder", for: "libgmp10-doc.xxx", in: "  * libgmp3-doc.README.Debian: Rename to libgmp10-doc.xxx."))
        #expect(!fires("placeholder", for: "example.com", in: "see example.com"))
    }

    /// `->` before the name is a C member access; `(` after it a call.
    @Test func codeAroundTheName() {
        // gcc-12-base/gomp/changelog.gz
        #expect(fires("member_access", for: "ts.team", in: "\tif thr->ts.team is non-NULL, then pool must be"))
        // libx11-6/changelog.gz
        #expect(fires("member_access", for: "core.im", in: "    BTW: what is the difference between XIM (the type of ic->core.im)"))
        // nodejs/api/inspector.md
        #expect(marked("    session.post(message, data, (err, result) => {") == "    session.post(message, data, (err, result) => {")
        // nodejs/api/assert.md
        #expect(marked("// OK because Object.is(NaN, NaN) is true.") == "// OK because Object.is(NaN, NaN) is true.")
        #expect(marked("see example.com (the site)") == "see |example.com| (the site)")
    }

    /// A two-letter stem under a generic domain delegated since 2013 is a
    /// tool's or module's short name (binutils/changelog.Debian.gz, nodejs's CHANGELOG.md).
    @Test func twoLetterStem() {
        #expect(fires("two_letter_stem", for: "ld.gold", in: "    - Rename gold, ld.gold, ld.bfd to their triplet prefixed equivalents."))
        #expect(fires("two_letter_stem", for: "fs.watch", in: "* Fix fs.watch on OS X (Ben Noordhuis)"))
        #expect(!fires("two_letter_stem", for: "sf.net", in: "see sf.net"))
        #expect(marked("see v8.dev and https://v8.dev/blog") == "see |v8.dev| and |https://v8.dev/blog|")
        #expect(marked("see sf.net") == "see |sf.net|")   // an older domain keeps its weight
    }

    /// A member of `self` or `this` is code.
    @Test func receiver() {
        // python3.11-doc: library/itertools.rst
        #expect(marked("              self.id = object()") == "              self.id = object()")
        #expect(marked("this.data = 1") == "this.data = 1")
    }

    /// A two-letter country domain that is a common English word weighs -1
    /// on its own (code and settings); document evidence still links it.
    @Test func countryDomainThatIsAWord() {
        // nodejs/api/cluster.md
        #expect(marked("  console.log(`The worker #${worker.id} has disconnected`);")
                == "  console.log(`The worker #${worker.id} has disconnected`);")
        // git/changelog.gz
        #expect(fires("word_weak_domain", for: "format.to", in: "      format-patch: document the format.to configuration setting"))
        #expect(marked("see cryp.to, mail me@cryp.to") == "see |cryp.to|, mail |me@cryp.to|")
        #expect(marked("see example.de") == "see |example.de|")   // not a word: a country keeps its weight
    }

    /// A reverse domain name (D-Bus, GSettings, Java) starts with a top-level domain.
    @Test func reverseDomainName() {
        // system-config-printer/changelog.gz
        #expect(fires("reverse_domain", for: "org.fedoraproject.Config.Services", in: "\torg.fedoraproject.Config.Services's Introspect acts strangely."))
        #expect(marked("see org.example.com") == "see |org.example.com|")   // `.com` at the end still weighs 4
    }

    /// The names a ChangeLog item starts with, before its `:`, are files
    /// (gcc-12-base/changelog.gz, a VMS command procedure); a host in prose
    /// before a colon is still a host.
    @Test func changeLogFileList() {
        #expect(fires("file_list", for: "setup.com", in: "\t* make-all.com, setup.com: New files."))
        #expect(fires("file_list", for: "make-all.com", in: "\t* make-all.com: Run config-a-gas."))
        #expect(!fires("file_list", for: "github.com", in: "moved to github.com: see there"))
        #expect(marked("moved to github.com: see there") == "moved to |github.com|: see there")
        #expect(marked("  * Add kernel.org and github.com as mirrors.") == "  * Add |kernel.org| and |github.com| as mirrors.")
    }
}

/// The document's evidence the other way round: a name the text also writes
/// as a path component is a file everywhere in it (base-files/changelog.gz).
@Suite struct BareNamePathEvidenceTests {
    @Test func nameWrittenAsAPath() {
        let changelog = """
              * Changed issue, issue.net and debian_version to read "6.0".
              - Use "9" as version in /etc/issue and /etc/issue.net.
            """
        #expect(fires("document_path", for: "issue.net", in: changelog))
        // The path may come first.
        #expect(fires("document_path", for: "issue.net", in: "in /etc/issue.net; issue.net"))
        #expect(marked("see kernel.org, /pub/kernel.org and https://kernel.org")
                == "see |kernel.org|, /pub/kernel.org and |https://kernel.org|")
        #expect(marked("issue.net alone") == "|issue.net| alone")
    }

    /// `--explain` names the path evidence for the name it unlinks.
    @Test func explainNamesThePath() {
        final class Sink: ExplanationSink, @unchecked Sendable {
            var log: [Explanation] = []
            func record(_ explanations: [Explanation], in text: UnsafeBufferPointer<UInt8>) { log += explanations }
        }
        let sink = Sink()
        _ = entities("issue.net and /etc/issue.net", FinderOptions(explanations: sink))
        // The verdict, and the model's weighing beside it.
        let first = sink.log.filter {
            if case .weighed = $0.verdict { return false }
            return $0.start == 0
        }
        #expect(first.count == 1)
        #expect(sink.log.contains {
            if case .weighed(let w) = $0.verdict { return $0.start == 0 && w.features.contains { $0.name == "document_path" } }
            return false
        })
        // The verdict follows the score: rejected, naming the path, when it is below 0.
        let score = sink.log.compactMap { e -> Int? in
            if case .weighed(let w) = e.verdict, e.start == 0 { return w.score }
            return nil
        }.first
        switch first.first?.verdict {
        case .rejected(let why)?:
            #expect((score ?? 0) < 0 && why.description.contains("as a path component"), "\(why)")
        case .linked?:
            #expect((score ?? -1) >= 0)
        default:
            Issue.record("issue.net has no verdict: \(first)")
        }
    }
}

/// The features added on 2026-12-07 (docs/accuracy.md), each on an excerpt of
/// the shape it names: each must fire where it says and not elsewhere; what
/// it weighs is the fit's.
@Suite struct BareNameContextTests {
    /// A path segment of digits only: a site's page (hugo's release notes
    /// link issues as `//github.com/gohugoio/hugo/issues/3262`).
    @Test func numericSegment() {
        #expect(fires("numeric_segment", for: "github.com/gohugoio/hugo/issues/3262",
                      in: "[#3262](//github.com/gohugoio/hugo/issues/3262)"))
        #expect(fires("numeric_segment", for: "web.archive.org/web/20151022025756/x", in: "see web.archive.org/web/20151022025756/x"))
        #expect(!fires("numeric_segment", for: "github.com/x/y/v2", in: "bump github.com/x/y/v2 from 2.0.1"))
        #expect(!fires("numeric_segment", for: "registry.example.com:5000/app", in: "pull registry.example.com:5000/app"))
        #expect(!fires("numeric_segment", for: "example.com/a1/b", in: "see example.com/a1/b"))
    }

    /// A top label written capitalised is a member or a proper name.
    @Test func capitalisedTopLabel() {
        #expect(fires("capitalised_top_label", for: "mergedPostings.Seek", in: "Simplify mergedPostings.Seek, resulting in"))
        #expect(!fires("capitalised_top_label", for: "Example.com", in: "at Example.com today"))
        #expect(!fires("capitalised_top_label", for: "TEST.COM", in: "at TEST.COM today"))
    }

    /// A word naming a server right before (`Host: `, `registry `) or right after the name.
    @Test func hostNoun() {
        #expect(fires("host_noun", for: "auth.docker.io", in: "POST /token HTTP/1.1\nHost: auth.docker.io\n"))
        #expect(fires("host_noun", for: "docker.io", in: "not present in the `docker.io` registry"))
        #expect(fires("host_noun", for: "registry.example.com", in: "For the registry `registry.example.com`, the"))
        #expect(!fires("host_noun", for: "docker.io", in: "the `docker.io` images"))
        #expect(!fires("host_noun", for: "docker.io", in: "subhost docker.io"))
    }

    /// A key that opens a block (a host as a section of a configuration).
    @Test func blockKey() {
        #expect(fires("block_key", for: "docker.io", in: "\"mirrors\": {\n  \"docker.io\": {\n"))
        #expect(fires("block_key", for: "quay.io", in: "quay.io:\n    tls-verify: false\n"))
        #expect(!fires("block_key", for: "quay.io", in: "quay.io: a registry\n"))
    }

    /// A directory tree drawing before the name: a file or directory.
    @Test func treeEntry() {
        #expect(fires("tree_entry", for: "docker.io", in: "/etc/containerd/certs.d\n\u{2514}\u{2500}\u{2500} docker.io\n"))
        #expect(fires("tree_entry", for: "hosts.io", in: "|-- hosts.io\n"))
        #expect(!fires("tree_entry", for: "docker.io", in: "see -- docker.io\n"))
    }

    /// Quoted alone on its line (a Go import block), and a glob in the path.
    @Test func quotedLineAndGlob() {
        let imports = "import (\n\t\"fmt\"\n\n\t\"github.com/containers/storage\"\n\tis \"github.com/containers/image/v5/storage\"\n)\n"
        #expect(fires("quoted_line", for: "github.com/containers/storage", in: imports))
        #expect(fires("quoted_line", for: "github.com/containers/image/v5/storage", in: imports))
        #expect(!fires("quoted_line", for: "github.com/x/y", in: "prefix = \"github.com/x/y\"\n"))
        #expect(!fires("quoted_line", for: "github.com/x/y", in: "\"github.com/x/y\" is the module\n"))
        #expect(fires("glob_path", for: "github.com/**", in: "hugo mod clean --pattern \"github.com/**\"\n"))
        #expect(!fires("glob_path", for: "github.com/a/b", in: "see github.com/a/b *now*\n"))
    }

    /// The text writes the same host followed by a path, before or after the bare name.
    @Test func documentPathHost() {
        let text = "The `docker.io` registry is special: `docker.io/library/busybox` is the same as busybox.\n"
        #expect(fires("document_path_host", for: "docker.io", in: text))
        #expect(fires("document_path_host", for: "docker.io", in: "pull docker.io/library/busybox\nfrom `docker.io` first\n"))
        // Another host, or the name itself with a path: no evidence.
        #expect(!fires("document_path_host", for: "docker.io", in: "`docker.io` and quay.io/org/app\n"))
        #expect(!fires("document_path_host", for: "docker.io/library/busybox", in: "docker.io/library/busybox and docker.io/x/y\n"))
    }
}
