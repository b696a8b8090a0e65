@_spi(Layers) import LinkifyModel

/// What a `--pattern` regex needs at the place a match starts, worked out
/// from its source, so that the regex is run only where it can match: a
/// literal prefix (`PROJ-\d+` starts with `PROJ-`), else the set of bytes a
/// match can start with, plus the anchors at its start (`^`, `\b`).
///
/// The analysis is conservative: anything it does not understand widens the
/// set (at worst to every byte), never narrows it.
struct RegexPrefilter: Sendable {
    /// Bytes a match can start with.
    var firstBytes: [Bool]
    /// Bytes every match starts with (two or more), or empty.
    var literalPrefix: [UInt8]
    /// The pattern starts with `^`: matches start at the start of a line.
    var requiresLineStart = false
    /// The pattern starts with `\b`: matches start at a word boundary.
    var requiresWordBoundary = false
    /// Number of capture groups, and the names of named ones.
    var groupCount = 0
    var groupNames: [String] = []

    /// Whether every byte may start a match (the analysis gave up).
    var acceptsEveryByte: Bool { !firstBytes.contains(false) }

    init(pattern: String) {
        let p = Array(pattern.unicodeScalars)
        var parser = Parser(p: p)
        parser.countGroups()
        groupCount = parser.groups
        groupNames = parser.names
        var i = 0
        // Zero-width things at the start.
        while i < p.count {
            if p[i] == "^" { requiresLineStart = true; i += 1; continue }
            if p[i] == "\\", i + 1 < p.count, p[i + 1] == "b" { requiresWordBoundary = true; i += 2; continue }
            break
        }
        parser.i = i
        let (set, canBeEmpty, prefix) = parser.sequence(untilClose: false)
        firstBytes = canBeEmpty ? Self.all : set
        literalPrefix = prefix.count >= 2 ? prefix : []
    }

    static let all = [Bool](repeating: true, count: 256)
    /// Lead bytes of non-ASCII scalars: a Unicode-aware class (`\d`, `\w`) can start there.
    static func addNonASCII(_ set: inout [Bool]) { for b in 0xC2...0xF4 { set[b] = true } }

    /// A small recursive reader of regex syntax: just enough to find first bytes.
    struct Parser {
        let p: [Unicode.Scalar]
        var i = 0
        var caseInsensitive = false
        var groups = 0
        var names: [String] = []

        mutating func countGroups() {
            var k = 0
            var inClass = false
            while k < p.count {
                let c = p[k]
                if c == "\\" { k += 2; continue }
                if inClass { if c == "]" { inClass = false }; k += 1; continue }
                if c == "[" { inClass = true; k += 1; continue }
                if c == "(" {
                    if k + 1 < p.count && p[k + 1] == "?" {
                        var j = k + 2
                        if j < p.count && p[j] == "P" { j += 1 }
                        if j < p.count && (p[j] == "<" || p[j] == "'"), j + 1 < p.count, p[j + 1] != "=", p[j + 1] != "!" {
                            var name = ""
                            var m = j + 1
                            while m < p.count && p[m] != ">" && p[m] != "'" { name.unicodeScalars.append(p[m]); m += 1 }
                            groups += 1
                            names.append(name)
                        }
                    } else {
                        groups += 1
                    }
                }
                k += 1
            }
        }

        /// Reads alternatives up to `)` (or the end): their first bytes,
        /// whether they can match empty, and a literal prefix common to all.
        mutating func sequence(untilClose: Bool) -> ([Bool], Bool, [UInt8]) {
            var set = [Bool](repeating: false, count: 256)
            var anyEmpty = false
            var prefix: [UInt8]? = nil
            var branches = 0
            while true {
                let (s, empty, pre) = branch()
                branches += 1
                for b in 0..<256 where s[b] { set[b] = true }
                anyEmpty = anyEmpty || empty
                prefix = prefix == nil ? pre : commonPrefix(prefix!, pre)
                if i < p.count && p[i] == "|" { i += 1; continue }
                break
            }
            if untilClose && i < p.count && p[i] == ")" { i += 1 }
            return (set, anyEmpty, prefix ?? [])
        }

