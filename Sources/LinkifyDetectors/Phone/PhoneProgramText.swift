@_spi(Layers) import LinkifyModel

/// Numbers in program text that documentation shows (issue 12): highlighted
/// code in HTML, object and JSON output, call arguments, decimals and values
/// printed alone on a line of a code block. Each rule holds in every region
/// and keeps numbers written the way people write phone numbers (with
/// separators, or unformatted in prose).
extension PhoneRunningText {
    /// Whether the match `start..<end` (its scalars `number`, already without
    /// an opening bracket) is a value of program text by where it stands.
    static func isProgramValue(_ text: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int,
                               _ number: ArraySlice<UInt32>, isBare: Bool) -> Bool {
        if isContinuedNumber(text, start) || isDecimal(number) || isCallArgument(text, start, end) { return true }
        guard isBare else { return false }
        return isHighlightedToken(text, start, end) || isKeyedValue(text, start, end)
            || isCodeLine(text, start, end) || isOptionArgument(text, start)
    }

    @inline(__always)
    static func isWordByte(_ b: UInt8) -> Bool { ByteClass.isAlpha(b) || isDigit(b) || b == 0x5F }

    /// Right after a digit and `,` or `.`: the rest of a longer number
    /// (`n=5000: 1,053.1950937538475`, Node.js's benchmark output).
    static func isContinuedNumber(_ text: UnsafeBufferPointer<UInt8>, _ start: Int) -> Bool {
        let p = byte(text, start - 1)
        return (p == 0x2C || p == 0x2E) && isDigit(byte(text, start - 2))
    }

    /// A decimal number: one `.` and no other separator but spaces, with one
    /// or two digits after it (`'123456789.0'`, `'123 456 789.00'`) or one
    /// digit before it (`0.87758256189`). Phone numbers written with dots
    /// group their digits in twos to fours on both sides or use several dots
    /// (`925.541.7625`, `01.23.45.67.89`).
    static func isDecimal(_ number: ArraySlice<UInt32>) -> Bool {
        guard let dot = number.firstIndex(of: 0x2E), number.lastIndex(of: 0x2E) == dot,
              number.allSatisfy({ $0 == 0x2E || $0 == 0x20 || ($0 >= 0x30 && $0 <= 0x39) }) else { return false }
        let after = number[(dot + 1)...], before = number[..<dot]
        guard !after.isEmpty, !before.isEmpty, !after.contains(0x20) else { return false }
        return after.count <= 2 || (before.count == 1)
    }

    /// An argument of a call: `(` right after a name, maybe a quote and a
    /// minus sign, and `)`, `,` or the closing quote after
    /// (`ipaddress.IPv4Address(3232235521)`, `Decimal('-1234567.8901')`,
    /// from Python's documentation). A phone number in brackets in prose has
    /// a space before them (`call (030) 1234567`).
    static func isCallArgument(_ text: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        var i = start - 1
        if byte(text, i) == 0x2D { i -= 1 }
        var quote: UInt8 = 0
        if byte(text, i) == 0x27 || byte(text, i) == 0x22 {
            quote = byte(text, i)
            i -= 1
        }
        guard byte(text, i) == 0x28, isWordByte(byte(text, i - 1)) else { return false }
        var j = end
        if quote != 0 {
            guard byte(text, j) == quote else { return false }
            j += 1
        }
        return byte(text, j) == 0x29 || byte(text, j) == 0x2C
    }

    /// The whole text of an element whose tag has a class, maybe quoted: a
    /// token of syntax-highlighted code (`<span class="hljs-number">1070356870</span>`,
    /// `<span class="hljs-string">"1598337024"</span>`, Node.js's HTML API
    /// docs). A class naming a phone (`class="tel"`, hCard) keeps it.
    static func isHighlightedToken(_ text: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        var s = start, e = end
        if byte(text, s - 1) == 0x22 && byte(text, e) == 0x22 {
            s -= 1
            e += 1
        }
        guard byte(text, s - 1) == 0x3E, byte(text, e) == 0x3C, byte(text, e + 1) == 0x2F else { return false }
        // The opening tag, back to its `<` (a bounded look).
        var i = s - 2
        while i >= 0 && s - i < 120 && text[i] != 0x3C && text[i] != 0x3E && text[i] != 0x0A { i -= 1 }
        guard i >= 0, text[i] == 0x3C else { return false }
        let tag = Array(String(decoding: text[i..<(s - 1)], as: UTF8.self).lowercased().utf8)
        guard let c = find(Array("class=".utf8), in: tag[...]) else { return false }
        let cls = tag[(c + 6)...]
        return find(Array("tel".utf8), in: cls) == nil && find(Array("phone".utf8), in: cls) == nil
    }

    /// Where `needle` first starts in `hay`.
    static func find(_ needle: [UInt8], in hay: ArraySlice<UInt8>) -> Int? {
        guard hay.count >= needle.count else { return nil }
        for k in hay.startIndex...(hay.endIndex - needle.count) where hay[k..<(k + needle.count)].elementsEqual(needle) {
            return k
        }
        return nil
    }

    /// A name that says the value is a phone number (`"phone": "…"`,
    /// `mobile: …`, `fax_number: …`): its values stay phones.
    static func isPhoneKey(_ key: String) -> Bool {
        let k = Array(key.lowercased().utf8)[...]
        return ["phone", "tel", "fax", "mobile", "cell", "contact"].contains { find(Array($0.utf8), in: k) != nil }
    }

