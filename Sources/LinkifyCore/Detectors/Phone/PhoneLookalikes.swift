/// Digit runs that libphonenumber may read as valid numbers but that are
/// something else (SPEC §5: dates, times, IP addresses; issue 6: versions,
/// ISBNs, order and account numbers): checked on a match before it is kept.
enum PhoneLookalikes {
    /// Words that, just before a number, say what kind of number it is
    /// (`ISBN-10: 8-502-34989-9`, `Order #8064538886`, `SN 5889-0666-44`).
    static let labels: Set<String> = [
        "isbn", "issn", "ssn", "ean", "upc", "iban", "bic", "vat", "ust", "order", "invoice", "inv", "ticket",
        "serial", "sn", "zip", "plz", "postcode", "account", "acct", "customer", "tracking", "id", "ref",
        "reference", "version", "ver", "build", "release", "epoch", "timestamp", "checksum", "card", "isin", "pid",
    ]

    /// Words skipped on the way back to the label (`Order no. 12…`, `ISBN-13: …`).
    static let fillers: Set<String> = ["no", "nr", "num", "number", "nummer", "n"]

    /// Whether the match `start..<end` of `text` (its scalars `number`) is a look-alike.
    static func isLookalike(_ text: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, _ number: ArraySlice<UInt32>) -> Bool {
        isGluedToNumber(text, start, end) || isDottedQuad(number) || isDecimal(number) || isDate(number)
            || hasLabel(text, before: start)
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
        func isYear(_ d: [UInt8]) -> Bool { d.count == 4 && (1900...2099).contains(value(d)) }
        func isMonth(_ d: [UInt8]) -> Bool { d.count <= 2 && (1...12).contains(value(d)) }
        func isDay(_ d: [UInt8]) -> Bool { d.count <= 2 && (1...31).contains(value(d)) }
        if isYear(g[0]) { return isMonth(g[1]) && isDay(g[2]) }
        if isYear(g[2]) { return (isDay(g[0]) && isMonth(g[1])) || (isMonth(g[0]) && isDay(g[1])) }
        return false
    }

    /// Whether the word before the number, on its line, is one of `labels`.
    static func hasLabel(_ text: UnsafeBufferPointer<UInt8>, before start: Int) -> Bool {
        var i = start
        let floor = max(0, start - 48)
        for _ in 0..<4 {
            // Skip separators, then a number like the 10 of ISBN-10.
            while i > floor, [0x20, 0x09, 0x3A, 0x23, 0x2D, 0x2E, 0xA0].contains(text[i - 1]) { i -= 1 }
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
