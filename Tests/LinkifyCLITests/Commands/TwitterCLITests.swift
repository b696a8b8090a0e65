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
