import Testing
import LinkifyTestSupport
@testable import LinkifyCore
@testable import LinkifyDetectors
@testable import LinkifyFinding
@testable import LinkifyInput
@_spi(Layers) @testable import LinkifyModel
@testable import LinkifyRendering

/// The bare-name model (README "Detection rules"), on lines taken from real
/// text. Links are marked with `|`; the source of each line is given beside it.
@Suite struct BareNameModelTests {
    /// File names in Debian changelogs (/usr/share/doc/*/changelog*.gz on Debian 12).
    static let fileNames = [
        "  * {bc,dc,lib}/Makefile.am: s/CFLAGS/AM_CFLAGS/,s/YFLAGS/AM_YFLAGS/",   // bc/changelog.Debian.gz
        "    documented in the upstream meson.build file.",                        // gir1.2-freedesktop/changelog.Debian.gz
        "d.  A few changes to configure.in to remove calls to obsolete or outdated",   // bash/changelog
        "\t* po/POTFILEs.in: Rename base64 to basenc.",                             // coreutils/changelog.gz
        "    - apt-pkg/contrib/tarfile.cc: limit tar item sizes to 128 GiB",           // apt-transport-https/changelog.gz
        "    - Fix PR ld/22048, Incorrect .eh_frame section in libc.so.",           // binutils-common/changelog.Debian.gz
        "    enclosed here in order to support System.map",                       // binutils-common/changelog.Debian.gz
        "  * debian/README.build: obsolete; removed.",                             // binutils-common/changelog.Debian.gz
        "    + control.in: include a decent description (closes: #207430, #209509).",   // adwaita-icon-theme/changelog.Debian.gz
        "\t* configure.ac: update copyright with 2016",                            // bc/changelog.gz
        "      ident: say whose identity is missing when giving user.name hint",     // git-man/changelog.gz
    ]

    /// Hosts in the same files: linked.
    static let hosts = [
        "    - libdpkg: Replace FSF address by pointing to the |gnu.org| URL.",          // dpkg-dev/changelog.gz
        "  * Change homepage and Source field to new |github.com| address.",          // libguice-java/changelog.Debian.gz
    ]

