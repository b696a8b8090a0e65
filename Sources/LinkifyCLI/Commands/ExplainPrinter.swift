import LinkifyCore

/// `--explain`: prints on standard error, for each candidate, the rule that
/// linked it or why it was left as text, as `PATH:LINE:COLUMN: …`.
///
/// The finder hands it explanations with offsets into the buffer it scanned;
/// the printer knows the document being annotated (`begin`), so it turns them
/// into lines and columns (in Unicode scalars, 1-based). It serves one file
/// at a time.
final class ExplainPrinter: ExplanationSink, @unchecked Sendable {
    let errors: FileOutput
    var path = "-"
    var document: UnsafeBufferPointer<UInt8>?
    /// A position already counted: byte offset, line, and the offset where that line starts.
    var mark = (offset: 0, line: 1, lineStart: 0)

    /// `--explain=json`: one JSON object per line.
    let json: Bool

    init(errors: FileOutput, json: Bool = false) {
        self.errors = errors
        self.json = json
    }

    /// Starts a document; `document` must stay valid until the next `begin`.
    func begin(path: String, document: UnsafeBufferPointer<UInt8>) {
        self.path = path
        self.document = document
        mark = (0, 1, 0)
    }

    func beginDocument(_ document: UnsafeBufferPointer<UInt8>) { begin(path: path, document: document) }

    func endDocument() { document = nil }

    func record(_ explanations: [Explanation], in text: UnsafeBufferPointer<UInt8>) {
        var base = 0
        if let doc = document, let d = doc.baseAddress, let t = text.baseAddress, t >= d, t <= d + doc.count { base = t - d }
        for e in explanations {
            let (line, column) = position(of: base + e.start)
            if json {
                appendJSON(e, text: text, base: base, line: line, column: column)
                continue
            }
            let shown = Self.quoted(text, e.start..<e.end)
            var message = "\(path):\(line):\(column): "
            switch e.verdict {
            case .weighed:
                // The model's weighing, for the JSON form's readers (the feature
                // export); in text the linked or not-linked line that follows
                // gives the same score and terms, so each candidate is told once.
                continue
            case .linked(let rule, let target):
                message += "linked \(e.kind.rawValue) \(shown) -> \(target) (\(rule))"
            case .rejected(let reason):
                message += "not linked \(e.kind.rawValue) \(shown): \(reason)"
                if case .overlapped(_, let s, let end) = reason, s >= 0, end <= text.count {
                    message += " (\(Self.quoted(text, s..<end)))"
                }
            }
            errors.buffer.append(contentsOf: message.utf8)
            errors.buffer.append(0x0A)
        }
        try? errors.flush()
    }

    /// One explanation as a JSON object on a line: path, line, column, the
    /// byte offsets in the document, kind, text, verdict (`linked`,
    /// `rejected`, `weighed`), and the rule and target, the reason, or the
    /// model's features (`{"name": [value, weight]}`), score and threshold.
    func appendJSON(_ e: Explanation, text: UnsafeBufferPointer<UInt8>, base: Int, line: Int, column: Int) {
        var out: [UInt8] = []
        out.append(contentsOf: "{\"path\": ".utf8)
        JSONString.append(path, into: &out)
        out.append(contentsOf: ", \"line\": \(line), \"column\": \(column), \"start\": \(base + e.start), \"end\": \(base + e.end), \"kind\": \"\(e.kind.rawValue)\", \"text\": ".utf8)
        JSONString.append(text, max(0, min(e.start, text.count))..<max(0, min(e.end, text.count)), into: &out)
        switch e.verdict {
        case .linked(let rule, let target):
            out.append(contentsOf: ", \"verdict\": \"linked\", \"rule\": ".utf8)
            JSONString.append(rule, into: &out)
            out.append(contentsOf: ", \"href\": ".utf8)
            JSONString.append(target, into: &out)
        case .rejected(let reason):
            out.append(contentsOf: ", \"verdict\": \"rejected\", \"reason\": ".utf8)
            JSONString.append("\(reason)", into: &out)
        case .weighed(let w):
            out.append(contentsOf: ", \"verdict\": \"weighed\", \"model\": ".utf8)
            JSONString.append(w.model, into: &out)
            out.append(contentsOf: ", \"features\": {".utf8)
            for (k, f) in w.features.enumerated() {
                if k > 0 { out.append(contentsOf: ", ".utf8) }
                JSONString.append(f.name, into: &out)
                out.append(contentsOf: ": [\(f.value), \(f.weight)]".utf8)
            }
            out.append(contentsOf: "}, \"score\": \(w.score), \"threshold\": \(w.threshold), \"links\": \(w.links)".utf8)
        }
        out.append(contentsOf: "}\n".utf8)
        errors.buffer.append(contentsOf: out)
    }

    /// `'text'`, shortened past 80 scalars, with control characters shown as `?`.
    static func quoted(_ t: UnsafeBufferPointer<UInt8>, _ r: Range<Int>) -> String {
        let s = String(decoding: UnsafeBufferPointer(rebasing: t[r.clamped(to: 0..<t.count)]), as: UTF8.self)
        var out = ""
        for (k, u) in s.unicodeScalars.enumerated() {
            if k == 80 { out += "…"; break }
            out.unicodeScalars.append(u.value < 0x20 || u.value == 0x7F ? "?" : u)
        }
        return "'\(out)'"
    }

    /// Line and column (1-based, column in scalars) of a byte offset in the document.
    func position(of offset: Int) -> (Int, Int) {
        guard let doc = document, offset <= doc.count else { return (0, 0) }
        if offset < mark.offset { mark = (0, 1, 0) }
        var k = mark.offset
        var line = mark.line, lineStart = mark.lineStart
        while k < offset {
            if doc[k] == 0x0A { line += 1; lineStart = k + 1 }
            k += 1
        }
        mark = (offset, line, lineStart)
        var column = 1
        var i = lineStart
        while i < offset {
            let b = doc[i]
            // A lead byte or an ASCII byte starts a scalar; an invalid byte counts as one.
            if b & 0xC0 != 0x80 { column += 1 }
            i += 1
        }
        return (line, column)
    }
}
