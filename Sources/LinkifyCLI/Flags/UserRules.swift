#if canImport(Glibc)
import Glibc
#endif
import LinkifyCore

extension Options {
    /// The scanners for the user's literal links (`--link`, `--links`,
    /// `--ignore-case`) and patterns (`--pattern`): one automaton for every
    /// literal, one scanner per pattern. `--link` literals come first, so of
    /// two equal texts the command line's wins.
    func userScanners() throws -> [any EntityScanner] {
        var literals = literalLinks.map { LiteralLink(text: $0.text, target: $0.url, origin: "--link") }
        for (index, path) in literalLinkFiles.enumerated() {
            do {
                literals += try Self.readLiteralLinks(path)
            } catch let error as FileError {
                throw UsageError(located("\(error.path): \(error.message)", key: "links", index: index))
            } catch let error as UsageError {
                throw UsageError(located(error.message, key: "links", index: index))
            }
        }
        var scanners: [any EntityScanner] = []
        if !literals.isEmpty { scanners.append(LiteralLinkScanner(links: literals, ignoresCase: ignoreCase)) }
        for (index, value) in patterns.enumerated() {
            let (regex, template) = try Self.splitPattern(value)   // checked when given
            do {
                scanners.append(try PatternLinkScanner(pattern: regex, template: template))
            } catch {
                throw UsageError(located(error.message, key: "pattern", index: index))
            }
        }
        return scanners
    }

    /// `REGEX=>TEMPLATE`, split at the last `=>` (a URL has none; a regex may).
    static func splitPattern(_ value: String) throws(UsageError) -> (String, String) {
        guard let r = value.ranges(of: "=>").last, r.lowerBound != value.startIndex else {
            throw UsageError("invalid value '\(value)' for --pattern (expected 'REGEX=>TEMPLATE')")
        }
        return (String(value[..<r.lowerBound]), String(value[r.upperBound...]))
    }

    /// Reads a `--links` file: one `TEXT<TAB>URL` a line; empty lines and
    /// lines starting with `#` are skipped. Errors name the file and the line.
    static func readLiteralLinks(_ path: String) throws -> [LiteralLink] {
        let fd = try FileSystem.open(path)
        defer { close(fd) }
        if FileSystem.kind(of: path).0 == .directory { throw FileError(path: path, message: "is a directory") }
        let bytes = try FileInput(fd: fd, path: path).readAll()
        var result: [LiteralLink] = []
        var lineNumber = 0
        for rawLine in bytes.split(separator: 0x0A, omittingEmptySubsequences: false) {
            lineNumber += 1
            var line = rawLine[...]
            if line.last == 0x0D { line = line.dropLast() }
            if lineNumber == 1 && line.starts(with: [0xEF, 0xBB, 0xBF]) { line = line.dropFirst(3) }
            if line.isEmpty || line.first == 0x23 { continue }
            guard let tab = line.firstIndex(of: 0x09) else {
                throw UsageError("\(path):\(lineNumber): expected TEXT<TAB>URL (no tab on this line)")
            }
            guard let text = String(validating: line[..<tab], as: UTF8.self),
                  let url = String(validating: line[(tab + 1)...], as: UTF8.self) else {
                throw UsageError("\(path):\(lineNumber): not valid UTF-8")
            }
            let trimmedURL = Substring(url).trimmingSpaces()
            guard !text.isEmpty, !trimmedURL.isEmpty else {
                throw UsageError("\(path):\(lineNumber): expected TEXT<TAB>URL (\(text.isEmpty ? "TEXT" : "URL") is empty)")
            }
            result.append(LiteralLink(text: text, target: trimmedURL, origin: "\(path):\(lineNumber)"))
        }
        return result
    }

    /// Anchor options for html and markdown output (`--attr`, `--class`,
    /// `--truncate`); attribute names are checked.
    func anchorOptions() throws(UsageError) -> AnchorOptions {
        // `--attr` checks its names when given; again here for Options built by hand.
        for (name, _) in attributes { try Self.checkAttributeName(name) }
        return AnchorOptions(attributes: attributes, classTemplate: classTemplate, truncate: truncate)
    }

    /// A usage error unless `name` may be set with `--attr`: letters, digits
    /// and `-_:.`, and not `href`, `class` (`--class`), `style` or an `on…`
    /// event handler.
    static func checkAttributeName(_ name: String) throws(UsageError) {
        let lower = name.lowercased()
        let scalars = Array(name.unicodeScalars)
        guard let first = scalars.first, first.isASCII, first.properties.isAlphabetic || first == "_",
              scalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "-_:.".unicodeScalars.contains($0)) })
        else {
            throw UsageError("invalid attribute name '\(name)' for --attr (expected letters, digits, '-', '_', ':' or '.')")
        }
        if lower == "href" || lower == "class" || lower.hasPrefix("on") || lower == "style" {
            let hint = lower == "class" ? " (use --class)" : ""
            throw UsageError("attribute '\(name)' may not be set with --attr\(hint)")
        }
    }
}
