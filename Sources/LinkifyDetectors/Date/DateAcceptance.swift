@_spi(Layers) import LinkifyModel

/// The named features of a date the reader read (`DateAcceptance`): what the
/// acceptance model weighs to decide whether the text means a date there or
/// only holds something shaped like one (a clock column in a download log, a
/// date in a URL's path, a Go layout string). They describe where the date
/// stands (code, a URL, a column, a sentence) more than which words it is
/// made of: whether `today` or `00:30` is meant as a date depends on the
/// genre (documentation against messages), and the labelled text is mostly
/// documentation (docs/dates.md, "Acceptance"). Each is
/// a count (most 0 or 1); the weights come from `Tables/DateWeights.swift`,
/// fitted by `scripts/gen/train_dates.py` on the labelled corpus (`corpus/`,
/// docs/dates.md). A date is linked when the bias plus each feature's weight
/// times its value reaches the table's threshold.
///
/// The raw order is the export's (`--explain=json`) and the table's; add new
/// features at the end and refit.
enum DateFeature: Int, CaseIterable, Sendable {
    /// Digits, and no year written (`4/18`, `Jul 13`, `9am`): a year is four
    /// digits, or `年`.
    case noYear
    /// ISO 8601 (`2024-01-28`, `2024-01-28T10:00`).
    case isoForm
    /// A time of day is part of the value.
    case hasTime
    /// A range (`Monday to Friday`, `10–12 May`).
    case range
    /// Not ASCII (a Chinese or Japanese form, a German month with an umlaut).
    case nonASCII
    /// `/` right before it, or `/`, `_` or `.` and a letter right after it: a
    /// path or file name (`blog/2021/11/16/agent`, `advisory-2002-03-11.txt`).
    case pathMark
    /// A backtick or a quote right before it (code, a string).
    case quoteMark
    /// `+`, `-`, `@`, `=` or `:` right before it (an offset, a setting, a time stamp in a list).
    case signBefore
    /// In a table: `|` before it on its line, or a run of three spaces both
    /// before and after it on its line (a column).
    case tableLine
    /// Other numbers on its line: 1 for three to five, 2 for six to eight, 3 for nine or more.
    case numbersOnLine
    /// A word that introduces a date right before it (`DateWords.cues`: on, at, by, since, am, bis …).
    case cueBefore
    /// `the` right before it (`on the Monday following`).
    case afterThe
    /// The first thing on its line after spaces and list or heading marks (`#`, `*`, `-`, `[`).
    case lineStart
    /// `(` or `[` right before it.
    case bracketed
    /// The end of a sentence or clause right after it (`.`, `,`, `;`, `!`, `?`, `)`, or the end of the line).
    case clauseEnd
    /// In a URL: `://` earlier in the same run of characters without a space
    /// (`https://example.com/blog/2021/11/16/post`).
    case inURL
    /// Go's reference time, which Go's `time` package writes layouts with
    /// (`Mon Jan 2 15:04:05 MST 2006`): the value's day is 2006-01-02, or its time 15:04:05.
    case referenceLayout
    /// Two numbers and a slash, nothing else (`4/18`, `1/2`): a month and day, or a fraction or count.
    case slashPair
    /// Code around it: `.` or `#` right before it, or `(`, `=` or `_` right
    /// after it (`Date.today`, `#yesterday`, `today=Wednesday`).
    case codeMark
    /// Two or more spaces or a tab right before it: a column of a table, a
    /// listing or a command's output (`ps`, `ls -l`, a download log).
    case columnGap
    /// Written in words only, no digit (`today`, `Monday`, `next Friday`, `in six months`).
    case wordsOnly
    /// One word, no space (`today`, `Monday`, `2024-01-28`).
    case oneWord
    /// A clock time alone: digits and `:` only (`00:00`, `0:10`, `12:27:44`).
    case clockOnly

