@_spi(Layers) import LinkifyModel

/// Byte-level recognisers for CommonMark 0.29 / GFM syntax pieces that the
/// Markdown reader needs: each returns where the construct ends, or nil.
/// Offsets are into the buffer given; nothing is copied.
enum MarkdownSyntax {
    /// ASCII punctuation (CommonMark §2.1).
    @inline(__always)
    static func isASCIIPunctuation(_ b: UInt8) -> Bool { ByteClass.isASCIIPunctuation(b) }

    /// Space or tab.
    @inline(__always)
    static func isBlank(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 }

    /// Line ending bytes.
    @inline(__always)
    static func isLineEnd(_ b: UInt8) -> Bool { b == 0x0A || b == 0x0D }

    /// Unicode white space for flanking rules (CommonMark §2.1): Zs, tab, LF, FF, CR.
    @inline(__always)
    static func isUnicodeWhitespace(_ scalar: UInt32) -> Bool {
        if scalar < 0x80 { return scalar == 0x20 || scalar == 0x0A || scalar == 0x09 || scalar == 0x0C || scalar == 0x0D }
        return isWideWhitespace(scalar)
    }

    /// `isUnicodeWhitespace` past ASCII: a space separator (Zs). Out of line,
    /// so the ASCII test above stays a compare or two in the caller.
    @inline(never)
    static func isWideWhitespace(_ scalar: UInt32) -> Bool {
        guard let u = Unicode.Scalar(scalar) else { return false }
        return u.properties.generalCategory == .spaceSeparator
    }

    /// Punctuation for flanking rules: ASCII punctuation or a Unicode P category.
    @inline(__always)
    static func isUnicodePunctuation(_ scalar: UInt32) -> Bool {
        if scalar < 0x80 { return isASCIIPunctuation(UInt8(scalar)) }
        return isWidePunctuation(scalar)
    }

    /// `isUnicodePunctuation` past ASCII: a P category.
    @inline(never)
    static func isWidePunctuation(_ scalar: UInt32) -> Bool {
        guard let u = Unicode.Scalar(scalar) else { return false }
        switch u.properties.generalCategory {
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
             .initialPunctuation, .finalPunctuation, .otherPunctuation:
            return true
        default:
            return false
        }
    }

    // MARK: Inline HTML and autolinks (CommonMark §6.5, §6.6)

    /// An autolink `<scheme:…>` or `<email>` starting at the `<` at `i`.
    static func autolinkEnd(_ t: UnsafeBufferPointer<UInt8>, at i: Int) -> Int? {
        let n = t.count
        var k = i + 1
        // URI autolink: scheme of 2–32 characters, `:`, no space, `<` or `>`.
        if k < n && ByteClass.isAlpha(t[k]) {
            var s = k + 1
            while s < n && s - k <= 32 && ByteClass.isSchemeChar(t[s]) { s += 1 }
            if s < n && t[s] == 0x3A && s - k >= 2 && s - k <= 32 {
                var e = s + 1
                while e < n && t[e] > 0x20 && t[e] != 0x3C && t[e] != 0x3E && t[e] != 0x7F { e += 1 }
                if e < n && t[e] == 0x3E { return e + 1 }
            }
        }
        // Email autolink.
        k = i + 1
        while k < n && isEmailLocal(t[k]) { k += 1 }
        guard k > i + 1, k < n, t[k] == 0x40 else { return nil }
        k += 1
        while true {
            let labelStart = k
            while k < n && (ByteClass.isAlnum(t[k]) || t[k] == 0x2D) && k - labelStart < 63 { k += 1 }
            guard k > labelStart, ByteClass.isAlnum(t[labelStart]), ByteClass.isAlnum(t[k - 1]) else { return nil }
            guard k < n else { return nil }
            if t[k] == 0x3E { return k + 1 }
            guard t[k] == 0x2E else { return nil }
            k += 1
        }
    }

    /// Characters of an email autolink's local part.
    @inline(__always)
    static func isEmailLocal(_ b: UInt8) -> Bool { emailLocal[Int(b)] }

    /// `isEmailLocal` as a table (a search of the string per byte was most of the time on a run of `<`).
    static let emailLocal: [Bool] = (0..<256).map { b in
        ByteClass.isAlnum(UInt8(b)) || (b < 0x80 && "!#$%&'*+/=?^_`{|}~.-".utf8.contains(UInt8(b)))
    }

