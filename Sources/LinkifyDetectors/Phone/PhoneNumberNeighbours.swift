@_spi(Layers) import LinkifyModel

/// Numbers written among other numbers or signs (issue 12, round 3): table
/// columns, counters, ranges, signed values, elements of a braced list,
/// fields of a byte string and the output of an interactive session. Each
/// rule comes from a line of real documentation that held a false phone
/// link, holds in every region and keeps numbers written the way people
/// write phone numbers (groups joined by one space, a dash or a dot, a trunk
/// prefix 0, a `+` that opens the number).
extension PhoneRunningText {
    /// Whether the match `start..<end` (its scalars `number`, already without
    /// an opening bracket) is a number of another kind by its neighbours.
    static func isAmongNumbers(_ text: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int,
                               _ number: ArraySlice<UInt32>, isBare: Bool) -> Bool {
        if hasColumnGap(number) || isSigned(text, start, number) || isAddend(text, start, number)
            || isCounterOrRange(number) || isSlashList(number) || isOperand(text, end)
            || isInEmailAddress(text, end) || hasDatePart(number) || isThousands(number) || hasSingleFigure(number) {
            return true
        }
        guard isBare else { return false }
        return isBraceElement(text, start, end) || isBeforeEscapedControl(text, end)
            || isSessionOutput(text, start, end) || isTimeBeforeOffset(text, end) || isCommitID(text, start, end)
    }

    /// Two or more spaces or a tab between digits: columns of a table, one
    /// number in each (`gnome-terminal-vim   60.799 ->  50.528    51.655 ->  44.131`,
    /// `13296    29.1528  libpixman-1.so.0.17.1`, pixman's changelog). A phone
    /// number's groups are joined by one space.
    static func hasColumnGap(_ number: ArraySlice<UInt32>) -> Bool {
        var previous: UInt32 = 0
        for v in number {
            if v == 0x09 || (v == 0x20 && previous == 0x20) { return true }
            previous = v
        }
        return false
    }

    /// A minus sign or a tolerance before the digits: a negative number
    /// (`warning: initializer will be sign-extended: -2139094903`,
    /// libxcb-render-util's changelog) or a bound (`this is +/- 2147483684`,
    /// lame's, where the match starts on the `-`). No phone number starts
    /// with a minus sign; a dash before one is a separator with a space
    /// after it (`Emergency contact - 506-238-0746`), and a dash after a
    /// letter belongs to an identifier (`PhoneLookalikes.isAttachedToIdentifier`).
    static func isSigned(_ text: UnsafeBufferPointer<UInt8>, _ start: Int, _ number: ArraySlice<UInt32>) -> Bool {
        if number.first == 0x2D || number.first == 0x2212 { return true }
        // `±` is C2 B1 in UTF-8, `−` (U+2212) E2 88 92.
        var i = start - 1
        if byte(text, i) == 0x20 { i -= 1 }
        if byte(text, i) == 0xB1 && byte(text, i - 1) == 0xC2 { return true }
        if byte(text, i) == 0x2D && byte(text, i - 1) == 0x2F && byte(text, i - 2) == 0x2B { return true }   // `+/-`
        guard let first = number.first, first &- 0x30 < 10 else { return false }
        i = start - 1
        if byte(text, i) == 0x2D {
            i -= 1
        } else if byte(text, i) == 0x92 && byte(text, i - 1) == 0x88 && byte(text, i - 2) == 0xE2 {
            i -= 3
        } else {
            return false
        }
        // The sign stands alone: after a space, a bracket, `:`, `=`, `,`, `/` (`+/-`) or at a line's start.
        guard i >= 0 else { return true }
        return [0x20, 0x09, 0x0A, 0x0D, 0x28, 0x5B, 0x7B, 0x3A, 0x3D, 0x2C, 0x2F].contains(text[i])
    }

    /// A `+` after a number and a space joins two numbers, it does not open
    /// an international one (`* 49853 + 49882/49883: Src/subst.c`, zsh's
    /// ChangeLog: three patch numbers). A `+` that opens a phone number
    /// follows a word, a sign or the start of a line (`Dial + 62 263 655965`).
    static func isAddend(_ text: UnsafeBufferPointer<UInt8>, _ start: Int, _ number: ArraySlice<UInt32>) -> Bool {
        guard number.first == 0x2B else { return false }
        var i = start - 1
        while i >= 0 && (text[i] == 0x20 || text[i] == 0x09) { i -= 1 }
        return i < start - 1 && isDigit(byte(text, i))
    }