    /// The name in `--explain` and in the trainer's export.
    var name: String {
        switch self {
        case .noYear: return "no_year"
        case .isoForm: return "iso_form"
        case .hasTime: return "has_time"
        case .range: return "range"
        case .nonASCII: return "non_ascii"
        case .pathMark: return "path_mark"
        case .quoteMark: return "quote_mark"
        case .signBefore: return "sign_before"
        case .tableLine: return "table_line"
        case .numbersOnLine: return "numbers_on_line"
        case .cueBefore: return "cue_before"
        case .afterThe: return "after_the"
        case .lineStart: return "line_start"
        case .bracketed: return "bracketed"
        case .clauseEnd: return "clause_end"
        case .inURL: return "in_url"
        case .referenceLayout: return "reference_layout"
        case .slashPair: return "slash_pair"
        case .codeMark: return "code_mark"
        case .columnGap: return "column_gap"
        case .wordsOnly: return "words_only"
        case .oneWord: return "one_word"
        case .clockOnly: return "clock_only"
        }
    }
}

/// Whether a date the reader read is linked: the fitted acceptance model
/// over `DateFeature`s. The features look at the date's text and at most
/// `reach` bytes of its line on each side, so the cost per date is bounded.
struct DateAcceptance {
    static let model = "date"
    static let reach = 200

    /// The features that are 1, a bit each by raw value (no allocation per date).
    private var bits: UInt32 = 0
    /// `numbersOnLine`'s value (0–3).
    private var numbers = 0

    /// The features of the date `start..<end` valued `iso` in `t`.
    init(_ t: UnsafeBufferPointer<UInt8>, start: Int, end: Int, iso: String, _ reader: DateReader,
         _ window: inout DateLineWindow) {
        var digits = 0, run = 0, longestRun = 0, ascii = true, slashes = 0, others = 0, spaces = 0, colons = 0
        var k = start
        while k < end {
            let b = t[k]
            if ByteClass.isDigit(b) {
                digits += 1; run += 1; longestRun = max(longestRun, run)
            } else {
                run = 0
                if b == 0x2F { slashes += 1 } else { others += 1 }
                if b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D { spaces += 1 }
                if b == 0x3A { colons += 1 }
            }
            if b >= 0x80 { ascii = false }
            k += 1
        }
        let yearWritten = longestRun == 4 || Self.containsNian(t, start, end)
        set(.noYear, digits > 0 && !yearWritten)
        set(.isoForm, end - start >= 10 && Self.isISODate(t, start))
        var value = iso
        value.withUTF8 { v in
            for b in v {
                if b == 0x54 { set(.hasTime, true) }    // T
                if b == 0x2F { set(.range, true) }      // /
            }
            set(.referenceLayout, Self.isReferenceLayout(v))
        }
        set(.nonASCII, !ascii)
        set(.slashPair, digits > 0 && slashes == 1 && others == 0 && !yearWritten)
        set(.inURL, Self.followsScheme(t, before: start))
        set(.wordsOnly, digits == 0)
        set(.oneWord, spaces == 0)
        set(.clockOnly, digits > 0 && colons > 0 && others == colons && slashes == 0)

        let before: UInt8 = start > 0 ? t[start - 1] : 0x0A
        let after: UInt8 = end < t.count ? t[end] : 0x0A
        let afterNext: UInt8 = end + 1 < t.count ? t[end + 1] : 0x0A
        set(.pathMark, before == 0x2F || ((after == 0x2F || after == 0x5F || after == 0x2E) && ByteClass.isAlpha(afterNext)))
        set(.quoteMark, before == 0x60 || before == 0x22 || before == 0x27)
        set(.signBefore, before == 0x2B || before == 0x2D || before == 0x40 || before == 0x3D || before == 0x3A)
        set(.bracketed, before == 0x28 || before == 0x5B)
        set(.columnGap, before == 0x09 || (before == 0x20 && start >= 2 && t[start - 2] == 0x20))
        set(.codeMark, before == 0x2E || before == 0x23 || after == 0x28 || after == 0x3D || after == 0x5F)
        set(.clauseEnd, after == 0x2E || after == 0x2C || after == 0x3B || after == 0x21 || after == 0x3F
            || after == 0x29 || after == 0x0A || after == 0x0D)
        if let w = reader.previousWord(before: start), w.end < start {    // one read for both (`followsCue`'s test)
            set(.cueBefore, DateWords.cues[w.key] != nil)
            set(.afterThe, w.key == DateWords.the)
        }

        // The line around it, within `reach` (`DateLineWindow`: each byte read once).
        let line = window.around(t, start: start, end: end)
        set(.tableLine, line.pipeBefore || (line.gapBefore && line.gapAfter))
        numbers = line.numbers >= 9 ? 3 : line.numbers >= 6 ? 2 : line.numbers >= 3 ? 1 : 0
        var onlyMarks = true
        k = start - 1
        while k >= 0 && start - k <= Self.reach && t[k] != 0x0A {
            let b = t[k]
            if !(b == 0x20 || b == 0x09 || b == 0x23 || b == 0x2A || b == 0x2D || b == 0x5B || b == 0x3E) {
                onlyMarks = false
                break
            }
            k -= 1
        }
        set(.lineStart, onlyMarks)
    }

