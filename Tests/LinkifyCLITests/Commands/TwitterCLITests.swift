import Testing

/// The real binary with `--profile twitter`, `--detect mention,hashtag,cashtag` and the template flags.
@Suite struct TwitterCLITests {
    @Test func sigilsWithDefaultTemplates() {
        let r = Subprocess.linkify(["--detect", "mention,hashtag,cashtag"], stdin: "@alice #Zürich $ABC\n")
        #expect(r.status == 0)
        #expect(r.out == "<a href=\"https://twitter.com/alice\">@alice</a> "
            + "<a href=\"https://twitter.com/hashtag/Z%C3%BCrich\">#Zürich</a> "
            + "<a href=\"https://twitter.com/search?q=%24ABC\">$ABC</a>\n")
    }

    @Test func templateFlags() {
        let r = Subprocess.linkify(["--detect", "mention,hashtag,cashtag", "--to", "markdown",
                                    "--mention-url", "https://m.example/{}", "--hashtag-url=https://t.example/tags/{}",
                                    "--cashtag-url", "https://q.example/?s={}"], stdin: "@bob #東京 $AB.C\n")
        #expect(r.status == 0)
        #expect(r.err.isEmpty)
        #expect(r.out == "[@bob](https://m.example/bob) [#東京](https://t.example/tags/%E6%9D%B1%E4%BA%AC) "
            + "[$AB.C](https://q.example/?s=AB.C)\n")
    }

    /// Issue 24 item 8: `{0}` is the value in every template, `{{`/`}}` are
    /// braces, and any other `{…}` is a usage error (SPEC §2).
    @Test func placeholdersAreTheSameInEveryTemplate() {
        let r = Subprocess.linkify(["--detect", "mention,hashtag,cashtag,date", "--to", "markdown",
                                    "--mention-url", "https://m.example/{0}?x={{y}}", "--hashtag-url=https://t.example/{0}/{}",
                                    "--cashtag-url", "https://q.example/{0}", "--date-url", "https://d.example/{0}"],
                                   stdin: "@bob #tag $ABC 2026-12-03\n")
        #expect(r.status == 0)
        #expect(r.err.isEmpty)
        #expect(r.out == "[@bob](https://m.example/bob?x={y}) [#tag](https://t.example/tag/tag) [$ABC](https://q.example/ABC) "
            + "[2026-12-03](https://d.example/2026-12-03)\n")
        let pattern = Subprocess.linkify(["--pattern", #"T-(\d+)=>https://t.example/{}/{1}"#, "--to", "markdown"], stdin: "see T-12\n")
        #expect(pattern.out == "see [T-12](https://t.example/T-12/12)\n")
        for (flag, template) in [("--mention-url", "https://m.example/{user}"), ("--hashtag-url", "https://t.example/{1}"),
                                 ("--address-url", "https://a.example/?q={"), ("--date-url", "https://d.example/}"),
                                 ("--pattern", "x=>https://p.example/{a b}")] {
            let bad = Subprocess.linkify([flag, template], stdin: "@bob\n")
            #expect(bad.status == 2, "\(flag) \(template)")
            #expect(bad.out.isEmpty)
            #expect(bad.err.hasPrefix("linkify: invalid template '\(template.replacing("x=>", with: ""))' for \(flag): "), "\(bad.err)")
            #expect(bad.err.split(separator: "\n").count == 1)
        }
    }

    @Test func jsonValueIsTheNameWithoutItsSign() {
        let r = Subprocess.linkify(["--detect", "mention,hashtag", "--to", "jsonl"], stdin: "@alice/team #tag\n")
        #expect(r.status == 0)
        #expect(r.out.contains("\"kind\": \"mention\", \"text\": \"@alice/team\", \"href\": \"https://twitter.com/alice/team\""))
        #expect(r.out.contains("\"value\": \"alice/team\""))
        #expect(r.out.contains("\"value\": \"tag\""))
    }

    @Test func twitterProfileURLs() {
        let r = Subprocess.linkify(["--profile", "twitter", "--to", "markdown"],
                                   stdin: "example.comてすと http://t.co/abc's $t.co\n")
        #expect(r.status == 0)
        #expect(r.out == "[example.com](https://example.com)てすと <http://t.co/abc>'s $t.co\n")
    }
}
