@_spi(Layers) import LinkifyModel

/// Whether a scheme-less name such as `control.in` or `kernel.org` (no `www.`)
/// is a domain, decided from evidence rather than a stop list (README
/// "Detection", `default` profile only).
///
/// The evidence, each item a named feature (`BareNameFeature`) whose weight
/// (`BareNameWeights`) is added to a score; the name is linked when the
/// score is 0 or more:
/// - the top-level label's double life (`TLDDoubleLife`, generated from
///   GitHub Linguist, a list of build and packaging names and Python's
///   standard library): its weight as a registered domain minus its weight
///   as a file extension and as a member name in code (`user.name`), and,
///   for a generic domain delegated since 2013, as a common English word
///   (`safe.directory`);
/// - the name's shape: a file stem (`Makefile`, `README`, `CMakeLists`,
///   `configure`, …), a one-letter stem, a camelCase stem, a capitalised
///   one when the top label is also an extension, a code span's backtick
///   before it, a
///   common extension as the label before the top one (`sensors.conf.eg`),
///   the top label alone in capitals (`i.MX`), a placeholder top label
///   (`.xxx`), `->` before it or `(` after it (code), a reverse domain name
///   (`org.fedoraproject.Config.Services`), a ChangeLog item's file list
///   (`* make-all.com, setup.com:`);
/// - a path, query or fragment after the name, or a port, weighed apart
///   when the top label weighs more as a file extension than as a domain
///   (`gcc.target/i386/x.c` is a path, `main.rs:2` a line);
/// - around it: cue words, a word naming a server (`host_noun`), a key
///   that opens a block, a directory tree, a Go import line, quotes, a
///   table cell, a version after it, a digits-only or glob path segment
///   (`BareNameFeature` lists them all);
/// - the document: a host that the same text also writes with a scheme,
///   with `www.` or as an email domain, or followed by a path
///   (`DocumentHosts`); a name it also
///   writes right after `/` or `\`; a stem written before several names; a
///   line of code (`weighDocumentEvidence`).
/// Never links whatever else holds: SPEC §5's file names (`main.rs`), a name
/// that is no host name (`notAHostName`: RFC 1123's `_`, UTS #46's `xn--`),
/// a name directly after `/` or `\` (a path component; not after a
/// protocol-relative `//`, `protocolRelative`) and a name followed
/// by `:LINE:` (`main.rs:2:5`, a compiler's `file:line:col`); the scanner
/// checks those itself.
struct BareNameModel {
    /// The most the document's negative evidence (`documentMembers`,
    /// `codeLine`, `documentPath`) can take from a score: a linked name whose
    /// score stays at 0 or more after it needs no look at the document.
    static let documentMargin = min(0, BareNameFeature.documentMembers.weight, BareNameFeature.documentMembersLong.weight)
        + min(0, BareNameFeature.codeLine.weight) + min(0, BareNameFeature.documentPath.weight)

    /// Stems that name files, not hosts, lowercased (`Makefile.am`, `README.build`, `setup.py`).
    static let fileStems: Set<String> = [
        "makefile", "gnumakefile", "readme", "cmakelists", "configure", "config", "setup", "control", "changelog",
        "changes", "install", "news", "copying", "license", "licence", "authors", "thanks", "todo", "meson",
        "rules", "main", "index", "cargo", "gemfile", "rakefile", "dockerfile", "doxyfile", "kconfig", "kbuild",
        "version", "manifest", "package", "requirements", "build", "debian", "system", "module",
        "init", "lib", "src", "util", "utils", "common", "defs", "types", "settings", "local",
    ]

    /// The top label's weights (`TLDDoubleLife`): as a file extension (0–3),
    /// as a domain (0–4), as a member name in code (0–2), and whether it is a
    /// common English word.
    static func weights(_ t: UnsafeBufferPointer<UInt8>, _ tld: Range<Int>) -> (ext: Int, domain: Int, member: Int, word: Bool) {
        weights(t, tld, in: doubleLife)
    }

    /// The extension and domain weights of a label before the top one: a
    /// top-level domain's (`so` in `libpam.so.XXX`), else a common extension's (`conf`).
    static func innerWeights(_ t: UnsafeBufferPointer<UInt8>, _ label: Range<Int>) -> (ext: Int, domain: Int) {
        let w = weights(t, label)
        if w.ext > 0 || w.domain > 0 { return (w.ext, w.domain) }
        let e = weights(t, label, in: innerDoubleLife)
        return (e.ext, e.domain)
    }

    /// `TLDDoubleLife`'s tables, for lookups without a search.
    static let doubleLife = LabelTable(keys: TLDDoubleLife.keys, values: TLDDoubleLife.values)
    static let innerDoubleLife = LabelTable(keys: TLDDoubleLife.innerKeys, values: TLDDoubleLife.innerValues)

    @inline(__always)
    static func weights(_ t: UnsafeBufferPointer<UInt8>, _ tld: Range<Int>, in table: LabelTable)
        -> (ext: Int, domain: Int, member: Int, word: Bool) {
        guard let key = labelKey(t, tld), let v = table.value(key) else { return (0, 0, 0, false) }
        return (Int(v & 3), Int(v >> 2 & 7), Int(v >> 5 & 3), v & 0x80 != 0)
    }

    /// The key of the ASCII label `t[r]` in a `LabelTable`: its bytes packed
    /// (`LabelTable.pack`) when it has 8 or fewer, else, as `TLDDoubleLife`
    /// keys a longer label (`directory`), its `stemHash` marked by the top bit
    /// that no packed ASCII key has; nil when it is not ASCII.
    @inline(__always)
    static func labelKey(_ t: UnsafeBufferPointer<UInt8>, _ r: Range<Int>) -> UInt64? {
        if r.count <= 8 { return LabelTable.pack(t, r) }
        guard !t[r].contains(where: { $0 >= 0x80 }) else { return nil }
        return stemHash(UnsafeBufferPointer(rebasing: t[r])) | 1 << 63
    }

    /// What the scanner knows about one candidate.
    struct Candidate {
        /// The host: `name` and its labels, up to the end of the top label.
        var host: Range<Int>
        /// The top label.
        var tld: Range<Int>
        /// A `:digits` right after the host (a port, or a line number).
        var colonNumber: Bool
        /// A path, query or fragment after the host.
        var hasPath: Bool
        /// The end of the candidate (after its path, query or fragment).
        var end: Int
    }

    /// The score (bias plus each feature's weight times its value, in
    /// hundredths) and, when `explains`, the features and the evidence in words.
    struct Judgement {
        var score = BareNameWeights.bias
        /// The evidence in words and the features, kept only when explaining:
        /// nil otherwise, so that a judgement made and dropped per candidate
        /// has nothing to release.
        var told: Told?
        struct Told {
            var notes: [String] = []
            var features: [(BareNameFeature, Int)] = []
        }
        var notes: [String] { told?.notes ?? [] }
        var features: [(BareNameFeature, Int)] { told?.features ?? [] }
        /// Whether the `:digits` after the name was read as a line number.
        var lineNumber = false
        /// The top label and its weight as a domain (`weights`), which the
        /// document's member evidence asks again (`memberEvidence`).
        var topLabel = 0..<0
        var domain = 0
        var isLink: Bool { score >= 0 }

        @inline(__always)
        mutating func add(_ feature: BareNameFeature, _ explains: Bool, _ note: @autoclosure () -> String) {
            add(feature, 1, explains, note())
        }

        @inline(__always)
        mutating func add(_ feature: BareNameFeature, _ value: Int, _ explains: Bool, _ note: @autoclosure () -> String) {
            guard value != 0 else { return }
            let w = feature.weight * value
            score += w
            if explains { tell(feature, value, w, note) }
        }

        /// Keeps the feature and its note in words. Out of line: the notes'
        /// code inlined at each feature doubled the judgement's code, which
        /// then pushed the scan's own out of the instruction cache
        /// (docs/benchmarks.md).
        @inline(never)
        mutating func tell(_ feature: BareNameFeature, _ value: Int, _ w: Int, _ note: () -> String) {
            if told == nil { told = Told() }
            told!.features.append((feature, value))
            told!.notes.append("\(w >= 0 ? "+" : "")\(w) \(note())")
        }

        /// Whether the name has no path, query or fragment (`documentSameHost` counts only then).
        var bare = true