    /// Raw inline HTML starting at the `<` at `i`: open or closing tag, comment,
    /// processing instruction, declaration or CDATA section.
    static func inlineHTMLEnd(_ t: UnsafeBufferPointer<UInt8>, at i: Int) -> Int? {
        let n = t.count
        guard i + 1 < n else { return nil }
        let b = t[i + 1]
        if ByteClass.isAlpha(b) { return openTagEnd(t, at: i) }
        if b == 0x2F { return closingTagEnd(t, at: i) }
        if b == 0x3F { return find(t, "?>", from: i + 2) }
        if b == 0x21 {
            if UTF8Bytes.hasPrefix(t, "<!--", at: i) {
                // CommonMark 0.29: text does not start with `>` or `->`, does not contain `--`, does not end with `-`.
                var k = i + 4
                if k < n && t[k] == 0x3E { return nil }
                if k + 1 < n && t[k] == 0x2D && t[k + 1] == 0x3E { return nil }
                while k + 1 < n {
                    if t[k] == 0x2D && t[k + 1] == 0x2D {
                        return k + 2 < n && t[k + 2] == 0x3E ? k + 3 : nil
                    }
                    k += 1
                }
                return nil
            }
            if UTF8Bytes.hasPrefix(t, "<![CDATA[", at: i) { return find(t, "]]>", from: i + 9) }
            // Declaration (GFM 0.29): `<!`, a name of uppercase ASCII letters,
            // whitespace, anything but `>`, then `>`. cmark-gfm reads `<!a …>`
            // as text, and so must we: a link written later in the paragraph
            // would otherwise close it on the next run.
            var k = i + 2
            while k < n && t[k] >= 0x41 && t[k] <= 0x5A { k += 1 }
            if k > i + 2 && skipWhitespace(t, k) > k {
                while k < n && t[k] != 0x3E { k += 1 }
                return k < n ? k + 1 : nil
            }
        }
        return nil
    }

    /// `<tag attr="v" …>` or `<tag/>` at `i`.
    static func openTagEnd(_ t: UnsafeBufferPointer<UInt8>, at i: Int) -> Int? {
        let n = t.count
        var k = i + 1
        guard k < n, ByteClass.isAlpha(t[k]) else { return nil }
        while k < n && (ByteClass.isAlnum(t[k]) || t[k] == 0x2D) { k += 1 }
        while true {
            let before = k
            k = skipWhitespace(t, k)
            guard k < n else { return nil }
            if t[k] == 0x3E { return k + 1 }
            if t[k] == 0x2F { return k + 1 < n && t[k + 1] == 0x3E ? k + 2 : nil }
            guard k > before else { return nil }
            // Attribute name.
            guard ByteClass.isAlpha(t[k]) || t[k] == 0x5F || t[k] == 0x3A else { return nil }
            k += 1
            while k < n && (ByteClass.isAlnum(t[k]) || t[k] == 0x5F || t[k] == 0x2E || t[k] == 0x3A || t[k] == 0x2D) { k += 1 }
            let afterName = k
            let v = skipWhitespace(t, k)
            if v < n && t[v] == 0x3D {
                var w = skipWhitespace(t, v + 1)
                guard w < n else { return nil }
                let q = t[w]
                if q == 0x22 || q == 0x27 {
                    w += 1
                    while w < n && t[w] != q { w += 1 }
                    guard w < n else { return nil }
                    k = w + 1
                } else {
                    let s = w
                    while w < n && !(t[w] <= 0x20 || t[w] == 0x22 || t[w] == 0x27 || t[w] == 0x3D || t[w] == 0x3C || t[w] == 0x3E || t[w] == 0x60) { w += 1 }
                    guard w > s else { return nil }
                    k = w
                }
            } else {
                k = afterName
            }
        }
    }

    /// `</tag >` at `i`.
    static func closingTagEnd(_ t: UnsafeBufferPointer<UInt8>, at i: Int) -> Int? {
        let n = t.count
        var k = i + 2
        guard k < n, ByteClass.isAlpha(t[k]) else { return nil }
        while k < n && (ByteClass.isAlnum(t[k]) || t[k] == 0x2D) { k += 1 }
        k = skipWhitespace(t, k)
        return k < n && t[k] == 0x3E ? k + 1 : nil
    }

    /// Spaces, tabs and up to any line endings (inside a tag).
    static func skipWhitespace(_ t: UnsafeBufferPointer<UInt8>, _ k: Int) -> Int {
        var k = k
        while k < t.count && (t[k] == 0x20 || t[k] == 0x09 || t[k] == 0x0A || t[k] == 0x0D || t[k] == 0x0C) { k += 1 }
        return k
    }

    /// The end of the first `s` at or after `from`.
    static func find(_ t: UnsafeBufferPointer<UInt8>, _ s: StaticString, from: Int) -> Int? {
        UTF8Bytes.firstIndex(of: s, in: t, from: from).map { $0 + s.utf8CodeUnitCount }
    }

    // MARK: Links (CommonMark §6.3, §4.7)

