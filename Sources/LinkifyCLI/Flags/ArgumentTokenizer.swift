/// One command-line token, before any meaning is attached to it.
enum ArgumentToken: Equatable {
    /// `--name`, `--name=value` or `-x`: the name without dashes, the value when attached.
    case option(name: String, value: String?, isShort: Bool, spelled: String)
    /// A path or a command name; `-` is positional (standard input).
    case positional(String)
}

/// Splits raw arguments into tokens: long options with `=` values, bundled
/// short flags (`-qi` is `-q -i`; `-ofile` is `-o file` when `o` takes a value),
/// and `--`, after which everything is positional.
struct ArgumentTokenizer {
    /// Whether a short flag takes a value, so the rest of a bundle is its value.
    let shortTakesValue: (Character) -> Bool

    func tokens(_ arguments: [String]) -> [ArgumentToken] {
        var result: [ArgumentToken] = []
        var afterTerminator = false
        for argument in arguments {
            if afterTerminator || argument == "-" || !argument.hasPrefix("-") {
                result.append(.positional(argument))
                continue
            }
            if argument == "--" {
                afterTerminator = true
                continue
            }
            if argument.hasPrefix("--") {
                let body = argument.dropFirst(2)
                if let eq = body.firstIndex(of: "=") {
                    result.append(.option(name: String(body[..<eq]), value: String(body[body.index(after: eq)...]),
                                          isShort: false, spelled: "--" + body[..<eq]))
                } else {
                    result.append(.option(name: String(body), value: nil, isShort: false, spelled: argument))
                }
                continue
            }
            // Short flags, possibly bundled.
            var rest = Substring(argument.dropFirst())
            while let c = rest.first {
                rest = rest.dropFirst()
                if shortTakesValue(c) && !rest.isEmpty {
                    let value = rest.hasPrefix("=") ? rest.dropFirst() : rest
                    result.append(.option(name: String(c), value: String(value), isShort: true, spelled: "-\(c)"))
                    break
                }
                result.append(.option(name: String(c), value: nil, isShort: true, spelled: "-\(c)"))
            }
        }
        return result
    }
}
