@_spi(Layers) import LinkifyModel
import LinkifyFinding
import LinkifyRendering

/// Finds the linkable text of one inline chunk (a paragraph's or heading's
/// content with block prefixes removed, lines joined by `\n`, or one table
/// cell), the way cmark-gfm parses inlines, and the entities in it.
///
/// One left-to-right pass, as cmark's `parse_inline`: code spans, escapes,
/// autolinks, raw HTML, brackets (links and images are resolved at `]`), and
/// delimiter runs. With `--profile gfm` the URL matcher runs inside this
/// pass at the text positions the parser visits, outside brackets, on the raw
/// chunk — so a URL may swallow `**` or a code span, as it does on GitHub.
/// Then emphasis is resolved (CommonMark §6.4), and the remaining text runs —
/// the chunk minus code, HTML, links, escapes, emphasis delimiters and URLs —
/// go to the finder for everything else (email addresses are found in text
/// nodes after inline parsing, as cmark-gfm's post-processing does).
struct MarkdownInlineParser {
    private(set) var chunk: UnsafeBufferPointer<UInt8>
    let references: Set<String>
    /// Finds URLs inside the pass (gfm), nil when URLs are found with the rest.
    var urlFinder: EntityFinder?
    /// Finds everything else in the text runs.
    var restFinder: EntityFinder?

    struct Delimiter {
        var char: UInt8
        var start: Int
        var count: Int
        let originalCount: Int
        let canOpen: Bool
        let canClose: Bool
        var active = true
    }

    struct Bracket {
        let start: Int
        let isImage: Bool
        /// Delimiters that existed when the bracket opened.
        let delimiterCount: Int
    }

    /// At most this many brackets and delimiter runs are held open in a chunk
    /// (a paragraph of 65,536 `[` or `*_` is text, not a stack that grows
    /// with the input): past them, `[` and delimiter runs are read as text,
    /// and a `]` closes a `[` read as text first. Memory per chunk stays
    /// bounded; documents that hold so many open at once are not prose.
    static let maxOpen = 1 << 16
    /// `[` read as text past `maxOpen`, not yet closed.
    var droppedBrackets = 0
    /// The non-image brackets below this index were opened before a link
    /// closed and so can no longer make one (§6.3: links may not contain links).
    var inactiveBelow = 0

    /// The bytes that are never linked (code, HTML, links, escapes, used
    /// delimiters): a bit a byte, whatever the number of ranges.
    var hidden: ByteMarks
    var delimiters: [Delimiter] = []
    var brackets: [Bracket] = []
    var entities: [Entity] = []
    var candidates: [Entity] = []
    var candidateIndex = 0
    var rescans = 0
    /// For each length of backtick run, where the last run of it that a
    /// search for a closing run passed starts (cmark's `backticks`).
    var lastBacktickRun: [Int: Int] = [:]
    /// Whether a search for a closing run reached the chunk's end: from then on
    /// `lastBacktickRun` knows every run after where that search started.
    var backticksScanned = false
    /// The text runs' rescans, made at the first run that finds something
    /// (`findInTextRuns`), which hands its budget back to `rescanBudget`.
    var stable: LinkBoundaryRescan? = nil
    /// Bytes the text runs may still rescan (`LinkBoundaryRescan`), shared by a document's chunks.
    var rescanBudget: Int
    /// Whether raw HTML elements are skipped with the gfm profile too (`lint`).
    var skipsRawElementsWithGFM = false
    /// The end of the last raw HTML element hidden whole (`<a …>…</a>`).
    var skippedElementEnd = 0
    /// The elements of `skippedElements` found without a closing tag after
    /// some point: none is looked for again (linear time). A bit per
    /// element of `skippedElements` (an array would be allocated per chunk).
    var unclosedElements: UInt32 = 0

    /// Raw HTML elements whose content is not linked (as in the HTML reader).
    static let skippedElements: [StaticString] = ["a", "code", "pre", "kbd", "samp", "tt", "script", "style", "textarea", "title", "button", "select", "datalist", "time"]

