/// A JSON value, as the config file needs it (RFC 8259), parsed without Foundation.
enum JSONValue: Equatable {
    case string(String)
    case number(String)
    case bool(Bool)
    case null
    case array([JSONValue])
    /// Members in file order (keys may repeat; the config reader rejects that).
    case object([(key: String, value: JSONValue)])

    static func == (a: JSONValue, b: JSONValue) -> Bool {
        switch (a, b) {
        case (.string(let x), .string(let y)), (.number(let x), .number(let y)): return x == y
        case (.bool(let x), .bool(let y)): return x == y
        case (.null, .null): return true
        case (.array(let x), .array(let y)): return x == y
        case (.object(let x), .object(let y)): return x.map(\.key) == y.map(\.key) && x.map(\.value) == y.map(\.value)
        default: return false
        }
    }

    /// A parse error with the 1-based line and column it was found at.
    struct ParseError: Error, Equatable {
        let line: Int
        let column: Int
        let message: String
    }

    /// Parses one JSON document.
    static func parse(_ bytes: [UInt8]) throws(ParseError) -> JSONValue {
        var p = Parser(b: bytes)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { p.i = 3 }
        let value = try p.value(depth: 0)
        p.skipSpace()
        guard p.i == bytes.count else { throw p.error("unexpected text after the JSON value") }
        return value
    }

    struct Parser {
        let b: [UInt8]
        var i = 0

        func error(_ message: String) -> ParseError {
            var line = 1, column = 1
            for k in 0..<min(i, b.count) {
                if b[k] == 0x0A { line += 1; column = 1 } else if b[k] & 0xC0 != 0x80 { column += 1 }
            }
            return ParseError(line: line, column: column, message: message)
        }

        mutating func skipSpace() {
            while i < b.count && (b[i] == 0x20 || b[i] == 0x09 || b[i] == 0x0A || b[i] == 0x0D) { i += 1 }
        }

        mutating func value(depth: Int) throws(ParseError) -> JSONValue {
            guard depth < 64 else { throw error("nested too deeply") }
            skipSpace()
            guard i < b.count else { throw error("unexpected end of file") }
            switch b[i] {
            case 0x7B: // {
                i += 1
                var members: [(key: String, value: JSONValue)] = []
                skipSpace()
                if i < b.count && b[i] == 0x7D { i += 1; return .object(members) }
                while true {
                    skipSpace()
                    guard i < b.count, b[i] == 0x22 else { throw error("expected a \"key\"") }
                    let key = try string()
                    skipSpace()
                    guard i < b.count, b[i] == 0x3A else { throw error("expected ':' after the key") }
                    i += 1
                    members.append((key, try value(depth: depth + 1)))
                    skipSpace()
                    guard i < b.count else { throw error("unexpected end of file in an object") }
                    if b[i] == 0x2C { i += 1; continue }
                    if b[i] == 0x7D { i += 1; return .object(members) }
                    throw error("expected ',' or '}'")
                }
            case 0x5B: // [
                i += 1
                var items: [JSONValue] = []
                skipSpace()
                if i < b.count && b[i] == 0x5D { i += 1; return .array(items) }
                while true {
                    items.append(try value(depth: depth + 1))
                    skipSpace()
                    guard i < b.count else { throw error("unexpected end of file in an array") }
                    if b[i] == 0x2C { i += 1; continue }
                    if b[i] == 0x5D { i += 1; return .array(items) }
                    throw error("expected ',' or ']'")
                }
            case 0x22:
                return .string(try string())
            case 0x74 where b[i...].starts(with: Array("true".utf8)): i += 4; return .bool(true)
            case 0x66 where b[i...].starts(with: Array("false".utf8)): i += 5; return .bool(false)
            case 0x6E where b[i...].starts(with: Array("null".utf8)): i += 4; return .null
            case 0x2D, 0x30...0x39:
                let s = i
                if b[i] == 0x2D { i += 1 }
                guard i < b.count, ASCIIByte.isDigit(b[i]) else { throw error("invalid number") }
                while i < b.count && (ASCIIByte.isDigit(b[i]) || b[i] == 0x2E || b[i] == 0x65 || b[i] == 0x45 || b[i] == 0x2B || b[i] == 0x2D) { i += 1 }
                return .number(String(decoding: b[s..<i], as: UTF8.self))
            default:
                throw error("unexpected character")
            }
        }

        mutating func string() throws(ParseError) -> String {
            i += 1
            var out: [UInt8] = []
            while i < b.count {
                let c = b[i]
                if c == 0x22 {
                    i += 1
                    guard let s = String(validating: out, as: UTF8.self) else { throw error("string is not valid UTF-8") }
                    return s
                }
                if c < 0x20 { throw error("control character in a string") }
                if c == 0x5C {
                    i += 1
                    guard i < b.count else { break }
                    switch b[i] {
                    case 0x22, 0x5C, 0x2F: out.append(b[i])
                    case 0x62: out.append(0x08)
                    case 0x66: out.append(0x0C)
                    case 0x6E: out.append(0x0A)
                    case 0x72: out.append(0x0D)
                    case 0x74: out.append(0x09)
                    case 0x75:
                        var v = try hex4()
                        if (0xD800...0xDBFF).contains(v), i + 6 < b.count, b[i + 1] == 0x5C, b[i + 2] == 0x75 {
                            i += 2
                            let low = try hex4()
                            guard (0xDC00...0xDFFF).contains(low) else { throw error("invalid surrogate pair") }
                            v = 0x10000 + ((v - 0xD800) << 10) + (low - 0xDC00)
                        }
                        guard let scalar = Unicode.Scalar(v) else { throw error("invalid \\u escape") }
                        out.append(contentsOf: String(scalar).utf8)
                    default: throw error("invalid escape")
                    }
                    i += 1
                    continue
                }
                out.append(c)
                i += 1
            }
            throw error("unterminated string")
        }

        /// Reads the 4 hex digits after `\u` (i at `u`); leaves i on the last digit.
        mutating func hex4() throws(ParseError) -> UInt32 {
            guard i + 4 < b.count else { throw error("invalid \\u escape") }
            var v: UInt32 = 0
            for k in 1...4 {
                let c = b[i + k] | 0x20
                let d: UInt32
                if ASCIIByte.isDigit(b[i + k]) { d = UInt32(b[i + k] - 0x30) } else if c >= 0x61 && c <= 0x66 { d = UInt32(c - 0x61 + 10) } else {
                    throw error("invalid \\u escape")
                }
                v = v * 16 + d
            }
            i += 4
            return v
        }
    }
}

/// ASCII byte tests for the CLI (the core's are internal).
enum ASCIIByte {
    @inline(__always) static func isDigit(_ b: UInt8) -> Bool { b &- 0x30 < 10 }
}