    /// The value after `name: ` or `"name": "…"` where the name is program
    /// text: JSON string values (`"free_memory": "1598337024"`, also escaped
    /// inside a string, `\"free_memory\": \"1598337024\"`), and object
    /// output (`idle: 1070356870,` from Node.js's `os.cpus()`,
    /// `heap_size_limit: 1535115264,`, `<…|OP_NO_COMPRESSION: 2197947391>`).
    /// A name of letters alone counts only at the start of its line with
    /// `,`, `}` or `;` after the value (a line of an object), so
    /// `Office: 2125551234` in prose stays a phone; so does any name that
    /// says phone.
    static func isKeyedValue(_ text: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        var i = start - 1
        var j = end
        var quoted = false
        if byte(text, i) == 0x22 {   // a JSON string: `"N"` or `\"N\"`
            quoted = true
            i -= 1
            guard byte(text, j) == 0x22 || (byte(text, j) == 0x5C && byte(text, j + 1) == 0x22) else { return false }
            j += byte(text, j) == 0x22 ? 1 : 2
            if byte(text, i) == 0x5C { i -= 1 }
        }
        if byte(text, i) == 0x20 { i -= 1 }
        guard byte(text, i) == 0x3A else { return false }
        i -= 1
        if byte(text, i) == 0x22 {   // `"name":` or `\"name\":`
            i -= 1
            if byte(text, i) == 0x5C { i -= 1 }
        } else if quoted {
            return false
        }
        let keyEnd = i + 1
        while i >= 0 && keyEnd - i <= 40 && isWordByte(text[i]) { i -= 1 }
        let keyStart = i + 1
        guard keyStart < keyEnd, ByteClass.isAlpha(text[keyStart]) || text[keyStart] == 0x5F else { return false }
        let key = String(decoding: text[keyStart..<keyEnd], as: UTF8.self)
        if isPhoneKey(key) { return false }
        if quoted { return true }
        // A name no prose writes: `heap_size_limit`, `maxRss`, `OP_ALL`.
        var codeShaped = false
        var previous: UInt8 = 0
        for b in text[keyStart..<keyEnd] {
            if b == 0x5F || isDigit(b) || (previous &- 0x61 < 26 && b &- 0x41 < 26) { codeShaped = true }
            previous = b
        }
        let after = byte(text, j)
        if codeShaped && (after == 0x2C || after == 0x7D || after == 0x3B || after == 0x3E) { return true }
        guard after == 0x2C || after == 0x7D || after == 0x3B else { return false }
        if after != 0x7D {
            // `,` or `;` then the end of the line: not a list that goes on
            // (`Office: 0212887625, mobile: 021 234 51 00`).
            var m = j + 1
            while m < text.count && (text[m] == 0x20 || text[m] == 0x09) { m += 1 }
            guard isLineEnd(text, m) else { return false }
        }
        // The name starts its line (after indentation, or `{ `).
        var k = keyStart - 1
        while k >= 0 && (text[k] == 0x20 || text[k] == 0x09 || text[k] == 0x7B) { k -= 1 }
        return k < 0 || text[k] == 0x0A || text[k] == 0x0D || (text[k] == 0x6E && byte(text, k - 1) == 0x5C)
    }

    /// A line break at `i`, the end of the text, or `\n` written inside a
    /// string (program output quoted in JSON).
    static func isLineEnd(_ text: UnsafeBufferPointer<UInt8>, _ i: Int) -> Bool {
        i >= text.count || text[i] == 0x0A || text[i] == 0x0D || (text[i] == 0x5C && byte(text, i + 1) == 0x6E)
    }

    /// Alone on an indented line (four spaces or a tab), maybe with a comma,
    /// right after another indented line: a value a program printed or a
    /// line of a list in a code block (`date -u --date=2020-07-21 +%s` then
    /// `1595289600` in coreutils' Info manual; `>>> int(addr4)` then
    /// `3221225985` in Python's).
    static func isCodeLine(_ text: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        var j = end
        if byte(text, j) == 0x2C { j += 1 }
        // (`byte` reads a space past the end, so the bound comes first.)
        while j < text.count && (text[j] == 0x20 || text[j] == 0x09) { j += 1 }
        guard j >= text.count || text[j] == 0x0A || text[j] == 0x0D else { return false }
        func indentation(endingAt i: Int) -> (width: Int, lineStart: Int)? {
            var k = i, width = 0
            while k >= 0 && (text[k] == 0x20 || text[k] == 0x09) {
                width += text[k] == 0x09 ? 4 : 1
                k -= 1
            }
            guard k < 0 || text[k] == 0x0A else { return nil }
            return (width, k)
        }
        guard let line = indentation(endingAt: start - 1), line.width >= 4, line.lineStart > 0 else { return false }
        // The line before: indented too, and not blank.
        var k = line.lineStart - 1
        if byte(text, k) == 0x0D { k -= 1 }
        var width = 0, sawText = false
        while k >= 0 && text[k] != 0x0A && line.lineStart - k < 400 {
            if text[k] == 0x20 || text[k] == 0x09 {
                width = text[k] == 0x09 ? width + 4 : width + 1
            } else {
                sawText = true
                width = 0
            }
            k -= 1
        }
        return sawText && width >= 4 && (k < 0 || text[k] == 0x0A)
    }

    /// The argument of a one-letter command-line option (`touch -t 02010000`,
    /// findutils' Info manual).
    static func isOptionArgument(_ text: UnsafeBufferPointer<UInt8>, _ start: Int) -> Bool {
        guard byte(text, start - 1) == 0x20, ByteClass.isAlpha(byte(text, start - 2)), byte(text, start - 3) == 0x2D else {
            return false
        }
        let p = byte(text, start - 4)
        return p == 0x20 || p == 0x09 || p == 0x0A
    }
}
