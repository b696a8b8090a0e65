/// The man page `linkify(1)`, in roff, generated from `Flag.all` and the help texts.
enum ManPage {
    /// `s` as roff text: `\` and `-` escaped, a leading control character
    /// neutralised, and every non-ASCII scalar written `\[uXXXX]`, since roff
    /// input is ASCII (groff warns otherwise, and a C locale drops the character).
    static func roffEscaped(_ s: String) -> String {
        var out = ""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\\": out += "\\e"
            case "-": out += "\\-"
            case _ where scalar.isASCII: out.unicodeScalars.append(scalar)
            default:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                out += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
            }
        }
        if out.hasPrefix(".") || out.hasPrefix("'") { out = "\\&" + out }
        return out
    }

    /// The README's tour, recipe by recipe (GeneratedDocsTests keeps the two
    /// the same): what it is for, then its lines as typed, `# ` lines its output.
    static let examples: [(purpose: String, lines: [String])] = [
        ("In a shell pipeline: text in, links out (html by default; --to markdown, json, jsonl).", [
            "printf 'Release notes: https://example.com/v2 (thanks @alice)\\n' | linkify --to markdown --detect url,mention",
            "# Release notes: <https://example.com/v2> (thanks [@alice](https://twitter.com/alice))",
        ]),
        ("Batch conversion: rewrite Markdown files in place, or list what would change.", [
            "printf '# Notes\\n\\nSee www.example.org\\n' > notes.md",
            "linkify --check notes.md",
            "# notes.md",
            "linkify -i notes.md && cat notes.md",
            "# # Notes",
            "#",
            "# See [www.example.org](https://www.example.org)",
        ]),
        ("In CI: fail the build on bare URLs, with annotations GitHub shows on the diff.", [
            "printf 'Docs: https://example.com\\n' > README.md",
            "linkify lint --format github README.md",
            "# ::warning file=README.md,line=1,col=7::bare URL https://example.com",
        ]),
    ]

    static func text() -> String {
        var s = """
        .TH LINKIFY 1 "2026" "linkify \(linkifyVersion)" "User Commands"
        .SH NAME
        linkify \\- find URLs, email addresses and more in text, and link them
        .SH SYNOPSIS
        .B linkify
        [\\fBannotate\\fR] [\\fIOPTIONS\\fR] [\\fIPATH\\fR...]
        .br
        .B linkify lint
        [\\fIOPTIONS\\fR] [\\fIPATH\\fR...]
        .SH DESCRIPTION
        Reads each PATH (a file, a directory walked recursively, or \\- for standard input; no PATH
        reads standard input, and \\fBlint\\fR checks the current directory) and writes it back with
        links added (HTML anchors or Markdown links), or writes what it found as JSON.
        \\fBlinkify lint\\fR reports bare (unlinked) URLs and email addresses.
        .SH OPTIONS

        """
        for command in [Command.annotate, .lint] {
            s += ".SS \(command == .annotate ? "annotate" : "lint")\n"
            for flag in Completions.flags(command) {
                var names = "\\fB\\-\\-\(flag.long)\\fR"
                if let short = flag.short { names = "\\fB\\-\(short)\\fR, " + names }
                if let v = flag.valueName { names += " \\fI\(roffEscaped(v))\\fR" }
                s += ".TP\n\(names)\n\(roffEscaped(flag.help))\n"
            }
        }
        s += ".SH EXAMPLES\n"
        for example in examples {
            s += ".PP\n\(roffEscaped(example.purpose))\n.PP\n.RS 4\n.nf\n"
            for line in example.lines { s += roffEscaped(line) + "\n" }
            s += ".fi\n.RE\n"
        }
        s += """
        .SH EXIT STATUS
        0 success (lint: nothing found); 1 lint found something, or \\-\\-check found a file that would
        change; 2 usage error or a file that could not be read or written (2 wins over 1). A closed
        output pipe ends the run quietly with the status of what was found so far.
        .SH ENVIRONMENT
        \\fBLC_ALL\\fR, \\fBLANG\\fR: default locale. \\fBNO_COLOR\\fR: no colour.
        \\fBHOME\\fR, \\fBXDG_CONFIG_HOME\\fR: where git's global excludes file is found.
        .SH FILES
        \\fB.linkify.json\\fR: options for the inputs below it; each input takes the one nearest to its
        folder, up to the git work tree's top (see \\fB\\-\\-config\\fR).
        \\fB.gitignore\\fR, \\fB.git/info/exclude\\fR and git's global excludes file: paths a directory
        walk skips.
        .SH SEE ALSO
        The README of the linkify sources.

        """
        return s
    }
}
