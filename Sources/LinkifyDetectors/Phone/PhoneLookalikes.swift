@_spi(Layers) import LinkifyModel

/// Digit runs that libphonenumber may read as valid numbers but that are
/// something else (SPEC §5: dates, times, IP addresses; also versions,
/// ISBNs, order and account numbers, identifiers such as CVE ids,
/// package versions and dotted dates in changelogs): checked on a match
/// before it is kept, in every region.
enum PhoneLookalikes {
    /// Words that, just before a number, say what kind of number it is
    /// (`ISBN-10: 8-502-34989-9`, `Order #8064538886`, `SN 5889-0666-44`).
    static let labels: Set<String> = [
        "isbn", "issn", "ssn", "ean", "upc", "iban", "bic", "vat", "ust", "order", "invoice", "inv", "ticket",
        "serial", "sn", "zip", "plz", "postcode", "account", "acct", "customer", "tracking", "id", "ref",
        "reference", "version", "ver", "build", "release", "epoch", "timestamp", "checksum", "card", "isin", "pid",
        // Bug trackers and code review in changelogs: `bug 398327`, `closes: 350577`, `CID 354884`.
        "bug", "bugs", "closes", "cid", "issue", "issues", "pr", "lp", "commit",
        // Patches and tests by number, counts: `[Patch 3101127]` (tcl), `failed tests: 571 612 1056`
        // (curl), `Event count (approx.): 3619782704` (perf output in pixman's changelog).
        "patch", "patches", "test", "tests", "count", "approx",
        // Request Tracker tickets and standards: `(RT 28620 28635)`, `IEEE 754-2008/2019`, `IEEE 1800-2012`.
        "rt", "ieee", "iso", "iec",
        // Standards cited by number: `RFCs 4491/4357/7836`.
        "rfc", "rfcs",
    ]

    /// Words skipped on the way back to the label (`Order no. 12…`, `ISBN-13: …`).
    static let fillers: Set<String> = ["no", "nr", "num", "number", "nummer", "n"]

    /// Whether the match `start..<end` of `text` (its scalars `number`) is a look-alike.
    static func isLookalike(_ text: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, _ number: ArraySlice<UInt32>) -> Bool {
        // A match may start on the bracket that opens it; its digits are
        // judged without it (`modified test (2147483648 is not representable`,
        // mpfr's ChangeLog: an integer limit).
        var number = number, start = start
        if number.count > 1, number.first == 0x28 || number.first == 0x5B {
            number = number.dropFirst()
            start += 1
        }
        return isGluedToNumber(text, start, end) || isDottedQuad(number) || isDecimal(number) || isDate(number)
            || isAttachedToIdentifier(text, start, end, number) || hasVersionOrDateShape(number)
            || isIntegerLimit(number) || hasLabel(text, before: start)
            || PhoneRunningText.isOtherNumber(text, start, end, number)
    }

    /// Part of an identifier: a number whose first digit follows
    /// an ASCII letter or digit, `_` or `#` (`RFC2822`, `#5551234567`), or `-`
    /// or `/` after a letter or `_` (`CVE-2026-113002`, `GHSA-…`, `PR ld/16467`),
    /// or that starts with `#`, or that is followed
    /// by an ASCII letter, digit or `_`, or by `.`, `-` or `_` and one of those
    /// (`…-1~deb12u1` is caught by its shape, `2242-555-0123.tar`).
    /// `Tel.030 1234567` keeps its number: a dot after letters ends an abbreviation.
    static func isAttachedToIdentifier(_ text: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int,
                                       _ number: ArraySlice<UInt32>) -> Bool {
        func byte(_ i: Int) -> UInt8 { i >= 0 && i < text.count ? text[i] : 0x20 }
        func isWordByte(_ b: UInt8) -> Bool { ByteClass.isAlpha(b) || ByteClass.isDigit(b) || b == 0x5F }
        if number.first == 0x23 { return true }   // `#164710`: an issue or bug number
        if let first = number.first, PhoneCharacters.digit(first) != nil {
            let p = byte(start - 1)
            if isWordByte(p) || p == 0x23 { return true }
            // After a digit, `8/9123457595` and `12-555-0123` are a trunk prefix or
            // a second number that libphonenumber reads apart: only a letter or `_` counts.
            let q = byte(start - 2)
            if (p == 0x2D || p == 0x2F) && (ByteClass.isAlpha(q) || q == 0x5F) { return true }
        }
        let n = byte(end)
        if isWordByte(n) { return true }
        if (n == 0x2E || n == 0x2D || n == 0x5F) && isWordByte(byte(end + 1)) { return true }
        return false
    }