    static let specials: [Bool] = (0..<256).map { b in
        [0x60, 0x5C, 0x3C, 0x5B, 0x5D, 0x21, 0x2A, 0x5F, 0x7E].contains(b)
    }

    init(chunk: UnsafeBufferPointer<UInt8>, references: Set<String>, urlFinder: EntityFinder?, restFinder: EntityFinder?,
         rescanBudget: Int) {
        self.chunk = chunk
        self.hidden = ByteMarks(count: chunk.count)
        self.rescanBudget = rescanBudget
        self.references = references
        self.urlFinder = urlFinder
        self.restFinder = restFinder
    }

    /// The entities of `chunk`, sorted, with offsets into it: the parser is
    /// set to it first, so that one parser (its finders, its reference
    /// labels, its arrays' storage) serves every chunk of a document, not
    /// one made and freed per line of a list.
    mutating func parse(_ chunk: UnsafeBufferPointer<UInt8>) -> EntityPieces {
        self.chunk = chunk
        hidden = ByteMarks(count: chunk.count)
        droppedBrackets = 0
        inactiveBelow = 0
        // (Emptied only when not empty: emptying an empty array keeping its capacity allocates.)
        if !delimiters.isEmpty { delimiters.removeAll(keepingCapacity: delimiters.capacity <= 1 << 10) }
        if !brackets.isEmpty { brackets.removeAll(keepingCapacity: brackets.capacity <= 1 << 10) }
        if !entities.isEmpty { entities = [] }
        if !candidates.isEmpty { candidates = [] }
        candidateIndex = 0
        rescans = 0
        if !lastBacktickRun.isEmpty { lastBacktickRun = [:] }
        backticksScanned = false
        stable = nil
        skippedElementEnd = 0
        unclosedElements = 0
        return parse()
    }

    /// The entities of the chunk, sorted, with offsets into the chunk.
    mutating func parse() -> EntityPieces {
        let t = chunk
        let n = t.count
        if let f = urlFinder { candidates = f.entities(in: t, from: 0) }
        var p = 0
        let specials = Self.specials
        while p < n {
            var next = candidateIndex < candidates.count ? candidates[candidateIndex].start : n
            if next < p { rescan(from: p); next = candidateIndex < candidates.count ? candidates[candidateIndex].start : n }
            if p == next {
                let c = candidates[candidateIndex]
                if p < skippedElementEnd {
                    // `lint` with gfm: no URL inside a raw element it skips (markdownlint's MD034).
                    candidateIndex += 1
                    continue
                }
                if brackets.isEmpty && droppedBrackets == 0 {
                    entities.append(c)
                    candidateIndex += 1
                    p = c.end
                } else {
                    // cmark-gfm does not match URLs while a bracket is open.
                    rescan(from: p + 1)
                    p += 1
                }
                continue
            }
            let b = t[p]
            if !specials[Int(b)] {
                p += 1
                while p < n && p < next && !specials[Int(t[p])] { p += 1 }
                continue
            }
            switch b {
            case 0x60: p = codeSpan(at: p)
            case 0x5C:
                if p + 1 < n && MarkdownSyntax.isASCIIPunctuation(t[p + 1]) {
                    hide(p..<p + 2)
                    p += 2
                } else {
                    p += 1
                }
            case 0x3C:
                if let e = MarkdownSyntax.autolinkEnd(t, at: p) ?? MarkdownSyntax.inlineHTMLEnd(t, at: p) {
                    hide(p..<e)
                    // SPEC §4: nothing inside an existing link, HTML ones too (`<a href>…</a>`),
                    // nor in the HTML elements the HTML reader skips. With gfm the output is
                    // GitHub's HTML instead, and cmark-gfm links text between raw tags.
                    if skipsRawElementsWithGFM || (urlFinder ?? restFinder)?.profile != .gfm, e > skippedElementEnd, let end = skippedElementEnd(openTag: p, tagEnd: e) {
                        hide(e..<end)
                        skippedElementEnd = end
                    }
                    p = e
                } else {
                    p += 1
                }
            case 0x21:
                if p + 1 < n && t[p + 1] == 0x5B {
                    openBracket(Bracket(start: p, isImage: true, delimiterCount: delimiters.count))
                    p += 2
                } else {
                    p += 1
                }
            case 0x5B:
                openBracket(Bracket(start: p, isImage: false, delimiterCount: delimiters.count))
                p += 1
            case 0x5D: p = closeBracket(at: p)
            default: p = delimiterRun(at: p)
            }
        }
        processEmphasis()
        if entities.count > 1 { entities.sort { $0.start < $1.start } }
        return findInTextRuns()
    }