        /// Adds the document's evidence: the text also writes the name's host as a host.
        mutating func addDocumentHost(_ m: DocumentHosts.Match, explains: Bool) {
            let (host, same, path) = documentHostFeatures(m)
            if host {
                add(.documentHost, explains, "the text also writes this host's last two labels with a scheme, www. or as an email domain")
            }
            if same {
                add(.documentSameHost, explains, "the text also writes this very host with a scheme, www. or as an email domain")
            }
            if path {
                add(.documentPathHost, explains, "the text also writes this very host followed by a path")
            }
        }

        /// What `addDocumentHost(m)` would add to the score (read without a copy of the judgement).
        func documentHostScore(_ m: DocumentHosts.Match) -> Int {
            let (host, same, path) = documentHostFeatures(m)
            return (host ? BareNameFeature.documentHost.weight : 0) + (same ? BareNameFeature.documentSameHost.weight : 0)
                + (path ? BareNameFeature.documentPathHost.weight : 0)
        }

        /// Which document-host features `m` fires: the very host and the host
        /// with a path count only for a name without a path of its own.
        @inline(__always)
        private func documentHostFeatures(_ m: DocumentHosts.Match) -> (host: Bool, same: Bool, path: Bool) {
            (m.lastTwoLabels, m.sameHost && bare, m.pathHost && bare)
        }

        /// The most the document's hosts can add to the score (`addDocumentHost`).
        var documentHostGain: Int {
            max(0, BareNameFeature.documentHost.weight)
                + (bare ? max(0, BareNameFeature.documentSameHost.weight) + max(0, BareNameFeature.documentPathHost.weight) : 0)
        }

        /// The evidence as `--explain` prints it.
        /// `score N: +W evidence, …` (the bias first when it is not 0); linked at 0 or more.
        var summary: String {
            let bias = BareNameWeights.bias
            return "score \(score): " + ((bias == 0 ? [] : ["\(bias >= 0 ? "+" : "")\(bias) bias"]) + notes).joined(separator: ", ")
        }

        /// The weighing as `--explain=json` exports it.
        var weighing: Explanation.Weighing {
            Explanation.Weighing(model: "bare-name",
                                 features: features.map { .init(name: $0.0.name, value: $0.1, weight: $0.0.weight) },
                                 score: score, threshold: 0)
        }
    }

    /// Why `host` is no host name whatever the text says, or nil: the hard
    /// rules a standard names (docs/accuracy.md). RFC 1123 §2.1: a host name
    /// is letters, digits and hyphens, so a name glued to `_` is a piece of an
    /// identifier (`make_vms.com`, `opt.no_mdc_warn`, `old_sigaction.sa_handler`).
    /// UTS #46: ToASCII refuses an `xn--` label holding a non-ASCII character
    /// (`url.domainToASCII('xn--iñvalid.com')`), as it refuses any host after a scheme (SPEC §5).
    static func notAHostName(_ t: UnsafeBufferPointer<UInt8>, _ host: Range<Int>) -> String? {
        if (host.lowerBound > 0 && t[host.lowerBound - 1] == 0x5F) || (host.upperBound < t.count && t[host.upperBound] == 0x5F) {
            return "glued to '_' (RFC 1123: a host name has no '_'; part of an identifier)"
        }
        if hasInvalidACELabel(t, host) { return "an 'xn--' label with a non-ASCII character (UTS #46 ToASCII refuses it)" }
        return nil
    }