    /// A link label `[…]` starting at the `[` at `i`: at most 999 characters,
    /// no unescaped brackets. Returns the index just past `]`.
    static func linkLabelEnd(_ t: UnsafeBufferPointer<UInt8>, at i: Int) -> Int? {
        let n = t.count
        var k = i + 1
        while k < n && k - i <= 1000 {
            let b = t[k]
            if b == 0x5C && k + 1 < n && isASCIIPunctuation(t[k + 1]) { k += 2; continue }
            if b == 0x5B { return nil }
            if b == 0x5D { return k + 1 }
            k += 1
        }
        return nil
    }

    /// A link destination starting at `i` (`<…>` or a run with balanced parentheses).
    static func destinationEnd(_ t: UnsafeBufferPointer<UInt8>, at i: Int) -> Int? {
        let n = t.count
        guard i < n else { return nil }
        if t[i] == 0x3C {
            var k = i + 1
            while k < n {
                let b = t[k]
                if b == 0x5C && k + 1 < n && isASCIIPunctuation(t[k + 1]) { k += 2; continue }
                if b == 0x0A || b == 0x0D || b == 0x3C { return nil }
                if b == 0x3E { return k + 1 }
                k += 1
            }
            return nil
        }
        var depth = 0
        var k = i
        while k < n {
            let b = t[k]
            if b == 0x5C && k + 1 < n && isASCIIPunctuation(t[k + 1]) { k += 2; continue }
            if b <= 0x20 || b == 0x7F { break }
            if b == 0x28 {
                depth += 1
                if depth > 32 { return nil }
            } else if b == 0x29 {
                if depth == 0 { break }
                depth -= 1
            }
            k += 1
        }
        guard depth == 0 else { return nil }
        return k
    }

    /// A link title (`"…"`, `'…'` or `(…)`) starting at `i`.
    static func titleEnd(_ t: UnsafeBufferPointer<UInt8>, at i: Int) -> Int? {
        let n = t.count
        guard i < n else { return nil }
        let open = t[i]
        let close: UInt8
        switch open {
        case 0x22, 0x27: close = open
        case 0x28: close = 0x29
        default: return nil
        }
        var k = i + 1
        while k < n {
            let b = t[k]
            if b == 0x5C && k + 1 < n && isASCIIPunctuation(t[k + 1]) { k += 2; continue }
            if b == close { return k + 1 }
            if open == 0x28 && b == 0x28 { return nil }
            // A title may not hold a blank line.
            if b == 0x0A {
                var j = k + 1
                while j < n && isBlank(t[j]) { j += 1 }
                if j < n && isLineEnd(t[j]) { return nil }
            }
            k += 1
        }
        return nil
    }

    /// Spaces and tabs, with at most one line ending among them.
    static func skipSpacesAndOneNewline(_ t: UnsafeBufferPointer<UInt8>, _ k: Int) -> (end: Int, sawNewline: Bool) {
        var k = k
        var newline = false
        while k < t.count {
            let b = t[k]
            if isBlank(b) { k += 1; continue }
            if b == 0x0A && !newline { newline = true; k += 1; continue }
            break
        }
        return (k, newline)
    }

    /// The inline link tail `(dest "title")` starting at the `(` at `i`.
    static func inlineLinkTailEnd(_ t: UnsafeBufferPointer<UInt8>, at i: Int) -> Int? {
        let n = t.count
        var k = skipSpacesAndOneNewline(t, i + 1).end
        guard k < n else { return nil }
        if t[k] == 0x29 { return k + 1 }
        guard let d = destinationEnd(t, at: k) else { return nil }
        k = d
        let s = skipSpacesAndOneNewline(t, k)
        if s.end < n && s.end > k, let e = titleEnd(t, at: s.end) {
            k = skipSpacesAndOneNewline(t, e).end
        } else {
            k = s.end
        }
        return k < n && t[k] == 0x29 ? k + 1 : nil
    }

    /// The normal form of a link label: case-folded, inner white space collapsed.
    static func normalizedLabel(_ t: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        // The label with its white space collapsed, written straight into the
        // String's storage (a short label is a small String: nothing allocated);
        // ASCII letters are upper-cased on the way, which for ASCII is the fold.
        var ascii = true
        let collapsed = String(unsafeUninitializedCapacity: range.count) { out in
            var n = 0
            var space = false
            for k in range {
                var b = t[k]
                if b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D {
                    space = n > 0
                    continue
                }
                if space { out[n] = 0x20; n += 1; space = false }
                if b >= 0x80 { ascii = false } else if b >= 0x61 && b <= 0x7A { b -= 0x20 }
                out[n] = b
                n += 1
            }
            return n
        }
        guard !ascii else { return collapsed }
        // Unicode case fold; `ß` folds to `ss` as CommonMark requires.
        return collapsed.lowercased().uppercased()
    }
}
