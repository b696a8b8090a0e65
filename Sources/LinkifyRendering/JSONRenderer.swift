@_spi(Layers) import LinkifyModel

/// jsonl and json output (SPEC §3).
///
/// Each entity is one object, in input order:
/// - `path`: the input's path (`-` for standard input); jsonl only;
/// - `kind`: `url`, `email`, `phone`, `date`, `address`, `mention`, `hashtag`, `cashtag` or `custom`;
/// - `text`: the entity's source text (U+FFFD for bytes that are not UTF-8);
/// - `href`: the link target;
/// - `start`, `end`: offsets into the input, end exclusive, in the `--offsets` unit;
/// - `line`, `column`: 1-based position of `start`, the column in Unicode scalars;
/// - `value`: the normal form, for kinds that have one;
/// - `spoof`: `true` on a URL whose host has a label UTS #39 flags (SPEC §5), else absent.
///
/// In json, a file's entities sit in `{"path": …, "entities": [ … ]}`, and the
/// files in `{"version": 1, "files": [ … ]}` (`JSONRenderer.documentStart`/`End`).
package struct JSONRenderer: Renderer {
    let options: RenderOptions
    var tracker = PositionTracker()
    var count = 0

    /// Creates a json or jsonl renderer.
    package init(options: RenderOptions) { self.options = options }

    /// What opens a json document.
    package static let documentStart: StaticString = "{\"version\": 1, \"files\": ["
    /// What separates two files in a json document.
    package static let fileSeparator: StaticString = ","
    /// What closes a json document.
    package static let documentEnd: StaticString = "]}\n"

    /// Appends what comes before the first slice.
    package mutating func begin(into out: inout [UInt8]) {
        guard options.format == .json else { return }
        out.append("\n{\"path\": ")
        JSONString.append(options.path, into: &out)
        out.append(", \"entities\": [")
    }

    /// Appends what comes after the last slice.
    package mutating func finish(into out: inout [UInt8]) {
        guard options.format == .json else { return }
        out.append(count == 0 ? "]}" : "\n]}")
    }

    /// Appends `text[range]` with `entities` (sorted, inside `range`) written as this format writes them.
    package mutating func write(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, entities: ArraySlice<Entity>, into out: inout [UInt8]) {
        var at = range.lowerBound
        for entity in entities {
            tracker.advance(over: text, at..<entity.start)
            let start = tracker.offset(in: options.offsets)
            let line = tracker.line, column = tracker.column
            tracker.advance(over: text, entity.start..<entity.end)
            let end = tracker.offset(in: options.offsets)
            at = entity.end
            if options.format == .json {
                out.append(count == 0 ? "\n" : ",\n")
                out.append("{")
            } else {
                out.append("{\"path\": ")
                JSONString.append(options.path, into: &out)
                out.append(", ")
            }
            count += 1
            out.append("\"kind\": \"")
            out.append(entity.kind.rawValue)
            out.append("\", \"text\": ")
            JSONString.append(text, entity.start..<entity.end, into: &out)
            out.append(", \"href\": ")
            JSONString.append(entity.target(in: text), into: &out)
            out.append(", \"start\": ")
            out.append(String(start))
            out.append(", \"end\": ")
            out.append(String(end))
            out.append(", \"line\": ")
            out.append(String(line))
            out.append(", \"column\": ")
            out.append(String(column))
            if let value = entity.value {
                out.append(", \"value\": ")
                JSONString.append(value, into: &out)
            }
            if entity.isSpoof { out.append(", \"spoof\": true") }
            out.append(options.format == .json ? "}" : "}\n")
        }
        tracker.advance(over: text, at..<range.upperBound)
    }
}

/// JSON string literals from bytes: `"` `\` and controls escaped, U+FFFD for
/// bytes that are not valid UTF-8, everything else as UTF-8.
package enum JSONString {
    /// Appends `t[r]` as a JSON string.
    package static func append(_ t: UnsafeBufferPointer<UInt8>, _ r: Range<Int>, into out: inout [UInt8]) {
        out.append(0x22)
        var i = r.lowerBound
        while i < r.upperBound {
            let b = t[i]
            if b >= 0x20 && b < 0x80 {
                if b == 0x22 || b == 0x5C { out.append(0x5C) }
                out.append(b)
                i += 1
                continue
            }
            if b < 0x20 {
                switch b {
                case 0x0A: out.append("\\n")
                case 0x0D: out.append("\\r")
                case 0x09: out.append("\\t")
                case 0x08: out.append("\\b")
                case 0x0C: out.append("\\f")
                default:
                    out.append("\\u00")
                    out.append(ByteClass.hexDigit(b >> 4))
                    out.append(ByteClass.hexDigit(b & 0xF))
                }
                i += 1
                continue
            }
            let (v, len) = UTF8Bytes.decode(t, at: i)
            if v == UTF8Bytes.invalid {
                out.append(contentsOf: [0xEF, 0xBF, 0xBD])
            } else {
                out.append(contentsOf: UnsafeBufferPointer(rebasing: t[i..<(i + len)]))
            }
            i += len
        }
        out.append(0x22)
    }

    /// Appends `s` as a JSON string.
    package static func append(_ s: String, into out: inout [UInt8]) {
        var s = s
        s.withUTF8 { append($0, 0..<$0.count, into: &out) }
    }

    /// `s` as a JSON string literal.
    package static func literal(_ s: String) -> String {
        var out: [UInt8] = []
        append(s, into: &out)
        return String(decoding: out, as: Unicode.UTF8.self)
    }
}