    /// Weighs `c` in `t` on its own evidence: the document's (`DocumentHosts`,
    /// the path and members passes) is added when the scan ends.
    static func judge(_ t: UnsafeBufferPointer<UInt8>, _ c: Candidate, explains: Bool) -> Judgement {
        var j = Judgement()
        j.bare = !c.hasPath
        let (ext, domain, member, word) = weights(t, c.tld)
        j.topLabel = c.tld
        j.domain = domain
        let tldName = explains ? UTF8Bytes.string(t, c.tld).lowercased() : ""
        j.add(.domainLife, domain, explains, "'.\(tldName)' as a domain (weight \(domain))")
        if ext > 0 { j.add(.extensionLife, ext, explains, "'.\(tldName)' as a file extension (weight \(ext))") }
        // `user.name`, `io.open`: a member name in code, unless the domain reading dominates (`.com`).
        if member > 0 && domain < 4 { j.add(.memberLife, member, explains, "'.\(tldName)' as a member name in code (weight \(member))") }
        // `safe.directory`, `time.now`, `user.email`: a generic domain delegated
        // since 2013 that is also a common English word is, in text, most often
        // a setting or code; a country or older domain keeps its weight.
        // The same holds for a two-letter country or older generic domain
        // (weight 1) that is such a word: `worker.id`, `Object.is`,
        // `format.to` are code and settings far more often than hosts in
        // Indonesia, Iceland or Tonga; the word then cancels the domain's weight and weighs -1.
        if word && domain <= 1 { j.add(domain == 0 ? .wordNewDomain : .wordWeakDomain, explains, "'.\(tldName)' as a common English word") }
        // A common file extension: one that weighs more as an extension than as a domain.
        let extensionWins = ext > domain
        let stemEnd = firstDot(t, c.host)
        // A file stem counts in `stem.ext` and before a common extension
        // (`config.h.in`), not in a longer host name (`news.ycombinator.com`).
        if stemEnd > c.host.lowerBound && (extensionWins || stemEnd + 1 == c.tld.lowerBound)
            && isFileStem(t, c.host.lowerBound..<stemEnd) {
            j.add(.fileStem, explains, "a file stem")
        }
        if stemEnd == c.host.lowerBound + 1 { j.add(.oneLetterStem, explains, "a one-letter stem") }
        // `ld.gold`, `fs.watch`: under a generic domain delegated since 2013 a
        // two-letter stem is a tool's or module's short name far more often
        // than a host (`v8.dev` then needs the document's evidence).
        if stemEnd == c.host.lowerBound + 2 && stemEnd + 1 == c.tld.lowerBound && domain == 0 && !word {
            j.add(.twoLetterStem, explains, "a two-letter stem under a generic domain delegated since 2013")
        }
        // Capitals: a camelCase stem (`GitHub`, `fooBar`) weighs against a
        // domain always; a capitalised one (`Makefile`, `README`) only when the
        // top label is also a file extension, since UTS #58's own tests link
        // `TEST.COM` and `Universales-Akzeptanz-Test.vermögensberatung`.
        let stems = c.host.lowerBound..<max(c.host.lowerBound, c.tld.lowerBound - 1)
        if Self.isCamelCase(t, stems) {
            j.add(.camelCase, explains, "a camelCase name")
        } else if ext > 0 && Self.hasCapital(t, stems) {
            j.add(.capitals, explains, "capitals in the name")
        }
        if c.host.lowerBound > 0 && t[c.host.lowerBound - 1] == 0x60 {
            j.add(.codeSpan, explains, "in a code span")
        }
        // `colin.harrison-at-virgin.net`: an address written so that harvesters miss it, not a host.
        if Self.hasAtWord(t, c.host) {
            j.add(.obfuscatedAddress, explains, "'-at-' in the name (an address written without '@')")
        }
        // `sensors.conf.eg`, `dns.h.xxx`, `libpam.so.XXX`, `x.tar.xz`: a common
        // file extension (of four letters or fewer, as most are: a longer
        // inner label is not looked up) before the top label makes a file name. Under a country
        // domain a label of three letters or fewer there is the registry's own
        // second level (`cam.ac.uk`, `example.co.uk`, `city.go.jp`), not an extension.
        let threeLabels = stemEnd + 1 < c.tld.lowerBound
        if threeLabels, let inner = innerLabel(t, c), inner.count <= 4, !(c.tld.count == 2 && inner.count <= 3) {
            let (innerExt, innerDomain) = innerWeights(t, inner)
            if innerExt >= 2 && innerExt > innerDomain {
                j.add(.innerExtension, explains,
                      "'.\(explains ? UTF8Bytes.string(t, inner).lowercased() : "")' before the top label is a file extension (weight \(innerExt))")
            }
        }
        // `i.MX`, `screen.XXX`, `process.env.TZ`: the top label alone in capitals
        // is a product name, a placeholder or a constant; a host is written in
        // one case (`TEST.COM`, `example.com`) or capitalised (`Example.com`).
        if Self.isCapitalTopLabel(t, c) {
            j.add(.capitalTopLabel, explains, "the top label alone in capitals")
        }
        // `libgmp10-doc.xxx`: one letter repeated is a placeholder, whatever is registered.
        if c.tld.count >= 3 && t[c.tld].allSatisfy({ $0 | 0x20 == t[c.tld.lowerBound] | 0x20 }) {
            j.add(.placeholder, explains, "a placeholder top label (one letter repeated)")
        }
        // `thr->ts.team`, `ic->core.im`: a C member access, not a host; nor is
        // a member of `self` or `this` (`self.id`, `this.data`).
        if (c.host.lowerBound >= 2 && t[c.host.lowerBound - 1] == 0x3E && t[c.host.lowerBound - 2] == 0x2D)
            || Self.isReceiver(t, c.host.lowerBound..<stemEnd) {
            j.add(.memberAccess, explains, "'->' before it or 'self.'/'this.' (a member access)")
        }
        // `fs.watch()`, `Object.is(x, y)`, `session.post(message, …)`: a call.
        if c.host.upperBound < t.count && t[c.host.upperBound] == 0x28 {
            j.add(.call, explains, "'(' right after it (a call)")
        }
        // `org.fedoraproject.config.services`, `org.freedesktop.Tracker`: a
        // reverse domain name (a D-Bus, GSettings or Java name) starts with a
        // generic top-level domain; a host ends with one (`org.example.com` is a host).
        if threeLabels && domain < 4 && Self.startsWithTopDomain(t, c) {
            j.add(.reverseDomain, explains, "a reverse domain name (starts with a top-level domain)")
        }
        // `\t* make-all.com, setup.com: New files.`: the names a ChangeLog
        // item starts with, before its ':', are the files it changed.
        if Self.isInFileList(t, c.host) {
            j.add(.fileList, explains, "a ChangeLog item's file list ('* name:')")
        }
        if c.colonNumber {
            if extensionWins {
                j.lineNumber = true
                j.add(.lineNumber, explains, "':N' after a file extension is a line number")
            } else {
                j.add(.port, explains, "a port")
            }
        }
        if c.hasPath {
            j.add(extensionWins ? .pathAfterExtension : .pathAfterName, explains,
                  extensionWins ? "a path after a name read as a file extension" : "a path after the name")
        }
        // A feature whose weight is 0 changes no decision: it is looked at only
        // when explaining (the trainer's export). The weights are constants,
        // so the test costs nothing.
        if explains || BareNameFeature.cueWord.weight != 0, let cue = Self.cueWord(t, before: c.host.lowerBound) {
            j.add(.cueWord, explains, "'\(explains ? UTF8Bytes.string(t, cue) : "")' before it (a word that introduces a site)")
        }
        if explains || BareNameFeature.settingValue.weight != 0, Self.isSettingValue(t, c.host) {
            j.add(.settingValue, explains, "a setting's value ('=' or ':' before it)")
        }
        let path = c.hasPath ? Self.pathShape(t, c.host.upperBound..<c.end) : PathShape()
        if path.depth > 0 {
            j.add(.pathDepth, path.depth, explains, "\(path.depth) path segment\(path.depth == 1 ? "" : "s")")
        }
        if path.webByte {
            j.add(.webPath, explains, "'?', '#', '=', '&', '%', brackets or non-ASCII in the path (a web page's address)")
        }
        if Self.isDocumentationDomain(t, c.host) {
            j.add(.documentationDomain, explains, "under example.com, .net or .org (RFC 2606's names for documentation)")
        }
        if c.hasPath && Self.endsWithTag(t, c.host.upperBound..<c.end) {
            j.add(.imageTag, explains, "a ':tag' closes the path (an image reference)")
        }
        if Self.isProtocolRelative(t, c.host.lowerBound) {
            j.add(.protocolRelative, explains, "'//' before it (a protocol-relative address)")
        }
        if t[c.tld.lowerBound] >= 0x80 {
            j.add(.nonASCIITopLabel, explains, "a top label past ASCII (an internationalised domain)")
        }
        if explains || BareNameFeature.versionAfter.weight != 0, Self.hasVersionAfter(t, c.end) {
            j.add(.versionAfter, explains, "a version right after it")
        }
        let s = c.host.lowerBound
        if explains || BareNameFeature.quoted.weight != 0, s > 0, t[s - 1] == 0x22 || t[s - 1] == 0x27 || t[s - 1] == 0x60,
           c.end < t.count, t[c.end] == t[s - 1] {
            j.add(.quoted, explains, "quoted")
        }
        if explains || BareNameFeature.tableCell.weight != 0, Self.isInTableCell(t, s) { j.add(.tableCell, explains, "in a table cell") }
        if explains || BareNameFeature.packageCue.weight != 0, let cue = Self.cueWord(t, before: s, in: packageCueTable) {
            j.add(.packageCue, explains, "'\(explains ? UTF8Bytes.string(t, cue) : "")' before it (a word that introduces a package)")
        }
        if path.numericSegment {
            j.add(.numericSegment, explains, "a path segment of digits only (a site's page)")
        }
        if Self.isCapitalisedTopLabel(t, c.tld) {
            j.add(.capitalisedTopLabel, explains, "the top label capitalised (a member or a proper name)")
        }
        if explains || BareNameFeature.hostNoun.weight != 0, let noun = Self.hostNoun(t, s, c.end) {
            j.add(.hostNoun, explains, "'\(explains ? UTF8Bytes.string(t, noun) : "")' beside it (a word that names a server)")
        }
        if explains || BareNameFeature.blockKey.weight != 0, Self.isBlockKey(t, s, c.end) {
            j.add(.blockKey, explains, "a key that opens a block (':' then the end of the line, '{' or '[')")
        }
        if explains || BareNameFeature.treeEntry.weight != 0, Self.isTreeEntry(t, s) {
            j.add(.treeEntry, explains, "in a directory tree drawing")
        }
        if explains || BareNameFeature.quotedLine.weight != 0, Self.isQuotedLine(t, s, c.end) {
            j.add(.quotedLine, explains, "quoted alone on its line (a module path in code)")
        }
        if path.glob {
            j.add(.globPath, explains, "'*' in the path (a pattern)")
        }
        return j
    }

    /// What one pass over a path, query or fragment finds (`pathShape`).
    struct PathShape: Equatable {
        /// `? # = & % ( )` or a byte past ASCII (`webPath`).
        var webByte = false
        /// A segment of digits only after a `/`, ended by `/`, `?`, `#` or
        /// the end (`/issues/3262`; not `/v2`, not `:5000`: `numericSegment`).
        var numericSegment = false
        /// A `*` (`globPath`).
        var glob = false
        /// Path segments: a `/` followed by a byte that is not `/`; `/a` 1,
        /// `/a/b` 2, more 3 (`pathDepth`).
        var depth = 0
    }

    /// The shape of the path `t[r]`. A path shorter than 64 bytes (nearly
    /// all) is read sixteen bytes at a time into one bit per byte for each
    /// class of byte, and the shape comes from those words; a longer one, or
    /// one too near the end of the buffer to load whole blocks, byte by byte
    /// (`pathShapeByBytes`, the same answer).
    static func pathShape(_ t: UnsafeBufferPointer<UInt8>, _ r: Range<Int>) -> PathShape {
        let count = r.count
        guard count < 64, r.lowerBound + 64 <= t.count, let base = t.baseAddress else { return pathShapeByBytes(t, r) }
        let raw = UnsafeRawPointer(base)
        var slash: UInt64 = 0, digit: UInt64 = 0, web: UInt64 = 0, star: UInt64 = 0, ends: UInt64 = 0
        var block = 0
        while block < count {
            let v = raw.loadUnaligned(fromByteOffset: r.lowerBound + block, as: SIMD16<UInt8>.self)
            let isEnd = (v .== ByteSearch.splat(0x3F)) .| (v .== ByteSearch.splat(0x23))
            let isWeb = isEnd .| (v .== ByteSearch.splat(0x3D)) .| (v .== ByteSearch.splat(0x26)) .| (v .== ByteSearch.splat(0x25))
                .| (v .== ByteSearch.splat(0x28)) .| (v .== ByteSearch.splat(0x29)) .| (v .>= ByteSearch.splat(0x80))
            let shift = UInt64(block)
            slash |= ByteSearch.bits(v .== ByteSearch.splat(0x2F)) << shift
            digit |= ByteSearch.bits((v &- ByteSearch.splat(0x30)) .< ByteSearch.splat(10)) << shift
            web |= ByteSearch.bits(isWeb) << shift
            star |= ByteSearch.bits(v .== ByteSearch.splat(0x2A)) << shift
            ends |= ByteSearch.bits(isEnd) << shift
            block += 16
        }
        let live: UInt64 = (1 << UInt64(count)) &- 1
        slash &= live
        digit &= live
        var shape = PathShape()
        shape.webByte = web & live != 0
        shape.glob = star & live != 0
        // A `/` before a byte of the path that is not `/`.
        shape.depth = min(3, (slash & ~(slash >> 1) & (live >> 1)).nonzeroBitCount)
        // Adding a run's first bit to the digits carries past the run: the
        // bits right after the runs of digits that start after a `/`. One of
        // them on a `/`, `?`, `#` or the end is a segment of digits only.
        let runEnds = (digit &+ ((slash << 1) & digit)) & ~digit
        shape.numericSegment = runEnds & (slash | (ends & live) | (1 << UInt64(count))) != 0
        return shape
    }