    private mutating func set(_ f: DateFeature, _ on: Bool) {
        if on { bits |= 1 << UInt32(f.rawValue) }
    }

    /// The value of feature `f`.
    func value(_ f: DateFeature) -> Int {
        f == .numbersOnLine ? numbers : Int(bits >> UInt32(f.rawValue) & 1)
    }

    /// The score in hundredths: the bias plus each feature's weight times its value.
    var score: Int {
        var s = DateWeights.bias + DateWeights.byFeature[DateFeature.numbersOnLine.rawValue] * numbers
        var b = bits
        while b != 0 {
            s += DateWeights.byFeature[b.trailingZeroBitCount]
            b &= b - 1
        }
        return s
    }

    /// Whether the model links the date.
    var links: Bool { score >= DateWeights.threshold }

    /// The weighing as `--explain` tells it: every feature that fired, with its weight.
    var weighing: Explanation.Weighing {
        let features = DateFeature.allCases.compactMap { f -> Explanation.Weighing.Feature? in
            let v = value(f)
            return v == 0 ? nil : .init(name: f.name, value: v, weight: DateWeights.byFeature[f.rawValue])
        }
        return Explanation.Weighing(model: Self.model, features: features, score: score, threshold: DateWeights.threshold)
    }

    /// Whether the value's day is 2006-01-02 or its time 15:04:05 (Go's reference time).
    private static func isReferenceLayout(_ b: UnsafeBufferPointer<UInt8>) -> Bool {
        b.count >= 10 && b[0] == 0x32 && b[1] == 0x30 && b[2] == 0x30 && b[3] == 0x36 && b[5] == 0x30 && b[6] == 0x31
            && b[8] == 0x30 && b[9] == 0x32
            || b.count >= 19 && b[10] == 0x54 && b[11] == 0x31 && b[12] == 0x35 && b[14] == 0x30 && b[15] == 0x34
            && b[17] == 0x30 && b[18] == 0x35
    }

    /// Whether `://` comes before `i` in the same run of characters (no space,
    /// quote or angle bracket between), within `reach`.
    private static func followsScheme(_ t: UnsafeBufferPointer<UInt8>, before i: Int) -> Bool {
        var k = i - 1
        while k >= 2 && i - k < reach {
            let b = t[k]
            if b <= 0x20 || b == 0x22 || b == 0x27 || b == 0x3C || b == 0x3E || b == 0x60 { return false }
            if b == 0x2F && t[k - 1] == 0x2F && t[k - 2] == 0x3A { return true }
            k -= 1
        }
        return false
    }

    /// `dddd-dd-dd` at `i`.
    private static func isISODate(_ t: UnsafeBufferPointer<UInt8>, _ i: Int) -> Bool {
        for k in 0..<10 where k != 4 && k != 7 {
            if !ByteClass.isDigit(t[i + k]) { return false }
        }
        return t[i + 4] == 0x2D && t[i + 7] == 0x2D
    }

    /// Whether `年` (E5 B9 B4) is in `start..<end`.
    private static func containsNian(_ t: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        var k = start
        while k + 3 <= end {
            if t[k] == 0xE5 && t[k + 1] == 0xB9 && t[k + 2] == 0xB4 { return true }
            k += 1
        }
        return false
    }
}

/// What the acceptance model counts on a date's line within `DateAcceptance.reach`
/// bytes of it: where numbers start, `|`, and runs of three spaces. The scan
/// hands it its dates in order; it keeps the positions of a sliding window of
/// the current line, so each byte of a line is read once however many dates
/// the line holds (a line of dates costs what a line of prose does).
struct DateLineWindow {
    /// The first byte of the line being read (or of the window, when the line starts further back).
    private var lineStart = 0
    /// The bytes before this are read.
    private var scanned = 0
    /// The line's newline, once read.
    private var lineEnd = Int.max
    /// Positions, in order, from index `heads` on: a digit after a non-digit; `|`; the third space of a run.
    private var numbers: [Int] = [], pipes: [Int] = [], gaps: [Int] = []
    private var heads = (numbers: 0, pipes: 0, gaps: 0)

