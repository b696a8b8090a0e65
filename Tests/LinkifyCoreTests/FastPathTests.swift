import Testing
@testable import LinkifyCore
@testable import LinkifyDetectors
@testable import LinkifyFinding
@testable import LinkifyInput
@_spi(Layers) @testable import LinkifyModel
@testable import LinkifyRendering

/// The shortcuts taken for speed agree with the plain definitions they replace.
@Suite struct FastPathTests {
    @Test func byteClassesMatchTheirDefinitions() {
        for i in 0..<256 {
            let b = UInt8(i)
            let alpha = (0x41...0x5A).contains(b) || (0x61...0x7A).contains(b)
            let digit = (0x30...0x39).contains(b)
            #expect(ByteClass.isAlpha(b) == alpha, "byte \(i)")
            #expect(ByteClass.isDigit(b) == digit, "byte \(i)")
            #expect(ByteClass.isHostASCII(b) == (alpha || digit || b == 0x2D), "byte \(i)")
            #expect(ByteClass.isSchemeChar(b) == (alpha || digit || b == 0x2B || b == 0x2D || b == 0x2E), "byte \(i)")
            #expect(ByteClass.isSpace(b) == (b == 0x20 || (0x09...0x0D).contains(b)), "byte \(i)")
        }
    }

    /// `LabelTable.pack` reads 8 bytes at once where the buffer holds them:
    /// it agrees with packing byte by byte, at every start and length, near
    /// the buffer's end too, for capitals, the bytes around `A`–`Z` and non-ASCII.
    @Test(arguments: ["abcdefghij", "ABCDEFGHIJ", "@AZ[`az{", "Html.ORIG", "x\u{E9}yz.COM", "\u{7F}\u{80}aB", "a1-_Z~\u{0}"])
    func labelPackingAgreesWithBytewisePacking(_ text: String) {
        let bytes = Array(text.utf8)
        bytes.withUnsafeBufferPointer { t in
            for start in 0..<t.count {
                for end in start...t.count {
                    var plain: UInt64? = 0
                    for k in (start..<end).reversed() {
                        guard t[k] < 0x80 else { plain = nil; break }
                        let b = (0x41...0x5A).contains(t[k]) ? t[k] + 0x20 : t[k]
                        plain = plain! << 8 | UInt64(b)
                    }
                    if end - start == 0 || end - start > 8 { plain = nil }
                    #expect(LabelTable.pack(t, start..<end) == plain, "\(text) \(start)..<\(end)")
                }
            }
        }
    }

    /// `DocumentHosts.insertHost` (one walk, a memo of the last hosts walked)
    /// keeps what `insert` of the walked host keeps: repeats, a case variant,
    /// a final dot, a longer host sharing a repeat's first bytes, an empty
    /// label, hosts longer than the memo's 16 bytes, and the buffer's end.
    @Test func hostInsertionAgreesWithWalkingAndHashing() {
        let text = "a@debian.org b@debian.org c@Debian.Org d@debian.org. e@x.debian.org f@debian.orgx g@debian.or "
            + "h@ubuntu.com i@a..b j@verylonghostname.example.com k@verylonghostname.example.com l@ubuntu.com "
            + "m@debian.org n@gnu.org o@debian.org p@ex-ample.de q@ex-ample.de r@ex-ample.de.x s@q.de"
        let bytes = Array(text.utf8)
        bytes.withUnsafeBufferPointer { t in
            let starts = (0..<t.count).filter { t[$0] == 0x40 }.map { $0 + 1 }
            var walked = DocumentHosts(), plain = DocumentHosts()
            for start in starts {
                walked.insertHost(t, from: start)
                plain.insert(t, start..<DocumentHosts.hostEnd(t, from: start))
            }
            // Every range of the text that could be a host is answered alike.
            for start in 0..<t.count where DocumentHosts.isHostByte(t[start]) {
                for end in (start + 1)...min(t.count, start + 40) {
                    #expect(walked.match(t, start..<end, bare: true) == plain.match(t, start..<end, bare: true), "\(start)..<\(end)")
                }
            }
        }
        func match(_ host: String) -> DocumentHosts.Match {
            let probe = Array((text + " " + host).utf8)
            return probe.withUnsafeBufferPointer { t in
                var hosts = DocumentHosts()
                for start in (0..<bytes.count).filter({ bytes[$0] == 0x40 }) { hosts.insertHost(t, from: start + 1) }
                return hosts.match(t, (t.count - host.utf8.count)..<t.count, bare: true)
            }
        }
        func has(_ host: String) -> Bool { match(host).lastTwoLabels }
        // The very host, in any case, a final dot left out; not another under the same two labels.
        #expect(match("debian.org").sameHost && match("Q.DE").sameHost && match("x.debian.org").sameHost)
        #expect(!match("y.debian.org").sameHost && match("y.debian.org").lastTwoLabels && !match("www.q.de").sameHost && match("www.q.de").lastTwoLabels)
        #expect(has("debian.org") && has("DEBIAN.ORG") && has("example.com") && has("orgx.debian.orgx") && has("q.de"))
        #expect(!has("debian.net") && !has("debian.or.x") && !has("a.b") && !has("x.de"))
    }