    /// `pathShape`, byte by byte.
    static func pathShapeByBytes(_ t: UnsafeBufferPointer<UInt8>, _ r: Range<Int>) -> PathShape {
        var shape = PathShape()
        var digits = -1   // digits since the last `/`, or -1 when another byte came
        for k in r {
            let b = t[k]
            switch b {
            case 0x2F:
                if digits > 0 { shape.numericSegment = true }
                digits = 0
                if shape.depth < 3 && k + 1 < r.upperBound && t[k + 1] != 0x2F { shape.depth += 1 }
            case 0x30...0x39:
                if digits >= 0 { digits += 1 }
            default:
                if digits > 0 && (b == 0x3F || b == 0x23) { shape.numericSegment = true }
                digits = -1
                if b == 0x3F || b == 0x23 || b == 0x3D || b == 0x26 || b == 0x25 || b == 0x28 || b == 0x29 || b >= 0x80 {
                    shape.webByte = true
                } else if b == 0x2A {
                    shape.glob = true
                }
            }
        }
        if digits > 0 { shape.numericSegment = true }
        return shape
    }

    /// Whether the top label `r` is a capital followed by a small letter (`Seek`, `Org`).
    static func isCapitalisedTopLabel(_ t: UnsafeBufferPointer<UInt8>, _ r: Range<Int>) -> Bool {
        r.count >= 2 && t[r.lowerBound] >= 0x41 && t[r.lowerBound] <= 0x5A && t[r.lowerBound + 1] >= 0x61 && t[r.lowerBound + 1] <= 0x7A
    }

    /// Words that name a server, lowercased (`hostNoun`).
    static let hostNouns: Set<String> = ["host", "hosts", "hostname", "server", "servers", "registry", "endpoint",
                                         "domain", "domains", "mirror", "mirrors", "proxy"]
    static let hostNounTable = wordTable(hostNouns)