    mutating func hide(_ r: Range<Int>) { hidden.mark(r) }

    /// The end of the closing tag of the element whose open tag spans
    /// `openTag..<tagEnd`, when it is one of `skippedElements`, not
    /// self-closing, and closed in the chunk.
    mutating func skippedElementEnd(openTag: Int, tagEnd: Int) -> Int? {
        let t = chunk
        guard openTag + 1 < t.count, ByteClass.isAlpha(t[openTag + 1]), t[tagEnd - 2] != 0x2F else { return nil }
        var nameEnd = openTag + 1
        while nameEnd < tagEnd && (ByteClass.isAlnum(t[nameEnd]) || t[nameEnd] == 0x2D) { nameEnd += 1 }
        let length = nameEnd - openTag - 1
        guard let index = Self.skippedElements.firstIndex(where: {
            $0.utf8CodeUnitCount == length && UTF8Bytes.hasPrefixIgnoringCase(t, $0, at: openTag + 1)
        }), unclosedElements & (1 << index) == 0 else { return nil }
        let name = Self.skippedElements[index]
        var k = tagEnd
        while k + 2 + length < t.count {
            if t[k] == 0x3C && t[k + 1] == 0x2F && UTF8Bytes.hasPrefixIgnoringCase(t, name, at: k + 2),
               !ByteClass.isAlnum(t[k + 2 + length]) && t[k + 2 + length] != 0x2D,
               let end = MarkdownSyntax.closingTagEnd(t, at: k) {
                return end
            }
            k += 1
        }
        unclosedElements |= 1 << index
        return nil
    }

    /// Candidates again from `p` (the old ones started inside something the pass skipped).
    mutating func rescan(from p: Int) {
        candidateIndex = candidates.count
        guard let f = urlFinder, p < chunk.count, rescans < 64 else { return }
        rescans += 1
        candidates = f.entities(in: chunk, from: p)
        candidateIndex = 0
    }

    /// A code span (CommonMark §6.1) or literal backticks at `p`.
    mutating func codeSpan(at p: Int) -> Int {
        let t = chunk
        var e = p
        while e < t.count && t[e] == 0x60 { e += 1 }
        let length = e - p
        // No run of this length after `e`: literal backticks.
        if backticksScanned && lastBacktickRun[length, default: -1] < e { return e }
        // The first run of the same length closes the span. Each search ends
        // at a closer (what it passed becomes the span's content) or at the
        // chunk's end, once: the searches read the chunk about once.
        var k = e
        while true {
            k = ByteSearch.first(of: 0x60, in: t, from: k)
            guard k < t.count else { break }
            let s = k
            while k < t.count && t[k] == 0x60 { k += 1 }
            lastBacktickRun[k - s] = s
            if k - s == length {
                hide(p..<k)
                return k
            }
        }
        backticksScanned = true
        return e
    }

    /// A run of `*`, `_` or `~` at `p`, recorded with its flanking (§6.4).
    mutating func delimiterRun(at p: Int) -> Int {
        let t = chunk
        let c = t[p]
        var e = p
        while e < t.count && t[e] == c { e += 1 }
        let before: UInt32 = p == 0 ? 0x0A : UTF8Bytes.decode(t, before: p).scalar
        let after: UInt32 = e >= t.count ? 0x0A : UTF8Bytes.decode(t, at: e).scalar
        let afterSpace = MarkdownSyntax.isUnicodeWhitespace(after)
        let beforeSpace = MarkdownSyntax.isUnicodeWhitespace(before)
        let afterPunct = MarkdownSyntax.isUnicodePunctuation(after)
        let beforePunct = MarkdownSyntax.isUnicodePunctuation(before)
        let left = !afterSpace && (!afterPunct || beforeSpace || beforePunct)
        let right = !beforeSpace && (!beforePunct || afterSpace || afterPunct)
        var canOpen = left
        var canClose = right
        if c == 0x5F {
            canOpen = left && (!right || beforePunct)
            canClose = right && (!left || afterPunct)
        }
        // GFM strikethrough takes runs of one or two tildes.
        if c == 0x7E && e - p > 2 { return e }
        if (canOpen || canClose) && delimiters.count < Self.maxOpen {
            delimiters.append(Delimiter(char: c, start: p, count: e - p, originalCount: e - p, canOpen: canOpen, canClose: canClose))
        }
        return e
    }

