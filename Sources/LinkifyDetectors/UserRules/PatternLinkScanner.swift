@_spi(Layers) import LinkifyModel

/// A `--pattern` regex that does not compile, or a template that names a
/// group the regex does not have.
package struct PatternError: Error, Sendable, CustomStringConvertible {
    /// What is wrong, naming the pattern.
    package let message: String
    /// The message.
    package var description: String { message }
}

/// Links each match of a user's regex (`--pattern 'REGEX=>TEMPLATE'`) as a
/// `.custom` entity whose target is the template expanded with the match.
///
/// The Swift `Regex` runs only where a match can start: the scanner jumps
/// over the text with a byte prefilter worked out from the pattern (its
/// literal prefix, else the bytes it can start with; `RegexPrefilter`) and
/// tries the regex at those places only, anchored there (`prefixMatch`),
/// over at most `window` bytes of that line. So a match lies within one line
/// and is at most `window` bytes long, and time and memory stay linear.
/// `^` and a leading `\b` are checked against the text before the place.
package struct PatternLinkScanner: EntityScanner, @unchecked Sendable {
    // @unchecked: `Regex<AnyRegexOutput>` is immutable once built and only matched.
    let regex: Regex<AnyRegexOutput>
    let prefilter: RegexPrefilter
    /// The pattern as given.
    package let source: String
    /// The URL template.
    package let template: PatternTemplate
    /// Longest stretch of a line a match is looked for in.
    package static let window = 4096

    /// Compiles `pattern`; throws when it does not compile or `template`
    /// refers to a group it does not have.
    package init(pattern: String, template: String) throws(PatternError) {
        do {
            self.regex = try Regex(pattern)
        } catch {
            throw PatternError(message: "invalid regex '\(pattern)' in --pattern: \(error)")
        }
        self.source = pattern
        self.prefilter = RegexPrefilter(pattern: pattern)
        self.template = PatternTemplate(template)
        for name in self.template.references {
            if let n = Int(name) {
                guard n <= prefilter.groupCount else {
                    throw PatternError(message: "template '\(template)' of --pattern '\(pattern)' uses {\(n)}, but the regex has \(prefilter.groupCount) group(s)")
                }
            } else if !prefilter.groupNames.contains(name) {
                throw PatternError(message: "template '\(template)' of --pattern '\(pattern)' uses {\(name)}, but the regex has no group of that name")
            }
        }
    }

    /// Reports the matches that start at or after `minStart`, leftmost first, not overlapping.
    package func scan(_ t: UnsafeBufferPointer<UInt8>, from minStart: Int, into out: inout [Entity]) {
        let n = t.count
        var i = minStart
        var line = LineText()
        let first = prefilter.firstBytes
        let prefix = prefilter.literalPrefix
        while i < n {
            // The prefilter: jump to the next byte a match can start with.
            if !prefix.isEmpty {
                let p0 = prefix[0]
                while i < n && (t[i] != p0 || !UTF8Bytes.hasPrefix(t, prefix, at: i)) { i += 1 }
            } else {
                while i < n && !first[Int(t[i])] { i += 1 }
            }
            guard i < n else { break }
            if t[i] & 0xC0 == 0x80 { i += 1; continue }   // not the start of a scalar
            if prefilter.requiresLineStart && i > 0 && t[i - 1] != 0x0A && t[i - 1] != 0x0D { i += 1; continue }
            if prefilter.requiresWordBoundary && !isWordBoundary(t, i) { i += 1; continue }
            if !line.contains(i) { line.load(t, around: i) }
            guard line.contains(i), let end = match(at: i, in: line, into: &out) else { i += 1; continue }
            i = end
        }
    }

    /// Tries the regex anchored at `start`; appends the entity and returns its end.
    private func match(at start: Int, in line: LineText, into out: inout [Entity]) -> Int? {
        let s = line.string
        let u = s.utf8
        let from = u.index(u.startIndex, offsetBy: start - line.start)
        let to = u.index(from, offsetBy: min(Self.window, line.end - start))
        guard let m = try? regex.prefixMatch(in: s[from..<to]) else { return nil }
        let matchStart = line.start + u.distance(from: u.startIndex, to: m.range.lowerBound)
        let matchEnd = line.start + u.distance(from: u.startIndex, to: m.range.upperBound)
        guard matchEnd > matchStart, matchStart == start else { return nil }
        let output = m.output
        let target = template.expand { piece in
            switch piece {
            case .group(let k, _): return k < output.count ? output[k].substring : nil
            case .named(let name, _): return output[name]?.substring
            case .text: return nil
            }
        }
        out.append(Entity(kind: .custom, start: matchStart, end: matchEnd, target: target))
        return matchEnd
    }

    private func isWordBoundary(_ t: UnsafeBufferPointer<UInt8>, _ i: Int) -> Bool {
        let before = i > 0 && Self.isRegexWord(UTF8Bytes.decode(t, before: i).scalar)
        let after = i < t.count && Self.isRegexWord(UTF8Bytes.decode(t, at: i).scalar)
        return before != after
    }

    static func isRegexWord(_ cp: UInt32) -> Bool { cp == 0x5F || WordCharacters.contains(cp) }

    /// The rule that made `entity`, as `--explain` names it.
    package func rule(for entity: Entity, in text: UnsafeBufferPointer<UInt8>) -> String {
        "--pattern '\(source)'"
    }
}

/// The line (or valid UTF-8 stretch of it, at most 64 KiB) around a place,
/// as a String for the regex, with its byte range in the text.
struct LineText {
    var string = ""
    var start = 0
    var end = -1

    func contains(_ i: Int) -> Bool { i >= start && i < end }

    /// Loads the stretch around `i`: bounded by line breaks, by bytes that are
    /// not valid UTF-8 (so String offsets are the text's), and by 64 KiB.
    mutating func load(_ t: UnsafeBufferPointer<UInt8>, around i: Int) {
        let limit = Limits.maxEntityBytes
        var s = i
        while s > 0 && i - s < limit / 2 && t[s - 1] != 0x0A {
            let (cp, len) = UTF8Bytes.decode(t, before: s, floor: max(0, s - 4))
            if cp == UTF8Bytes.invalid { break }
            s -= len
        }
        var e = i
        while e < t.count && e - s < limit && t[e] != 0x0A {
            let (cp, len) = UTF8Bytes.decode(t, at: e)
            if cp == UTF8Bytes.invalid { break }
            e += len
        }
        start = s
        end = e
        string = UTF8Bytes.string(t, s..<e)
    }
}
