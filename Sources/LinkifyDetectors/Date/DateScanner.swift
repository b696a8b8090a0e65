@_spi(Layers) import LinkifyModel

/// Finds dates and times (`--detect date`, SPEC §2–3): each becomes an entity
/// whose value is ISO 8601 and whose target is that value (a `<time>` in
/// html, text in markdown) or, with `--date-url`, the template expanded.
///
/// It jumps to trigger positions — a number at a word start, a word that
/// can begin a date (a month, weekday or relative word), a Chinese or
/// Japanese character that can begin one — and reads a bounded distance from
/// each (`DateReader`), so the time is linear in the text.
package struct DateScanner: EntityScanner {
    let locale: DateLocale
    let now: CivilDateTime
    let template: String?

    /// A scanner reading dates in `options.locale` against `options.now`.
    package init(options: FinderOptions) {
        locale = DateLocale(options.locale)
        now = options.now
        template = options.templates.date
    }

    package func scan(_ t: UnsafeBufferPointer<UInt8>, from minStart: Int, into out: inout [Entity]) {
        var none: [Explanation] = []
        scan(t, from: minStart, into: &out, explaining: false, &none)
    }

    /// Also tells every date's weighing (`DateAcceptance`), and why the model turned one down.
    package func scan(_ t: UnsafeBufferPointer<UInt8>, from minStart: Int, into out: inout [Entity],
                      rejections: inout [Explanation]) {
        scan(t, from: minStart, into: &out, explaining: true, &rejections)
    }

    private func scan(_ t: UnsafeBufferPointer<UInt8>, from minStart: Int, into out: inout [Entity],
                      explaining: Bool, _ told: inout [Explanation]) {
        let reader = DateReader(t: t, locale: locale, now: now)
        var window = DateLineWindow()
        let words = reader.words, starters = DateWords.starters, firstWords = DateWords.firstWords
        let n = t.count
        var i = minStart
        while i < n {
            let b = t[i]
            if ByteClass.isDigit(b) {
                if Self.canStartNumber(t, at: i) {
                    if let m = reader.match(at: i) {
                        i = emit(m, start: i, reader, into: &out, explaining, &told, &window)
                        continue
                    }
                    if let r = reader.range(fromNumberAt: i) {
                        emit(r.iso, start: i, end: r.end, reader, into: &out, explaining, &told, &window)
                        i = r.end
                        continue
                    }
                }
                while i < n && ByteClass.isDigit(t[i]) { i += 1 }
            } else if ByteClass.isAlpha(b) || (b >= 0xC3 && b <= 0xC5) {
                // An ASCII word that is no keyword is passed over at once (most
                // words of a text): every word form starts with a word of
                // `words` or `starters` (`wordForm` reads no other), both in `firstWords`.
                if b < 0x80 {
                    let (k, key) = TextWord.asciiLetters(t, at: i)
                    if k - i < TextWord.maxLetters && (k == n || t[k] < 0x80)
                        && (k - i > TextWord.maxKeyLetters || firstWords[key] == nil) {
                        i = k
                        continue
                    }
                }
                let word = TextWord.read(t, at: i)
                if let w = word, w.key != 0, Self.mayStart(w, words, starters), !TextWord.continuesWord(t, before: i),
                   let m = reader.wordForm(w) {
                    i = emit(m, start: i, reader, into: &out, explaining, &told, &window)
                    continue
                }
                i = max(i + 1, word?.end ?? i + 1)
            } else if b >= 0xE0 {
                let (scalar, length) = UTF8Bytes.decode(t, at: i)
                if Self.cjkStarts.contains(scalar) && Self.canStartCJK(t, at: i, scalar), let m = reader.match(at: i) {
                    i = emit(m, start: i, reader, into: &out, explaining, &told, &window)
                    continue
                }
                i += length
            } else {
                i += 1
            }
        }
    }

    /// Whether a keyword of that first letter and length exists (most words are skipped here).
    @inline(__always)
    static func mayStart(_ w: TextWord, _ words: KeywordTable<DateWord>, _ starters: KeywordTable<Bool>) -> Bool {
        let (initial, length) = KeywordTable<Bool>.initialAndLength(w.key)
        return words.mayContain(initial: initial, letters: length) || starters.mayContain(initial: initial, letters: length)
    }

    /// Emits `m`, or the range it begins (`DateRange`), and returns where scanning goes on.
    func emit(_ m: DateMatch, start: Int, _ reader: DateReader, into out: inout [Entity],
              _ explaining: Bool, _ told: inout [Explanation], _ window: inout DateLineWindow) -> Int {
        if let r = reader.range(from: m, start: start) {
            emit(r.iso, start: start, end: r.end, reader, into: &out, explaining, &told, &window)
            return r.end
        }
        emit(m.iso, start: start, end: m.end, reader, into: &out, explaining, &told, &window)
        return m.end
    }

    /// Emits the date `start..<end` valued `iso` when the acceptance model links it.
    func emit(_ iso: String, start: Int, end: Int, _ reader: DateReader, into out: inout [Entity],
              _ explaining: Bool, _ told: inout [Explanation], _ window: inout DateLineWindow) {
        let acceptance = DateAcceptance(reader.t, start: start, end: end, iso: iso, reader, &window)
        let links = acceptance.links
        if explaining {
            let weighing = acceptance.weighing
            told.append(Explanation(start: start, end: end, kind: .date, verdict: .weighed(weighing)))
            told.append(Explanation(start: start, end: end, kind: .date, verdict: links
                ? .linked(rule: "date detector, " + weighing.summary, target: iso)
                : .rejected(.dateModel(weighing.summary))))
        }
        guard links else { return }
        if let template {
            out.append(Entity(kind: .date, start: start, end: end, target: URLTemplate.expand(template, value: iso), value: iso))
        } else {
            out.append(.unlinkedDate(start: start, end: end, value: iso))
        }
    }

    /// A number may start a date unless it continues a word, a number or a
    /// dotted, dashed or slashed code (`v2`, `10.0.0.12`, `555-0123`, `$12.50`).
    static func canStartNumber(_ t: UnsafeBufferPointer<UInt8>, at i: Int) -> Bool {
        guard i > 0 else { return true }
        let p = t[i - 1]
        if p == 0x24 || p == 0x23 || p == 0x5F { return false }   // $ # _
        if (p == 0x2E || p == 0x2C || p == 0x3A || p == 0x2F || p == 0x2D) && i >= 2 && ByteClass.isDigit(t[i - 2]) {
            return false
        }
        if p >= 0x80 {
            let (v, _) = UTF8Bytes.decode(t, before: i)
            if v >= 0xFF10 && v <= 0xFF19 { return false }
        }
        return !TextWord.continuesWord(t, before: i)
    }

    /// A fullwidth digit or Chinese numeral does not start a date in the middle of a number.
    static func canStartCJK(_ t: UnsafeBufferPointer<UInt8>, at i: Int, _ scalar: UInt32) -> Bool {
        guard i > 0, DateReader.isNumberScalar(scalar) else { return true }   // (no ASCII digit is in `cjkStarts`)
        return !DateReader.isNumberScalar(UTF8Bytes.decode(t, before: i).0)
    }

    /// Characters that can begin a Chinese or Japanese date form.
    static let cjkStarts: Set<UInt32> = {
        var s = Set<UInt32>(0xFF10...0xFF19)
        for c in "〇零一二两三四五六七八九十令平昭今明昨后後前大来來先下上这這本去月火水木金土日星礼禮周週午早凌晚傍中夜朝夕正昼半げかすもきどにあお".unicodeScalars {
            s.insert(c.value)
        }
        return s
    }()
}
