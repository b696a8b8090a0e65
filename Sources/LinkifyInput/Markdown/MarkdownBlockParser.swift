@_spi(Layers) import LinkifyModel

/// The block structure of a Markdown document, as far as linking needs it
/// (CommonMark 0.29 §4–5 and GFM tables): which lines hold inline content and
/// which link reference labels are defined. Code blocks, HTML blocks, front
/// matter, thematic breaks, table delimiter rows and reference definitions
/// yield nothing.
struct MarkdownBlocks {
    /// One inline chunk: source byte ranges of its lines (block prefixes and
    /// leading white space removed), joined by `\n` when parsed. Lines that
    /// follow one another in the source with one line feed between them (a
    /// paragraph outside containers, unindented) are one range, line feeds
    /// included: the chunk's text is the same, and a paragraph the size of the
    /// document is one range rather than a range a line.
    struct Chunk {
        let lines: ChunkLines

        init(lines: ChunkLines) { self.lines = lines }
        init(line: Range<Int>) { self.lines = ChunkLines(line: line) }
    }

    /// Paragraphs, headings and table cells, in document order.
    var chunks: [Chunk] = []
    /// Normalised labels of the link reference definitions.
    var references: Set<String> = []
}

/// Builds `MarkdownBlocks` line by line with a stack of open containers (block
/// quotes, list items) and one open leaf, in the manner of cmark's `blocks.c`.
struct MarkdownBlockParser {
    let t: UnsafeBufferPointer<UInt8>

    enum Container {
        case quote
        /// A list item; `indent` columns of a line's indentation belong to it.
        case item(indent: Int)
    }

    enum Leaf {
        case none
        /// A paragraph; its lines are `paragraphLines`, kept outside the enum
        /// so that appending a line never copies the lines before it.
        case paragraph
        case fenced(char: UInt8, length: Int, indent: Int)
        case indentedCode
        case html(kind: Int)
        /// A table whose header has `columns` cells.
        case table(columns: Int)
    }

    var containers: [Container] = []
    var leaf: Leaf = .none
    /// The open paragraph's lines (empty unless `leaf` is `.paragraph`), as
    /// `MarkdownBlocks.Chunk` holds them: a line that follows the last one
    /// after a single line feed extends its range (`appendParagraphLine`).
    var paragraphLines: [Range<Int>] = []
    /// Where the open paragraph's last line starts (inside the last range).
    var lastLineStart = 0
    var blocks = MarkdownBlocks()

    // The line being read.
    var pos = 0
    var col = 0
    var lineEnd = 0

    init(_ t: UnsafeBufferPointer<UInt8>) { self.t = t }

    /// The whole block structure.
    mutating func parse() -> MarkdownBlocks {
        var chunks: [MarkdownBlocks.Chunk] = []
        let references = parse { chunks.append($0) }
        return MarkdownBlocks(chunks: chunks, references: references)
    }

    /// Hands each chunk to `body` as soon as it is complete, in document
    /// order (one leaf is open at a time, and a chunk is made when its leaf
    /// closes, before the next one opens), and returns the reference labels.
    /// Only the open paragraph's lines are held, not the document's.
    mutating func parse(chunks body: (MarkdownBlocks.Chunk) throws -> Void) rethrows -> Set<String> {
        let n = t.count
        var start = frontMatterEnd()
        while start < n {
            var e = Self.lineEnd(t, from: start)
            processLine(start, e)
            try handOver(body)
            if e < n && t[e] == 0x0D && e + 1 < n && t[e + 1] == 0x0A { e += 1 }
            start = e + 1
        }
        closeLeaf()
        try handOver(body)
        return blocks.references
    }

    /// The first line feed or carriage return at or after `start`, or `t.count`.
    static func lineEnd(_ t: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        ByteSearch.first(in: t, from: start, block: { v in
            (v .== ByteSearch.splat(0x0A)) .| (v .== ByteSearch.splat(0x0D))
        }, matches: { $0 == 0x0A || $0 == 0x0D })
    }