    /// A word of `hostNouns` right before the name at `start` (after at most
    /// one opening quote or backtick, then `:` or `=` and up to two spaces, as
    /// in `Host: name`) or right after its end (after at most one closing
    /// quote or backtick and one space, as in "the `docker.io` registry").
    static func hostNoun(_ t: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Range<Int>? {
        func isQuote(_ b: UInt8) -> Bool { b == 0x22 || b == 0x27 || b == 0x60 }
        var k = start
        if k > 0 && isQuote(t[k - 1]) { k -= 1 }
        var spaces = 0
        while k > 0 && spaces < 2 && (t[k - 1] == 0x20 || t[k - 1] == 0x09) { k -= 1; spaces += 1 }
        if k > 0 && (t[k - 1] == 0x3A || t[k - 1] == 0x3D) { k -= 1 }
        if k < start, let before = word(t, endingAt: k, in: hostNounTable) { return before }
        var e = end
        if e < t.count && isQuote(t[e]) { e += 1 }
        guard e < t.count, t[e] == 0x20 else { return nil }
        e += 1
        var w = e
        while w < t.count && w - e < 9 && ByteClass.isAlpha(t[w]) { w += 1 }
        guard w > e, w - e <= 8, w == t.count || !ByteClass.isAlnum(t[w]),
              let key = LabelTable.pack(t, e..<w), hostNounTable.contains(key) else { return nil }
        return e..<w
    }

    /// Whether the name `start..<end` is in double quotes alone on its line:
    /// before the opening quote only spaces, tabs and at most one identifier
    /// (an import's alias), after the closing quote only spaces, tabs and the line's end.
    static func isQuotedLine(_ t: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        guard start > 0, t[start - 1] == 0x22, end < t.count, t[end] == 0x22 else { return false }
        var k = end + 1
        while k < t.count && (t[k] == 0x20 || t[k] == 0x09 || t[k] == 0x0D) { k += 1 }
        guard k == t.count || t[k] == 0x0A else { return false }
        k = start - 1
        while k > 0 && (t[k - 1] == 0x20 || t[k - 1] == 0x09) { k -= 1 }
        var identifier = 0
        while k > 0 && identifier <= 64 && (ByteClass.isAlnum(t[k - 1]) || t[k - 1] == 0x5F) { k -= 1; identifier += 1 }
        guard identifier <= 64 else { return false }
        while k > 0 && (t[k - 1] == 0x20 || t[k - 1] == 0x09) { k -= 1 }
        return k == 0 || t[k - 1] == 0x0A
    }

    /// Whether a directory tree drawing stands right before `start`, after
    /// at most two spaces: a box-drawing character (U+2500–U+257F: `└──`,
    /// `├──`) or ASCII's `` `-- ``, `|--`, `+--`.
    static func isTreeEntry(_ t: UnsafeBufferPointer<UInt8>, _ start: Int) -> Bool {
        var k = start
        while k > 0 && start - k < 2 && t[k - 1] == 0x20 { k -= 1 }
        guard k >= 3 else { return false }
        if t[k - 3] == 0xE2 && (t[k - 2] == 0x94 || t[k - 2] == 0x95) { return true }
        return t[k - 1] == 0x2D && t[k - 2] == 0x2D && (t[k - 3] == 0x60 || t[k - 3] == 0x7C || t[k - 3] == 0x2B)
    }

    /// Whether the name ending at `end` is a key that opens a block: after
    /// an optional closing quote (the one before `start`), `:`, optional
    /// spaces, then the end of the line, `{` or `[`.
    static func isBlockKey(_ t: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        var k = end
        if k < t.count, start > 0, t[k] == t[start - 1], t[k] == 0x22 || t[k] == 0x27 { k += 1 }
        guard k < t.count, t[k] == 0x3A else { return false }
        k += 1
        while k < t.count && (t[k] == 0x20 || t[k] == 0x09) { k += 1 }
        return k == t.count || t[k] == 0x0A || t[k] == 0x0D || t[k] == 0x7B || t[k] == 0x5B
    }

    /// Words that introduce a package or module, lowercased ("bump github.com/x/y from …").
    static let packageCueWords: Set<String> = ["bump", "bumps", "update", "updated", "upgrade", "import", "require",
                                               "get", "install", "module", "package", "use", "uses"]
    static let packageCueTable = wordTable(packageCueWords)

    /// Whether the path `r` ends in `:` and a tag (ASCII letters, digits,
    /// `.`, `_`, `-`) inside its last segment, after a `/` with no `?` or `#`
    /// between (`/app:1.2`, `/image:latest`; not `:8080` before any `/`).
    static func endsWithTag(_ t: UnsafeBufferPointer<UInt8>, _ r: Range<Int>) -> Bool {
        var k = r.upperBound
        while k > r.lowerBound, case let b = t[k - 1], ByteClass.isAlnum(b) || b == 0x2E || b == 0x5F || b == 0x2D { k -= 1 }
        guard k < r.upperBound, k > r.lowerBound, t[k - 1] == 0x3A else { return false }
        var j = k - 1
        while j > r.lowerBound {
            let b = t[j - 1]
            if b == 0x2F { return true }
            if b == 0x3F || b == 0x23 { return false }
            j -= 1
        }
        return false
    }

    /// Whether `//` stands right before `start` at the start of the text or
    /// after a byte that ends no host, path or scheme (not a letter, digit,
    /// `-`, `_`, `.`, `/`, `\`, `:` or a byte past ASCII): a protocol-relative
    /// address (RFC 3986 §4.2), as in `href="//example.com"` or `(//github.com/x)`.
    static func isProtocolRelative(_ t: UnsafeBufferPointer<UInt8>, _ start: Int) -> Bool {
        guard start >= 2, t[start - 1] == 0x2F, t[start - 2] == 0x2F else { return false }
        guard start > 2 else { return true }
        let b = t[start - 3]
        return !(ByteClass.isHostASCII(b) || b == 0x5F || b == 0x2E || b == 0x2F || b == 0x5C || b == 0x3A || b >= 0x80)
    }

    /// `example.` (`isDocumentationDomain`), built once rather than per candidate.
    private static let exampleDot: [UInt8] = Array("example.".utf8)

    /// Whether `host` is `example.com`, `.net` or `.org` or a name under one (RFC 2606 §3), in any case.
    static func isDocumentationDomain(_ t: UnsafeBufferPointer<UInt8>, _ host: Range<Int>) -> Bool {
        let n = host.count
        guard n >= 11 else { return false }
        let s = host.upperBound - 11
        guard n == 11 || t[s - 1] == 0x2E else { return false }
        for k in 0..<8 where t[s + k] | (k == 7 ? 0 : 0x20) != exampleDot[k] { return false }
        let top = (t[s + 8] | 0x20, t[s + 9] | 0x20, t[s + 10] | 0x20)
        return top == (0x63, 0x6F, 0x6D) || top == (0x6E, 0x65, 0x74) || top == (0x6F, 0x72, 0x67)
    }

    /// Whether a version follows `end`: `@` or one space, an optional `v`, then digits, `.`, a digit.
    static func hasVersionAfter(_ t: UnsafeBufferPointer<UInt8>, _ end: Int) -> Bool {
        var k = end
        guard k < t.count, t[k] == 0x20 || t[k] == 0x40 else { return false }
        k += 1
        if k < t.count && (t[k] == 0x76 || t[k] == 0x56) { k += 1 }
        let digits = k
        while k < t.count && ByteClass.isDigit(t[k]) && k - digits < 6 { k += 1 }
        return k > digits && k + 1 < t.count && t[k] == 0x2E && ByteClass.isDigit(t[k + 1])
    }

    /// Whether the line before `start` holds a `|` after its last non-space byte (a table cell).
    static func isInTableCell(_ t: UnsafeBufferPointer<UInt8>, _ start: Int) -> Bool {
        var k = start
        while k > 0 && start - k < 4 && (t[k - 1] == 0x20 || t[k - 1] == 0x09) { k -= 1 }
        return k > 0 && t[k - 1] == 0x7C
    }

    /// SPEC §5's file extensions that make a bare name with no scheme, `www.`,
    /// port or path a file name, never a link.
    static let fileNameTopLabels = wordTable(["md", "rs", "py", "sh", "pm", "ps", "mk", "tf", "gd", "zip", "mov"])

    /// Whether `t[r]` (a top label) is one of `fileNameTopLabels`, in any case.
    @inline(__always)
    static func isFileNameTopLabel(_ t: UnsafeBufferPointer<UInt8>, _ r: Range<Int>) -> Bool {
        guard r.count <= 3, let key = LabelTable.pack(t, r) else { return false }
        return fileNameTopLabels.contains(key)
    }

    /// Words that introduce a site, lowercased: "visit example.com", "hosted at", "see".
    static let cueWords: Set<String> = ["visit", "see", "at", "on", "via", "from", "to", "hosted", "go", "open", "check",
                                        "website", "site", "homepage", "url", "browse"]

    /// The word right before `start` (one space or tab between) when it is one of `cueWords`.
    static func cueWord(_ t: UnsafeBufferPointer<UInt8>, before start: Int) -> Range<Int>? {
        cueWord(t, before: start, in: cueWordTable)
    }

    /// The word right before `start` (one space or tab between) when `table` holds it.
    static func cueWord(_ t: UnsafeBufferPointer<UInt8>, before start: Int, in table: LabelTable) -> Range<Int>? {
        guard start >= 2, t[start - 1] == 0x20 || t[start - 1] == 0x09 else { return nil }
        return word(t, endingAt: start - 1, in: table)
    }

    /// The whole word of 1 to 8 ASCII letters that ends at `end` (no letter
    /// or digit before it), when `table` holds it.
    static func word(_ t: UnsafeBufferPointer<UInt8>, endingAt end: Int, in table: LabelTable) -> Range<Int>? {
        var k = end
        while k > 0 && end - k < 9 && ByteClass.isAlpha(t[k - 1]) { k -= 1 }
        guard k < end, end - k <= 8, k == 0 || !ByteClass.isAlnum(t[k - 1]), let key = LabelTable.pack(t, k..<end) else { return nil }
        return table.contains(key) ? k..<end : nil
    }

    /// `cueWords` keyed as labels (`LabelTable.pack`), so that a lookup builds no String.
    static let cueWordTable = wordTable(cueWords)

    /// Words of up to 8 ASCII letters keyed as labels (`LabelTable.pack`).
    static func wordTable(_ words: Set<String>) -> LabelTable {
        let keys = words.map { w in Array(w.utf8).withUnsafeBufferPointer { LabelTable.pack($0, 0..<$0.count)! } }
        return LabelTable(keys: keys, values: [UInt8](repeating: 1, count: keys.count))
    }

    /// Whether the name is a setting's value: `=` or `:` right before it (after at most one space).
    static func isSettingValue(_ t: UnsafeBufferPointer<UInt8>, _ host: Range<Int>) -> Bool {
        let s = host.lowerBound
        guard s > 0 else { return false }
        var k = s - 1
        if t[k] == 0x20 && k > 0 { k -= 1 }
        return t[k] == 0x3D || t[k] == 0x3A
    }

    /// Whether a label of `r` starts with `xn--` (any case) and holds a byte
    /// outside ASCII. Pure ASCII hosts, nearly all, cost one pass over their bytes.
    static func hasInvalidACELabel(_ t: UnsafeBufferPointer<UInt8>, _ r: Range<Int>) -> Bool {
        guard hasNonASCII(t, r) else { return false }
        var labelStart = r.lowerBound
        for k in r.lowerBound...r.upperBound where k == r.upperBound || t[k] == 0x2E {
            let label = labelStart..<k
            if label.count > 4 && t[label.lowerBound] | 0x20 == 0x78 && t[label.lowerBound + 1] | 0x20 == 0x6E
                && t[label.lowerBound + 2] == 0x2D && t[label.lowerBound + 3] == 0x2D
                && t[label].contains(where: { $0 >= 0x80 }) {
                return true
            }
            labelStart = k + 1
        }
        return false
    }

    /// Whether a label of `r` holds `-at-` (any case) between two of its parts.
    /// The host is searched for `-` sixteen bytes at a time (`ByteSearch`),
    /// as are the other scans of the host here: a byte-by-byte loop each was
    /// about 100 instructions a name, a third of the judgement on URL-dense
    /// text (docs/benchmarks.md).
    static func hasAtWord(_ t: UnsafeBufferPointer<UInt8>, _ r: Range<Int>) -> Bool {
        guard r.count >= 6 else { return false }
        var k = r.lowerBound + 1
        while true {
            k = ByteSearch.first(in: t, from: k, before: r.upperBound - 4,
                                 block: { $0 .== ByteSearch.splat(0x2D) }, matches: { $0 == 0x2D })
            guard k + 4 < r.upperBound else { return false }
            if t[k + 3] == 0x2D && t[k + 1] | 0x20 == 0x61 && t[k + 2] | 0x20 == 0x74 { return true }
            k += 1
        }
    }

    /// The label before the top one when the host has three labels or more
    /// (`conf` in `sensors.conf.eg`), else nil.
    static func innerLabel(_ t: UnsafeBufferPointer<UInt8>, _ c: Candidate) -> Range<Int>? {
        let end = c.tld.lowerBound - 1   // the dot before the top label
        guard end > c.host.lowerBound, t[end] == 0x2E else { return nil }
        var k = end
        while k > c.host.lowerBound && t[k - 1] != 0x2E { k -= 1 }
        guard k > c.host.lowerBound, k < end else { return nil }   // the first label is the stem
        return k..<end
    }

    /// Whether the top label is all capital letters while the rest of the host
    /// has a small letter (`i.MX`, `screen.XXX`). A punycode label (`XN--11B4C3D`,
    /// a UTS #58 test line after `abc.`) is an encoding, not a word: not counted.
    @inline(__always)
    static func isCapitalTopLabel(_ t: UnsafeBufferPointer<UInt8>, _ c: Candidate) -> Bool {
        for k in c.tld where !(t[k] >= 0x41 && t[k] <= 0x5A) { return false }
        for k in c.host.lowerBound..<c.tld.lowerBound where t[k] >= 0x61 && t[k] <= 0x7A { return true }
        return false
    }

    /// Whether `r` is `self` or `this` (any case).
    @inline(__always)
    static func isReceiver(_ t: UnsafeBufferPointer<UInt8>, _ r: Range<Int>) -> Bool {
        guard r.count == 4 else { return false }
        let w = UInt32(t[r.lowerBound] | 0x20) << 24 | UInt32(t[r.lowerBound + 1] | 0x20) << 16
            | UInt32(t[r.lowerBound + 2] | 0x20) << 8 | UInt32(t[r.lowerBound + 3] | 0x20)
        return w == 0x7365_6C66 || w == 0x7468_6973   // self, this
    }

    /// Whether a host of three labels or more starts with `com.`, `org.`,
    /// `net.`, `edu.` or `gov.` (any case).
    static func startsWithTopDomain(_ t: UnsafeBufferPointer<UInt8>, _ c: Candidate) -> Bool {
        let s = c.host.lowerBound
        guard innerLabel(t, c) != nil, s + 4 <= c.host.upperBound, t[s + 3] == 0x2E else { return false }
        let w = UInt32(t[s] | 0x20) << 16 | UInt32(t[s + 1] | 0x20) << 8 | UInt32(t[s + 2] | 0x20)
        return w == 0x636F6D || w == 0x6F7267 || w == 0x6E6574 || w == 0x656475 || w == 0x676F76   // com org net edu gov
    }

    /// Whether `host` is in the file list that starts a ChangeLog or Debian
    /// changelog item: the line so far is a bullet (`*`, `-`, `+`) and names
    /// each followed by `,`, and a `:` (then a space or the line's end) or `,`
    /// follows the host.
    static func isInFileList(_ t: UnsafeBufferPointer<UInt8>, _ host: Range<Int>) -> Bool {
        var k = host.upperBound
        guard k < t.count else { return false }
        if t[k] == 0x3A {
            guard k + 1 == t.count || t[k + 1] == 0x20 || t[k + 1] == 0x09 || t[k + 1] == 0x0A || t[k + 1] == 0x0D else { return false }
        } else if t[k] != 0x2C {
            return false
        }
        // Back to the bullet: spaces, then names each ending in `,`, at most one line of 200 bytes.
        k = host.lowerBound
        let floor = max(0, host.lowerBound - 200)
        while true {
            var spaces = 0
            while k > floor && (t[k - 1] == 0x20 || t[k - 1] == 0x09) { k -= 1; spaces += 1 }
            guard k > floor, spaces > 0 else { return false }
            let b = t[k - 1]
            if b == 0x2A || b == 0x2D || b == 0x2B {
                // The bullet starts the line, after indentation.
                var m = k - 1
                while m > floor && (t[m - 1] == 0x20 || t[m - 1] == 0x09) { m -= 1 }
                return m == 0 || t[m - 1] == 0x0A || t[m - 1] == 0x0D
            }
            guard b == 0x2C else { return false }
            k -= 1
            while k > floor && !(t[k - 1] == 0x20 || t[k - 1] == 0x09 || t[k - 1] == 0x0A || t[k - 1] == 0x0D) { k -= 1 }
        }
    }

    /// The end of the first label of `r`.
    static func firstDot(_ t: UnsafeBufferPointer<UInt8>, _ r: Range<Int>) -> Int {
        ByteSearch.first(in: t, from: r.lowerBound, before: r.upperBound,
                         block: { $0 .== ByteSearch.splat(0x2E) }, matches: { $0 == 0x2E })
    }

    /// Whether a label of `r` has a capital right after a small letter: a
    /// small letter at `k` with a capital at `k + 1`, both in `r`.
    static func isCamelCase(_ t: UnsafeBufferPointer<UInt8>, _ r: Range<Int>) -> Bool {
        guard r.count >= 2 else { return false }
        let end = r.upperBound - 1
        return ByteSearch.first(in: t, from: r.lowerBound, before: end, withNext: { v, next in
            ((v &- ByteSearch.splat(0x61)) .< ByteSearch.splat(26)) .& ((next &- ByteSearch.splat(0x41)) .< ByteSearch.splat(26))
        }, matches: { k in
            t[k] >= 0x61 && t[k] <= 0x7A && t[k + 1] >= 0x41 && t[k + 1] <= 0x5A
        }) < end
    }

    /// Whether `t[r]` holds a capital ASCII letter.
    static func hasCapital(_ t: UnsafeBufferPointer<UInt8>, _ r: Range<Int>) -> Bool {
        ByteSearch.first(in: t, from: r.lowerBound, before: r.upperBound,
                         block: { ($0 &- ByteSearch.splat(0x41)) .< ByteSearch.splat(26) },
                         matches: { $0 >= 0x41 && $0 <= 0x5A }) < r.upperBound
    }

    /// Whether `t[r]` holds a byte outside ASCII.
    static func hasNonASCII(_ t: UnsafeBufferPointer<UInt8>, _ r: Range<Int>) -> Bool {
        ByteSearch.first(in: t, from: r.lowerBound, before: r.upperBound,
                         block: { $0 .>= ByteSearch.splat(0x80) }, matches: { $0 >= 0x80 }) < r.upperBound
    }

    /// `fileStems` keyed as labels (`labelKey`), so that a lookup builds no String.
    static let fileStemTable: LabelTable = {
        let keys = fileStems.map { stem in Array(stem.utf8).withUnsafeBufferPointer { labelKey($0, 0..<$0.count)! } }
        return LabelTable(keys: keys, values: [UInt8](repeating: 1, count: keys.count))
    }()

    /// FNV-1a of the lowercased bytes.
    @inline(__always)
    static func stemHash<C: Collection>(_ bytes: C) -> UInt64 where C.Element == UInt8 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in bytes { h = (h ^ UInt64(ByteClass.lower(b))) &* 0x100_0000_01b3 }
        return h
    }

