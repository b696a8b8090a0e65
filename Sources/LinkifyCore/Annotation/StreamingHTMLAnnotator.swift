@_spi(Layers) import LinkifyModel
import LinkifyRendering
import LinkifyFinding
import LinkifyInput

/// Streams an HTML input through the HTML reader's rules and a renderer in
/// bounded memory (SPEC §7), whatever the size of the input or of one token.
///
/// Each window is tokenized from a point where the tokenizer state is known.
/// Tokens that end inside the window are rendered; the one that runs to the
/// window's end may continue in the next chunk, so it waits — unless it is
/// long: a long text node is settled up to a cut `keep` bytes before the end
/// (as `StreamingAnnotator` does), and long markup (a huge comment, tag or
/// script) is written out up to a short tail, the annotator remembering what
/// it is inside of (`Continuation`) to find its end in the next window.
struct StreamingHTMLAnnotator {
    /// The finder used on text nodes.
    let finder: EntityFinder
    /// The renderer that receives the settled bytes.
    var renderer: any Renderer
    /// Bytes gathered before a window is processed.
    let chunkSize: Int
    var window: [UInt8] = []
    var continuation: Continuation?
    var open: [TagName: Int] = [:]
    var skipped = 0

    /// Bytes at the end of a long text node that wait for the next chunk.
    static let keep = StreamingAnnotator.keep
    /// Markup shorter than this waits whole for its end; longer markup is written out.
    static let markupLimit = 256 * 1024
    /// Bytes of long markup kept back, so that a terminator split by the window's end is found.
    static let markupTail = 16

    /// What the window starts inside of, when an earlier window wrote the start of a long token.
    enum Continuation: Equatable {
        case tag(name: TagName, isStart: Bool, state: HTMLTokenizer.TagState)
        case comment, cdata, declaration
        case rawText(name: TagName)
    }

    /// Creates an annotator; `chunkSize` is how many new bytes make a window.
    init(finder: EntityFinder, renderer: any Renderer, chunkSize: Int = 1 << 20, disable: DisableStream = DisableStream()) {
        self.finder = finder.resumingAfterLinks  // the output is read again as HTML (SecondRun)
        self.renderer = renderer
        self.disable = disable
        self.chunkSize = max(chunkSize, 1)
    }

    /// Starts the output.
    mutating func begin(into out: inout [UInt8]) { renderer.begin(into: &out) }

    /// Adds input bytes; renders what is settled into `out`.
    mutating func feed(_ bytes: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) {
        // A full window always settles something: a pending token is either
        // short (and other tokens fill the window) or long enough to be cut.
        let capacity = max(chunkSize, 2 * Self.markupLimit) + Self.keep
        var rest = bytes[...]
        while !rest.isEmpty {
            let take = min(max(0, capacity - window.count), rest.count)
            window.append(contentsOf: rest.prefix(take))
            rest = rest.dropFirst(take)
            if window.count >= capacity { process(final: false, into: &out) }
        }
    }

    /// Renders the rest of the input and ends the output.
    mutating func finish(into out: inout [UInt8]) {
        process(final: true, into: &out)
        renderer.finish(into: &out)
    }

    mutating func process(final: Bool, into out: inout [UInt8]) {
        var done = 0
        window.withUnsafeBufferPointer { t in
            disable.look(in: t)
            done = settle(t, final: final, into: &out)
            disable.drop(done, in: t)
        }
        window.removeSubrange(0..<done)
    }

    /// The disable comments read so far (`<!-- linkify-disable -->` and its kin, SPEC §6).
    var disable: DisableStream

