import LinkifyCore

/// The version `--version` prints.
package let linkifyVersion = "0.1.0"

/// `--help` text, generated from `Flag.all`.
enum Help {
    /// `text` broken at spaces into lines of at most `width` characters.
    static func wrapped(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty && line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += line.isEmpty ? String(word) : " " + word
        }
        lines.append(line)
        return lines
    }

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
            or writes what it found as JSON. A directory walk takes Markdown, HTML and
            .txt files (extensions in any case: README.MD), skipping hidden files,
            node_modules, binary files and what
            .gitignore, .git/info/exclude and git's global excludes file ignore.
            Settings come from the command line, then from the .linkify.json nearest
            to each input (see --config).

            Options:

            """
        case .lint:
            s += """
            linkify lint — report bare (unlinked) URLs and email addresses

            Usage:
              linkify lint [OPTIONS] [PATH...]

            Reports each URL or email address that annotate would link (with --profile gfm:
            what GitHub would leave bare), as PATH:LINE:COLUMN: bare URL TEXT, or in the
            json, github (workflow commands) or sarif (2.1.0) format. Without a PATH it
            checks the current folder; standard input is read only when named - or with
            --stdin-filepath, as Markdown (--stdin-filepath: by the name's extension).
            With --format text on a terminal, a summary (3 files, 2 findings) ends the
            run on standard error. A directory is
            walked for Markdown files only (.md .markdown .mdown .mkd .mdx; --include
            replaces that set), as annotate walks: hidden files, node_modules, ignored
            and binary files skipped. A file named on the command line is read in the
            format of its extension. In Markdown, nothing inside code, existing links,
            HTML comments or the inline elements <code> <pre> <a> <kbd> <samp> <tt> is
            reported (as MD034), with every profile. With gfm, a URL GitHub does not
            autolink (an IPv6 host such as https://[2001:db8::1]/) is not reported: use
            --profile default for it. --fix links them in place (Markdown links in
            Markdown, anchors in HTML; plain-text files are reported, not changed).

            Comments that turn findings off (one comment per line, optionally followed by
            rule names: bare-url, bare-email):
              <!-- linkify-disable -->  ...  <!-- linkify-enable -->
              <!-- linkify-disable-line -->  <!-- linkify-disable-next-line -->
              markdownlint's <!-- markdownlint-disable MD034 --> (or no-bare-urls, or no
              rule at all) with -enable, -disable-line, -disable-next-line, -capture,
              -restore, -disable-file and -enable-file.

            Exit status: 0 nothing found (or all fixed), 1 something found (or left),
            2 usage error or a file that could not be read or written. A closed output
            pipe ends quietly with the status of what was found (lint | head exits 1).

            Options:

            """
        }
        for flag in Flag.all where flag.commands.contains(command) {
            var names = flag.short.map { "  -\($0), " } ?? "      "
            names += "--\(flag.long)"
            if let v = flag.valueName { names += " \(v)" }
            let lines = wrapped(flag.help, width: 80 - 26)
            let indent = String(repeating: " ", count: 26)
            if names.count < 26 {
                s += names + String(repeating: " ", count: 26 - names.count) + lines[0] + "\n"
            } else {
                s += names + "\n" + indent + lines[0] + "\n"
            }
            for line in lines.dropFirst() { s += indent + line + "\n" }
        }
        if command == .annotate {
            s += """

            Detection (default profile): UTS #58 link detection; bare domains only with an
            IANA top-level domain. A bare name without www. (kernel.org, control.in) is
            weighed: its top label as a domain against it as a file extension, a member
            name in code or a common English word, its shape (Makefile-like, one-letter or
            camelCase stems, a code span's backtick, a _ glued to it, -at- in it, a path
            or :LINE after it, an extension before the top label as in sensors.conf.eg,
            the top label alone in capitals, -> before or ( after it, a reverse domain
            name, a ChangeLog item's '* name:') and whether the same text writes the host
            with a scheme, www. or in an email address, the name after / as a path, or
            its stem before three different names (math.prod beside math.comb: code);
            --explain prints the weights. Never links: a name right after / or \\ (a path component) or before
            :LINE: (main.rs:2:5). Not links either: pkg@1.2.3, git@host:path SSH remotes,
            version numbers, bare IPv4 addresses, URLs with user info; javascript:,
            vbscript: and data: are never linked.
            Hosts after a scheme must pass UTS #46 ToASCII (http://☃.net/ is one;
            http://1.2.3.999/, a label ending in _ or http://ex%zzample.com/ link
            nothing). A URL ends before the backtick that closes a code span opened
            before it, before a hard line break (\\ at a line's end) and before a
            bidirectional control (one between host characters: no link; all
            profiles). An email's local part is letters, digits, marks and . _ % + -
            ('me@example.com' in EMAIL='me@example.com'; $USER@example.com: none).
            A host label that UTS #39 flags (mixed scripts such as Cyrillic in
            https://аpple.com/, or all Cyrillic letters that look Latin) is linked
            with its A-label (xn--…) as the href; JSON adds "spoof": true.

            Exit status: 0 success, 1 --check found a file that would change, 2 usage
            error or a file that could not be read or written (the other files are still
            processed). A closed output pipe ends quietly, with the status so far.

            """
        }
        return s
    }
}