    static func isFileStem(_ t: UnsafeBufferPointer<UInt8>, _ r: Range<Int>) -> Bool {
        guard r.count >= 3, r.count <= 12, let key = labelKey(t, r) else { return false }
        return fileStemTable.contains(key)
    }
}

/// The hosts a text writes where they are surely hosts: after `scheme://`,
/// starting with `www.`, or after `@` (an email domain). A bare name that
/// shares its last two labels with one of them (`documentHost`), or is one
/// of them and has no path (`documentSameHost`), has that evidence, weighed
/// like the rest (`BareNameWeights`).
///
/// The scanner collects them as it finds those URLs, `www.` names and
/// addresses, and decides the bare names that only this evidence could make
/// links when its scan of the buffer ends, so evidence after a name counts
/// too. The text before where the scan starts (on the streamed path the
/// 64 KiB already written) is read for hosts once, when a name first needs
/// it. So the evidence is the window (at most a 1 MiB chunk, 64 KiB before
/// it and 68 KiB after it), the
/// memory is bounded by the window and nothing is carried from one window to
/// the next; Markdown and HTML inputs are scanned run by run, so there the
/// evidence is the run. `--explain` prints the judgement the scan made, this
/// evidence included (`UTS58Scanner.ScanState.explainLink`).
/// Each host is kept as two 64-bit hashes, of its lowercased last two labels
/// and of the whole host (`keys`), in a table that grows with the
/// hosts found (at most two per 4 bytes of the buffer).
struct DocumentHosts {
    /// An open-addressing table of the hashes (0 marks an empty slot):
    /// Set<UInt64> would hash each hash again with SipHash, which showed on
    /// URL-dense text (docs/benchmarks.md).
    private var slots: [UInt64] = []
    private var count = 0
    /// The last hosts `insertHost` walked, of 16 bytes or fewer, as they were
    /// written: a text repeats a few hosts over and over (a maintainer's
    /// address in every changelog entry, a project's in every copyright
    /// line), and a repeat is known by a compare of two words, without a
    /// walk or a hash.
    private var recent = RecentHosts()

    /// No hosts yet (the scanner adds them as it finds them).
    init() {}

