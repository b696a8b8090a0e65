@_spi(Layers) import LinkifyModel

/// Finds `$cashtags` by twitter-text's rules.
///
/// A cashtag is `$`, 1 to 6 ASCII letters and optionally `.` or `_` and 1 or
/// 2 letters (`$ABC`, `$ABC.X`, `$Stock_X`), at the start of the text or after
/// white space, and followed by the end, white space or ASCII punctuation:
/// `$TEST.` is `$TEST`, `$test123` and `$TOOLONGNAME` are none.
package struct CashtagScanner: EntityScanner {
    /// The target template; `{}` is the symbol without `$`.
    var template: String

    package init(template: String) { self.template = template }

    static let maxSymbolLength = 6
    static let maxSuffixLength = 2

    package func scan(_ t: UnsafeBufferPointer<UInt8>, from minStart: Int, into out: inout [Entity]) {
        SigilScanning.scan(t, from: minStart, ascii: 0x24, fullwidth: nil,
                           precedes: { precedes(t, at: $0, lastIndex: $1) }) { c, _ in
            guard let end = symbolEnd(t, from: c + 1) else { return nil }
            let value = UTF8Bytes.string(t, (c + 1)..<end)
            out.append(Entity(kind: .cashtag, start: c, end: end, target: URLTemplate.expand(template, value: value), value: value))
            return end
        }
    }

    /// `(^|spaces)` before the `$` at `c`.
    func precedes(_ t: UnsafeBufferPointer<UInt8>, at c: Int, lastIndex: Int) -> Bool {
        if c == 0 { return lastIndex == 0 }
        let (before, length) = UTF8Bytes.decode(t, before: c, floor: max(0, c - 4))
        return c - length >= lastIndex && TwitterCharacters.isSpace(before)
    }

    /// The end of `[a-z]{1,6}(?:[._][a-z]{1,2})?` from `p` that the look-ahead
    /// `(?=$|\s|[punct])` accepts, trying the longest forms first as the regex does.
    func symbolEnd(_ t: UnsafeBufferPointer<UInt8>, from p: Int) -> Int? {
        let n = t.count
        var letters = 0
        while p + letters < n && letters < Self.maxSymbolLength && ByteClass.isAlpha(t[p + letters]) { letters += 1 }
        var length = letters
        while length >= 1 {
            let base = p + length
            if base < n && (t[base] == 0x2E || t[base] == 0x5F) {
                var suffix = 0
                while base + 1 + suffix < n && suffix < Self.maxSuffixLength && ByteClass.isAlpha(t[base + 1 + suffix]) { suffix += 1 }
                while suffix >= 1 {
                    if endsSymbol(t, at: base + 1 + suffix) { return base + 1 + suffix }
                    suffix -= 1
                }
            }
            if endsSymbol(t, at: base) { return base }
            length -= 1
        }
        return nil
    }

    /// The look-ahead after a cashtag: the end, white space or ASCII punctuation.
    func endsSymbol(_ t: UnsafeBufferPointer<UInt8>, at e: Int) -> Bool {
        guard e < t.count else { return true }
        let (cp, _) = UTF8Bytes.decode(t, at: e)
        if cp < 0x80 && TwitterCharacters.asciiPunct[Int(cp)] { return true }
        return TwitterCharacters.isJSWhiteSpace(cp)
    }
}