        func commonPrefix(_ a: [UInt8], _ b: [UInt8]) -> [UInt8] {
            var n = 0
            while n < a.count && n < b.count && a[n] == b[n] { n += 1 }
            return Array(a[..<n])
        }

        /// One branch: items until `|` or `)`. The first items that can match
        /// empty let the next ones start a match too.
        mutating func branch() -> ([Bool], Bool, [UInt8]) {
            var set = [Bool](repeating: false, count: 256)
            var open = true       // still looking for the first non-empty item
            var prefix: [UInt8] = []
            var prefixOpen = true
            while i < p.count && p[i] != "|" && p[i] != ")" {
                guard let item = item() else { return (RegexPrefilter.all, true, []) }
                let q = quantifier()
                if open {
                    for b in 0..<256 where item.set[b] { set[b] = true }
                    if !(item.canBeEmpty || q.allowsZero) { open = false }
                }
                if prefixOpen {
                    if let lit = item.literal, !q.allowsZero, !caseInsensitive { prefix += lit } else { prefixOpen = false }
                    if q.repeats { prefixOpen = false }
                }
            }
            return (set, open, prefix)
        }

        struct Item { var set: [Bool]; var canBeEmpty: Bool; var literal: [UInt8]? }

        mutating func quantifier() -> (allowsZero: Bool, repeats: Bool) {
            guard i < p.count else { return (false, false) }
            var result: (Bool, Bool)
            switch p[i] {
            case "?": result = (true, false); i += 1
            case "*": result = (true, true); i += 1
            case "+": result = (false, true); i += 1
            case "{":
                var j = i + 1
                var digits = ""
                while j < p.count && p[j] != "}" { digits.unicodeScalars.append(p[j]); j += 1 }
                guard j < p.count, digits.first?.isNumber == true || digits.first == "," else { return (false, false) }
                i = j + 1
                result = (digits.hasPrefix("0") || digits.hasPrefix(","), true)
            default: return (false, false)
            }
            if i < p.count && (p[i] == "?" || p[i] == "+") { i += 1 }   // lazy, possessive
            return result
        }

        /// One atom; nil when the analysis gives up.
        mutating func item() -> Item? {
            let c = p[i]
            var set = [Bool](repeating: false, count: 256)
            switch c {
            case "(":
                i += 1
                if i < p.count && p[i] == "?" {
                    i += 1
                    guard i < p.count else { return nil }
                    switch p[i] {
                    case ":", ">": i += 1
                    case "<", "'", "P":
                        if p[i] == "P" { i += 1 }
                        if i + 1 < p.count && p[i] == "<" && (p[i + 1] == "=" || p[i + 1] == "!") {
                            return nil   // lookbehind: zero-width, give up
                        }
                        while i < p.count && p[i] != ">" && p[i] != "'" { i += 1 }
                        i += 1
                    case "=", "!": return nil   // lookahead
                    default:
                        // Inline options `(?i)`, `(?i:…)`: case-insensitive letters; others give up.
                        var flags = ""
                        while i < p.count && p[i] != ")" && p[i] != ":" { flags.unicodeScalars.append(p[i]); i += 1 }
                        guard flags == "i", i < p.count else { return nil }
                        caseInsensitive = true
                        if p[i] == ")" { i += 1; return Item(set: set, canBeEmpty: true, literal: []) }
                        i += 1
                    }
                }
                let (s, empty, pre) = sequence(untilClose: true)
                return Item(set: s, canBeEmpty: empty, literal: pre.isEmpty ? nil : nil ?? (empty ? nil : nil))
            case "[":
                return bracket()
            case ".":
                i += 1
                return Item(set: RegexPrefilter.all, canBeEmpty: false, literal: nil)
            case "\\":
                guard i + 1 < p.count else { return nil }
                let e = p[i + 1]
                i += 2
                switch e {
                case "d": for b in 0x30...0x39 { set[b] = true }; RegexPrefilter.addNonASCII(&set)
                case "w":
                    for b in 0..<128 where ByteClass.isAlnum(UInt8(b)) || b == 0x5F { set[b] = true }
                    RegexPrefilter.addNonASCII(&set)
                case "s": for b in [0x20, 0x09, 0x0A, 0x0B, 0x0C, 0x0D] { set[b] = true }; RegexPrefilter.addNonASCII(&set)
                case "t": return literal(0x09)
                case "n": return literal(0x0A)
                case "r": return literal(0x0D)
                case "b", "B", "A", "z", "Z", "G": return Item(set: set, canBeEmpty: true, literal: [])
                default:
                    guard e.isASCII, !e.properties.isAlphabetic, !("0"..."9").contains(e) else { return nil }
                    return literal(UInt8(e.value))
                }
                return Item(set: set, canBeEmpty: false, literal: nil)
            case "^", "$":
                i += 1
                return Item(set: set, canBeEmpty: true, literal: [])
            case "*", "+", "?", "{":
                return nil
            default:
                i += 1
                if c.isASCII { return literal(UInt8(c.value)) }
                if caseInsensitive { return nil }
                let bytes = Array(String(c).utf8)
                set[Int(bytes[0])] = true
                return Item(set: set, canBeEmpty: false, literal: bytes)
            }
        }

