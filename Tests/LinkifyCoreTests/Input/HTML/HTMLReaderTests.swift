import Testing
@testable import LinkifyCore
@testable import LinkifyDetectors
@testable import LinkifyFinding
@testable import LinkifyInput
@_spi(Layers) @testable import LinkifyModel
@testable import LinkifyRendering

/// Reads `html` with the HTML reader and marks each entity's source bytes with `|…|`.
func markedHTML(_ html: String, _ options: FinderOptions = FinderOptions()) -> String {
    marked(html, options, reader: HTMLReader())
}

/// The targets the HTML reader finds in `html`.
func htmlTargets(_ html: String) -> [String] {
    let bytes = Array(html.utf8)
    return bytes.withUnsafeBufferPointer { t in HTMLReader().entities(in: t, finder: EntityFinder()).map { $0.target(in: t) } }
}

@Suite struct HTMLReaderTests {
    @Test("text nodes are linked", arguments: [
        "|http://example.com|",
        "<p>see |http://example.com|.</p>",
        "<p><b>|www.example.com|</b> and <i>|a@example.com|</i></p>",
        "<div class=x>one |https://one.org|</div><div>two |https://two.org|</div>",
        "<ul><li>|http://a.com|<li>|http://b.com|</ul>",
        "|http://exa|<b>|mple.com|</b>",
        "<P>UPPER |http://upper.com|</P>",
        "<br/>|http://after-void.com|<hr>",
    ])
    func textNodes(_ c: String) { #expect(markedHTML(unmarked(c)) == c) }

    @Test("skipped elements and markup", arguments: [
        "<a href=\"http://a.com\">http://a.com</a> |http://b.com|",
        "<A HREF=x>http://upper-a.com</A> |http://b.com|",
        "<a name=top><b>http://nested-in-a.com</b></a>",
        "<code>www.code.com</code> |www.text.com|",
        "<pre>http://pre.com\nhttp://pre2.com</pre>",
        "<kbd>http://kbd.com</kbd>",
        "<samp>http://samp.com</samp>",
        "<tt>http://tt.com</tt> |http://after-tt.com|",
        "<select><option>https://a.com<option value=x>b@c.com</select> |https://d.com|",
        "<button type=button>Open example.com</button> |www.e.com|",
        "<datalist id=d><option>https://f.com</option></datalist>",
        "<script>var u = \"http://script.com\"; if (a < b) {}</script> |http://after.com|",
        "<script type=module>x = '</scrip http://in.com'</script>",
        "<style>body { background: url(http://style.com/x.png) }</style>",
        "<textarea>http://textarea.com</textarea>",
        "<title>http://title.com</title>",
        "<TITLE>http://title.com</Title > |http://body.com|",
        "<xmp>http://xmp.com</xmp>",
        "<!-- http://comment.com --> |http://text.com|",
        "<!-- <a> http://comment.com -- > still --> |http://text.com|",
        "<![CDATA[ http://cdata.com ]]>",
        // Tokenizer agrees with browsers where text would land inside a tag (make security).
        "<!-- --!> <img title=\" --> http://in-attr.com \">",
        "<!-- a --!> |http://after-bang.com|",
        "<![CDATA[ > <img title=\" ]]> http://in-attr.com \">",
        "<noscript>http://noscript.com</noscript> |http://after.com|",
        "<svg><style><img title=\"</style>http://in-attr.com/onerror=x// \"></svg> |http://after.com|",
        "<math><title><b title=\"</title>http://in-attr.com \"></b></math>",
        "<svg><text>http://in-svg.com</text></svg> |http://after.com|",
        "<svg/> |http://after-self-closed.com|",
        // Script data escapes (§13.2.5.20–.31): `</script>` inside `<!--<script>` does not end it.
        "<script><!--<script></script>http://in-script.com --></script> |http://after.com|",
        "<script><!-- x --></script> |http://after-escape.com|",
        "<script><!--></script> |http://after-empty-escape.com|",
        "<SCRIPT><!--<Script >x</SCRIPT >http://still.com--></script> |http://out.com|",
        "<!DOCTYPE html http://doctype.com>",
        "<?xml version=\"1.0\" http://pi.com?>",
        "<img alt=\"http://alt.com\" title='http://title.com'>",
        "<img alt=\"a > http://gt-in-value.com\"> |http://after.com|",
        "<input value=http://unquoted.com> |http://after.com|",
        "<code><code>x</code> http://still-code.com</code> |http://out.com|",
        "<pre><code>http://both.com</code></pre>",
    ])
    func skipped(_ c: String) { #expect(markedHTML(unmarked(c)) == c) }

    @Test("character references are decoded for detection", arguments: [
        "|http://example.com/?a=1&amp;b=2|",
        "&lt;|https://x.org|&gt;",
        "|&#x68;ttp://ref.com|",
        "|&#104;ttp://ref.com|",
        "|http&colon;&sol;&sol;colon.com|",
        "a&nbsp;|www.example.com|&nbsp;b",
        "|a&#64;example.com|",
        "|user&commat;example.com|",
        "&quot;|http://quoted.com|&quot;",
        "|http://example.com/caf&eacute;|",
        "|http://example.com/x&unknown;y|",
        "&amp;&amp; |http://after-refs.com|",
        "|http://e.com/&#X41;&#x42|",
    ])
    func references(_ c: String) { #expect(markedHTML(unmarked(c)) == c) }

    @Test("targets come from the decoded text", arguments: [
        ("http://example.com/?a=1&amp;b=2", "http://example.com/?a=1&b=2"),
        ("&#x68;ttp://ref.com", "http://ref.com"),
        ("http://example.com/caf&eacute;", "http://example.com/café"),
        ("a&#64;example.com", "mailto:a@example.com"),
        ("http://e.com/&#0;&#x110000;&#xD800;", "http://e.com/\u{FFFD}\u{FFFD}\u{FFFD}"),
        ("http://e.com/&#150;", "http://e.com/\u{2013}"),
    ])
    func targets(_ c: (String, String)) { #expect(htmlTargets(c.0) == [c.1]) }

    @Test("malformed input keeps every byte", arguments: [
        "a < b |http://lt.com| c<d",
        "<b http://in-unclosed-tag.com",
        "text <!-- unclosed comment http://c.com",
        "<script>unclosed http://s.com",
        "</> |http://after-empty-end.com|",
        "<!--> |http://after-short-comment.com|",
        "<!---> |http://after-short-comment.com|",
        "</3 http://bogus.com> |http://after.com|",
        "<a href='unclosed> http://a.com",
        "|http://x.com| <",
        "&",
        "&#",
        "&#x;",
        "<",
        "<!",
        "</a> |http://stray-end.com|",
        "<a href=\"x\" ",
    ])
    func malformed(_ c: String) {
        #expect(markedHTML(unmarked(c)) == c)
        #expect(rendered(unmarked(c), .html, input: .html).strippingAnchors() == unmarked(c))
    }

    @Test("html output from html input changes only text nodes")
    func htmlOutput() {
        let input = "<p title=\"http://t.com\">Go to http://a.com/?x=1&amp;y=2 &lt;now&gt;</p><code>http://c.com</code>"
        #expect(rendered(input, .html, input: .html) ==
            "<p title=\"http://t.com\">Go to <a href=\"http://a.com/?x=1&amp;y=2\">http://a.com/?x=1&amp;y=2</a> &lt;now&gt;</p><code>http://c.com</code>")
    }

    @Test("json text is the source text with its references")
    func jsonText() {
        let json = rendered("<p>&#x68;ttp://e.com/?a&amp;b</p>", .jsonl, input: .html)
        #expect(json.contains("\"text\": \"&#x68;ttp://e.com/?a&amp;b\""))
        #expect(json.contains("\"href\": \"http://e.com/?a&b\""))
        #expect(json.contains("\"start\": 3, \"end\": 29"))
    }

    @Test("tag names: lowercased, compared by bytes and length, long names never taken for a known one")
    func tagNames() {
        func name(_ html: String) -> TagName? {
            let bytes = Array(html.utf8)
            return bytes.withUnsafeBufferPointer { t in
                switch HTMLTokenizer.markup(t, at: 0)?.0 {
                case .startTag(let n)?, .endTag(let n)?: return n
                default: return nil
                }
            }
        }
        #expect(name("<DataList id=x>") == "datalist")
        #expect(name("</TeXtArea >") == "textarea")
        #expect(name("<plaintext-extended>") != "plaintext")
        #expect(name("<abcdefghijklmnopq>") != name("<abcdefghijklmnop>"))   // 17 bytes and 16
        #expect(name("<abcdefghijklmnopq>") == name("<ABCDEFGHIJKLMNOPQ/>"))
        #expect(name("<custom-element-name>")?.description == "custom-element-n")
        #expect(HTMLReader.skippedElements.contains("tt") && !HTMLReader.skippedElements.contains("tts"))
        // A long custom element between skipped ones changes nothing.
        #expect(markedHTML("<code-block-with-a-long-name>|http://a.com|</code-block-with-a-long-name><code>http://b.com</code>")
                == "<code-block-with-a-long-name>|http://a.com|</code-block-with-a-long-name><code>http://b.com</code>")
        #expect(markedHTML("<textarea-like-widget>|http://a.com|</textarea-like-widget>")
                == "<textarea-like-widget>|http://a.com|</textarea-like-widget>")
    }

    @Test("every named character reference decodes to its scalar; near misses do not decode")
    func namedReferences() {
        func decode(_ text: String) -> UInt32? {
            let bytes = Array(text.utf8)
            return bytes.withUnsafeBufferPointer { HTMLCharacterReference.decode($0, at: 0, limit: $0.count)?.scalar }
        }
        #expect(HTMLCharacterReference.named.count > 250)
        for (name, scalar) in HTMLCharacterReference.named {
            #expect(decode("&\(name);") == scalar, "&\(name);")
            #expect(decode("&\(name)") == nil, "&\(name) without ;")
            #expect(decode("&\(name)x;") == nil || HTMLCharacterReference.named["\(name)x"] != nil, "&\(name)x;")
        }
        #expect(decode("&thetasymx;") == nil && decode("&;") == nil)
        #expect(decode("&#x41;") == 0x41 && decode("&#65") == 65 && decode("&#x110000;") == 0xFFFD)
    }

    @Test("tokens cover the input exactly, for any bytes")
    func tokensCoverInput() {
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        let alphabet = Array("<>/!-[]?&#;=\"' abcxpt:.\n".utf8) + [0xC3, 0xA9, 0xFF]
        for _ in 0..<2000 {
            var bytes: [UInt8] = []
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            let length = Int(seed >> 58)
            for _ in 0..<length {
                seed = seed &* 6364136223846793005 &+ 1442695040888963407
                bytes.append(alphabet[Int(seed >> 33) % alphabet.count])
            }
            let tokens = bytes.withUnsafeBufferPointer { HTMLTokenizer.tokens(in: $0) }
            var at = 0
            for token in tokens {
                #expect(token.range.lowerBound == at && !token.range.isEmpty)
                at = token.range.upperBound
            }
            #expect(at == bytes.count)
            let found = bytes.withUnsafeBufferPointer { HTMLReader().entities(in: $0, finder: EntityFinder()) }
            var end = 0
            for e in found {
                #expect(e.start >= end && e.start < e.end && e.end <= bytes.count)
                end = e.end
            }
        }
    }
}

extension String {
    /// The text with every `<a href="…">` and `</a>` that linkify adds removed.
    func strippingAnchors() -> String {
        var s = self
        while let open = s.firstRange(of: "<a href=\""), let close = s[open.upperBound...].firstRange(of: "\">") {
            s.removeSubrange(open.lowerBound..<close.upperBound)
            if let end = s[open.lowerBound...].firstRange(of: "</a>") { s.removeSubrange(end) }
        }
        return s
    }
}
