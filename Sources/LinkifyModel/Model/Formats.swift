/// How an input is read (`--from`).
public enum InputFormat: String, CaseIterable, Sendable {
    /// Plain text (streamed), CommonMark + GFM Markdown, or HTML (streamed) (SPEC §4).
    case text, markdown, html

    /// The format a file's extension implies, or nil when it implies none (SPEC §2).
    package init?(pathExtension ext: String) {
        switch ext.lowercased() {
        case "md", "markdown", "mdown", "mkd", "mdx": self = .markdown
        case "html", "htm", "xhtml": self = .html
        case "txt", "text": self = .text
        default: return nil
        }
    }

    /// The format of a path by its extension; text when the extension says nothing.
    package init(path: String) {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        if let dot = name.lastIndex(of: "."), dot != name.startIndex,
           let format = InputFormat(pathExtension: String(name[name.index(after: dot)...])) {
            self = format
        } else {
            self = .text
        }
    }
}

/// What is written (`--to`).
public enum OutputFormat: String, CaseIterable, Sendable {
    /// Anchors, Markdown links, one JSON document, or one JSON object a line (SPEC §3).
    case html, markdown, json, jsonl

    /// The default output for an input format: markdown for markdown, html otherwise.
    package static func `default`(for input: InputFormat) -> OutputFormat {
        input == .markdown ? .markdown : .html
    }

    /// The file extension of this format's output files (`-o DIR`).
    package var fileExtension: String {
        switch self {
        case .html: return "html"
        case .markdown: return "md"
        case .json: return "json"
        case .jsonl: return "jsonl"
        }
    }
}

/// The unit of `start`/`end` in JSON output (`--offsets`).
package enum OffsetUnit: String, CaseIterable, Sendable {
    /// Unicode scalars, UTF-16 code units, or UTF-8 bytes.
    case scalar, utf16, utf8
}
