/// SARIF 2.1.0 (OASIS, `sarif-schema-2.1.0.json`): one run whose tool driver
/// is linkify with a rule per kind (`bare-url`, `bare-email`, …), and one
/// result per finding with its region (1-based lines; columns in Unicode code
/// points, as the run's `columnKind` says; `endColumn` just past the end).
/// Relative paths are relative to `%SRCROOT%`, as GitHub code scanning expects.
public struct SARIFLintReporter: LintReporter {
    /// The rules listed in the driver, in order; results point at them by index.
    public let rules: [LintRule]
    /// The tool version written in the driver.
    public let toolVersion: String
    var count = 0

    /// The schema's address.
    public static let schema = "https://json.schemastore.org/sarif-2.1.0.json"

    /// Creates a SARIF reporter.
    public init(rules: [LintRule], toolVersion: String) {
        self.rules = rules
        self.toolVersion = toolVersion
    }

    /// The bytes that open the report.
    public mutating func begin() -> [UInt8] {
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
    public mutating func report(_ findings: [LintFinding]) -> [UInt8] {
        var out: [UInt8] = []
        for f in findings {
            let index = rules.firstIndex(of: f.rule) ?? 0
            out.append(count == 0 ? "\n" : ",\n")
            count += 1
            out.append("        {\"ruleId\": \"\(f.rule.id)\", \"ruleIndex\": \(index), \"level\": \"warning\", \"message\": {\"text\": ")
            JSONString.append(f.message, into: &out)
            out.append("}, \"locations\": [{\"physicalLocation\": {\"artifactLocation\": {\"uri\": ")
            let (uri, isRelative) = Self.uri(f.path)
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
    public mutating func finish() -> [UInt8] {
        Array(((count == 0 ? "]" : "\n      ]") + "\n    }\n  ]\n}\n").utf8)
    }

    /// `BareUrl` style name of a rule.
    static func ruleName(_ rule: LintRule) -> String {
        rule.id.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    /// A path as a URI reference: percent-encoded; absolute paths as `file://` URIs.
    static func uri(_ path: String) -> (String, isRelative: Bool) {
        var p = Substring(path)
        while p.hasPrefix("./") { p = p.dropFirst(2) }
        var bytes: [UInt8] = []
        PercentEncoding.append(p.utf8, as: .path, into: &bytes)
        let encoded = String(decoding: bytes, as: Unicode.UTF8.self)
        if path.hasPrefix("/") { return ("file://" + encoded, false) }
        return (encoded, true)
    }
}