    /// Two runs of the same length, neither with a leading 0, joined by `/`
    /// or by a dash: a counter or a pair of ids (`[20244/21156] TestThread#…`,
    /// ruby's changelog; `* 34753 / 34754: Test/C02cond.ztst`, zsh's), or,
    /// dashed with the second a little larger, a range (`Allocate gid
    /// 64040-64044`, base-passwd's). Numbers written with a slash after the
    /// area code have a trunk 0 (`0171/1234567`, `030/1234567`) or a
    /// shorter first part (`209/8634008`); a dashed pair of equal halves
    /// far apart or decreasing (`98765-43210`) stays a phone.
    static func isCounterOrRange(_ number: ArraySlice<UInt32>) -> Bool {
        var k = number.startIndex
        let e = number.endIndex
        if k < e && number[k] == 0x2B {   // after a `+` and spaces (`+ 49882/49883`)
            k += 1
            while k < e && number[k] == 0x20 { k += 1 }
        }
        // digits, spaces, `/` or a dash, spaces, digits: nothing else.
        func run() -> (value: Int, digits: Int, first: UInt32)? {
            let from = k
            var value = 0
            while k < e && number[k] &- 0x30 < 10 && k - from < 18 {
                value = value * 10 + Int(number[k] - 0x30)
                k += 1
            }
            return k > from ? (value, k - from, number[from]) : nil
        }
        guard let a = run() else { return false }
        while k < e && number[k] == 0x20 { k += 1 }
        guard k < e, number[k] == 0x2F || number[k] == 0x2D || number[k] == 0x2013 else { return false }
        let separator = number[k]
        k += 1
        while k < e && number[k] == 0x20 { k += 1 }
        guard let b = run(), k == e, a.digits == b.digits, a.first != 0x30, b.first != 0x30 else { return false }
        // A range: close, or from a round hundred to the last before one (`60000-64999`, base-passwd's).
        return separator == 0x2F || (b.value > a.value && (b.value - a.value < 100 || (a.value % 100 == 0 && b.value % 100 == 99)))
    }

    /// Three or more runs joined by `/`: a list of values (`tuning ABR/CBR
    /// 64/80/192/224 kbps`, `0.15/0.18/0.20/0.25/0.30/0.35/0.40 rounded`,
    /// lame's ChangeLog). A phone number has at most one slash, after its
    /// area code.
    static func isSlashList(_ number: ArraySlice<UInt32>) -> Bool {
        var slashes = 0
        for v in number where v == 0x2F { slashes += 1 }
        return slashes >= 2
    }

    /// Followed by `=`: an operand or a key (`65536 - 63350 = 2186`, pixman's
    /// changelog; `[242/838] 5316=test_ftp`, ruby's test output).
    static func isOperand(_ text: UnsafeBufferPointer<UInt8>, _ end: Int) -> Bool {
        byte(text, end) == 0x3D || (byte(text, end) == 0x20 && byte(text, end + 1) == 0x3D)
    }

    /// The local part of an email address: `@` after it, or `+` and a
    /// letter (a subaddress: GitHub's no-reply addresses,
    /// `<49699333+dependabot[bot]@users.noreply.github.com>` in harfbuzz's
    /// changelog). A `+` that starts another phone number has a digit after it.
    static func isInEmailAddress(_ text: UnsafeBufferPointer<UInt8>, _ end: Int) -> Bool {
        byte(text, end) == 0x40 || (byte(text, end) == 0x2B && ByteClass.isAlpha(byte(text, end + 1)))
    }

