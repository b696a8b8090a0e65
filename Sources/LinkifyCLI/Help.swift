import LinkifyCore

/// The version `--version` prints.
public let linkifyVersion = "0.1.0"

/// `--help` text, generated from `Flag.all`.
enum Help {
    static func text(for command: Command) -> String {
        var s = ""
        switch command {
        case .annotate:
            s += """
            linkify \(linkifyVersion) — find URLs, email addresses and more in text, and link them

            Usage:
              linkify [annotate] [OPTIONS] [PATH...]
              linkify lint [OPTIONS] [PATH...]     (see: linkify help lint)

            Reads each PATH (a file, a directory walked recursively, or - for standard
            input; no PATH reads standard input) and writes it back with links added,
            or writes what it found as JSON.

            Options:

            """
        case .lint:
            s += """
            linkify lint — report bare (unlinked) URLs and email addresses

            Usage:
              linkify lint [OPTIONS] [PATH...]

            Exit status: 0 nothing found, 1 something found, 2 usage error or unreadable file.

            Options:

            """
        }
        for flag in Flag.all where flag.commands.contains(command) {
            var names = flag.short.map { "  -\($0), " } ?? "      "
            names += "--\(flag.long)"
            if let v = flag.valueName { names += " \(v)" }
            if names.count < 26 {
                s += names + String(repeating: " ", count: 26 - names.count) + flag.help + "\n"
            } else {
                s += names + "\n" + String(repeating: " ", count: 26) + flag.help + "\n"
            }
        }
        if command == .annotate {
            s += """

            Detection (default profile): UTS #58 link detection; bare domains only with an
            IANA top-level domain; not links: file names such as main.rs or README.md,
            pkg@1.2.3, git@host:path SSH remotes, version numbers, bare IPv4 addresses,
            URLs with user info; javascript:, vbscript: and data: are never linked.

            Exit status: 0 success, 2 usage error or a file that could not be read or
            written (the other files are still processed). A closed output pipe ends quietly.

            """
        }
        return s
    }
}