    mutating func openBracket(_ b: Bracket) {
        if brackets.count < Self.maxOpen { brackets.append(b) } else { droppedBrackets += 1 }
    }

    /// `]` at `p`: an inline or reference link or image, or literal text (§6.3).
    mutating func closeBracket(at p: Int) -> Int {
        let t = chunk
        if droppedBrackets > 0 {
            droppedBrackets -= 1
            return p + 1
        }
        guard let opener = brackets.last else { return p + 1 }
        brackets.removeLast()
        let isActive = opener.isImage || brackets.count >= inactiveBelow
        inactiveBelow = min(inactiveBelow, brackets.count)
        guard isActive else { return p + 1 }
        var end: Int? = nil
        if p + 1 < t.count && t[p + 1] == 0x28, let e = MarkdownSyntax.inlineLinkTailEnd(t, at: p + 1) {
            end = e
        }
        if end == nil {
            let textStart = opener.start + (opener.isImage ? 2 : 1)
            if p + 1 < t.count && t[p + 1] == 0x5B, let e = MarkdownSyntax.linkLabelEnd(t, at: p + 1) {
                if e - p > 3 {
                    if references.contains(MarkdownSyntax.normalizedLabel(t, p + 2..<e - 1)) { end = e }
                } else if references.contains(MarkdownSyntax.normalizedLabel(t, textStart..<p)) {
                    end = e
                }
            } else if p - textStart <= 999 && references.contains(MarkdownSyntax.normalizedLabel(t, textStart..<p)) {
                end = p + 1
            }
        }
        guard let linkEnd = end else { return p + 1 }
        hide(opener.start..<linkEnd)
        if opener.delimiterCount < delimiters.count { delimiters.removeSubrange(opener.delimiterCount...) }
        if !opener.isImage {
            // Links may not contain links (§6.3): earlier `[` openers go inactive.
            inactiveBelow = brackets.count
        }
        // A URL candidate inside the link text was never taken; look again after it.
        if candidateIndex < candidates.count && candidates[candidateIndex].start < linkEnd { rescan(from: linkEnd) }
        return linkEnd
    }

    /// Resolves emphasis and strikethrough; the delimiter bytes used are hidden (§6.4).
    /// The delimiters form a list linked backwards (`previous`): a match
    /// unlinks everything between its opener and closer at once, and a
    /// search skips what is unlinked, so that the pass is linear in the
    /// delimiters, as cmark's is.
    mutating func processEmphasis() {
        var d = delimiters
        delimiters = []   // `d` the only reference: changed in place, not copied
        guard d.count > 1 else { return }
        var removed = [Bool](repeating: false, count: d.count)
        var previous = Array(-1..<(d.count - 1))
        // Lowest opener index worth looking at, per character, closer length mod 3 and closer's canOpen.
        var bottom: [Int: Int] = [:]
        var closer = 0
        while closer < d.count {
            guard !removed[closer], d[closer].canClose, d[closer].count > 0 else { closer += 1; continue }
            let c = d[closer].char
            let key = Int(c) * 8 + (d[closer].originalCount % 3) * 2 + (d[closer].canOpen ? 1 : 0)
            let floor = bottom[key] ?? -1
            var from = closer
            var o = previous[closer]
            var found = -1
            while o > floor {
                if removed[o] {
                    previous[from] = previous[o]
                    o = previous[o]
                    continue
                }
                if d[o].char == c && d[o].canOpen && d[o].count > 0 {
                    if c == 0x7E {
                        if d[o].count == d[closer].count { found = o; break }
                    } else {
                        let odd = (d[o].canClose || d[closer].canOpen)
                            && (d[o].originalCount + d[closer].originalCount) % 3 == 0
                            && !(d[o].originalCount % 3 == 0 && d[closer].originalCount % 3 == 0)
                        if !odd { found = o; break }
                    }
                }
                from = o
                o = previous[o]
            }
            guard found >= 0 else {
                bottom[key] = closer - 1
                if !d[closer].canOpen { removed[closer] = true }
                closer += 1
                continue
            }
            let use = c == 0x7E ? d[closer].count : (d[closer].count >= 2 && d[found].count >= 2 ? 2 : 1)
            hide(d[found].start + d[found].count - use..<d[found].start + d[found].count)
            hide(d[closer].start..<d[closer].start + use)
            d[found].count -= use
            d[closer].count -= use
            d[closer].start += use
            // The delimiters between the opener and the closer are gone.
            previous[closer] = found
            if d[found].count == 0 { removed[found] = true }
            if d[closer].count == 0 { removed[closer] = true; closer += 1 }
        }
    }