    /// `DocumentHosts.nextHostSign` (sixteen bytes and the byte after each)
    /// finds what a byte-by-byte look finds: `:`, `@`, or a `w` right before `.`.
    @Test(arguments: ["", "w.", "see www.example.org and WWW.x", "a@b http://c w", String(repeating: "xyz w ", count: 7) + "ww.w",
                      String(repeating: "abcdefghijklmnow", count: 3) + ".", "w" + String(repeating: ".", count: 40) + "W"])
    func hostSignSearchFindsTheFirstSign(_ text: String) {
        let bytes = Array(text.utf8)
        bytes.withUnsafeBufferPointer { t in
            for end in [t.count, max(0, t.count - 1), t.count / 2] {
                for start in 0...end {
                    let expected = (start..<end).first { i in
                        t[i] == 0x3A || t[i] == 0x40 || (t[i] | 0x20 == 0x77 && i + 1 < t.count && t[i + 1] == 0x2E)
                    } ?? end
                    #expect(DocumentHosts.nextHostSign(t, from: start, before: end) == expected, "\(start) before \(end)")
                }
            }
        }
    }

    /// The bare-name model's scans of a host (sixteen bytes at a time) say
    /// what byte-by-byte definitions say, on every range of each text: ranges
    /// longer than a block, ending at the buffer's end, a letter pair or `-at-`
    /// across a block boundary, and the bytes around `a`–`z`, `A`–`Z` and 0x80.
    @Test(arguments: ["jim-at-example.net", "Jim-AT-Example.NET.x", "a-at-b", "-at--at-", "x-a-t-y.example-at.",
                      String(repeating: "abcdefghijklmn", count: 2) + "oPq.rs-at-t", "GitHub.com fooBar.io ab\u{E9}Cd.x",
                      "@AZ[`az{\u{7F}\u{80}aB", String(repeating: "a", count: 15) + "B" + String(repeating: "-", count: 16) + "at-"])
    func hostScansAgreeWithBytewiseScans(_ text: String) {
        let bytes = Array(text.utf8)
        bytes.withUnsafeBufferPointer { t in
            func isSmall(_ b: UInt8) -> Bool { b >= 0x61 && b <= 0x7A }
            func isCapital(_ b: UInt8) -> Bool { b >= 0x41 && b <= 0x5A }
            for start in 0...t.count {
                for end in start...t.count {
                    let r = start..<end
                    let at = end - start >= 6 && ((start + 1)..<max(start + 1, end - 4)).contains { k in
                        t[k] == 0x2D && t[k + 3] == 0x2D && t[k + 1] | 0x20 == 0x61 && t[k + 2] | 0x20 == 0x74
                    }
                    let camel = ((start + 1)..<max(start + 1, end)).contains { k in isCapital(t[k]) && isSmall(t[k - 1]) }
                    #expect(BareNameModel.hasAtWord(t, r) == at, "\(r)")
                    #expect(BareNameModel.isCamelCase(t, r) == camel, "\(r)")
                    #expect(BareNameModel.hasCapital(t, r) == t[r].contains(where: isCapital), "\(r)")
                    #expect(BareNameModel.hasNonASCII(t, r) == t[r].contains { $0 >= 0x80 }, "\(r)")
                    #expect(BareNameModel.firstDot(t, r) == (t[r].firstIndex(of: 0x2E) ?? end), "\(r)")
                }
            }
        }
    }
    /// `UTS58Scanner.hasWWWPrefix` (one load of four bytes) agrees with a
    /// byte-by-byte look at every index: case variants, bytes that give `w`
    /// or `.` when the case bit is set (`7`, `\u{57}`, `\u{0E}`), the
    /// buffer's end; and `hasDoubleDot` finds `..` in every range.
    @Test(arguments: ["www.", "WwW.x www,x wwW. vww. 7ww. \u{57}\u{57}\u{57}\u{0E} \u{F7}ww.",
                      "a..b...c" + String(repeating: "x.", count: 10) + "..", "ww" + String(repeating: ".", count: 17)])
    func wwwAndDoubleDotAgreeWithBytewiseLooks(_ text: String) {
        let bytes = Array(text.utf8)
        bytes.withUnsafeBufferPointer { t in
            for s in -1...t.count {
                #expect(UTS58Scanner.hasWWWPrefix(t, s) == UTF8Bytes.hasPrefixIgnoringCase(t, "www.", at: s), "at \(s)")
            }
            for start in 0...t.count {
                for end in start...t.count {
                    let expected = (start..<max(start, end - 1)).contains { t[$0] == 0x2E && t[$0 + 1] == 0x2E }
                    #expect(UTS58Scanner.hasDoubleDot(t, start..<end) == expected, "\(start)..<\(end)")
                }
            }
        }
    }

