import Testing
@testable import LinkifyCore
@testable import LinkifyDetectors
@testable import LinkifyFinding
@testable import LinkifyInput
@_spi(Layers) @testable import LinkifyModel
@testable import LinkifyRendering

/// twitter-text's rules, one line per case: the expected links are marked with `|`.
@Suite struct TwitterTests {
    static let urlOptions = FinderOptions(kinds: .url, profile: .twitter)
    static let sigilOptions = FinderOptions(kinds: EntityKinds([EntityKind.mention, .hashtag, .cashtag]))

    // MARK: URLs (--profile twitter)

    static let protocolURLs = [
        "text |http://google.com|",
        "|http://ああ.com|",
        "|https://www.youtube.com/watch?v=x&list=PL_9U-|",
        "text |http://somehost.com:3000|",
        "test |http://exampleこれは日本語です.com/path|",
        "test |http://foobar.みんな/| ok",
        "test |http://xn--ls8h.XN--ls8h.la/|",
        "text |HTTPS://EXAMPLE.COM/A|",
    ]

    static let domainsAndTLDs = [
        "text http://no-tld",
        "text http://tld-too-short.x",
        "text |http://a.b.cd|",
        "text http://domain.com-that-continues",
        "test |http://sub_domain-dash.twitter.com|",
        "test http://twitter_underscore.com",
        "test http://-leadingdash.twitter.com",
        "test http://trailingdash-.twitter.com",
        "test http://twitter.c_o_m",
        "john.doe.gov@mail.com",
        "name.al-lastname@foo.com",
        "long.test.tar.bz2",
        "foo.comm foo.baz",
        "Hello http://xn--はじめよう.com/index.html",
        "http://" + String(repeating: "あ", count: 64) + ".com/",
    ]

    static let withoutProtocol = [
        "|foo.com| |foo.co.jp| |www.foo.co.uk|",
        "|t.co/abcde| |bit.ly/abcde|",
        "|MLB.tv| |vine.co|",
        "test |ELPAÍS.com|",
        "|example.com|てすとです|twitter.みんな|です",
        "これは日本語です。|example.com/path/index.html|中国語",
        "|twitter.jp|日本語|it.so|中国語",
        "Find |name.al-lastname.com|",
        "@user Try http:// |example.com/path|",
    ]

    static let precedingCharacters = [
        "(|http://twitter.com|",
        "#test.com @test.com $test.com",
        "#http://test.com $http://t.co/abcde",
        "_example.com -example.com /example.com",
        "\u{2066}\u{202A}|twitter.com|\u{202C}\u{2069}",
    ]

    static let pathsAndQueries = [
        "text |http://xo.com/~matthew+%ff-,.;x|",
        "text |http://en.wikipedia.org/wiki/Primer_(film)|",
        "text |http://msdn.com/system.net(v=VS.100).aspx|",
        "text |http://example.com/a(b(c)d)e| x",
        "Go to |http://example.com/a+| or |http://example.com/a-|",
        "test |http://twitter.com/|.",
        "Test |http://example.com/path|.....",
        "Test |http://example.com/path/|!!!!",
        "text |http://foo.com?#foo| text",
        "Go to |https://en.m.wikipedia.org/wiki/Hatfield–McCoy_feud| please",
        "Go to |http://twitter.com/Русские_слова|",
        "|http://twitter.com/|これは日本語です",
        "test |http://example.com|だよね.comtest/hogehoge",
    ]

    static let tco = [
        "I like |http://t.co/pbY2NfTZ|'s site",
        "Check |http://t.co/FNkPfmii|- it's great",
        "|http://t.co/abcdefghijklmnopqrstuvwxyz0123456789|",
        "I like http://t.co/abcdefghijklmnopqrstuvwxyz012345678901234",
        "text |https://t.co/UqIyJAJTfo?amp=1|",
        "|http://www.foo.com?referer=https://t.co/abcde| |http://t.co/xyzzy|",
    ]

