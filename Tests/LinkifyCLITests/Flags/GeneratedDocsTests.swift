@testable import LinkifyCLI
import LinkifyTestSupport
import Testing

/// `--help`, the man page and the completion scripts against the flag table
/// `Flag.all` they are generated from (every flag in both, fixed
/// value sets completed). `scripts/check/test_install.sh` renders and loads them.
@Suite struct GeneratedDocsTests {
    /// The options part of the man page for `command` (its `.SS` section).
    static func manSection(_ command: Command) -> Substring {
        let page = ManPage.text()
        let start = page.firstRange(of: ".SS \(command.rawValue)\n")!.upperBound
        let rest = page[start...]
        let end = rest.firstRange(of: command == .annotate ? ".SS lint\n" : ".SH EXIT STATUS")!.lowerBound
        return rest[..<end]
    }

    /// The option lines of `--help` for `command` that list `flag`.
    static func helpLines(_ command: Command, _ flag: Flag) -> [Substring] {
        // An option line is indented: "  -t, --to FORMAT  …" or "      --detect LIST  …".
        let names = (flag.short.map { "  -\($0), " } ?? "      ") + "--\(flag.long)"
        return Help.text(for: command).split(separator: "\n").filter { $0 == names || $0.hasPrefix(names + " ") }
    }

    @Test(arguments: Flag.all.map(\.long))
    func flagIsInHelpAndManPage(_ long: String) {
        let flag = Flag.all.first { $0.long == long }!
        for command in [Command.annotate, .lint] {
            let listed = flag.commands.contains(command)
            let names = (flag.short.map { "\\fB\\-\($0)\\fR, " } ?? "") + "\\fB\\-\\-\(long)\\fR"
            #expect(Self.helpLines(command, flag).count == (listed ? 1 : 0), "--\(long) in `\(command.rawValue) --help`")
            #expect(Self.manSection(command).contains(".TP\n" + names) == listed,
                    "--\(long) in the man page's \(command.rawValue) section")
        }
    }

    @Test(arguments: Flag.all.map(\.long))
    func flagIsInEachCompletionScript(_ long: String) {
        #expect(Completions.bash().contains("--\(long)"))
        #expect(Self.zshSpec(long) != nil)
        #expect(Completions.fish().contains("complete -c linkify -l \(long) "))
    }

    /// roff input is ASCII: `…` in a help text is written `\[u2026]`.
    @Test func manPageIsASCII() {
        let page = ManPage.text()
        let nonASCII = page.unicodeScalars.filter { !$0.isASCII }
        #expect(nonASCII.isEmpty)
        #expect(page.contains("with \\[u2026] (target untouched)"))
        #expect(ManPage.roffEscaped("a-b\\c …é") == "a\\-b\\ec \\[u2026]\\[u00E9]")
        #expect(ManPage.roffEscaped(".x") == "\\&.x")
    }

    /// The man page has EXAMPLES: the README's tour, command for command, in
    /// its order (issue 24, item 19).
    @Test func manPageExamplesAreTheREADMETour() {
        let readme = String(decoding: Files.read(Files.packageRoot + "/README.md"), as: UTF8.self)
        guard let start = readme.firstRange(of: "## A tour for each use\n\n```sh\n")?.upperBound,
              let end = readme[start...].firstRange(of: "```\n")?.lowerBound else {
            Issue.record("README has no tour block")
            return
        }
        let commands = readme[start..<end].split(separator: "\n").filter { !$0.hasPrefix("#") }
        let page = ManPage.text()
        guard let examples = page.firstRange(of: ".SH EXAMPLES\n").map({ page[$0.upperBound...] }) else {
            Issue.record("the man page has no EXAMPLES section")
            return
        }
        let section = examples.prefix(upTo: examples.firstRange(of: "\n.SH ")?.lowerBound ?? examples.endIndex)
        #expect(commands.count >= 5)
        var rest = section[...]
        for command in commands {
            let line = ManPage.roffEscaped(String(command)) + "\n"
            guard let found = rest.firstRange(of: line) else {
                Issue.record("not in the man page's EXAMPLES (in the README's order): \(command)")
                continue
            }
            rest = rest[found.upperBound...]
        }
    }

    /// Every `--name` the help texts and the man page mention is a real flag.
    @Test func noStaleFlagNames() {
        let names = Set(Flag.all.map(\.long))
        let texts = [Help.text(for: .annotate), Help.text(for: .lint),
                     ManPage.text().replacing("\\-", with: "-").replacing("\\fB", with: "").replacing("\\fR", with: "")]
        for text in texts {
            for match in text.matches(of: /--([a-z][a-z-]*)/) {
                #expect(names.contains(String(match.1)), "--\(match.1) is not in Flag.all")
            }
        }
    }

    /// The `_arguments` spec of `--long` in the zsh script (`'--long[…` or `{-l,--long}'[…`).
    static func zshSpec(_ long: String) -> Substring? {
        Completions.zsh().split(separator: "\n").first { $0.contains("'--\(long)[") || $0.contains(",--\(long)}'[") }
    }

    /// Each `_arguments` spec of the zsh script is one quoted word: outside the
    /// single quotes only `{-t,--to}` and the line's closing `\` (the `'` of a
    /// value name, `'REGEX=>TEMPLATE'`, once left `>template: ` unquoted: zsh
    /// wrote a file named "template: " wherever one completed).
    @Test func zshSpecsAreQuotedWords() {
        for line in Completions.zsh().split(separator: "\n") where line.hasPrefix("    '") {
            var quoted = false, escaped = false
            var outside = ""
            for c in line {
                switch c {
                case _ where escaped: escaped = false   // `\'` outside quotes is a literal quote (`'\''`)
                case "'": quoted.toggle()
                case "\\" where !quoted: escaped = true
                case _ where !quoted: outside.append(c)
                default: break
                }
            }
            #expect(!quoted, "unbalanced quotes: \(line)")
            #expect(outside.allSatisfy { $0.isLetter || " {},-".contains($0) }, "unquoted \(outside) in \(line)")
        }
    }

    /// The first line of `script` that contains each of `needles`.
    static func line(_ script: String, containing needles: String...) -> Substring? {
        script.split(separator: "\n").first { line in needles.allSatisfy { line.contains($0) } }
    }

    @Test(arguments: ["to", "from", "profile", "detect"])
    func fixedValuesAreCompleted(_ long: String) {
        let flag = Flag.all.first { $0.long == long }!
        #expect(flag.choices.count > 1)
        #expect(flag.isList == (long == "detect"))
        let set = flag.choices.joined(separator: " ")
        let bash = Self.line(Completions.bash(), containing: "--\(long)", "compgen")
        let zsh = Self.zshSpec(long)
        let fish = Self.line(Completions.fish(), containing: "-l \(long) ")
        #expect(bash?.contains("-W \"\(set)\"") == true)
        if flag.isList {
            // Each item of the comma-separated list is completed.
            #expect(bash?.contains("compgen -P \"${cur%\"${cur##*,}\"}\"") == true)
            #expect(zsh?.contains(":_values -s , list \(set)'") == true)
            #expect(fish?.contains("-f -a '(__fish_complete_list , \"string split , \(flag.choices.joined(separator: ","))\")'") == true)
        } else {
            #expect(zsh?.contains(":(\(set))'") == true)
            #expect(fish?.contains("-f -a '\(set)'") == true)
        }
    }
}