        func literal(_ b: UInt8) -> Item {
            var set = [Bool](repeating: false, count: 256)
            set[Int(b)] = true
            if caseInsensitive && ByteClass.isAlpha(b) {
                set[Int(b | 0x20)] = true
                set[Int(b & ~0x20)] = true
            }
            return Item(set: set, canBeEmpty: false, literal: [b])
        }

        /// `[…]`: its members' first bytes; negated classes and set operations give up.
        mutating func bracket() -> Item? {
            var set = [Bool](repeating: false, count: 256)
            i += 1
            guard i < p.count, p[i] != "^" else { return nil }
            var first = true
            var previous: Unicode.Scalar?
            while i < p.count {
                var c = p[i]
                if c == "]" && !first { i += 1; return Item(set: set, canBeEmpty: false, literal: nil) }
                first = false
                if c == "[" || (c == "&" && i + 1 < p.count && p[i + 1] == "&") { return nil }
                if c == "-", let lo = previous, i + 1 < p.count, p[i + 1] != "]" {
                    var hi = p[i + 1]
                    i += 2
                    if hi == "\\" { guard i < p.count else { return nil }; hi = p[i]; i += 1 }
                    guard lo.value <= hi.value else { return nil }
                    if hi.value >= 0x80 { RegexPrefilter.addNonASCII(&set) }
                    for v in lo.value...min(hi.value, 0x7F) { add(UInt8(v), &set) }
                    previous = nil
                    continue
                }
                i += 1
                if c == "\\" {
                    guard i < p.count else { return nil }
                    let e = p[i]
                    i += 1
                    switch e {
                    case "d": for b in 0x30...0x39 { set[b] = true }; RegexPrefilter.addNonASCII(&set); previous = nil; continue
                    case "w":
                        for b in 0..<128 where ByteClass.isAlnum(UInt8(b)) || b == 0x5F { set[b] = true }
                        RegexPrefilter.addNonASCII(&set); previous = nil; continue
                    case "s": for b in [0x20, 0x09, 0x0A, 0x0B, 0x0C, 0x0D] { set[b] = true }; RegexPrefilter.addNonASCII(&set); previous = nil; continue
                    case "t": c = "\t"
                    case "n": c = "\n"
                    default:
                        guard e.isASCII, !e.properties.isAlphabetic, !("0"..."9").contains(e) else { return nil }
                        c = e
                    }
                }
                if c.isASCII { add(UInt8(c.value), &set) } else {
                    if caseInsensitive { RegexPrefilter.addNonASCII(&set) } else { set[Int(Array(String(c).utf8)[0])] = true }
                }
                previous = c
            }
            return nil
        }

        func add(_ b: UInt8, _ set: inout [Bool]) {
            set[Int(b)] = true
            if caseInsensitive && ByteClass.isAlpha(b) {
                set[Int(b | 0x20)] = true
                set[Int(b & ~0x20)] = true
            }
        }
    }
}