    /// Whether `t` may hold a link reference definition: a label is followed
    /// by `:` at once (`[label]:`), so without `]:` there is none to look for.
    static func mayDefineReferences(_ t: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = 0
        while true {
            i = ByteSearch.first(in: t, from: i, block: { v in v .== ByteSearch.splat(0x5D) }, matches: { $0 == 0x5D })
            guard i + 1 < t.count else { return false }
            if t[i + 1] == 0x3A { return true }
            i += 1
        }
    }

    private mutating func handOver(_ body: (MarkdownBlocks.Chunk) throws -> Void) rethrows {
        guard !blocks.chunks.isEmpty else { return }
        for chunk in blocks.chunks { try body(chunk) }
        // One or two chunks a line at most: taken off one by one, which costs
        // less than the general `removeAll(keepingCapacity:)` on every line of a list.
        while !blocks.chunks.isEmpty { blocks.chunks.removeLast() }
    }

    /// The end of YAML (`---`) or TOML (`+++`) front matter at the top, or of
    /// a UTF-8 byte-order mark (which CommonMark readers ignore and editors
    /// write before front matter), or 0.
    func frontMatterEnd() -> Int {
        let n = t.count
        let top = n >= 3 && t[0] == 0xEF && t[1] == 0xBB && t[2] == 0xBF ? 3 : 0
        guard n - top >= 3 else { return top }
        let c = t[top]
        guard c == 0x2D || c == 0x2B, t[top + 1] == c, t[top + 2] == c else { return top }
        func lineAt(_ s: Int) -> (Int, Int) {
            var e = s
            while e < n && t[e] != 0x0A && t[e] != 0x0D { e += 1 }
            var next = e
            if next < n && t[next] == 0x0D { next += 1 }
            if next < n && t[next] == 0x0A { next += 1 }
            return (e, next)
        }
        func isFence(_ s: Int, _ e: Int, _ allowDots: Bool) -> Bool {
            var k = e
            while k > s && MarkdownSyntax.isBlank(t[k - 1]) { k -= 1 }
            guard k - s == 3 else { return false }
            if t[s] == c && t[s + 1] == c && t[s + 2] == c { return true }
            return allowDots && t[s] == 0x2E && t[s + 1] == 0x2E && t[s + 2] == 0x2E
        }
        let (firstEnd, second) = lineAt(top)
        guard isFence(top, firstEnd, false) else { return top }
        var s = second
        while s < n {
            let (e, next) = lineAt(s)
            if isFence(s, e, c == 0x2D) { return next }
            s = next
        }
        return top
    }

    // MARK: Lines

    /// Columns of indentation at `pos` and the first non-blank position.
    func indentation() -> (columns: Int, at: Int) {
        var k = pos
        var c = col
        while k < lineEnd && MarkdownSyntax.isBlank(t[k]) {
            c = t[k] == 0x09 ? c + 4 - c % 4 : c + 1
            k += 1
        }
        return (c - col, k)
    }

    /// Advances over `columns` columns of indentation (a tab counts whole).
    mutating func advance(columns: Int) {
        let target = col + columns
        while pos < lineEnd && col < target && MarkdownSyntax.isBlank(t[pos]) {
            col = t[pos] == 0x09 ? col + 4 - col % 4 : col + 1
            pos += 1
        }
    }

    mutating func advanceTo(_ k: Int) {
        while pos < k {
            col = t[pos] == 0x09 ? col + 4 - col % 4 : col + 1
            pos += 1
        }
    }

    var isParagraph: Bool { if case .paragraph = leaf { return true }; return false }