    /// Renders what is settled in `t`; returns how many bytes were rendered.
    mutating func settle(_ t: UnsafeBufferPointer<UInt8>, final: Bool, into out: inout [UInt8]) -> Int {
        let n = t.count
        var at = 0
        if let c = continuation {
            guard let end = resume(c, t, final: final) else {
                // Still inside: write all but the tail.
                let cut = final ? n : UTF8Bytes.characterBoundary(t, max(0, n - Self.markupTail), after: 0)
                if case .tag(let name, let isStart, var state) = c, cut > 0 {
                    _ = HTMLTokenizer.scanTag(t, from: 0, to: cut, &state)
                    continuation = .tag(name: name, isStart: isStart, state: state)
                }
                if c == .rawText(name: "script") {
                    _ = HTMLTokenizer.scriptEnd(in: t, from: 0, limit: cut, escape: &scriptEscape)
                }
                renderer.write(t, 0..<cut, entities: [], into: &out)
                return cut
            }
            renderer.write(t, 0..<end, entities: [], into: &out)
            at = end
            continuation = nil
            if case .tag(let name, true, _) = c, HTMLTokenizer.rawTextElements.contains(name),
               foreignDepth == 0 {
                continuation = .rawText(name: name)
                scriptEscape = HTMLTokenizer.ScriptEscape()
                return at + settle(UnsafeBufferPointer(rebasing: t[at...]), final: final, into: &out)
            }
        }
        let rest = UnsafeBufferPointer(rebasing: t[at...])
        let base = at
        var pending: HTMLTokenizer.Token?
        let reader = HTMLReader()
        let foreignDepth = foreignDepth
        HTMLTokenizer.forEachToken(in: rest, foreignDepth: foreignDepth) { token in
            guard pending == nil else { return }
            let range = (token.range.lowerBound + base)..<(token.range.upperBound + base)
            if !final && range.upperBound == n {
                pending = HTMLTokenizer.Token(kind: token.kind, range: range)
                return
            }
            write(HTMLTokenizer.Token(kind: token.kind, range: range), t, reader: reader, into: &out)
            at = range.upperBound
        }
        flush(t, into: &out)
        guard let last = pending else { return at }
        // The token that reaches the window's end.
        switch last.kind {
        case .text:
            guard last.range.count > 2 * Self.keep else { return at }
            var cut = n - Self.keep
            var k = cut
            while k > max(last.range.lowerBound, cut - 32 * 1024) && !ByteClass.isSpace(t[k - 1]) { k -= 1 }
            if k > last.range.lowerBound && ByteClass.isSpace(t[k - 1]) { cut = k }
            else { cut = Self.safeCut(t, cut) }
            var entities: [Entity] = []
            if skipped == 0 {
                reader.entities(in: t, region: last.range.lowerBound..<n, finder: finder, into: &entities)
                if let i = entities.firstIndex(where: { $0.start >= cut }) { entities.removeSubrange(i...) }
                if let e = entities.last { cut = max(cut, e.end) }
            }
            renderer.write(t, last.range.lowerBound..<cut, entities: disable.filter(entities, in: t), into: &out)
            return cut
        case .rawText:
            // The start tag is written; the content goes on in the next window.
            guard let name = lastRawTextName else { return at }
            continuation = .rawText(name: name)
            let cut = UTF8Bytes.characterBoundary(t, max(last.range.lowerBound, n - Self.markupTail), after: last.range.lowerBound)
            if name == "script" {
                scriptEscape = HTMLTokenizer.ScriptEscape()
                _ = HTMLTokenizer.scriptEnd(in: t, from: last.range.lowerBound, limit: cut, escape: &scriptEscape)
            }
            renderer.write(t, last.range.lowerBound..<cut, entities: [], into: &out)
            return cut
        default:
            guard last.range.count > Self.markupLimit else { return at }
            let cut = UTF8Bytes.characterBoundary(t, n - Self.markupTail, after: last.range.lowerBound)
            switch last.kind {
            case .startTag(let name), .endTag(let name):
                var isStart = false
                if case .startTag = last.kind { isStart = true; noteStart(name) } else { noteEnd(name) }
                var state = HTMLTokenizer.TagState()
                let nameEnd = Self.nameEnd(t, from: last.range.lowerBound + (isStart ? 1 : 2), limit: cut)
                _ = HTMLTokenizer.scanTag(t, from: nameEnd, to: cut, &state)
                continuation = .tag(name: name, isStart: isStart, state: state)
            case .comment: continuation = .comment
            case .cdata: continuation = .cdata
            default: continuation = .declaration
            }
            renderer.write(t, last.range.lowerBound..<cut, entities: [], into: &out)
            return cut
        }
    }

    /// The name of the raw-text element whose content is being read, if any.
    var lastRawTextName: TagName?
    /// The script data state at the window's start, inside a continued `<script>`.
    var scriptEscape = HTMLTokenizer.ScriptEscape()

    /// Bytes of `settle`'s window that are rendered without entities and not
    /// yet handed to the renderer: a run of tokens without a link is written
    /// in one call, not one call per tag and text node (a renderer writes a
    /// range without entities as it writes its parts one after the other).
    var unwritten: Range<Int>?

    /// Renders `range` of `t` without entities, after the bytes not yet written that it follows.
    mutating func copy(_ t: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, into out: inout [UInt8]) {
        if let u = unwritten, u.upperBound == range.lowerBound {
            unwritten = u.lowerBound..<range.upperBound
            return
        }
        flush(t, into: &out)
        unwritten = range
    }

