/// Link reference definitions (CommonMark §4.7): taken off the start of a
/// paragraph, their labels collected so that the inline parser knows which
/// `[label]`s are links.
extension MarkdownBlockParser {
    /// Removes the reference definitions at the start of a paragraph,
    /// remembering their labels; returns the lines left.
    mutating func takeReferenceDefinitions(_ lines: [Range<Int>]) -> [Range<Int>] {
        guard let firstLine = lines.first, t[firstLine.lowerBound] == 0x5B else { return lines }
        // The lines' text: the source itself when they are one range, else a copy joined by `\n`.
        var joined: [UInt8] = []
        var starts: [Int] = []
        if lines.count > 1 {
            for line in lines {
                starts.append(joined.count)
                joined.append(contentsOf: UnsafeBufferPointer(rebasing: t[line]))
                joined.append(0x0A)
            }
        } else {
            starts = [0]
        }
        var consumed = 0
        let source = t
        joined.withUnsafeBufferPointer { copy in
            let j = lines.count > 1 ? copy : UnsafeBufferPointer(rebasing: source[firstLine])
            while consumed < j.count, let (end, label) = Self.referenceDefinition(j, at: consumed) {
                blocks.references.insert(label)
                consumed = end
            }
        }
        // What is left starts at a line's start, `consumed` bytes into the text.
        var rest: [Range<Int>] = []
        for (k, line) in lines.enumerated() {
            let end = starts[k] + line.count + 1
            if end <= consumed { continue }
            let left = max(line.lowerBound, line.lowerBound + consumed - starts[k])..<line.upperBound
            if !left.isEmpty { rest.append(left) }
        }
        return rest
    }

    /// One definition at `at` (the start of a line of `j`); returns the start of
    /// the line after it and its normalised label.
    static func referenceDefinition(_ j: UnsafeBufferPointer<UInt8>, at: Int) -> (Int, String)? {
        guard at < j.count, j[at] == 0x5B, let labelEnd = MarkdownSyntax.linkLabelEnd(j, at: at),
              labelEnd < j.count, j[labelEnd] == 0x3A else { return nil }
        let label = MarkdownSyntax.normalizedLabel(j, at + 1..<labelEnd - 1)
        guard !label.isEmpty else { return nil }
        var k = MarkdownSyntax.skipSpacesAndOneNewline(j, labelEnd + 1).end
        guard k < j.count, j[k] != 0x0A else { return nil }
        guard let destEnd = MarkdownSyntax.destinationEnd(j, at: k), destEnd > k else { return nil }
        k = destEnd
        func lineRestIsBlank(_ from: Int) -> Int? {
            var r = from
            while r < j.count && MarkdownSyntax.isBlank(j[r]) { r += 1 }
            if r == j.count { return r }
            return j[r] == 0x0A ? r + 1 : nil
        }
        let s = MarkdownSyntax.skipSpacesAndOneNewline(j, k)
        if s.end > k, s.end < j.count, let titleEnd = MarkdownSyntax.titleEnd(j, at: s.end), let after = lineRestIsBlank(titleEnd) {
            return (after, label)
        }
        guard let after = lineRestIsBlank(k) else { return nil }
        return (after, label)
    }
}
