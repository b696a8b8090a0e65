#if canImport(Glibc)
import Glibc
#endif
@_spi(Layers) import LinkifyModel
import LinkifyCore

// libFuzzer entry point over LinkifyCore (finder, readers, writers).
//
// A target of the package (`LinkifyFuzz`, above every layer, using their
// `package` declarations like any other target). `make fuzz` builds it with
// libFuzzer and AddressSanitizer (LINKIFY_LIBFUZZER set), where libFuzzer
// supplies `main`; every other build gets `Replay.main` (Replay.swift), which
// runs the same checks on the files it is given: `make test` replays
// fuzz/seeds and fuzz/regressions. The first input byte picks the
// configuration (kinds, profile, input format, offsets); the rest is the
// text. Each invariant that fails calls `fatalError`, which libFuzzer reports
// as a crash with the input saved.

/// The file being replayed (Replay.swift); empty under libFuzzer, which names the input itself.
nonisolated(unsafe) var currentInput = ""

/// Stops the run with a message (libFuzzer saves the input).
func violated(_ what: String) -> Never {
    fatalError("invariant violated: \(what)" + (currentInput.isEmpty ? "" : " (input \(currentInput))"))
}

/// Entities sorted, disjoint, non-empty and inside the text; the spans
/// between and inside them rebuild the text.
func checkSpans(_ t: UnsafeBufferPointer<UInt8>, _ entities: [Entity]) {
    var at = 0
    var rebuilt: [UInt8] = []
    rebuilt.reserveCapacity(t.count)
    for e in entities {
        guard e.start >= at, e.start < e.end, e.end <= t.count else {
            violated("entity \(e.start)..<\(e.end) after \(at) in \(t.count) bytes")
        }
        rebuilt.append(contentsOf: UnsafeBufferPointer(rebasing: t[at..<e.start]))
        rebuilt.append(contentsOf: UnsafeBufferPointer(rebasing: t[e.start..<e.end]))
        at = e.end
    }
    rebuilt.append(contentsOf: UnsafeBufferPointer(rebasing: t[at...]))
    guard rebuilt.elementsEqual(t) else { violated("spans do not rebuild the input") }
}

/// Renders a whole document.
func render(_ t: UnsafeBufferPointer<UInt8>, from: InputFormat, to: OutputFormat, finder: EntityFinder,
            offsets: OffsetUnit = .scalar) -> [UInt8] {
    var renderer = makeRenderer(RenderOptions(format: to, input: from, offsets: offsets))
    var out: [UInt8] = []
    Annotator.annotate(document: t, input: from, finder: finder, renderer: &renderer, into: &out)
    return out
}

/// html output from plain text is well formed: only `<a …>`/`</a>` and
/// `<time …>`/`</time>` tags, not nested, attributes quoted; text holds no
/// raw `< > " '` and only the five character references we write; removing
/// the tags and decoding the references gives the input back byte for byte.
func checkHTML(_ html: [UInt8], rebuilds input: UnsafeBufferPointer<UInt8>) {
    var text: [UInt8] = []
    var i = 0
    var open: [UInt8]? = nil
    let n = html.count
    func starts(_ s: StaticString, at k: Int) -> Bool {
        let c = s.utf8CodeUnitCount
        guard k + c <= n else { return false }
        for j in 0..<c where html[k + j] != s.utf8Start[j] { return false }
        return true
    }
    // Decodes the references in `html[r]` into `into`; fails on a bare `&`.
    func decode(_ r: Range<Int>, into out: inout [UInt8]) {
        var k = r.lowerBound
        while k < r.upperBound {
            let b = html[k]
            if b == 0x3C || b == 0x3E || b == 0x22 || b == 0x27 { violated("raw \(b) in html text at \(k)") }
            if b == 0x26 {
                if starts("&amp;", at: k) { out.append(0x26); k += 5 }
                else if starts("&lt;", at: k) { out.append(0x3C); k += 4 }
                else if starts("&gt;", at: k) { out.append(0x3E); k += 4 }
                else if starts("&quot;", at: k) { out.append(0x22); k += 6 }
                else if starts("&#39;", at: k) { out.append(0x27); k += 5 }
                else { violated("bare & in html at \(k)") }
                guard k <= r.upperBound else { violated("reference crosses a tag at \(k)") }
                continue
            }
            out.append(b)
            k += 1
        }
    }
    var run = 0
    while i < n {
        guard html[i] == 0x3C else { i += 1; continue }
        decode(run..<i, into: &text)
        if starts("</a>", at: i) || starts("</time>", at: i) {
            let name: [UInt8] = starts("</a>", at: i) ? Array("a".utf8) : Array("time".utf8)
            guard open == name else { violated("unbalanced close tag at \(i)") }
            open = nil
            i += name.count + 3
        } else if starts("<a ", at: i) || starts("<time ", at: i) {
            guard open == nil else { violated("nested tag at \(i)") }
            let name: [UInt8] = starts("<a ", at: i) ? Array("a".utf8) : Array("time".utf8)
            open = name
            i += name.count + 1
            // Attributes: name="value", separated by one space, then `>`.
            while true {
                guard i < n else { violated("unterminated tag") }
                if html[i] == 0x3E { i += 1; break }
                if html[i] == 0x20 { i += 1; continue }
                var k = i
                while k < n, (html[k] >= 0x61 && html[k] <= 0x7A) || html[k] == 0x2D || (html[k] >= 0x30 && html[k] <= 0x39) { k += 1 }
                guard k > i, k + 1 < n, html[k] == 0x3D, html[k + 1] == 0x22 else { violated("bad attribute at \(i)") }
                var v = k + 2
                while v < n && html[v] != 0x22 {
                    if html[v] == 0x3C || html[v] == 0x3E { violated("raw < or > in attribute at \(v)") }
                    v += 1
                }
                guard v < n else { violated("unterminated attribute value") }
                var ignored: [UInt8] = []
                decode((k + 2)..<v, into: &ignored)
                i = v + 1
            }
        } else {
            violated("unexpected tag at \(i)")
        }
        run = i
    }
    decode(run..<n, into: &text)
    guard open == nil else { violated("unclosed tag") }
    guard text.elementsEqual(input) else { violated("html text does not rebuild the input") }
}

