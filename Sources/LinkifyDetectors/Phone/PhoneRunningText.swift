@_spi(Layers) import LinkifyModel

/// Where a valid number sits in running text says whether it is written as a
/// phone number (issue 12): changelogs, release notes and program output
/// are full of bare digit runs that some region's metadata accepts. These
/// rules look at the bytes around a match and hold in every region; each
/// one keeps numbers written the way people write phone numbers.
enum PhoneRunningText {
    /// Whether the match `start..<end` of `text` (its scalars `number`) is a
    /// number of another kind by where it stands.
    static func isOtherNumber(_ text: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int,
                              _ number: ArraySlice<UInt32>) -> Bool {
        // A match may start on the bracket that opens it (`[06824140`, `(1234567890`).
        var number = number, start = start
        if number.count > 1, number.first == 0x5B || number.first == 0x28 {
            number = number.dropFirst()
            start += 1
        }
        let isBare = number.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
        if isBare && (isInNumberList(text, start, end) || isBracketed(text, start, end) || isRound(number)
                      || isCode(text, start, end) || isAfterControl(text, start) || isCountingRun(number)) {
            return true
        }
        if isCounting(number) || isByteDump(text, start, end, number) { return true }
        if isProgramValue(text, start, end, number, isBare: isBare) { return true }
        if isAmongNumbers(text, start, end, number, isBare: isBare) { return true }
        return isInRange(text, start, end) || isQuantity(text, end) || isZIPPlusFour(text, start, end, number)
    }

    @inline(__always)
    static func byte(_ text: UnsafeBufferPointer<UInt8>, _ i: Int) -> UInt8 {
        i >= 0 && i < text.count ? text[i] : 0x20
    }

    @inline(__always)
    static func isDigit(_ b: UInt8) -> Bool { b &- 0x30 < 10 }

    /// A bare digit run next to another in a comma-separated list
    /// (`465658903, 2242724851, 6635692801`, `16796, 16799, 16800`): a list of
    /// bug numbers, counts or primes. Phone numbers listed together are
    /// written with their separators or labels (`030 1234567, 030 7654321`).
    static func isInNumberList(_ text: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        // Before: `N, ` or `N,` with N a digit.
        var i = start - 1
        if byte(text, i) == 0x20 { i -= 1 }
        if byte(text, i) == 0x2C && isDigit(byte(text, i - 1)) { return true }
        // After: `, N` or `,N`.
        var j = end
        guard byte(text, j) == 0x2C else { return false }
        j += 1
        if byte(text, j) == 0x20 { j += 1 }
        return isDigit(byte(text, j))
    }

    /// A bare digit run alone between square brackets: a reference, a footnote,
    /// a bug or commit number (`* [06824140] Drop override_dh_strip-arch`).
    /// Brackets around a phone number are round (`(030) 1234567`).
    static func isBracketed(_ text: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        byte(text, start - 1) == 0x5B && byte(text, end) == 0x5D
    }

    /// A value in code or data: between backticks (a code span,
    /// ``[`8664084166`]``: a commit id), after `=` (`seed=3652260728`), or
    /// a JSON number after its key (`"memoryLimit": 4345298944`; a phone
    /// number in JSON is a string, since a number loses its `+` and leading 0).
    static func isCode(_ text: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        if byte(text, start - 1) == 0x60 && byte(text, end) == 0x60 { return true }
        // `crc32('world', crc);  // 4192936109`: the value printed in a code comment.
        if byte(text, start - 1) == 0x20 && byte(text, start - 2) == 0x2F && byte(text, start - 3) == 0x2F { return true }
        var i = start - 1
        if byte(text, i) == 0x20 { i -= 1 }
        if byte(text, i) == 0x3D { return true }
        if byte(text, i) == 0x3A {
            let q = byte(text, i - 1)
            return q == 0x22 || (q == 0x5C && byte(text, i - 2) == 0x22)   // `":` or `\":` (JSON in a string)
        }
        return false
    }

    /// Right after a control character other than a line or tab: not text a
    /// reader sees (Info files write each node's byte offset after DEL,
    /// `Ref: Removed<5>-Footnote-3\u{7F}545685`).
    static func isAfterControl(_ text: UnsafeBufferPointer<UInt8>, _ start: Int) -> Bool {
        let p = byte(text, start - 1)
        return p == 0x7F || (p < 0x20 && p != 0x09 && p != 0x0A && p != 0x0D && p != 0x0C)
    }

    /// Counting: seven or more digits each one more than the one before
    /// (`1234567890`, a placeholder), or three or more groups each one more
    /// than the one before (`1 2 3 4 5 6 7 8 9 10`, `26 27 28 29 30`: a
    /// calendar, a ruler).
    static func isCountingRun(_ number: ArraySlice<UInt32>) -> Bool {
        guard number.count >= 7 else { return false }
        var previous = number.first!
        for v in number.dropFirst() {
            guard v == (previous == 0x39 ? 0x30 : previous + 1) else { return false }
            previous = v
        }
        return true
    }

    static func isCounting(_ number: ArraySlice<UInt32>) -> Bool {
        var values: [Int] = []
        var current = -1
        for v in number {
            if v >= 0x30 && v <= 0x39 {
                current = (current < 0 ? 0 : current) * 10 + Int(v - 0x30)
                guard current < 1_000_000 else { return false }
            } else if v == 0x20 && current >= 0 {
                values.append(current)
                current = -1
            } else {
                return false
            }
        }
        guard current >= 0 else { return false }
        values.append(current)
        guard values.count >= 3 else { return false }
        return zip(values, values.dropFirst()).allSatisfy { $1 == $0 + 1 }
    }