    /// The ASCII email bits agree with the Link_Email ranges.
    @Test func emailBitsAgreeWithTheRanges() {
        for cp in UInt32(0)..<128 {
            #expect(CharacterProperties.isEmailLocal(cp) == CharacterProperties.inRanges(UnicodeTables.emailRanges, cp), "\(cp)")
        }
    }

    /// The top-level domain set answers as a search of IANA's sorted list does.
    @Test func topLevelDomainTableAgreesWithTheSortedList() {
        let names = String(describing: TLDData.sorted).split(separator: "\n").map(String.init)
        let probes = names + names.map { $0.uppercased() } + names.map { $0 + "x" } + names.map { String($0.dropLast()) }
            + ["c", "h", "html", "orig", "patch", "debian", "in", "am", "so", "Com", "co-m", "12", "xn--node", "xn--nod"]
        let set = Set(names)
        for probe in probes {
            let bytes = Array(probe.utf8)
            let found = bytes.withUnsafeBufferPointer { TLDList.contains($0, 0..<$0.count) }
            #expect(found == set.contains(probe.lowercased()), "\(probe)")
        }
    }

    @Test(arguments: ["", "a", ".", "abcdefghijklmnopq.", "0123456789abcdef:", "0123456789abcdef0123456789abcdef\u{3002}x",
                      String(repeating: "x", count: 40) + "\u{FF0E}", "xy\u{E9}z.w", String(repeating: "a", count: 100)])
    func triggerSearchFindsTheFirstTrigger(_ text: String) {
        let bytes = Array(text.utf8)
        bytes.withUnsafeBufferPointer { t in
            for start in 0...t.count {
                let expected = (start..<t.count).first { UTS58Scanner.isTrigger(t[$0]) } ?? t.count
                #expect(UTS58Scanner.nextTrigger(t, from: start) == expected, "from \(start)")
            }
        }
    }