    /// A date among the space-separated parts (`1.951 2013/7/3`, a release
    /// line of IO-Socket-SSL's Changes), or a YYYYMMDD stamp after a dotted
    /// version (`byacc 1.9 20180525`, ncurses'). A phone number has no part
    /// that reads as a year, month and day with separators, and its groups
    /// after a dotted first one are not dates.
    static func hasDatePart(_ number: ArraySlice<UInt32>) -> Bool {
        guard number.contains(0x20) else { return false }
        var parts: [ArraySlice<UInt32>] = []
        var from = number.startIndex
        for k in number.indices where number[k] == 0x20 {
            if k > from { parts.append(number[from..<k]) }
            from = k + 1
        }
        if from < number.endIndex { parts.append(number[from...]) }
        if parts.contains(where: { PhoneLookalikes.isDate($0) }) { return true }
        guard parts.count >= 2, parts[0].contains(0x2E), parts[0].allSatisfy({ $0 == 0x2E || $0 &- 0x30 < 10 }) else {
            return false
        }
        return parts.dropFirst().contains { p in
            p.count == 8 && p.allSatisfy { $0 &- 0x30 < 10 } && PhoneLookalikes.isDateStamp(p.map { UInt8($0 - 0x30) })
        }
    }

    /// Thousands grouped with dots: four or more groups, the first of one to
    /// three digits without a leading 0 and each other of three
    /// (`Total Instr Fetch Cost: 1.658.683.750`, fontconfig's changelog).
    /// Dotted phone numbers end on a group of two or four (`1.800.555.0199`,
    /// `01.42.68.53.00`) or have three groups (`912.345.678`).
    static func isThousands(_ number: ArraySlice<UInt32>) -> Bool {
        guard let (groups, separator) = PhoneLookalikes.groups(number), separator == 0x2E, groups.count >= 4,
              (1...3).contains(groups[0].count), groups[0].first != 0 else { return false }
        return groups.dropFirst().allSatisfy { $0.count == 3 }
    }

    /// Six digits or more of which only one is not 0 (`M 040000 <dataref>`,
    /// a directory's mode in git's fast-import syntax; `1000000000` is the
    /// same): no subscriber number is all zeros.
    static func hasSingleFigure(_ number: ArraySlice<UInt32>) -> Bool {
        var digits = 0, figures = 0
        for v in number where v &- 0x30 < 10 {
            digits += 1
            if v != 0x30 { figures += 1 }
        }
        return digits >= 6 && figures == 1
    }

    /// Nine or ten digits before a space and a UTC offset: Unix time as git
    /// writes it in a commit's author line (`<ckitagawa@chromium.org>
    /// 1579631743 -0500`, harfbuzz's changelog).
    static func isTimeBeforeOffset(_ text: UnsafeBufferPointer<UInt8>, _ end: Int) -> Bool {
        guard byte(text, end) == 0x20, byte(text, end + 1) == 0x2B || byte(text, end + 1) == 0x2D else { return false }
        for k in 2...5 where !isDigit(byte(text, end + k)) { return false }
        let hours = Int(byte(text, end + 2) - 0x30) * 10 + Int(byte(text, end + 3) - 0x30)
        let minutes = Int(byte(text, end + 4) - 0x30) * 10 + Int(byte(text, end + 5) - 0x30)
        return hours <= 14 && minutes % 15 == 0 && !isDigit(byte(text, end + 6))
    }

    /// An abbreviated commit id that has only digits: a run of seven to
    /// twelve digits with a hexadecimal run of the same length (with a letter
    /// a–f and a digit) on its line (`Merge: 27b91d1 0294912`, libxrandr's changelog), or
    /// that starts its line where the line before or after starts with one
    /// (`git log --oneline`: `e4a7eed4 cosmetics: fix indent` then `08375129
    /// Merge "Make a separate c…`, libwebp's ChangeLog).
    static func isCommitID(_ text: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        let length = end - start
        guard (7...12).contains(length) else { return false }
        func isHexLetter(_ b: UInt8) -> Bool { b &- 0x61 < 6 }
        /// Whether a hex run of `length` bytes with a letter starts at `i` and ends there.
        func isHexID(at i: Int) -> Bool {
            guard i >= 0, i + length <= text.count, !isWordByte(byte(text, i - 1)), !isWordByte(byte(text, i + length)) else {
                return false
            }
            // Both a letter and a digit: a word of the letters a–f alone (`defaced`) is no id.
            var letter = false, digit = false
            for k in i..<(i + length) {
                let b = text[k]
                guard isDigit(b) || isHexLetter(b) else { return false }
                if isHexLetter(b) { letter = true } else { digit = true }
            }
            return letter && digit
        }
        // Its line, a bounded look each way.
        var lineStart = start
        while lineStart > 0 && text[lineStart - 1] != 0x0A && start - lineStart < 200 { lineStart -= 1 }
        var lineEnd = end
        while lineEnd < text.count && text[lineEnd] != 0x0A && lineEnd - end < 200 { lineEnd += 1 }
        var k = lineStart
        while k < lineEnd {
            if k != start && !isWordByte(byte(text, k - 1)) && isHexID(at: k) { return true }
            k += 1
        }
        // At the start of its line: the first word of the line before or after.
        guard lineStart == start else { return false }
        if lineEnd < text.count, isHexID(at: lineEnd + 1), byte(text, lineEnd + 1 + length) == 0x20 { return true }
        guard lineStart >= 2 else { return false }
        var p = lineStart - 2
        while p >= 0 && text[p] != 0x0A && lineStart - p < 400 { p -= 1 }
        return isHexID(at: p + 1) && byte(text, p + 1 + length) == 0x20
    }