    /// Adds the hosts written after `scheme://`, `www.` or `@` that start before `end`.
    mutating func collect(_ t: UnsafeBufferPointer<UInt8>, before end: Int) {
        let n = min(t.count, end)
        var i = 0
        while i < n {
            i = Self.nextHostSign(t, from: i, before: n)
            guard i < n else { break }
            switch t[i] {
            case 0x3A:
                if i + 2 < t.count && t[i + 1] == 0x2F && t[i + 2] == 0x2F {
                    var start = i + 3
                    var end = Self.hostEnd(t, from: start)
                    if end < t.count && t[end] == 0x40 {   // userinfo: the host is after it
                        start = end + 1
                        end = Self.hostEnd(t, from: start)
                    }
                    insert(t, start..<end)
                    i = max(end, i + 3)
                    continue
                }
            case 0x40:
                // An email domain has a local part before its `@`: `@typing.final`
                // (a Python decorator) and `@name` (a mention) say nothing of hosts.
                guard i > 0, case let b = t[i - 1], b >= 0x80 || ByteClass.isAlnum(b) || b == 0x2E || b == 0x5F || b == 0x2B || b == 0x2D
                else { break }
                let end = Self.hostEnd(t, from: i + 1)
                insert(t, (i + 1)..<end)
                i = max(end, i + 1)
                continue
            default:
                // `www.`: the dot after three w's that start a word (`i` is the last w).
                let dot = i + 1
                if dot < n && dot >= 3 && (dot == 3 || !ByteClass.isHostASCII(t[dot - 4]))
                    && t[dot - 2] | 0x20 == 0x77 && t[dot - 3] | 0x20 == 0x77 {
                    let end = Self.hostEnd(t, from: dot + 1)
                    insert(t, (dot + 1)..<end)
                    i = max(end, dot + 1)
                    continue
                }
            }
            i += 1
        }
    }

    /// The next byte at or after `i` and before `n` that may start a host's
    /// evidence: `:` (of `://`), `@`, or a `w` (any case) right before `.`
    /// (the last w of `www.`); else `n`. Sixteen bytes at a time, with the
    /// byte after each: a search for every full stop stopped on each one of
    /// the text, most of this pass's time on real text (docs/benchmarks.md).
    @inline(__always)
    static func nextHostSign(_ t: UnsafeBufferPointer<UInt8>, from start: Int, before n: Int) -> Int {
        ByteSearch.first(in: t, from: start, before: n, withNext: { v, next in
            (v .== ByteSearch.splat(0x3A)) .| (v .== ByteSearch.splat(0x40))
                .| (((v | ByteSearch.splat(0x20)) .== ByteSearch.splat(0x77)) .& (next .== ByteSearch.splat(0x2E)))
        }, matches: { i in
            t[i] == 0x3A || t[i] == 0x40 || (t[i] | 0x20 == 0x77 && i + 1 < t.count && t[i + 1] == 0x2E)
        })
    }

    /// What the text's hosts say of a name's `host`: whether one shares its
    /// last two labels (`documentHost`), and whether one is this very host
    /// (`documentSameHost`, counted only for a name without a path: `bare`).
    struct Match: Equatable {
        var lastTwoLabels = false
        var sameHost = false
        /// A bare name the scan weighed wrote this very host with a path (`documentPathHost`).
        var pathHost = false
    }

    /// The hashes `match` looks up for `host` (nil when it has fewer than two labels).
    struct Keys {
        var lastTwoLabels: UInt64
        var sameHost: UInt64?
    }

    func match(_ keys: Keys) -> Match {
        Match(lastTwoLabels: contains(hash: keys.lastTwoLabels), sameHost: keys.sameHost.map { contains(hash: $0) } ?? false,
              pathHost: keys.sameHost.map { contains(hash: $0 ^ Self.pathTag) } ?? false)
    }

    /// Set apart the hashes of hosts written with a path (`insertPathHost`)
    /// from those of hosts written with a scheme, `www.` or `@`.
    static let pathTag: UInt64 = 0x5DEE_CE66_D1CE_4E5B

    /// Adds the host starting at `start` (ending at `hostEnd(t, from:
    /// start)`), the host of a bare name the scan weighed that has a path
    /// (`docker.io` of `docker.io/library/busybox`), for `Match.pathHost`.
    mutating func insertPathHost(_ t: UnsafeBufferPointer<UInt8>, from start: Int) {
        guard let whole = Self.keys(t, start..<Self.hostEnd(t, from: start), whole: true)?.sameHost else { return }
        insert(hash: whole ^ Self.pathTag)
    }

    func match(_ t: UnsafeBufferPointer<UInt8>, _ host: Range<Int>, bare: Bool) -> Match {
        guard count > 0, let k = Self.keys(t, host, whole: bare) else { return Match() }
        return match(k)
    }

    /// Whether a host with this hash (`keys`) was found.
    func contains(hash h: UInt64) -> Bool {
        guard count > 0 else { return false }
        let mask = slots.count - 1
        var i = Int(truncatingIfNeeded: (h &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
        while slots[i] != 0 {
            if slots[i] == h { return true }
            i = (i + 1) & mask
        }
        return false
    }

    mutating func insert(_ t: UnsafeBufferPointer<UInt8>, _ host: Range<Int>) {
        guard let h = Self.keys(t, host, whole: true) else { return }
        insert(hash: h.lastTwoLabels)
        if let whole = h.sameHost { insert(hash: whole) }
    }

    /// Adds the host that starts at `start` and ends at `hostEnd(t, from: start)`,
    /// as `insert` does, unless it is one of the last few hosts added.
    mutating func insertHost(_ t: UnsafeBufferPointer<UInt8>, from start: Int) {
        if recent.contains(t, at: start) { return }
        let end = Self.hostEnd(t, from: start)
        recent.remember(t, start, length: end - start)
        insert(t, start..<end)
    }

    private mutating func insert(hash h: UInt64) {
        if (count + 1) * 2 > slots.count { grow() }
        let mask = slots.count - 1
        var i = Int(truncatingIfNeeded: (h &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
        while slots[i] != 0 {
            if slots[i] == h { return }
            i = (i + 1) & mask
        }
        slots[i] = h
        count += 1
    }

    private mutating func grow() {
        let old = slots
        slots = Array(repeating: 0, count: max(64, old.count * 2))
        let mask = slots.count - 1
        for h in old where h != 0 {
            var i = Int(truncatingIfNeeded: (h &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
            while slots[i] != 0 { i = (i + 1) & mask }
            slots[i] = h
        }
    }

    /// The end of the host characters (ASCII letters, digits, `-`, `.`, and any non-ASCII byte) from `i`.
    /// Sixteen bytes at a time (`ByteSearch`), like the judgement's scans of a host.
    static func hostEnd(_ t: UnsafeBufferPointer<UInt8>, from i: Int) -> Int {
        ByteSearch.first(in: t, from: i, block: { v in
            let letter = ((v | ByteSearch.splat(0x20)) &- ByteSearch.splat(0x61)) .< ByteSearch.splat(26)
            let digit = (v &- ByteSearch.splat(0x30)) .< ByteSearch.splat(10)
            let sign = (v .== ByteSearch.splat(0x2D)) .| (v .== ByteSearch.splat(0x2E)) .| (v .>= ByteSearch.splat(0x80))
            return .!(letter .| digit .| sign)
        }, matches: { !isHostByte($0) })
    }

    /// An ASCII letter, digit, `-` or `.`, or any non-ASCII byte.
    @inline(__always)
    static func isHostByte(_ b: UInt8) -> Bool { ByteClass.isHostASCII(b) || b == 0x2E || b >= 0x80 }

    /// The hashes of `host` (a final dot left out; `LabelTable.foldedHash`
    /// of the lowercased bytes), or nil when it has fewer than two labels:
    /// of its last two labels, and, when `whole`, of the whole host, marked
    /// apart from every last-two-labels hash (a host of two labels has both,
    /// from one pass over its bytes).
    static func keys(_ t: UnsafeBufferPointer<UInt8>, _ host: Range<Int>, whole: Bool) -> Keys? {
        var end = host.upperBound
        while end > host.lowerBound && t[end - 1] == 0x2E { end -= 1 }
        var k = end
        var dots = 0
        while k > host.lowerBound {
            if t[k - 1] == 0x2E {
                dots += 1
                if dots == 2 { break }
            }
            k -= 1
        }
        guard dots >= 1, k < end, t[k] != 0x2E else { return nil }
        let lastTwo = LabelTable.foldedHash(t, k..<end)
        guard whole else { return Keys(lastTwoLabels: lastTwo, sameHost: nil) }
        let h = (k == host.lowerBound ? lastTwo : LabelTable.foldedHash(t, host.lowerBound..<end)) ^ 0x5A3E_C0DE_0F0D_0A11
        return Keys(lastTwoLabels: lastTwo, sameHost: h == 0 ? 1 : h)
    }
}

/// The last four hosts `DocumentHosts.insertHost` walked that have 16 bytes
/// or fewer, each as its bytes in two words, the masks of those bytes in
/// the words (kept, so that a check of the 16 bytes at a start is two ANDs
/// and two compares an entry) and its length.
struct RecentHosts {
    private var words: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0)
    private var masks: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0)
    private var lengths: (Int, Int, Int, Int) = (0, 0, 0, 0)
    private var next = 0

    /// The two words of the 16 bytes at `start` (the buffer must hold 17 from there).
    @inline(__always)
    private static func load(_ t: UnsafeBufferPointer<UInt8>, _ start: Int) -> (UInt64, UInt64) {
        let raw = UnsafeRawPointer(t.baseAddress! + start)
        return (UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self)),
                UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self)))
    }