    mutating func processLine(_ start: Int, _ end: Int) {
        pos = start
        col = 0
        lineEnd = end
        // 1. Which open containers does this line continue?
        var matched = 0
        for c in containers {
            let (ind, first) = indentation()
            let blank = first == lineEnd
            switch c {
            case .quote:
                guard ind < 4, first < lineEnd, t[first] == 0x3E else { break }
                advanceTo(first + 1)
                if pos < lineEnd && MarkdownSyntax.isBlank(t[pos]) { advance(columns: 1) }
                matched += 1
                continue
            case .item(let need):
                if blank { advanceTo(first); matched += 1; continue }
                guard ind >= need else { break }
                advance(columns: need)
                matched += 1
                continue
            }
            break
        }
        let allMatched = matched == containers.count
        // 2. Leaves that take their lines raw.
        if allMatched {
            switch leaf {
            case .fenced(let char, let length, let indent):
                let (ind, first) = indentation()
                var k = first
                while k < lineEnd && t[k] == char { k += 1 }
                if ind < 4 && k - first >= length {
                    var r = k
                    while r < lineEnd && MarkdownSyntax.isBlank(t[r]) { r += 1 }
                    if r == lineEnd { leaf = .none }
                }
                _ = indent
                return
            case .html(let kind):
                if kind <= 5 {
                    if htmlBlockEnds(kind, pos, lineEnd) { leaf = .none }
                    return
                }
                if indentation().at == lineEnd { leaf = .none; return }
                return
            case .indentedCode:
                let (ind, first) = indentation()
                if ind >= 4 || first == lineEnd { return }
                leaf = .none
            default:
                break
            }
        }
        // 3. New containers and block starts.
        var opened = false
        var lazyCandidate = !allMatched && isParagraph
        while true {
            let (ind, first) = indentation()
            let blank = first == lineEnd
            if ind >= 4 {
                // Indented code cannot interrupt a paragraph (§4.4).
                if blank || isParagraph { break }
                closeUnmatched(matched)
                closeLeaf()
                leaf = .indentedCode
                return
            }
            guard !blank else { break }
            let b = t[first]
            if b == 0x3E {
                closeUnmatched(matched)
                closeLeaf()
                containers.append(.quote)
                matched = containers.count
                opened = true
                lazyCandidate = false
                advanceTo(first + 1)
                if pos < lineEnd && MarkdownSyntax.isBlank(t[pos]) { advance(columns: 1) }
                continue
            }
            if b == 0x23, let content = atxHeading(first) {
                closeUnmatched(matched)
                closeLeaf()
                if !content.isEmpty { blocks.chunks.append(MarkdownBlocks.Chunk(line: content)) }
                return
            }
            if b == 0x60 || b == 0x7E, let fence = fenceStart(first) {
                closeUnmatched(matched)
                closeLeaf()
                leaf = .fenced(char: b, length: fence, indent: ind)
                return
            }
            // A type 7 HTML block cannot interrupt a paragraph (§4.6).
            if b == 0x3C, let kind = htmlBlockStart(first), kind != 7 || !(isParagraph && allMatched) {
                closeUnmatched(matched)
                closeLeaf()
                leaf = .html(kind: kind)
                if kind <= 5 && htmlBlockEnds(kind, first, lineEnd) { leaf = .none }
                return
            }
            if isParagraph && allMatched && !opened && (b == 0x3D || b == 0x2D) && isSetextUnderline(first, b) {
                closeLeaf()
                return
            }
            if isParagraph && allMatched && !opened, let last = paragraphLines.last {
                let header = lastLineStart..<last.upperBound
                if let columns = delimiterRowColumns(first), cellRanges(header).count == columns {
                    removeLastParagraphLine()
                    closeLeaf()
                    for cell in cellRanges(header) { addCell(cell) }
                    leaf = .table(columns: columns)
                    return
                }
            }
            if (b == 0x2A || b == 0x2D || b == 0x5F) && isThematicBreak(first, b) {
                closeUnmatched(matched)
                closeLeaf()
                return
            }
            if let item = listItemStart(first, interruptsParagraph: isParagraph && allMatched) {
                closeUnmatched(matched)
                closeLeaf()
                containers.append(.item(indent: ind + item.indent))
                matched = containers.count
                opened = true
                lazyCandidate = false
                advanceTo(item.contentStart)
                continue
            }
            break
        }
        let (_, first) = indentation()
        let blank = first == lineEnd
        // 4. Lazy continuation of a paragraph.
        if lazyCandidate && !opened && !blank && isParagraph {
            appendParagraphLine(first..<lineEnd)
            return
        }
        closeUnmatched(matched)
        if blank {
            closeLeaf()
            return
        }
        switch leaf {
        case .paragraph:
            appendParagraphLine(first..<lineEnd)
        case .table(let columns):
            let cells = cellRanges(first..<lineEnd)
            for cell in cells.prefix(columns) { addCell(cell) }
        default:
            closeLeaf()
            leaf = .paragraph
            appendParagraphLine(first..<lineEnd)
        }
    }