    /// A dotted or dashed version or a date inside the number.
    /// In a part of digits, `.`, `-` and `~` alone (spaces, brackets and
    /// other signs end a part): any `~`, which sorts a Debian version before
    /// a release (`0~20190702`); a YYYYMMDD group joined to another
    /// (`10-20200431`); three or more groups of which one after the first
    /// has a single digit (`114.0.5735.106-1`, `12-20220428-1`, `2.18.2`);
    /// three groups that read as a date (`2017-12-01.13`); or a year and a
    /// zero-padded month first (`2010-01-2010`). Phone numbers written with
    /// dots or dashes keep groups of two digits or more after the first
    /// (`1.800.555.0199`, `01.23.45.67.89`); `12345-0` has two groups.
    static func hasVersionOrDateShape(_ number: ArraySlice<UInt32>) -> Bool {
        // `+33-1-23-83-15-57`: a calling code says international number, whose
        // area codes may have one digit; no version is written after a `+`.
        if number.contains(where: PhoneCharacters.isPlus) { return false }
        var groups: [[UInt8]] = [[]]
        var separators: [UInt32] = []
        func partIsVersionOrDate() -> Bool {
            defer {
                groups = [[]]
                separators = []
            }
            guard groups.allSatisfy({ !$0.isEmpty }) else { return false }
            // `0~20190702`: `~` sorts a Debian version before a release; no phone number has it.
            if separators.contains(0x7E) { return true }
            // `10-20200431`: a snapshot date YYYYMMDD joined to another group.
            if groups.count >= 2, groups.contains(where: isDateStamp) { return true }
            guard groups.count >= 3 else { return false }
            if groups.dropFirst().contains(where: { $0.count == 1 }) { return true }
            // A year and a zero-padded month first: `2010-01-2010`.
            if separators[0] == 0x2D, groups[0].count == 4, (1900...2099).contains(value(groups[0])),
               groups[1].count == 2, (1...12).contains(value(groups[1])) {
                return true
            }
            for k in 0..<(groups.count - 2) where separators[k] == separators[k + 1] {
                if isDate(groups[k], groups[k + 1], groups[k + 2]) { return true }
            }
            return false
        }
        for v in number {
            if let d = PhoneCharacters.digit(v), v < 0x80 {
                groups[groups.count - 1].append(d)
            } else if v == 0x2E || v == 0x2D || v == 0x7E {
                separators.append(v)
                groups.append([])
            } else if partIsVersionOrDate() {
                return true
            }
        }
        return partIsVersionOrDate()
    }

    /// Eight digits that read as a date, YYYYMMDD (1900–2099).
    static func isDateStamp(_ d: [UInt8]) -> Bool {
        guard d.count == 8 else { return false }
        let year = value(Array(d[0..<4])), month = value(Array(d[4..<6])), day = value(Array(d[6..<8]))
        return (1900...2099).contains(year) && (1...12).contains(month) && (1...31).contains(day)
    }