    /// The masks of the first `length` bytes (16 or fewer) in two words.
    @inline(__always)
    private static func masks(_ length: Int) -> (UInt64, UInt64) {
        let low: UInt64 = length >= 8 ? ~0 : (1 << UInt64(length * 8)) - 1
        let high: UInt64 = length >= 16 ? ~0 : length <= 8 ? 0 : (1 << UInt64((length - 8) * 8)) - 1
        return (low, high)
    }

    /// Whether the host at `start` is one of these: the same bytes, and no host byte after them.
    @inline(__always)
    func contains(_ t: UnsafeBufferPointer<UInt8>, at start: Int) -> Bool {
        guard start + 17 <= t.count else { return false }
        let w = Self.load(t, start)
        @inline(__always) func matches(_ length: Int, _ a: UInt64, _ b: UInt64, _ m0: UInt64, _ m1: UInt64) -> Bool {
            length > 0 && w.0 & m0 == a && w.1 & m1 == b && !DocumentHosts.isHostByte(t[start + length])
        }
        return matches(lengths.0, words.0, words.1, masks.0, masks.1) || matches(lengths.1, words.2, words.3, masks.2, masks.3)
            || matches(lengths.2, words.4, words.5, masks.4, masks.5) || matches(lengths.3, words.6, words.7, masks.6, masks.7)
    }

    /// Remembers the host of `length` bytes at `start`, when it has 16 or fewer.
    mutating func remember(_ t: UnsafeBufferPointer<UInt8>, _ start: Int, length: Int) {
        guard length > 0, length <= 16, start + 17 <= t.count else { return }
        let m = Self.masks(length)
        let w = Self.load(t, start)
        let (a, b) = (w.0 & m.0, w.1 & m.1)
        switch next {
        case 0: words.0 = a; words.1 = b; masks.0 = m.0; masks.1 = m.1; lengths.0 = length
        case 1: words.2 = a; words.3 = b; masks.2 = m.0; masks.3 = m.1; lengths.1 = length
        case 2: words.4 = a; words.5 = b; masks.4 = m.0; masks.5 = m.1; lengths.2 = length
        default: words.6 = a; words.7 = b; masks.6 = m.0; masks.7 = m.1; lengths.3 = length
        }
        next = (next + 1) & 3
    }
}

/// A bare name weighed by the model, with its judgement: kept when
/// explaining, for `--explain` to print if the name is unlinked at the end of
/// the scan (`weighDocumentEvidence`) and for the weighings (`explainWeighings`).
struct LinkedBareName {
    var start: Int
    var end: Int
    var judgement: BareNameModel.Judgement
}

/// A bare name the scan linked that the document's evidence could unlink
/// (`BareNameModel.documentMargin`): where it starts, its score, whether the
/// document's host evidence is in that score already, and what that
/// evidence reads of it (`BareNameMembers.Query`).
struct LinkedName {
    var score: Int
    var hostCounted: Bool
    /// No path, query or fragment (`BareNameModel.Judgement.bare`).
    var bare: Bool
    var query: BareNameMembers.Query
    var start: Int { query.start }

    /// The name at `start` in `t` (the whole text: the document's evidence reads it).
    init(start: Int, hostCounted: Bool, _ judgement: borrowing BareNameModel.Judgement, in t: UnsafeBufferPointer<UInt8>) {
        score = judgement.score
        self.hostCounted = hostCounted
        bare = judgement.bare
        query = BareNameMembers.Query(t, start: start, judged: judgement.topLabel, domain: judgement.domain)
    }

    /// Whether the document's evidence could unlink a name so judged (the
    /// scan keeps only those).
    static func isAsked(_ judgement: BareNameModel.Judgement) -> Bool {
        judgement.score + BareNameModel.documentMargin < 0
    }
}

/// A bare name whose fate waits for the end of the scan (`DocumentHosts`).
struct PendingName {
    var start: Int
    var end: Int
    /// The hashes of its host the document's hosts are looked up by (`DocumentHosts.keys`).
    var keys: DocumentHosts.Keys
    /// The scan's judgement so far (its evidence in words when explaining):
    /// what `--explain` prints, plus the document's host if that links it.
    var judgement: BareNameModel.Judgement
}

extension UTS58Scanner {
    /// Links the pending names whose host the scan has since seen written as a
    /// host; rejects the others. Entities stay in order of start.
    func settlePending(_ state: inout ScanState, into out: inout [Entity]) {
        var linked: [Entity] = []
        // Taken out of the state (which the loop writes to), each name changed in place, not copied.
        var pending: [PendingName] = []
        swap(&pending, &state.pending)
        for k in pending.indices {
            let match = state.evidence.match(pending[k].keys)
            let (start, end) = (pending[k].start, pending[k].end)
            if pending[k].judgement.score + pending[k].judgement.documentHostScore(match) >= 0 {
                pending[k].judgement.addDocumentHost(match, explains: state.explains)
                var entity = Entity(kind: .url, start: start, end: end, targetPrefix: .https)
                HostSpoof.check(&entity, in: state.t)
                linked.append(entity)
                if state.explains && reportsURLs { state.explainLink(start, end, pending[k].judgement) }
                if state.explains { state.linkedBare.append(LinkedBareName(start: start, end: end, judgement: pending[k].judgement)) }
                if LinkedName.isAsked(pending[k].judgement) {
                    state.linkedNames.append(LinkedName(start: start, hostCounted: true, pending[k].judgement, in: state.whole))
                }
            } else {
                if state.explains { pending[k].judgement.addDocumentHost(match, explains: true) }
                state.reject(start, end, .url, .bareName(pending[k].judgement.summary))
            }
        }
        pending.removeAll(keepingCapacity: true)
        swap(&pending, &state.pending)
        guard !linked.isEmpty else { return }
        // The linked names in order of start, for `weighDocumentEvidence`'s searches.
        state.linkedNames.sort { $0.start < $1.start }
        guard reportsURLs else { return }
        out.append(contentsOf: linked)
        out.sort { $0.start < $1.start }
    }

    /// When explaining: each bare name weighed, with every feature the
    /// document gives it (whether or not the scan needed them to decide), as
    /// a `.weighed` explanation — the export the trainer fits from
    /// (`--explain=json`). The score is the model's; the scan's decision on
    /// each name equals `score >= 0` (tested on the corpus).
    func explainWeighings(_ state: inout ScanState, nameDots: [Int]) {
        let t = state.t
        state.updateEvidence()
        state.pathNames.sort()
        let names = state.weighedBare
        let queries = names.map { BareNameMembers.Query(t, start: $0.start, judged: $0.judgement.topLabel, domain: $0.judgement.domain) }
        let evidence = memberEvidence(&state, queries: queries, nameDots: nameDots)
        for (k, name) in names.enumerated() {
            let host = queries[k].host
            var j = name.judgement
            if evidence[k].members { j.add(BareNameMembers.membersFeature(t, host), true, "") }
            if evidence[k].code != nil { j.add(.codeLine, true, "") }
            if Self.index(of: BareNameModel.stemHash(UnsafeBufferPointer(rebasing: t[host])), in: state.pathNames) != nil {
                j.add(.documentPath, true, "")
            }
            j.addDocumentHost(state.evidence.match(t, host, bare: j.bare), explains: true)
            state.rejected.append(Explanation(start: name.start, end: name.end, kind: .url, verdict: .weighed(j.weighing)))
        }
    }
}