    /// Adds a line to the open paragraph: to the last range when it follows
    /// it after one line feed.
    mutating func appendParagraphLine(_ line: Range<Int>) {
        lastLineStart = line.lowerBound
        if let last = paragraphLines.last, line.lowerBound == last.upperBound + 1, t[last.upperBound] == 0x0A {
            paragraphLines[paragraphLines.count - 1] = last.lowerBound..<line.upperBound
        } else {
            paragraphLines.append(line)
        }
    }

    /// Takes the open paragraph's last line off (a table's header row).
    mutating func removeLastParagraphLine() {
        guard let last = paragraphLines.last else { return }
        if lastLineStart <= last.lowerBound {
            paragraphLines.removeLast()
        } else {
            paragraphLines[paragraphLines.count - 1] = last.lowerBound..<(lastLineStart - 1)
        }
    }

    mutating func closeUnmatched(_ matched: Int) {
        if matched < containers.count {
            closeLeaf()
            // One by one: a few containers at most, and the general removal was a tenth of a list line's cost.
            while containers.count > matched { containers.removeLast() }
        }
    }

    mutating func addCell(_ cell: Range<Int>) {
        if !cell.isEmpty { blocks.chunks.append(MarkdownBlocks.Chunk(line: cell)) }
    }

    /// Ends the open leaf; a paragraph gives up its reference definitions and
    /// becomes a chunk.
    mutating func closeLeaf() {
        if case .paragraph = leaf {
            addParagraphChunk()
            // The chunk holds its own compact copy (`ChunkLines`): a short
            // paragraph's array is kept for the next one, a long one's freed.
            if paragraphLines.capacity > 1 << 10 {
                paragraphLines = []
            } else {
                while !paragraphLines.isEmpty { paragraphLines.removeLast() }   // (the general removal costs more on every line of a list)
            }
        }
        leaf = .none
    }

    /// The open paragraph, less its reference definitions and the blanks at
    /// its end, as a chunk (none if nothing is left).
    private mutating func addParagraphChunk() {
        let lines = takeReferenceDefinitions(paragraphLines)
        guard let last = lines.last else { return }
        var e = last.upperBound
        while e > last.lowerBound && MarkdownSyntax.isBlank(t[e - 1]) { e -= 1 }
        blocks.chunks.append(MarkdownBlocks.Chunk(lines: ChunkLines(lines, lastEnd: e)))
    }

    // MARK: Leaf starts

    /// The content of an ATX heading at `first` (`#` to `######`).
    func atxHeading(_ first: Int) -> Range<Int>? {
        var k = first
        while k < lineEnd && t[k] == 0x23 { k += 1 }
        let level = k - first
        guard level <= 6, k == lineEnd || MarkdownSyntax.isBlank(t[k]) else { return nil }
        while k < lineEnd && MarkdownSyntax.isBlank(t[k]) { k += 1 }
        var e = lineEnd
        while e > k && MarkdownSyntax.isBlank(t[e - 1]) { e -= 1 }
        // A closing sequence of `#` preceded by a space goes.
        var h = e
        while h > k && t[h - 1] == 0x23 { h -= 1 }
        if h < e && (h == k || MarkdownSyntax.isBlank(t[h - 1])) {
            e = h
            while e > k && MarkdownSyntax.isBlank(t[e - 1]) { e -= 1 }
        }
        return k..<max(k, e)
    }

    /// The length of an opening code fence at `first` (§4.5).
    func fenceStart(_ first: Int) -> Int? {
        let c = t[first]
        var k = first
        while k < lineEnd && t[k] == c { k += 1 }
        let length = k - first
        guard length >= 3 else { return nil }
        if c == 0x60 {
            for j in k..<lineEnd where t[j] == 0x60 { return nil }
        }
        return length
    }