    @Test func escapingRunsAcrossBlocks() {
        let text = String(repeating: "abcdefghijklmno", count: 3) + "<&>\"'" + String(repeating: "z", count: 17) + "&"
        let expected = String(repeating: "abcdefghijklmno", count: 3) + "&lt;&amp;&gt;&quot;&#39;"
            + String(repeating: "z", count: 17) + "&amp;"
        #expect(HTMLEscaping.escaped(text) == expected)
        // A range that ends before a special byte leaves it out.
        let bytes = Array(text.utf8)
        var out: [UInt8] = []
        bytes.withUnsafeBufferPointer { HTMLEscaping.appendEscaped($0, 0..<45, into: &out) }
        #expect(out == Array(String(repeating: "abcdefghijklmno", count: 3).utf8))
    }

    @Test func webSchemeTestAgreesWithTheSet() {
        let candidates = UTS58Scanner.webSchemes.flatMap { [$0, $0.uppercased()] } + ["htt", "httpss", "w", "wx", "sftpx", "ftpx", "mailto", "", "HtTpS", "Wss", "hTTp", "http2", "ftp+", "ws.", "ht-p", "abcde"]
        for word in candidates {
            let bytes = Array(word.utf8)
            let fast = bytes.withUnsafeBufferPointer { UTS58Scanner.isWebScheme($0, 0..<$0.count) }
            #expect(fast == UTS58Scanner.webSchemes.contains(word.lowercased()), "\(word)")
        }
    }

