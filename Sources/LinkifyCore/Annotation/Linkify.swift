@_spi(Layers) import LinkifyModel
import LinkifyRendering
import LinkifyFinding

/// The package's own conveniences on Swift strings, with finder options
/// (the tests'); the library's users have `Linkifier`.
package enum Linkify {
    /// `text` written back in `format` with its entities linked.
    /// - Parameters:
    ///   - text: the input.
    ///   - format: html, markdown, json or jsonl.
    ///   - input: how `text` is read (default plain text).
    ///   - options: what to find (default `--detect url,email --profile default`).
    package static func annotate(_ text: String, to format: OutputFormat, from input: InputFormat = .text,
                                options: FinderOptions = FinderOptions()) -> String {
        Linkifier(options: options).annotated(text, as: format, from: input)
    }
}

extension EntityFinder {
    /// The entities in `text`; offsets are UTF-8 byte offsets into `text.utf8`.
    package func entities(in text: String) -> [Entity] {
        var text = text
        return text.withUTF8 { entities(in: $0) }
    }
}
