@_spi(Layers) import LinkifyModel

/// Finds `@mentions` and `@user/list` by twitter-text's rules.
///
/// A mention is `@` or `＠`, then 1 to 20 ASCII letters, digits or `_`, and
/// optionally `/` and a list name (a letter, then up to 24 letters, digits,
/// `_` or `-`). Before the sign: the start of the text, a character that is not
/// an ASCII letter or digit or one of `_ ! # $ % & * @ ＠`, or `RT`/`rt` (and
/// an optional `:`) that itself follows no letter, digit or `_ + ~ . -`.
/// A mention followed by `@`, `＠`, a Latin accented letter or `://` is none
/// (`@user@example.com` is an address, `@http://…` a URL).
package struct MentionScanner: EntityScanner {
    /// The target template; `{}` is the name without its sign (`user` or `user/list`).
    var template: String

    package init(template: String) { self.template = template }

    static let maxNameLength = 20
    static let maxListLength = 25

    package func scan(_ t: UnsafeBufferPointer<UInt8>, from minStart: Int, into out: inout [Entity]) {
        let n = t.count
        SigilScanning.scan(t, from: minStart, ascii: 0x40, fullwidth: 0xA0,
                           precedes: { precedes(t, at: $0, lastIndex: $1) }) { a, signLength in
            let nameStart = a + signLength
            var end = nameStart
            while end < n && end - nameStart < Self.maxNameLength && Self.isNameByte(t[end]) { end += 1 }
            guard end > nameStart else { return nil }
            if end + 1 < n && t[end] == 0x2F && ByteClass.isAlpha(t[end + 1]) {
                var k = end + 2
                while k < n && k - end - 1 < Self.maxListLength && (Self.isNameByte(t[k]) || t[k] == 0x2D) { k += 1 }
                end = k
            }
            if end < n {
                let (next, _) = UTF8Bytes.decode(t, at: end)
                if next == 0x40 || next == 0xFF20 || TwitterCharacters.isLatinAccent(next) { return end }
                if SigilScanning.isSchemeSeparator(t, at: end) { return end }
            }
            let value = UTF8Bytes.string(t, nameStart..<end)
            out.append(Entity(kind: .mention, start: a, end: end, target: URLTemplate.expand(template, value: value), value: value))
            return end
        }
    }

    @inline(__always)
    static func isNameByte(_ b: UInt8) -> Bool { ByteClass.isAlnum(b) || b == 0x5F }

    /// `validMentionPrecedingChars` before the sign at `a`, using nothing before `lastIndex`.
    func precedes(_ t: UnsafeBufferPointer<UInt8>, at a: Int, lastIndex: Int) -> Bool {
        if a == 0 { return lastIndex == 0 }
        let (before, length) = UTF8Bytes.decode(t, before: a, floor: max(0, a - 4))
        if a - length >= lastIndex && !Self.isExcludedBefore(before) { return true }
        // `RT@user`, `rt:@user`: a retweet marker that follows no word character.
        for q in [a - 1, a] where q >= 2 && q - 2 >= lastIndex && (q == a || t[q] == 0x3A) {
            guard ByteClass.lower(t[q - 2]) == 0x72 && ByteClass.lower(t[q - 1]) == 0x74 else { continue }
            let p = q - 2
            if p == 0 { if lastIndex == 0 { return true } else { continue } }
            let (c, len) = UTF8Bytes.decode(t, before: p, floor: max(0, p - 4))
            if p - len >= lastIndex && !(c < 0x80 && (ByteClass.isAlnum(UInt8(c)) || "_+~.-".utf8.contains(UInt8(c)))) {
                return true
            }
        }
        return false
    }

    /// Characters that keep a sign from starting a mention: `a-zA-Z0-9_!#$%&*@＠`.
    static func isExcludedBefore(_ cp: UInt32) -> Bool {
        if cp < 0x80 { return ByteClass.isAlnum(UInt8(cp)) || "_!#$%&*@".utf8.contains(UInt8(cp)) }
        return cp == 0xFF20
    }
}
