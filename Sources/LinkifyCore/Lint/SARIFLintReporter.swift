@_spi(Layers) import LinkifyModel
import LinkifyRendering

/// SARIF 2.1.0 (OASIS, `sarif-schema-2.1.0.json`): one run whose tool driver
/// is linkify with a rule per kind (`bare-url`, `bare-email`, …), and one
/// result per finding with its region (1-based lines; columns in Unicode code
/// points, as the run's `columnKind` says; `endColumn` just past the end).
/// Relative paths are relative to `%SRCROOT%`, as GitHub code scanning expects.
package struct SARIFLintReporter: LintReporter {
    /// The rules listed in the driver, in order; results point at them by index.
    package let rules: [LintRule]
    /// The tool version written in the driver.
    package let toolVersion: String
    /// The exact bytes of the file name a finding's `path` stands for, from
    /// which its artifact URI is made. By default the path's UTF-8; a driver
    /// that keeps file names as bytes (not all are UTF-8) maps its form back,
    /// so that a byte such as 0xFF becomes `%FF`, not the `\xFF` a message shows.
    package var pathBytes: @Sendable (String) -> [UInt8] = { Array($0.utf8) }
    var count = 0

    /// The schema's address.
    package static let schema = "https://json.schemastore.org/sarif-2.1.0.json"

    /// Creates a SARIF reporter.
    package init(rules: [LintRule], toolVersion: String) {
        self.rules = rules
        self.toolVersion = toolVersion
    }

    /// The bytes that open the report.
    package mutating func begin() -> [UInt8] {
        var out: [UInt8] = []
        out.append("{\n  \"$schema\": \"\(Self.schema)\",\n  \"version\": \"2.1.0\",\n  \"runs\": [\n    {\n")
        out.append("      \"tool\": {\n        \"driver\": {\n          \"name\": \"linkify\",\n")
        out.append("          \"version\": ")
        JSONString.append(toolVersion, into: &out)
        out.append(",\n          \"rules\": [")
        for (i, rule) in rules.enumerated() {
            out.append(i == 0 ? "\n" : ",\n")
            out.append("            {\"id\": \"\(rule.id)\", \"name\": ")
            JSONString.append(Self.ruleName(rule), into: &out)
            out.append(", \"shortDescription\": {\"text\": ")
            JSONString.append(rule.summary, into: &out)
            out.append("}, \"fullDescription\": {\"text\": ")
            JSONString.append(rule.explanation, into: &out)
            out.append("}, \"help\": {\"text\": ")
            JSONString.append("Write the \(rule.noun) as a link, or run linkify lint --fix.", into: &out)
            out.append("}, \"defaultConfiguration\": {\"level\": \"warning\"}, \"properties\": {\"tags\": [\"links\", \"markdown\"]}}")
        }
        out.append("\n          ]\n        }\n      },\n")
        out.append("      \"columnKind\": \"unicodeCodePoints\",\n")
        out.append("      \"originalUriBaseIds\": {\"%SRCROOT%\": {\"uri\": \"./\"}},\n")
        out.append("      \"results\": [")
        return out
    }

    /// The bytes for one file's findings.
    package mutating func report(_ findings: [LintFinding]) -> [UInt8] {
        var out: [UInt8] = []
        for f in findings {
            let index = rules.firstIndex(of: f.rule) ?? 0
            out.append(count == 0 ? "\n" : ",\n")
            count += 1
            out.append("        {\"ruleId\": \"\(f.rule.id)\", \"ruleIndex\": \(index), \"level\": \"warning\", \"message\": {\"text\": ")
            JSONString.append(f.message, into: &out)
            out.append("}, \"locations\": [{\"physicalLocation\": {\"artifactLocation\": {\"uri\": ")
            let (uri, isRelative) = Self.uri(bytes: pathBytes(f.path))
            JSONString.append(uri, into: &out)
            if isRelative { out.append(", \"uriBaseId\": \"%SRCROOT%\"") }
            out.append("}, \"region\": {\"startLine\": \(f.start.line), \"startColumn\": \(f.start.column)")
            out.append(", \"endLine\": \(f.end.line), \"endColumn\": \(f.end.column)")
            out.append(", \"byteOffset\": \(f.range.lowerBound), \"byteLength\": \(f.range.count)}}}]")
            out.append("}")
        }
        return out
    }

    /// The bytes that close the report.
    package mutating func finish() -> [UInt8] {
        Array(((count == 0 ? "]" : "\n      ]") + "\n    }\n  ]\n}\n").utf8)
    }

    /// `BareUrl` style name of a rule.
    static func ruleName(_ rule: LintRule) -> String {
        rule.id.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    /// A path as a URI reference; absolute paths as `file://` URIs.
    static func uri(_ path: String) -> (String, isRelative: Bool) {
        uri(bytes: Array(path.utf8))
    }

    /// A file name's bytes as a URI reference (RFC 3986): every byte but the
    /// unreserved characters (§2.3) and `/` is percent-encoded, so that any
    /// name, whatever bytes it holds, names the same file again once decoded;
    /// leading `./` dropped; an absolute path as a `file://` URI.
    static func uri(bytes path: [UInt8]) -> (String, isRelative: Bool) {
        var p = path[...]
        while p.starts(with: [0x2E, 0x2F]) { p = p.dropFirst(2) }
        var encoded: [UInt8] = []
        encoded.reserveCapacity(p.count)
        for b in p {
            if ByteClass.isAlnum(b) || b == 0x2D || b == 0x2E || b == 0x5F || b == 0x7E || b == 0x2F {
                encoded.append(b)
            } else {
                encoded.append(0x25)
                encoded.append(ByteClass.hexDigit(b >> 4))
                encoded.append(ByteClass.hexDigit(b & 0xF))
            }
        }
        let text = String(decoding: encoded, as: Unicode.UTF8.self)
        if path.first == 0x2F { return ("file://" + text, false) }
        return (text, true)
    }
}