    /// Bytes as programs print them: three or more groups of exactly two
    /// digits next to a hex byte with a letter (`<Buffer ab 90 78 56 34 12>`)
    /// or closed by `>` (`<Buffer 02 01 04 03 06 05 08 07>`). French numbers
    /// have the same groups (`01 42 68 53 00`) but are not printed among bytes.
    static func isByteDump(_ text: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int,
                           _ number: ArraySlice<UInt32>) -> Bool {
        guard number.count >= 8, number.count % 3 == 2 else { return false }
        for (k, v) in zip(0..., number) {
            guard k % 3 == 2 ? v == 0x20 : v &- 0x30 < 10 else { return false }
        }
        func isHex(_ b: UInt8) -> Bool { isDigit(b) || (b | 0x20) &- 0x61 < 6 }
        func isLetterHex(_ b: UInt8) -> Bool { (b | 0x20) &- 0x61 < 6 }
        func isHexPair(_ i: Int) -> Bool {   // the two bytes at i, i + 1, one a letter
            isHex(byte(text, i)) && isHex(byte(text, i + 1)) && (isLetterHex(byte(text, i)) || isLetterHex(byte(text, i + 1)))
        }
        if byte(text, end) == 0x3E { return true }
        if byte(text, start - 1) == 0x20 && isHexPair(start - 3) && !ByteClass.isAlpha(byte(text, start - 4))
            && !isDigit(byte(text, start - 4)) { return true }
        if byte(text, end) == 0x20 && isHexPair(end + 1) && !ByteClass.isAlpha(byte(text, end + 3))
            && !isDigit(byte(text, end + 3)) { return true }
        return false
    }

    /// One digit and then only zeros, seven digits or more (`1000000000`):
    /// a limit or a round quantity; no subscriber number is all zeros.
    static func isRound(_ number: ArraySlice<UInt32>) -> Bool {
        number.count >= 7 && number.first != 0x30 && number.dropFirst().allSatisfy { $0 == 0x30 }
    }

    /// Joined to another number by `..` or `…`: a range (`524288…1879048191`).
    static func isInRange(_ text: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        // `…` is E2 80 A6 in UTF-8.
        if byte(text, start - 1) == 0x2E && byte(text, start - 2) == 0x2E && isDigit(byte(text, start - 3)) { return true }
        if byte(text, start - 1) == 0xA6 && byte(text, start - 2) == 0x80 && byte(text, start - 3) == 0xE2
            && isDigit(byte(text, start - 4)) { return true }
        if byte(text, end) == 0x2E && byte(text, end + 1) == 0x2E && isDigit(byte(text, end + 2)) { return true }
        if byte(text, end) == 0xE2 && byte(text, end + 1) == 0x80 && byte(text, end + 2) == 0xA6
            && isDigit(byte(text, end + 3)) { return true }
        return false
    }

    /// Units of data size, frequency and time: the decimal and binary prefixes
    /// with B, bit or Hz, and the words (`3441325000 bytes (3.4 GB, 3.2 GiB)
    /// copied`, `Benchmark took 1154389282 nanoseconds`).
    static func isUnit(_ s: String) -> Bool {
        if ["byte", "bytes", "bit", "bits", "octets", "B", "Hz", "ns", "us", "ms", "sec", "secs", "seconds",
            "nanoseconds", "microseconds", "milliseconds"].contains(s) {
            return true
        }
        guard let prefix = s.first, "kKMGTPE".contains(prefix) else { return false }
        var rest = s.dropFirst()
        if rest.first == "i" { rest = rest.dropFirst() }
        return rest == "B" || rest == "b" || rest == "bit" || rest == "Hz"
    }

    /// Followed by a space and a unit: a quantity.
    static func isQuantity(_ text: UnsafeBufferPointer<UInt8>, _ end: Int) -> Bool {
        guard byte(text, end) == 0x20 else { return false }
        var j = end + 1
        while j < text.count && j - end <= 13 && ByteClass.isAlpha(text[j]) { j += 1 }
        guard j > end + 1, !ByteClass.isAlpha(byte(text, j)), !isDigit(byte(text, j)) else { return false }
        return isUnit(String(decoding: text[(end + 1)..<j], as: UTF8.self))
    }

    /// A US ZIP+4 code after a state's two capitals or before `USA`, as postal
    /// addresses write it (`Boston, MA 02110-1301 USA`, in every GPL notice): five
    /// digits, a dash and four. German numbers with a five-digit area code
    /// have this shape too (`04321-1301`), so the state decides.
    static func isZIPPlusFour(_ text: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int,
                              _ number: ArraySlice<UInt32>) -> Bool {
        let k = number.startIndex
        guard number.count == 10, number[k + 5] == 0x2D,
              number[k..<(k + 5)].allSatisfy({ $0 &- 0x30 < 10 }), number[(k + 6)...].allSatisfy({ $0 &- 0x30 < 10 }) else {
            return false
        }
        func isUpper(_ b: UInt8) -> Bool { b &- 0x41 < 26 }
        // Or the country after it, when the state ends the line before (`Boston, MA\n    02111-1307, USA.`).
        var j = end
        if byte(text, j) == 0x2C { j += 1 }
        if byte(text, j) == 0x20, byte(text, j + 1) == 0x55, byte(text, j + 2) == 0x53, byte(text, j + 3) == 0x41,
           !ByteClass.isAlpha(byte(text, j + 4)) {
            return true
        }
        let s = byte(text, start - 4)
        return byte(text, start - 1) == 0x20 && isUpper(byte(text, start - 2)) && isUpper(byte(text, start - 3))
            && (s == 0x20 || s == 0x2C)
    }
}