    /// Powers of two from 2^20 and the values just below them (the bounds of
    /// integer types and sentinels −1, −2 … read unsigned), which program
    /// output, changelogs and manuals print whole (`2147483648`, `4294967294`,
    /// `8589934592`, `"total_memory": "17179869184"`) and which parse as
    /// numbers of some regions.
    static func isIntegerLimit(_ number: ArraySlice<UInt32>) -> Bool {
        guard number.count >= 7, number.count <= 18, number.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return false }
        let v = number.reduce(0) { $0 * 10 + Int($1 - 0x30) }
        return (0...16).contains { k in
            let w = v + k
            return w >= 1 << 20 && w & (w - 1) == 0
        }
    }

    /// Part of a longer number: `46.644512`, `67.223.76.58:15461`, `1.5`.
    static func isGluedToNumber(_ text: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        func isDigit(_ i: Int) -> Bool { i >= 0 && i < text.count && text[i] >= 0x30 && text[i] <= 0x39 }
        if start >= 2, text[start - 1] == 0x2E || text[start - 1] == 0x3A, isDigit(start - 2) { return true }
        if end + 1 < text.count, text[end] == 0x2E || text[end] == 0x3A, isDigit(end + 1) { return true }
        return false
    }

    /// Groups of digits and the one separator between them, or nil when the
    /// number mixes separators or has anything else in it.
    static func groups(_ number: ArraySlice<UInt32>) -> (groups: [[UInt8]], separator: UInt32?)? {
        var groups: [[UInt8]] = [[]]
        var separator: UInt32?
        for v in number {
            if let d = PhoneCharacters.digit(v) {
                groups[groups.count - 1].append(d)
            } else {
                guard separator == nil || separator == v, !groups[groups.count - 1].isEmpty else { return nil }
                separator = v
                groups.append([])
            }
        }
        return (groups, separator)
    }

    static func value(_ digits: [UInt8]) -> Int { digits.reduce(0) { $0 * 10 + Int($1) } }

    /// A group written as a number is (`0`, or no leading zero); phone
    /// numbers written nationally mostly start with a trunk prefix 0.
    static func isPlain(_ d: [UInt8]) -> Bool { d.count == 1 || d.first != 0 }

    /// An IPv4 address: four dot-separated groups of at most three digits,
    /// each ≤ 255, without leading zeros (`08.12.38.94` is a phone number).
    static func isDottedQuad(_ number: ArraySlice<UInt32>) -> Bool {
        guard let (g, sep) = groups(number), sep == 0x2E, g.count == 4 else { return false }
        return g.allSatisfy { $0.count <= 3 && value($0) <= 255 && isPlain($0) }
    }

    /// A decimal number: one dot between one or two digits (no leading zero)
    /// and six or more (`3.182316159`; `030.124206` is a phone number).
    static func isDecimal(_ number: ArraySlice<UInt32>) -> Bool {
        guard let (g, sep) = groups(number), sep == 0x2E, g.count == 2 else { return false }
        return g[0].count <= 2 && isPlain(g[0]) && g[1].count >= 6
    }

    /// A date: year-month-day or day-month-year (either order of day and
    /// month) with one separator `-`, `.` or `/`.
    static func isDate(_ number: ArraySlice<UInt32>) -> Bool {
        guard let (g, sep) = groups(number), let sep, sep == 0x2D || sep == 0x2E || sep == 0x2F, g.count == 3 else {
            return false
        }
        return isDate(g[0], g[1], g[2])
    }

    /// Whether three digit groups read year-month-day or day-month-year (either order of day and month).
    static func isDate(_ a: [UInt8], _ b: [UInt8], _ c: [UInt8]) -> Bool {
        let g = [a, b, c]
        func isYear(_ d: [UInt8]) -> Bool { d.count == 4 && (1900...2099).contains(value(d)) }
        func isMonth(_ d: [UInt8]) -> Bool { d.count <= 2 && (1...12).contains(value(d)) }
        func isDay(_ d: [UInt8]) -> Bool { d.count <= 2 && (1...31).contains(value(d)) }
        if isYear(g[0]) { return isMonth(g[1]) && isDay(g[2]) }
        if isYear(g[2]) { return (isDay(g[0]) && isMonth(g[1])) || (isMonth(g[0]) && isDay(g[1])) }
        return false
    }

    /// Whether the word before the number, on its line, is one of `labels`;
    /// or the last word of the line before, when the number starts its line
    /// and that word ends the line before (a label wrapped away from its
    /// number: `aspects of [Bug\n\t3105247]`, tcl's ChangeLog). A line that
    /// ends with a colon or other sign is a heading (`Customer service:`), not
    /// a wrapped label. Brackets between are passed over (`Event count (approx.): …`).
    static func hasLabel(_ text: UnsafeBufferPointer<UInt8>, before start: Int) -> Bool {
        var i = start
        let floor = max(0, start - 48)
        var k = start
        while k > floor, text[k - 1] == 0x20 || text[k - 1] == 0x09 { k -= 1 }
        if k > floor, text[k - 1] == 0x0A {
            k -= 1
            if k > floor, text[k - 1] == 0x0D { k -= 1 }
            if k > floor, ByteClass.isAlpha(text[k - 1]) { i = k }
        }
        for _ in 0..<4 {
            // Skip separators, then a number like the 10 of ISBN-10.
            while i > floor, [0x20, 0x09, 0x3A, 0x23, 0x2D, 0x2E, 0xA0, 0x28, 0x29].contains(text[i - 1]) { i -= 1 }
            while i > floor, text[i - 1] >= 0x30 && text[i - 1] <= 0x39 { i -= 1 }
            while i > floor, [0x20, 0x09, 0x3A, 0x23, 0x2D, 0x2E].contains(text[i - 1]) { i -= 1 }
            var j = i
            while j > floor, (text[j - 1] | 0x20) >= 0x61 && (text[j - 1] | 0x20) <= 0x7A { j -= 1 }
            guard j < i else { return false }
            let word = String(decoding: text[j..<i].map { $0 | 0x20 }, as: UTF8.self)
            if labels.contains(word) { return true }
            guard fillers.contains(word) else { return false }
            i = j
        }
        return false
    }
}