/// json output is valid UTF-8 with balanced braces outside strings.
func checkJSON(_ json: [UInt8]) {
    guard String(validating: json, as: UTF8.self) != nil else { violated("json is not valid UTF-8") }
    var depth = 0
    var inString = false
    var escaped = false
    for b in json {
        if inString {
            if escaped { escaped = false } else if b == 0x5C { escaped = true } else if b == 0x22 { inString = false }
            else if b < 0x20 { violated("control byte in json string") }
            continue
        }
        switch b {
        case 0x22: inString = true
        case 0x7B, 0x5B: depth += 1
        case 0x7D, 0x5D:
            depth -= 1
            if depth < 0 { violated("json closes more than it opens") }
        default: break
        }
    }
    guard depth == 0, !inString else { violated("json not balanced") }
}

let profiles = Profile.allCases
let kindSets: [EntityKinds] = [.defaults, .all, EntityKinds(.url), EntityKinds(.email)]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let selector = Int(data[0])
    let t = UnsafeBufferPointer(start: data + 1, count: size - 1)
    let options = FinderOptions(kinds: kindSets[selector & 3], profile: profiles[(selector >> 2) % profiles.count])
    let finder = EntityFinder(options: options)

    let entities = finder.entities(in: t)
    checkSpans(t, entities)
    for format in InputFormat.allCases {
        checkSpans(t, format.reader.entities(in: t, finder: finder))
    }

    checkHTML(render(t, from: .text, to: .html, finder: finder), rebuilds: t)

    let offsets = OffsetUnit.allCases[(selector >> 5) % OffsetUnit.allCases.count]
    checkJSON(render(t, from: .text, to: .jsonl, finder: finder, offsets: offsets))
    var json: [UInt8] = []
    json.append(JSONRenderer.documentStart)
    json += render(t, from: .text, to: .json, finder: finder, offsets: offsets)
    json.append(JSONRenderer.documentEnd)
    checkJSON(json)

    // SPEC §4: running linkify on its own Markdown output changes nothing.
    // Inputs that once failed are kept in fuzz/regressions/ (see fuzz/README.md).
    if !(InputFormat.markdown.reader is TextReader) {
        let once = render(t, from: .markdown, to: .markdown, finder: finder)
        let twice = once.withUnsafeBufferPointer { render($0, from: .markdown, to: .markdown, finder: finder) }
        guard once == twice else { violated("markdown output is not idempotent") }
    }
    // The same for HTML: linkify's HTML output read as HTML again gains nothing.
    let html = render(t, from: .html, to: .html, finder: finder)
    let htmlAgain = html.withUnsafeBufferPointer { render($0, from: .html, to: .html, finder: finder) }
    guard html == htmlAgain else { violated("html output is not idempotent") }
    return 0
}