    @Test(arguments: fileNames) func fileNameIsNotALink(_ line: String) { #expect(marked(line) == line) }
    @Test(arguments: hosts) func hostIsALink(_ line: String) { #expect(marked(unmarked(line)) == line) }

    /// The generated table's weights are in the features' order.
    @Test func weightsTableMatchesTheFeatures() {
        #expect(BareNameWeights.names == BareNameFeature.allCases.map(\.name))
        #expect(BareNameWeights.byFeature.count == BareNameFeature.allCases.count)
    }

    /// The path's shape read sixteen bytes at a time is the byte-by-byte
    /// reading's, on paths of every length up to past the block reader's
    /// limit, drawn from the bytes the features look at (fixed seed).
    @Test func pathShapeByBlocksIsByBytes() {
        let alphabet = Array("/0123456789?#=&%()*a:.-_".utf8) + [0xC3, 0xA9]
        var rng = SplitMix(state: 58)
        for _ in 0..<20_000 {
            let length = Int(rng.next() % 70)
            var bytes = (0..<length).map { _ in alphabet[Int(rng.next() % UInt64(alphabet.count))] }
            bytes += Array(repeating: UInt8(0x20), count: 64)   // room for the block loads
            bytes.withUnsafeBufferPointer { t in
                let r = 0..<length
                #expect(BareNameModel.pathShape(t, r) == BareNameModel.pathShapeByBytes(t, r), "\(Array(t[r]))")
            }
        }
        // The cases by name: a numeric segment before `?`, `/`, the end; none after `:` or in `/v2`.
        let cases: [(String, Bool, Int)] = [("/issues/3262", true, 2), ("/a/12?x", true, 2), ("/7/", true, 1),
                                            (":5000/v2", false, 1), ("//x", false, 1), ("/a/b/c/d", false, 3)]
        for (path, numeric, depth) in cases {
            let bytes = Array(path.utf8) + Array(repeating: UInt8(0x20), count: 64)
            bytes.withUnsafeBufferPointer { t in
                let shape = BareNameModel.pathShape(t, 0..<path.utf8.count)
                #expect(shape.numericSegment == numeric && shape.depth == depth, "\(path)")
            }
        }
    }

    /// The pairs a stem adds to `StemPairs` are its definition's: the last
    /// two bytes in either case each (a letter), or for a one-byte stem that
    /// byte after every byte that is not a stem byte; and no other.
    @Test func stemPairsAreTheStemsEndings() {
        func cases(_ b: UInt8) -> [UInt8] { ByteClass.isAlpha(b) ? [b | 0x20, b & ~0x20] : [b] }
        let alphabet = Array("aZk9_-.x".utf8)
        var rng = SplitMix(state: 1_147)
        for _ in 0..<120 {
            let length = 1 + Int(rng.next() % 4)
            let stem = (0..<length).map { _ in alphabet[Int(rng.next() % UInt64(alphabet.count))] }
            var pairs = BareNameMembers.StemPairs()
            stem.withUnsafeBufferPointer { pairs.insert(stem: $0, 0, stem.count) }
            let before: [UInt8] = stem.count >= 2 ? cases(stem[stem.count - 2]) : (0...255).filter { !BareNameMembers.isStemByte($0) }
            var expected = Set<UInt16>()
            for a in before { for b in cases(stem[stem.count - 1]) { expected.insert(UInt16(a) | UInt16(b) << 8) } }
            let found = (0...UInt16.max).filter { pairs.contains($0) }
            #expect(Set(found) == expected && found.count == expected.count, "\(stem)")
        }
    }

    /// A host the same text writes with a scheme, `www.` or in an email
    /// address is a domain everywhere in it, even with a file-extension top label.
    @Test func documentEvidence() {
        // `.rs` and `.so` weigh as file extensions; the URL and the address say they are hosts here.
        #expect(marked("see crates.io and https://crates.io/serde") == "see |crates.io| and |https://crates.io/serde|")
        #expect(fires("document_host", for: "crates.io", in: "see crates.io and https://crates.io/serde"))
        #expect(!fires("document_host", for: "crates.io", in: "crates.io alone"))
        // SPEC §5's file names stay text whatever the document says.
        #expect(marked("see docs.rs and https://docs.rs/serde") == "see docs.rs and |https://docs.rs/serde|")
        #expect(fires("document_host", for: "download.example.so", in: "mirror at download.example.so, mail admin@example.so"))
        #expect(fires("document_host", for: "example.pl", in: "see www.example.pl and example.pl"))
        #expect(!fires("document_host", for: "example.pl", in: "example.pl"))
        // The very host written with a scheme (containerd's `gcr.io` beside
        // `https://gcr.io/v2`) weighs apart from its last two labels, and only
        // for a name without a path.
        #expect(fires("document_same_host", for: "gcr.io", in: "endpoints for gcr.io + default endpoint https://gcr.io/v2"))
        #expect(!fires("document_same_host", for: "gcr.io", in: "endpoints for gcr.io + https://mirror.gcr.io/v2"))
        #expect(fires("document_host", for: "gcr.io", in: "endpoints for gcr.io + https://mirror.gcr.io/v2"))
        #expect(!fires("document_same_host", for: "gcr.io/app", in: "pull gcr.io/app from https://gcr.io/v2"))
        #expect(fires("document_same_host", for: "Example.COM", in: "mail bob@example.com at Example.COM."))
    }

    /// A name directly after `/` or `\` is a path component.
    @Test func pathComponents() {
        // bsdextrautils/changelog.gz writes git.kernel.org with a scheme; a path is still a path.
        #expect(marked("install to /usr/share/perl5/Debian/file.pl now") == "install to /usr/share/perl5/Debian/file.pl now")
        // git-man/changelog.gz: "git clone <url> C:\cygwin\home\USER\repo' is working (again)"
        #expect(marked(#"copied to C:\tools\example.com today"#) == #"copied to C:\tools\example.com today"#)
        #expect(marked("Filename: src/main.rs") == "Filename: src/main.rs")
        // A protocol-relative `//host` (hugo-news's `[@bep](//github.com/bep)`)
        // is weighed; `//` inside a path, after a scheme or a word is not one.
        #expect(fires("protocol_relative", for: "github.com/bep", in: "thanks to [@bep](//github.com/bep)"))
        #expect(fires("protocol_relative", for: "example.com", in: #"<a href="//example.com">"#))
        #expect(marked("see a//b.com and /usr//lib.so") == "see a//b.com and /usr//lib.so")
        #expect(marked("open file:///c.com") == "open |file:///c.com|")
        // An image reference's `:tag` closes the path; a port before any `/` is no tag.
        #expect(fires("image_tag", for: "registry.example.com/app:1.2", in: "pull registry.example.com/app:1.2 first"))
        #expect(!fires("image_tag", for: "example.com:8080/app", in: "see example.com:8080/app"))
    }

    /// `file:LINE:COL` and `file:LINE:` are never host and port (the Rust book's
    /// compiler output, coreutils/changelog.gz's `src/expr.c:851: leaked_storage`).
    @Test func fileAndLine() {
        #expect(marked(" --> main.rs:2:14") == " --> main.rs:2:14")
        #expect(marked("lib.rs:851: leaked_storage") == "lib.rs:851: leaked_storage")
        #expect(marked("a example.com:443 b") == "a |example.com:443| b")   // UTS #58 test line: a port
        #expect(marked("foo.rs:12 is line 12") == "foo.rs:12 is line 12")
    }

    /// A path after the name counts only when the top label is not a common file extension.
    @Test func pathAfterName() {
        #expect(marked("gcc.target/i386/x.c") == "gcc.target/i386/x.c")
        #expect(fires("path_after_name", for: "foo.dev/docs", in: "foo.dev/docs"))
        #expect(fires("path_after_extension", for: "gcc.target/i386/x.c", in: "gcc.target/i386/x.c"))
    }

    /// `--explain` gives the evidence for links and for rejections.
    @Test func explainGivesTheEvidence() {
        final class Sink: ExplanationSink, @unchecked Sendable {
            var log: [Explanation] = []
            func record(_ explanations: [Explanation], in text: UnsafeBufferPointer<UInt8>) { log += explanations }
        }
        let sink = Sink()
        _ = entities("control.in and kernel.org", FinderOptions(explanations: sink))
        let words = sink.log.map { e -> String in
            switch e.verdict {
            case .linked(let rule, _): return rule
            case .rejected(let why): return why.description
            case .weighed(let w): return w.summary
            }
        }
        #expect(words.contains { $0.contains("'.in' as a file extension (weight 3)") && $0.contains("a file stem") })
        #expect(words.contains { $0.contains("bare-name model score ") && $0.contains("'.org' as a domain (weight 4)") })
        // Beside each verdict, the weighing: the features, their weights, the total and the threshold.
        #expect(words.contains { $0.hasPrefix("bare-name score ") && $0.contains("(threshold 0, link)") && $0.contains("domain_life=4") })
    }

    /// The table: weights as generated from Linguist, IANA and Python's standard library.
    @Test func doubleLifeWeights() {
        func w(_ s: String) -> (Int, Int, Int) {
            let bytes = Array(s.utf8)
            let v = bytes.withUnsafeBufferPointer { BareNameModel.weights($0, 0..<bytes.count) }
            return (v.ext, v.domain, v.member)
        }
        func isWord(_ s: String) -> Bool {
            let bytes = Array(s.utf8)
            return bytes.withUnsafeBufferPointer { BareNameModel.weights($0, 0..<bytes.count).word }
        }
        #expect(w("in").0 == 3 && w("in").1 == 2)   // autoconf templates; India
        #expect(w("com").1 == 4 && w("org").1 == 4)
        #expect(w("am").0 == 3 && w("ac").0 == 3 && w("build").0 == 3 && w("so").0 == 3)
        #expect(w("name").2 == 2)
        #expect(w("de") == (0, 2, 0))
        #expect(w("accountants") == (0, 0, 0))
        #expect(isWord("directory") && isWord("now") && !isWord("icu") && !isWord("cloud"))
    }

    /// A generic domain delegated since 2013 that is a common English word is
    /// not a link on its own; with other evidence it still is.
    @Test func englishWordTopLabel() {
        // git-man/changelog.gz
        #expect(marked("      setup: opt-out of check with safe.directory=*") == "      setup: opt-out of check with safe.directory=*")
        // ruby3.1/changelog.gz (a Ruby snippet in a commit message)
        #expect(marked("time: Time.now, file: dir.join(\"old.txt\")") == "time: Time.now, file: dir.join(\"old.txt\")")
        #expect(marked("see safe.directory and https://safe.directory/x") == "see |safe.directory| and |https://safe.directory/x|")
        #expect(marked("as part of zeroday.cloud") == "as part of |zeroday.cloud|")   // not a common word: still a link
        #expect(marked("universal-acceptance-test.icu") == "|universal-acceptance-test.icu|")   // UTS #58 test line
    }

    /// A host has no `_`: a name glued to one is a piece of an identifier,
    /// not a link, whatever its top label.
    @Test func nameGluedToUnderscore() {
        #expect(marked("- Update make_vms.com [Zinser]") == "- Update make_vms.com [Zinser]")   // zlib1g-dev/changelog.gz
        #expect(marked("\t* g10/cipher-cfb.c (write_header): Assume opt.no_mdc_warn is false.")   // dirmngr/changelog.gz
                == "\t* g10/cipher-cfb.c (write_header): Assume opt.no_mdc_warn is false.")
        #expect(marked("\told_sigaction32.sa_handler__ to old_sigaction.sa_handler__,")   // strace/changelog.gz
                == "\told_sigaction32.sa_handler__ to old_sigaction.sa_handler__,")
        #expect(marked("  :meth:`~pathlib.Path.is_dir()`, :meth:`~pathlib.Path.is_file()`,")   // python3.11-dev/changelog.gz
                == "  :meth:`~pathlib.Path.is_dir()`, :meth:`~pathlib.Path.is_file()`,")
        #expect(marked("see make-vms.com") == "see |make-vms.com|")   // without the `_`, `.com` still wins
    }

    /// An address written with `-at-` is not a link to a host (git-man/changelog.gz's
    /// "Author: Colin Harrison <colin.harrison-at-virgin.net>"), and an `@`
    /// with no local part before it (a decorator, as python3.11-dev/changelog.gz
    /// writes `@typing.final`) is no evidence of a host.
    @Test func addressShapesThatAreNotHosts() {
        #expect(fires("obfuscated_address", for: "colin.harrison-at-virgin.net", in: "Author: Colin Harrison <colin.harrison-at-virgin.net>"))
        #expect(marked("    @typing.final\n    def f(self): ...  # typing.final marks it")
                == "    @typing.final\n    def f(self): ...  # typing.final marks it")
        #expect(marked("see tbits.final and me@tbits.final") == "see |tbits.final| and |me@tbits.final|")
    }

    /// `.cf` names sendmail's and imake's configuration files more often than
    /// the Central African Republic, `.news` Debian's per-package NEWS files.
    @Test func configurationFiles() {
        // x11-common/changelog.Debian.old.gz
        #expect(marked("  * Disable building of largely defunct XRX plugin in linux.cf.")
                == "  * Disable building of largely defunct XRX plugin in linux.cf.")
        // Debian's per-package NEWS files (libldap-common/changelog.Debian.gz)
        #expect(marked("  * Note ITS#9126 recommendation in slapd.NEWS.") == "  * Note ITS#9126 recommendation in slapd.NEWS.")
    }

    /// `gfm` and `twitter` do not use the model: twitter-text links `control.in` (`.in` is a country domain).
    @Test func otherProfilesUnchanged() {
        #expect(marked("see control.in", FinderOptions(profile: .twitter)) == "see |control.in|")
        #expect(marked("see www.control.in", FinderOptions(profile: .gfm)) == "see |www.control.in|")
    }
}
