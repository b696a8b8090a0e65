@_spi(Layers) import LinkifyModel
import LinkifyRendering
import LinkifyFinding

/// Conveniences for using LinkifyCore on Swift strings.
///
/// ```swift
/// import LinkifyCore
///
/// let finder = EntityFinder(options: FinderOptions(kinds: [.url, .email]))
/// for entity in finder.entities(in: "Write to hi@example.org") {
///     print(entity.kind, entity.target)          // email mailto:hi@example.org
/// }
/// let html = Linkify.annotate("See example.com", to: .html)
/// // See <a href="https://example.com">example.com</a>
/// ```
package enum Linkify {
    /// `text` written back in `format` with its entities linked.
    /// - Parameters:
    ///   - text: the input.
    ///   - format: html, markdown, json or jsonl.
    ///   - input: how `text` is read (default plain text).
    ///   - options: what to find (default `--detect url,email --profile default`).
    package static func annotate(_ text: String, to format: OutputFormat, from input: InputFormat = .text,
                                options: FinderOptions = FinderOptions()) -> String {
        var text = text
        var out: [UInt8] = []
        text.withUTF8 { bytes in
            var annotator = Annotator(input: input, finder: EntityFinder(options: options),
                                      renderer: makeRenderer(RenderOptions(format: format, input: input)))
            annotator.annotate(bytes, into: &out)
        }
        return String(decoding: out, as: Unicode.UTF8.self)
    }
}

extension EntityFinder {
    /// The entities in `text`; offsets are UTF-8 byte offsets into `text.utf8`.
    package func entities(in text: String) -> [Entity] {
        var text = text
        return text.withUTF8 { entities(in: $0) }
    }
}