    /// The counts around the date `start..<end` (its own bytes left out).
    mutating func around(_ t: UnsafeBufferPointer<UInt8>, start: Int, end: Int)
        -> (numbers: Int, pipeBefore: Bool, gapBefore: Bool, gapAfter: Bool) {
        let reach = DateAcceptance.reach
        if start >= lineEnd || start - scanned > reach || start < lineStart { restart(t, at: start) }
        let limit = min(t.count, end + reach)
        var k = scanned
        if k < limit {
            // Read into locals (the arrays moved out, so an append is not a
            // check of the struct's storage each time), then put them back.
            var numbers = self.numbers, pipes = self.pipes, gaps = self.gaps
            self.numbers = []; self.pipes = []; self.gaps = []
            var lineStart = self.lineStart
            var previous: UInt8 = k > 0 ? t[k - 1] : 0x0A
            while k < limit {
                let b = t[k]
                if b == 0x0A {
                    if k >= start { lineEnd = k; break }
                    lineStart = k + 1
                    numbers.removeAll(keepingCapacity: true)
                    pipes.removeAll(keepingCapacity: true)
                    gaps.removeAll(keepingCapacity: true)
                    heads = (0, 0, 0)
                } else if b &- 0x30 < 10 {
                    if previous &- 0x30 >= 10 || k == 0 { numbers.append(k) }
                } else if b == 0x7C {
                    pipes.append(k)
                } else if b == 0x20 && previous == 0x20 && k - 2 >= lineStart && t[k - 2] == 0x20
                            && (k - 3 < lineStart || t[k - 3] != 0x20) {
                    gaps.append(k)
                }
                previous = b
                k += 1
            }
            self.numbers = numbers; self.pipes = pipes; self.gaps = gaps
            self.lineStart = lineStart
        }
        scanned = max(scanned, k)
        let lo = max(lineStart, start - reach), hi = min(lineEnd, limit)
        Self.drop(&numbers, &heads.numbers, before: lo)
        Self.drop(&pipes, &heads.pipes, before: lo)
        Self.drop(&gaps, &heads.gaps, before: lo)
        let n = Self.count(numbers, heads.numbers, lo, start) + Self.count(numbers, heads.numbers, end, hi)
        return (n, Self.count(pipes, heads.pipes, lo, start) > 0,
                Self.count(gaps, heads.gaps, lo, start) > 0, Self.count(gaps, heads.gaps, end, hi) > 0)
    }

    /// Starts afresh at the line of `i`, at most `reach` bytes back.
    private mutating func restart(_ t: UnsafeBufferPointer<UInt8>, at i: Int) {
        var k = i
        while k > 0 && i - k < DateAcceptance.reach && t[k - 1] != 0x0A { k -= 1 }
        clear(lineStart: k)
        scanned = k
    }

    private mutating func clear(lineStart: Int) {
        self.lineStart = lineStart
        lineEnd = Int.max
        numbers.removeAll(keepingCapacity: true)
        pipes.removeAll(keepingCapacity: true)
        gaps.removeAll(keepingCapacity: true)
        heads = (0, 0, 0)
    }

    /// Moves `head` past the positions before `lo`, and lets go of them now and then.
    private static func drop(_ a: inout [Int], _ head: inout Int, before lo: Int) {
        while head < a.count && a[head] < lo { head += 1 }
        if head > 4096 {
            a.removeFirst(head)
            head = 0
        }
    }

    /// How many positions of `a[head...]` are in `lo..<hi` (binary search: `a` is in order).
    private static func count(_ a: [Int], _ head: Int, _ lo: Int, _ hi: Int) -> Int {
        guard lo < hi else { return 0 }
        return lowerBound(a, head, hi) - lowerBound(a, head, lo)
    }

    private static func lowerBound(_ a: [Int], _ head: Int, _ x: Int) -> Int {
        var lo = head, hi = a.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if a[mid] < x { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }
}