    /// Runs the finder over the text between hidden ranges and URLs, line by
    /// line, each as the next run will see it around the links it finds;
    /// returns what they find merged with the pass's entities, sorted.
    mutating func findInTextRuns() -> EntityPieces {
        guard let finder = restFinder else { defer { entities = [] }; return EntityPieces(entities) }
        defer { if let stable { rescanBudget = stable.budget; self.stable = nil } }
        // The text runs are what is neither hidden nor an entity of the pass.
        // The next run sees a URL found in the pass (gfm) as a link ending in this byte.
        var closingAt: [Int: UInt8] = [:]
        if !entities.isEmpty { closingAt.reserveCapacity(entities.count) }
        for e in entities {
            hidden.mark(e.range)
            if SecondRun.isLink(e, in: chunk) {
                closingAt[e.end] = MarkdownLink.lastByte(text: UTF8Bytes.string(chunk, e.range), target: e.target(in: chunk))
            }
        }
        let t = chunk
        var at = 0
        // What the runs find, in order, merged with the pass's entities at the end.
        var found = EntityPieces()
        while at < t.count {
            at = hidden.nextUnmarked(from: at)
            guard at < t.count else { break }
            let end = hidden.nextMarked(from: at)
            // One text run per line: a line ending ends a text node.
            var lineStart = at
            while lineStart < end {
                var lineEnd = lineStart
                while lineEnd < end && t[lineEnd] != 0x0A { lineEnd += 1 }
                if lineEnd > lineStart, lineStart == at, let closing = closingAt[at] {
                    var buffer: [UInt8] = [closing]
                    buffer.append(contentsOf: UnsafeBufferPointer(rebasing: t[lineStart..<lineEnd]))
                    let inRun = buffer.withUnsafeBufferPointer { scan($0, from: 1, finder) }
                    found.append(inRun, shiftedBy: lineStart - 1)
                } else if lineEnd > lineStart {
                    let context = lineStart > 0 ? 1 : 0
                    let slice = UnsafeBufferPointer(rebasing: t[(lineStart - context)..<lineEnd])
                    found.append(scan(slice, from: context, finder), shiftedBy: lineStart - context)
                }
                lineStart = lineEnd + 1
            }
            at = end
        }
        found.merge(entities)
        entities = []
        return found
    }

    /// The entities `finder` finds in a text run from `start` on, as the next
    /// run reads them (`LinkBoundaryRescan`, made when a run first finds
    /// something: most runs find nothing, and nothing is read again).
    private mutating func scan(_ run: UnsafeBufferPointer<UInt8>, from start: Int, _ finder: EntityFinder) -> [Entity] {
        let found = finder.entities(in: run, from: start)
        guard !found.isEmpty else { return found }
        if stable == nil { stable = LinkBoundaryRescan(finder: finder, budget: rescanBudget) }
        return stable!.entities(in: run, from: start, found: found)
    }
}