    func isSetextUnderline(_ first: Int, _ c: UInt8) -> Bool {
        var k = first
        while k < lineEnd && t[k] == c { k += 1 }
        while k < lineEnd && MarkdownSyntax.isBlank(t[k]) { k += 1 }
        return k == lineEnd
    }

    func isThematicBreak(_ first: Int, _ c: UInt8) -> Bool {
        var count = 0
        for k in first..<lineEnd {
            if t[k] == c { count += 1 } else if !MarkdownSyntax.isBlank(t[k]) { return false }
        }
        return count >= 3
    }

    /// A list marker at `first`: the columns from the marker to the content
    /// and where the content starts (§5.2).
    func listItemStart(_ first: Int, interruptsParagraph: Bool) -> (indent: Int, contentStart: Int)? {
        var k = first
        let b = t[k]
        var ordered = false
        if b == 0x2D || b == 0x2B || b == 0x2A {
            k += 1
        } else if ByteClass.isDigit(b) {
            while k < lineEnd && ByteClass.isDigit(t[k]) && k - first < 10 { k += 1 }
            guard k - first <= 9, k < lineEnd, t[k] == 0x2E || t[k] == 0x29 else { return nil }
            if interruptsParagraph && !(k - first == 1 && t[first] == 0x31) { return nil }
            ordered = true
            k += 1
        } else {
            return nil
        }
        _ = ordered
        let markerWidth = k - first
        if k == lineEnd {
            if interruptsParagraph { return nil }
            return (markerWidth + 1, k)
        }
        guard MarkdownSyntax.isBlank(t[k]) else { return nil }
        var spaces = 0
        var j = k
        var c = markerWidth
        while j < lineEnd && MarkdownSyntax.isBlank(t[j]) {
            let w = t[j] == 0x09 ? 4 - c % 4 : 1
            spaces += w
            c += w
            j += 1
        }
        if j == lineEnd {
            if interruptsParagraph { return nil }
            return (markerWidth + 1, j)
        }
        if spaces > 4 { return (markerWidth + 1, k + 1) }
        return (markerWidth + spaces, j)
    }

    // An array, not a `Set<String>`: building the first hashed set of a run
    // searches every protocol conformance of the process for `String:
    // Hashable`, a start-up cost (docs/benchmarks.md, "Start-up"); the lookup
    // happens only on lines that start with a tag.
    static let blockTags: [String] = [
        "address", "article", "aside", "base", "basefont", "blockquote", "body", "caption", "center", "col",
        "colgroup", "dd", "details", "dialog", "dir", "div", "dl", "dt", "fieldset", "figcaption", "figure",
        "footer", "form", "frame", "frameset", "h1", "h2", "h3", "h4", "h5", "h6", "head", "header", "hr",
        "html", "iframe", "legend", "li", "link", "main", "menu", "menuitem", "nav", "noframes", "ol",
        "optgroup", "option", "p", "param", "section", "source", "summary", "table", "tbody", "td", "tfoot",
        "th", "thead", "title", "tr", "track", "ul",
    ]