    @Test(arguments: ["javascript:alert(1)", "JavaScript:x", "  vbscript:x", "\tdata:text/html", "java\tscript:x", "DATA:",
                      "https://example.com", "mailto:a@b.c", "javascriptx:y", "data", ":", "", "jav ascript:x", "é:x",
                      "\n\ndata:x", "d\na\rta:x", "&#106;avascript:x", "%6Aavascript:x", "javascript&colon;x", "1data:x",
                      "data\u{7F}:x", "abcdefghijk%3Ax", "javascript:%20", String(repeating: " ", count: 5000) + "data:x"])
    func dangerousSchemeShortcutAgreesWithSchemeOf(_ target: String) {
        let expected = LinkPolicy.scheme(of: target).map(LinkPolicy.dangerousSchemes.contains) ?? false
        if let quick = LinkPolicy.quickIsDangerous(target) { #expect(quick == expected) }
        #expect((LinkPolicy().rejection(of: target) != nil) == expected)
    }

    @Test(arguments: ["javascript:alert(1)", "JavaScript:x", "java\tscript:x", "&#106;avascript:x", "%6Aavascript:x",
                      "https://example.com", "vbscript:", "data:x", "datax:y", "x", ""])
    func policyOnTheEntityBytesAgreesWithThePolicyOnItsTarget(_ text: String) {
        // Each text as it is, and with a byte that is not UTF-8 before and after its colon.
        var variants = [Array(text.utf8)]
        if let colon = variants[0].firstIndex(of: 0x3A) {
            variants.append(Array(variants[0][..<colon]) + [0xFF] + variants[0][colon...])
            variants.append(Array(variants[0][...colon]) + [0xC3] + variants[0][(colon + 1)...])
        }
        let policies = [LinkPolicy(), LinkPolicy(allowedSchemes: ["https"]), LinkPolicy(deniedSchemes: ["data"])]
        for bytes in variants {
            bytes.withUnsafeBufferPointer { t in
                for prefix in [TargetPrefix.none, .https, .http, .mailto, .tel] {
                    let entity = Entity(kind: .url, start: 0, end: t.count, targetPrefix: prefix)
                    let spelt = entity.target(in: t)
                    let head = UnsafeBufferPointer(start: prefix.literal.utf8Start, count: prefix.literal.utf8CodeUnitCount)
                    #expect(spelt == String(decoding: Array(head) + bytes, as: UTF8.self))
                    for policy in policies {
                        #expect(policy.rejection(of: entity, in: t) == policy.rejection(of: spelt), "\(prefix) \(bytes)")
                    }
                }
            }
        }
    }

    @Test(arguments: [Array("example.com/a?b=1&c='2'".utf8), [0x61, 0x2E, 0x63, 0x6F, 0xFF, 0x26], Array("é.example/ü".utf8)])
    func hrefsWrittenFromTheBytesEqualHrefsFromTheTarget(_ bytes: [UInt8]) {
        for truncate in [nil, 3] {
            var fromBytes: [UInt8] = [], fromString: [UInt8] = []
            bytes.withUnsafeBufferPointer { t in
                let entity = Entity(kind: .url, start: 0, end: t.count, targetPrefix: .https)
                let spelt = Entity(kind: .url, start: 0, end: t.count, target: entity.target(in: t))
                var renderer = HTMLRenderer(options: RenderOptions(format: .html, anchors: AnchorOptions(truncate: truncate)))
                renderer.write(t, 0..<t.count, entities: [entity], into: &fromBytes)
                renderer.write(t, 0..<t.count, entities: [spelt], into: &fromString)
            }
            #expect(fromBytes == fromString)
            #expect(String(decoding: fromBytes, as: UTF8.self).hasPrefix("<a href=\"https://"))
        }
    }

    @Test func letterAndDigitRunsInTerminationAreIncluded() {
        // `terminate` skips runs of ASCII letters and digits as Link_Term include.
        for b in UInt8(0)..<128 where ByteClass.isAlnum(b) {
            #expect(CharacterProperties.asciiLinkTerm[Int(b)] == .include, "byte \(b)")
            #expect(URLPart.started(by: UInt32(b)) == nil && ![URLPart.path, .query].contains { $0.clearsBrackets(UInt32(b)) })
        }
    }

    @Test(arguments: ["a.com/abcdefghijklmnopqrstuvwxyz0123456789ABCDEF.", "a.com/x(abcdefghijklmnopqrstuvwxyz)y)",
                      "a.com/en-US/docs_x~y%20z-_~%(a-b)]", "a.com/a?b=c-d&e=%2F_~#x-y:~:z",
                      "a.com/" + String(repeating: "ab1", count: 40) + "?q=1#f:~:t", "https://x.org/aé" + String(repeating: "z", count: 17)])
    func terminationOverLetterRunsAgreesWithScalarByScalar(_ text: String) {
        let bytes = Array(text.utf8)
        bytes.withUnsafeBufferPointer { t in
            let slash = t.firstIndex(of: 0x2F)!
            for start in slash..<t.count {
                #expect(terminate(t, from: start, part: .path, cjkIsHard: true) == scalarTerminate(t, from: start), "\(text) from \(start)")
            }
        }
    }

    /// The termination algorithm over a path, one scalar at a time without shortcuts (the definition).
    func scalarTerminate(_ t: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var part = URLPart.path
        var stack: [UInt32] = []
        var lastSafe = start
        var i = start
        while i < t.count {
            let (cp, len) = UTF8Bytes.decode(t, at: i)
            var term = CharacterProperties.linkTerm(cp)
            if cp >= 0x3000 && CharacterProperties.isCJKTerminator(cp) { term = .hard }
            if part.isTerminated(by: cp) {
                part = URLPart.started(by: cp)!
                stack.removeAll()
                if term != .soft { lastSafe = i + len }
                i += len
                continue
            }
            if part.clearsBrackets(cp) || (part == .fragment && cp == 0x3A && i + 2 < t.count && t[i + 1] == 0x7E && t[i + 2] == 0x3A) {
                stack.removeAll()
            }
            switch term {
            case .include: lastSafe = i + len
            case .soft: break
            case .hard: return lastSafe
            case .open: stack.append(cp); lastSafe = i + len
            case .close:
                guard let top = stack.last, CharacterProperties.opener(ofClose: cp) == top else { return lastSafe }
                stack.removeLast()
                lastSafe = i + len
            }
            i += len
        }
        return lastSafe
    }

    @Test func shortTopLevelDomainBitsAgreeWithTheSearch() {
        // Every name of two or three ASCII bytes is letters (what the bits assume)…
        let p = TLDData.sorted.utf8Start
        for name in 0..<(TLDList.offsets.count - 1) {
            let s = TLDList.offsets[name], length = TLDList.offsets[name + 1] - 1 - s
            if length <= 3 && p[s] < 0x80 { #expect((s..<(s + length)).allSatisfy { ByteClass.isAlpha(p[$0]) }) }
        }
        // …and every label of two or three letters, in either case, gets the search's answer.
        let letters = Array("abcdefghijklmnopqrstuvwxyz".utf8)
        var labels: [[UInt8]] = []
        for a in letters { for b in letters { labels.append([a, b]); for c in letters { labels.append([a, b, c]) } } }
        labels += [Array("CoM".utf8), Array("D3".utf8), Array("a-b".utf8), Array("x1".utf8)]
        for label in labels {
            let expected = label.map(ByteClass.lower).withUnsafeBufferPointer { TLDList.search($0) }
            #expect(label.withUnsafeBufferPointer { TLDList.contains($0, 0..<$0.count) } == expected, "\(label)")
        }
    }

    @Test func targetsAreBuiltWithTheirPrefix() {
        let bytes = Array("xx example.com yy".utf8)
        let s = bytes.withUnsafeBufferPointer { UTF8Bytes.string(prefix: "https://", $0, 3..<14) }
        #expect(s == "https://example.com")
        let invalid: [UInt8] = [0x61, 0xFF, 0x62]
        #expect(invalid.withUnsafeBufferPointer { UTF8Bytes.string(prefix: "p:", $0, 0..<3) } == "p:a\u{FFFD}b")
    }

    @Test(arguments: ["see |a.b.c.d.e.f.g.example.com| now", "x |ab-cd.example.org| |ef.example.org|",
                      "@@ |a.example.com|, |b.example.com|", "words words |déjà.example.com|"])
    func hostRunsAreFoundBackwards(_ line: String) {
        #expect(marked(unmarked(line)) == line)
    }
}

/// The ASCII shortcuts of `terminate` against the UTS #58 termination loop they skip.
@Suite struct TerminationFastPathTests {
    @Test func asciiMasksMatchLinkTerm() {
        func has(_ low: UInt64, _ high: UInt64, _ b: Int) -> Bool {
            b < 64 ? (low >> UInt64(b)) & 1 != 0 : (high >> UInt64(b - 64)) & 1 != 0
        }
        let syntax: Set<Int> = [0x23, 0x2F, 0x26, 0x3D, 0x3F, 0x3A]   // # / & = ? :
        for b in 0..<128 {
            let term = CharacterProperties.searchLinkTerm(UInt32(b))
            #expect(has(CharacterProperties.plainIncludeLow, CharacterProperties.plainIncludeHigh, b)
                    == (term == .include && !syntax.contains(b)), "byte \(b)")
            #expect(has(CharacterProperties.plainSoftLow, 0, b) == (term == .soft && !syntax.contains(b)), "byte \(b)")
            #expect(has(CharacterProperties.hardLow, CharacterProperties.hardHigh, b) == (term == .hard), "byte \(b)")
        }
    }

    /// The termination loop with no shortcut: every scalar decoded and classified.
    static func plainTerminate(_ t: UnsafeBufferPointer<UInt8>, from start: Int, part initial: URLPart?) -> Int {
        var stack: [UInt32] = []
        var part = initial
        var lastSafe = start
        var i = start
        let limit = min(t.count, start + Limits.maxEntityBytes + 1)
        while i < limit {
            let (cp, len) = UTF8Bytes.decode(t, at: i)
            var term = CharacterProperties.linkTerm(cp)
            if cp >= 0x3000 && CharacterProperties.isCJKTerminator(cp) { term = .hard }
            guard let current = part else {
                guard let started = URLPart.started(by: cp) else { return i }
                part = started
                if term != .soft { lastSafe = i + len }
                i += len
                continue
            }
            if current.isTerminated(by: cp) {
                part = URLPart.started(by: cp)
                stack.removeAll()
                if term != .soft { lastSafe = i + len }
                i += len
                continue
            }
            if current.clearsBrackets(cp) || (current == .fragment && cp == 0x3A && i + 2 < t.count && t[i + 1] == 0x7E && t[i + 2] == 0x3A) {
                stack.removeAll()
            }
            switch term {
            case .include: lastSafe = i + len
            case .soft: break
            case .hard: return lastSafe
            case .open:
                guard stack.count < 64 else { return lastSafe }
                stack.append(cp)
                lastSafe = i + len
            case .close:
                guard let top = stack.last, CharacterProperties.opener(ofClose: cp) == top else { return lastSafe }
                stack.removeLast()
                lastSafe = i + len
            }
            i += len
        }
        return i >= t.count ? lastSafe : i
    }

    /// Random text of every printable ASCII byte, with spaces, controls and
    /// non-ASCII now and then, long enough for the sixteen-byte path blocks.
    @Test(arguments: 0..<4)
    func randomTerminationAgreesWithThePlainLoop(_ seed: Int) {
        var random = SeededRandom(state: UInt64(seed) &* 0x9E37_79B9_7F4A_7C15 &+ 1)
        let rare: [[UInt8]] = [[0x20], [0x09], [0x7F], Array("\u{E9}".utf8), Array("\u{3002}".utf8), Array("\u{FF09}".utf8), [0xFF]]
        for _ in 0..<300 {
            var bytes: [UInt8] = []
            let length = 1 + random.next(70)
            while bytes.count < length {
                if random.next(12) == 0 { bytes += rare[random.next(rare.count)] } else { bytes.append(UInt8(0x21 + random.next(0x5E))) }
            }
            bytes.withUnsafeBufferPointer { t in
                for start in 0...t.count {
                    for part in [nil, URLPart.authority, .path, .query, .fragment] {
                        #expect(terminate(t, from: start, part: part, cjkIsHard: true)
                                == Self.plainTerminate(t, from: start, part: part),
                                "from \(start) in \(part.map { "\($0)" } ?? "nil") of \(bytes)")
                    }
                }
            }
        }
    }

