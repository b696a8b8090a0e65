import LinkifyCore

/// `--standalone`: a plain-text input written as a complete HTML5 document
///, so that a `.html` file opens in a browser as the text it came
/// from. The annotated text goes, as it is, into one `<pre>`: the HTML
/// renderer has escaped it and added the anchors, and a `<pre>` keeps every
/// line break, blank line and leading space without rewriting the text
/// (a `<br>` per line would). Its style wraps long lines at the window's
/// edge instead of making the page scroll sideways.
enum StandaloneDocument {
    /// What comes before the text: the doctype, the UTF-8 charset (SPEC §7:
    /// invalid bytes pass through, and a browser shows them as U+FFFD), the
    /// file's name as the title, and the opening `<pre>`.
    static func head(title: String) -> [UInt8] {
        // The newline after <pre> is dropped by HTML parsers (HTML §13.2.6.4.7),
        // so a text that starts with a blank line keeps it.
        Array("""
        <!DOCTYPE html>
        <html>
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(HTMLEscaping.escaped(title))</title>
        <style>pre { white-space: pre-wrap; overflow-wrap: anywhere; }</style>
        </head>
        <body>
        <pre>

        """.utf8)
    }

    /// What comes after the text.
    static let tail = Array("</pre>\n</body>\n</html>\n".utf8)

    /// The title for `path`: its last component (`-` is standard input).
    static func title(for path: String) -> String {
        guard path != "-" else { return "standard input" }
        return PathBytes.displayed(String(PathBytes.lastComponent(path)))
    }
}