    /// Which of the seven HTML block kinds starts at `first` (§4.6).
    func htmlBlockStart(_ first: Int) -> Int? {
        let line = UnsafeBufferPointer(rebasing: t[first..<lineEnd])
        for tag: StaticString in ["<script", "<pre", "<style", "<textarea"] {
            if UTF8Bytes.hasPrefixIgnoringCase(line, tag, at: 0) {
                let k = tag.utf8CodeUnitCount
                if k == line.count || MarkdownSyntax.isBlank(line[k]) || line[k] == 0x3E { return 1 }
            }
        }
        if UTF8Bytes.hasPrefix(line, "<!--", at: 0) { return 2 }
        if UTF8Bytes.hasPrefix(line, "<?", at: 0) { return 3 }
        if UTF8Bytes.hasPrefix(line, "<![CDATA[", at: 0) { return 5 }
        if line.count > 2 && line[1] == 0x21 && line[2] >= 0x41 && line[2] <= 0x5A { return 4 }
        var k = 1
        if k < line.count && line[k] == 0x2F { k += 1 }
        let nameStart = k
        while k < line.count && (ByteClass.isAlnum(line[k])) { k += 1 }
        if k > nameStart {
            let name = String(decoding: UnsafeBufferPointer(rebasing: line[nameStart..<k]), as: Unicode.UTF8.self).lowercased()
            if Self.blockTags.contains(name) {
                if k == line.count || MarkdownSyntax.isBlank(line[k]) || line[k] == 0x3E
                    || (line[k] == 0x2F && k + 1 < line.count && line[k + 1] == 0x3E) { return 6 }
            }
        }
        if let e = MarkdownSyntax.openTagEnd(line, at: 0) ?? MarkdownSyntax.closingTagEnd(line, at: 0) {
            var r = e
            while r < line.count && MarkdownSyntax.isBlank(line[r]) { r += 1 }
            if r == line.count { return 7 }
        }
        return nil
    }

    /// Whether the line `s..<e` holds the end condition of HTML block `kind` (1–5).
    func htmlBlockEnds(_ kind: Int, _ s: Int, _ e: Int) -> Bool {
        let line = UnsafeBufferPointer(rebasing: t[s..<e])
        switch kind {
        case 1:
            var k = 0
            while k + 2 < line.count {
                if line[k] == 0x3C && line[k + 1] == 0x2F {
                    for tag: StaticString in ["</script>", "</pre>", "</style>", "</textarea>"]
                    where UTF8Bytes.hasPrefixIgnoringCase(line, tag, at: k) { return true }
                }
                k += 1
            }
            return false
        case 2: return MarkdownSyntax.find(line, "-->", from: 0) != nil
        case 3: return MarkdownSyntax.find(line, "?>", from: 0) != nil
        case 4: return line.contains(0x3E)
        default: return MarkdownSyntax.find(line, "]]>", from: 0) != nil
        }
    }

    // MARK: Tables (GFM §4.10)

    /// Cells of a table row: split at unescaped `|`, outer pipes dropped, trimmed.
    func cellRanges(_ row: Range<Int>) -> [Range<Int>] {
        var s = row.lowerBound
        var e = row.upperBound
        while s < e && MarkdownSyntax.isBlank(t[s]) { s += 1 }
        while e > s && MarkdownSyntax.isBlank(t[e - 1]) { e -= 1 }
        if s < e && t[s] == 0x7C { s += 1 }
        if e > s && t[e - 1] == 0x7C && !(e - 2 >= s && t[e - 2] == 0x5C) { e -= 1 }
        var cells: [Range<Int>] = []
        var cellStart = s
        var k = s
        while k <= e {
            if k == e || t[k] == 0x7C {
                var a = cellStart
                var b = k
                while a < b && MarkdownSyntax.isBlank(t[a]) { a += 1 }
                while b > a && MarkdownSyntax.isBlank(t[b - 1]) { b -= 1 }
                cells.append(a..<b)
                cellStart = k + 1
                k += 1
                continue
            }
            if t[k] == 0x5C && k + 1 < e { k += 2; continue }
            k += 1
        }
        return cells
    }

    /// The number of columns when the line at `first` is a delimiter row.
    func delimiterRowColumns(_ first: Int) -> Int? {
        var sawPipe = false
        for k in first..<lineEnd {
            let b = t[k]
            if b == 0x7C { sawPipe = true; continue }
            if b == 0x2D || b == 0x3A || MarkdownSyntax.isBlank(b) { continue }
            return nil
        }
        let cells = cellRanges(first..<lineEnd)
        for cell in cells {
            var a = cell.lowerBound
            var b = cell.upperBound
            if a < b && t[a] == 0x3A { a += 1 }
            if b > a && t[b - 1] == 0x3A { b -= 1 }
            guard b > a else { return nil }
            for k in a..<b where t[k] != 0x2D { return nil }
        }
        guard sawPipe || cells.count > 1 else { return nil }
        return cells.count
    }
}
