import LinkifyRendering

/// Turns findings into a report's bytes; it never prints. The driver writes
/// `begin()`, then `report(_:)` for each file's findings in turn, then `finish()`.
package protocol LintReporter {
    /// What comes before the first finding.
    mutating func begin() -> [UInt8]
    /// One file's findings, in order.
    mutating func report(_ findings: [LintFinding]) -> [UInt8]
    /// What comes after the last finding.
    mutating func finish() -> [UInt8]
}

extension LintReporter {
    /// The bytes that open the report.
    package mutating func begin() -> [UInt8] { [] }
    /// The bytes that close the report.
    package mutating func finish() -> [UInt8] { [] }

    /// A whole report of `findings` (for tests and single files).
    package mutating func render(_ findings: [LintFinding]) -> String {
        var out = begin()
        out += report(findings)
        out += finish()
        return String(decoding: out, as: UTF8.self)
    }
}

/// `PATH:LINE:COLUMN: bare URL https://example.com`, one finding a line;
/// with `color`, the location in bold and the rule's words in yellow.
package struct TextLintReporter: LintReporter {
    /// Whether ANSI colours are used.
    package let color: Bool

    /// Creates a text reporter.
    package init(color: Bool = false) { self.color = color }

    /// The bytes for one file's findings.
    package mutating func report(_ findings: [LintFinding]) -> [UInt8] {
        var out: [UInt8] = []
        for f in findings {
            let location = "\(f.path):\(f.start.line):\(f.start.column):"
            if color {
                out.append("\u{1B}[1m\(location)\u{1B}[0m \u{1B}[33mbare \(f.rule.noun)\u{1B}[0m \(f.text)\n")
            } else {
                out.append("\(location) \(f.message)\n")
            }
        }
        return out
    }
}

/// A JSON array of `{"path", "line", "column", "end_line", "end_column",
/// "kind", "text", "message"}`, one object a line; lines and columns 1-based,
/// columns in Unicode scalars, `end_column` just past the last character.
package struct JSONLintReporter: LintReporter {
    var count = 0

    /// Creates a json reporter.
    package init() {}

    /// The bytes that open the report.
    package mutating func begin() -> [UInt8] { Array("[".utf8) }

    /// The bytes for one file's findings.
    package mutating func report(_ findings: [LintFinding]) -> [UInt8] {
        var out: [UInt8] = []
        for f in findings {
            out.append(count == 0 ? "\n" : ",\n")
            count += 1
            out.append("{\"path\": ")
            JSONString.append(f.path, into: &out)
            out.append(", \"line\": \(f.start.line), \"column\": \(f.start.column)")
            out.append(", \"end_line\": \(f.end.line), \"end_column\": \(f.end.column)")
            out.append(", \"kind\": \"\(f.kind.rawValue)\", \"text\": ")
            JSONString.append(f.text, into: &out)
            out.append(", \"message\": ")
            JSONString.append(f.message, into: &out)
            out.append("}")
        }
        return out
    }

    /// The bytes that close the report.
    package mutating func finish() -> [UInt8] { Array((count == 0 ? "]\n" : "\n]\n").utf8) }
}

/// GitHub Actions workflow commands: `::warning file=PATH,line=L,col=C::message`,
/// one finding a line, escaped as the runner expects (`%`, CR, LF everywhere;
/// `:` and `,` in properties too).
package struct GitHubLintReporter: LintReporter {
    /// Creates a github reporter.
    package init() {}

    /// The bytes for one file's findings.
    package mutating func report(_ findings: [LintFinding]) -> [UInt8] {
        var out: [UInt8] = []
        for f in findings {
            out.append("::warning file=\(Self.escaped(f.path, property: true)),line=\(f.start.line),col=\(f.start.column)::")
            out.append(Self.escaped(f.message, property: false))
            out.append(0x0A)
        }
        return out
    }

    /// `s` escaped for a workflow command's property (`property`) or message.
    package static func escaped(_ s: String, property: Bool) -> String {
        var result = ""
        for c in s.unicodeScalars {
            switch c {
            case "%": result += "%25"
            case "\r": result += "%0D"
            case "\n": result += "%0A"
            case ":" where property: result += "%3A"
            case "," where property: result += "%2C"
            default: result.unicodeScalars.append(c)
            }
        }
        return result
    }
}