    /// An element of a braced list: after `{` or `,` and before `}`
    /// (`{"Sun, 06 Nov 2044 08:49:37 GMT", 2362034977 },`, a C initializer
    /// in curl's changelog). Prose has no braces around a phone number.
    static func isBraceElement(_ text: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        var i = start - 1, j = end
        if byte(text, i) == 0x20 { i -= 1 }
        if byte(text, j) == 0x20 { j += 1 }
        return (byte(text, i) == 0x2C || byte(text, i) == 0x7B) && byte(text, j) == 0x7D
    }

    /// Followed by an escaped control character (`\u0000`, `\x00`, `\0`): a
    /// field of a byte string as a program prints it (`<"14046746312\u0000">
    /// expected but was`, a tar header's mtime in ruby's changelog). A phone
    /// number in a quoted string is followed by text, a quote or `\n`.
    static func isBeforeEscapedControl(_ text: UnsafeBufferPointer<UInt8>, _ end: Int) -> Bool {
        guard byte(text, end) == 0x5C else { return false }
        switch byte(text, end + 1) {
        case 0x30: return true   // `\0`
        case 0x78: return byte(text, end + 2) == 0x30 || byte(text, end + 2) == 0x31   // `\x00`–`\x1F`
        case 0x75:   // `\u0000`–`\u001F`
            return byte(text, end + 2) == 0x30 && byte(text, end + 3) == 0x30
                && (byte(text, end + 4) == 0x30 || byte(text, end + 4) == 0x31)
        default: return false
        }
    }

    /// Alone on the line after an interactive prompt (`>>> `, `... `): what
    /// the session printed (`>>> int(ipaddress.IPv4Address('192.168.0.1'))`
    /// then `3232235521`, Python's ipaddress docs, indented by three spaces
    /// as reStructuredText writes code blocks, so `isCodeLine` does not see it).
    static func isSessionOutput(_ text: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        var j = end
        while j < text.count && (text[j] == 0x20 || text[j] == 0x09) { j += 1 }
        guard j >= text.count || text[j] == 0x0A || text[j] == 0x0D else { return false }
        var k = start - 1
        while k >= 0 && (text[k] == 0x20 || text[k] == 0x09) { k -= 1 }
        guard k > 0, text[k] == 0x0A else { return false }
        // The line before, from its start.
        var lineEnd = k
        if byte(text, lineEnd - 1) == 0x0D { lineEnd -= 1 }
        var s = lineEnd - 1
        while s >= 0 && text[s] != 0x0A && lineEnd - s < 400 { s -= 1 }
        guard s < 0 || text[s] == 0x0A else { return false }
        var p = s + 1
        while p < lineEnd && (text[p] == 0x20 || text[p] == 0x09) { p += 1 }
        let prompt = (byte(text, p), byte(text, p + 1), byte(text, p + 2), byte(text, p + 3))
        return p + 3 < lineEnd && prompt.3 == 0x20
            && ((prompt.0 == 0x3E && prompt.1 == 0x3E && prompt.2 == 0x3E) || (prompt.0 == 0x2E && prompt.1 == 0x2E && prompt.2 == 0x2E))
    }
}