    /// Hands the bytes not yet written to the renderer.
    mutating func flush(_ t: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) {
        guard let u = unwritten else { return }
        unwritten = nil
        renderer.write(t, u, entities: [], into: &out)
    }

    /// Renders one complete token.
    mutating func write(_ token: HTMLTokenizer.Token, _ t: UnsafeBufferPointer<UInt8>, reader: HTMLReader, into out: inout [UInt8]) {
        switch token.kind {
        case .text where skipped == 0:
            var entities: [Entity] = []
            reader.entities(in: t, region: token.range, finder: finder, into: &entities)
            if entities.isEmpty {
                copy(t, token.range, into: &out)
                return
            }
            flush(t, into: &out)
            renderer.write(t, token.range, entities: disable.filter(entities, in: t), into: &out)
            return
        case .startTag(let name) where Self.specialElements.contains(name):
            if HTMLTokenizer.foreignElements.contains(name) && !HTMLTokenizer.opensForeignContent(token, in: t) { break }
            let inForeign = foreignDepth > 0
            noteStart(name)
            if !inForeign && HTMLTokenizer.rawTextElements.contains(name) { lastRawTextName = name }
        case .endTag(let name) where Self.specialElements.contains(name):
            noteEnd(name)
        default:
            break
        }
        copy(t, token.range, into: &out)
    }

    /// The elements a tag of which changes what is read after it: skipped,
    /// raw-text and foreign ones (one look-up tells most tags apart from them).
    /// Kept in this module, beside its only user in the hot loop: as a static
    /// of LinkifyInput it is read through an accessor on every tag (+11 %
    /// instructions on `<p>` nodes, measured).
    static let specialElements = ElementNames(union: [HTMLReader.skippedElements, HTMLTokenizer.rawTextElements,
                                                      HTMLTokenizer.foreignElements])

    mutating func noteStart(_ name: TagName) {
        guard HTMLReader.skippedElements.contains(name) else { return }
        open[name, default: 0] += 1
        skipped += 1
        if HTMLTokenizer.foreignElements.contains(name) { foreignDepth += 1 }
    }

    mutating func noteEnd(_ name: TagName) {
        guard HTMLReader.skippedElements.contains(name), let count = open[name], count > 0 else { return }
        open[name] = count - 1
        skipped -= 1
        if HTMLTokenizer.foreignElements.contains(name) { foreignDepth -= 1 }
    }

    /// Open `<svg>` and `<math>` elements (`open`'s counts of the two).
    var foreignDepth = 0

    /// Where the continued token ends in `t`, or nil when it goes on past it.
    func resume(_ c: Continuation, _ t: UnsafeBufferPointer<UInt8>, final: Bool) -> Int? {
        switch c {
        case .tag(_, _, var state): return HTMLTokenizer.scanTag(t, from: 0, to: t.count, &state)
        case .comment: return HTMLTokenizer.commentClose(t, from: 0)
        case .cdata: return UTF8Bytes.firstIndex(of: "]]>", in: t, from: 0).map { $0 + 3 }
        case .declaration: return HTMLTokenizer.nextByte(0x3E, in: t, from: 0).map { $0 + 1 }
        case .rawText(let name):
            if name == "plaintext" { return nil }
            if name == "script" {
                var escape = scriptEscape
                return HTMLTokenizer.scriptEnd(in: t, from: 0, escape: &escape)
            }
            return HTMLTokenizer.endTag(named: name, in: t, from: 0)
        }
    }

    /// The end of a tag name starting at `i`.
    static func nameEnd(_ t: UnsafeBufferPointer<UInt8>, from i: Int, limit: Int) -> Int {
        var k = i
        while k < limit, !HTMLTokenizer.isTagSpace(t[k]), t[k] != 0x2F, t[k] != 0x3E { k += 1 }
        return k
    }

    /// A cut near `i` (before it, but for the buffer's first character) that splits
    /// neither a UTF-8 sequence (`UTF8Bytes.characterBoundary`) nor a character reference.
    static func safeCut(_ t: UnsafeBufferPointer<UInt8>, _ i: Int) -> Int {
        let k = UTF8Bytes.characterBoundary(t, i, after: 0)
        var j = k
        while j > 0 && k - j < 40 {
            j -= 1
            if t[j] == 0x26 { return j }
            if t[j] == 0x3B || ByteClass.isSpace(t[j]) { break }
        }
        return k
    }
}