    @Test(arguments: protocolURLs) func protocolURL(_ c: String) { #expect(marked(unmarked(c), Self.urlOptions) == c) }
    @Test(arguments: domainsAndTLDs) func domainAndTLD(_ c: String) { #expect(marked(unmarked(c), Self.urlOptions) == c) }
    @Test(arguments: withoutProtocol) func urlWithoutProtocol(_ c: String) { #expect(marked(unmarked(c), Self.urlOptions) == c) }
    @Test(arguments: precedingCharacters) func precedingCharacter(_ c: String) { #expect(marked(unmarked(c), Self.urlOptions) == c) }
    @Test(arguments: pathsAndQueries) func pathAndQuery(_ c: String) { #expect(marked(unmarked(c), Self.urlOptions) == c) }
    @Test(arguments: tco) func tcoSlug(_ c: String) { #expect(marked(unmarked(c), Self.urlOptions) == c) }

    @Test func urlTargets() {
        let found = entities("foo.com and http://bar.com/x", Self.urlOptions)
        #expect(found.map { $0.target(in: "foo.com and http://bar.com/x") } == ["https://foo.com", "http://bar.com/x"])
    }

    @Test func emailsStillFoundInTwitterProfile() {
        let options = FinderOptions(kinds: .defaults, profile: .twitter)
        #expect(marked(unmarked("mail |john@example.com| or see |example.org|"), options) == "mail |john@example.com| or see |example.org|")
    }

    @Test func longDotRunStaysLinear() {
        // Every label is a candidate start; the label tables answer each in constant time.
        let text = String(repeating: "a_.", count: 20_000) + "b"
        #expect(entities(text, Self.urlOptions).isEmpty)
    }

    // MARK: Mentions

    static let mentions = [
        "|@username| reply",
        "mention |@user_name| and |@12345|",
        "の|@username|に到着",
        "Current Status: @_@ (cc: |@username|)",
        "@aliceìnheiro something",
        "|@username| email me @test@example.com",
        "@http://twitter.com",
        "RT|@username| RT:|@mention| rt |@test|",
        "xRT@user",
        "f!@kn f@@kn f#@kn f$@kn f%@kn f&@kn f*@kn",
        "|＠fullwidth| too",
        "|@username/list-name| is a list",
        "|@username|/7list-name starts with a digit",
        "|@abcdefghijklmnopqrst|uvwxyz",
    ]

    // MARK: Hashtags

    static let hashtags = [
        "a |#hashtag| here",
        "|#1hashtag| is this",
        "On the #16 bus",
        "#_ #1_2 #122 #〃",
        "(|#hashtag1| )|#hashtag2| ’|#hashtag5|’|#hashtag6|",
        "Getting my Oktoberfest on |#münchen|",
        "What is |#트위터| anyway?",
        "日本語ハッシュテスト。|#日本語ハッシュタグ|。",
        "日本語ハッシュタグ#日本語ハッシュタグ",
        "全角 |＃ｈａｓｈｔａｇ１２３|",
        "|#メ～テレ| |#各〃| |#il·lusió|",
        "|#أي\u{200C}بي\u{200C}إم| |#ශ්\u{200D}රීලංකා|",
        "|#महात्मा_१२३४| #१२३४",
        "|#𠀡| |#A𐒠|",
        "a ✌\u{FE0F}|#hashtag| here",
        "a&#hashtag; is an entity",
        "#a#b #c＃d",
        "#http://twitter.com",
        "http://twitter.com/#hashtag twitter.com/#hashtag",
        "#\u{FE0F}keycap",
    ]

    // MARK: Cashtags

    static let cashtags = [
        "Example cashtags: |$TEST| |$Stock|   |$symbol|",
        "|$TEST.T| |$test.tt| |$Stock_X| |$symbol_ab|",
        "$123 $test123 $TE123ST",
        "$ストック $株",
        "$ $. $- $@ $! $() $+",
        "|$TEST|. |$TEST|_",
        "|$OK|$NG$BAD text$NO .$NG $$NG",
        "$CashtagMustBeLessThanSixCharacter",
        "|$ABC|, |$DEF|!",
    ]

    @Test(arguments: mentions) func mention(_ c: String) { #expect(marked(unmarked(c), Self.sigilOptions) == c) }
    @Test(arguments: hashtags) func hashtag(_ c: String) { #expect(marked(unmarked(c), Self.sigilOptions) == c) }
    @Test(arguments: cashtags) func cashtag(_ c: String) { #expect(marked(unmarked(c), Self.sigilOptions) == c) }

    @Test func valuesAreNamesWithoutSigns() {
        let found = entities("@alice/team #Zürich $ABC.X", Self.sigilOptions)
        #expect(found.map(\.value) == ["alice/team", "Zürich", "ABC.X"])
        #expect(found.map(\.kind) == [.mention, .hashtag, .cashtag])
    }

    @Test func defaultTargets() {
        let found = entities("@alice #Zürich $ABC", Self.sigilOptions)
        #expect(found.map { $0.target(in: "@alice #Zürich $ABC") } == ["https://twitter.com/alice", "https://twitter.com/hashtag/Z%C3%BCrich",
                                          "https://twitter.com/search?q=%24ABC"])
    }

    @Test func customTemplatesWithUnicodeValues() {
        var options = Self.sigilOptions
        options.templates.hashtag = "https://example.org/tags/{}"
        options.templates.mention = "https://social.example/@{}?from=linkify"
        options.templates.cashtag = "https://quotes.example/#{}"
        let found = entities("#東京 #naïve_café @bob $AB.C", options)
        #expect(found.map { $0.target(in: "#東京 #naïve_café @bob $AB.C") } == ["https://example.org/tags/%E6%9D%B1%E4%BA%AC", "https://example.org/tags/na%C3%AFve_caf%C3%A9",
                                          "https://social.example/@bob?from=linkify", "https://quotes.example/#AB.C"])
    }

    @Test func mentionInsideURLIsTheURL() {
        let options = FinderOptions(kinds: EntityKinds([EntityKind.url, .mention]), profile: .twitter)
        #expect(marked(unmarked("see |http://example.com/@user| and |@user|"), options) == "see |http://example.com/@user| and |@user|")
    }

    @Test func hashtagOverlapUsesTwitterURLsInEveryProfile() {
        let options = FinderOptions(kinds: EntityKinds(.hashtag), profile: .default)
        #expect(marked(unmarked("example.com/#tag and |#tag|"), options) == "example.com/#tag and |#tag|")
    }

    @Test func contextBeforeMinStartMayPrecede() {
        let bytes = Array("xx @bob #tag $ABC".utf8)
        let found = bytes.withUnsafeBufferPointer { EntityFinder(options: Self.sigilOptions).entities(in: $0, from: 3) }
        #expect(found.map(\.start) == [3, 8, 13])
    }

    // MARK: Properties

    /// Deterministic pseudo-random texts of twitter-like pieces, invalid UTF-8 included.
    static func samples(count: Int) -> [[UInt8]] {
        let pieces: [[UInt8]] = [
            "@", "＠", "#", "＃", "$", "rt", "RT:", "a", "Zü", "東京", "_", "-", ".", "/", ":", "://", "http", "https://",
            "t.co", "com", "jp", "みんな", "xn--", "(", ")", "?", "=", "&", " ", "\n", "\u{FE0F}", "\u{202A}", "1",
        ].map { Array($0.utf8) } + [[0xFF], [0xE2, 0x82], [0x00]]
        return pseudoRandomTexts(from: pieces, count: count, maxPieces: 48, seed: 0x2545_F491_4F6C_DD1D)
    }

    @Test func entitiesAreSortedDisjointAndStartWithTheirSign() {
        let finder = EntityFinder(options: FinderOptions(kinds: .all, profile: .twitter))
        for text in Self.samples(count: 3000) {
            let found = text.withUnsafeBufferPointer { finder.entities(in: $0) }
            var end = 0
            for e in found {
                #expect(e.start >= end && e.start < e.end && e.end <= text.count, "\(e) in \(text)")
                let first = text[e.start]
                switch e.kind {
                case .mention: #expect(first == 0x40 || first == 0xEF)
                case .hashtag: #expect(first == 0x23 || first == 0xEF)
                case .cashtag: #expect(first == 0x24)
                default: break
                }
                end = e.end
            }
        }
    }
}