    @Test(arguments: ["example.com/en-US/docs/Web) read", "a.b/x?q=1&r=(2)#frag:~:text=a-b, next",
                      "host:8080/~user/file.tar.gz, for", "x/(a/b)c?d(e=f)g#h(i)j.", "w/p%20q_r~s*t+u$v@w!x'y;z.",
                      "h/\u{E9}t\u{E9}\u{3002}x y", "a/b\u{7F}c", "q?a?b#c?d/e#f", "/[x]{y}<z>", "d/\u{FF09}e\tf\r\ng",
                      "p/\u{FF}\u{C3}x", "u|v\\w^x`y", "a/\"b\"c", String(repeating: "ab-", count: 30) + "/" + String(repeating: "(", count: 70)])
    func terminationAgreesWithThePlainLoop(_ text: String) {
        var bytes = Array(text.utf8)
        if text.hasPrefix("p/") { bytes = Array("p/".utf8) + [0xFF, 0xC3] + Array("x".utf8) }
        bytes.withUnsafeBufferPointer { t in
            for start in 0...t.count {
                for part in [nil, URLPart.authority, .path, .query, .fragment] {
                    #expect(terminate(t, from: start, part: part, cjkIsHard: true)
                            == Self.plainTerminate(t, from: start, part: part), "from \(start) in \(part.map { "\($0)" } ?? "nil")")
                }
            }
        }
    }
}
