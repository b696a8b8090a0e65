import Testing
@testable import LinkifyCore
@testable import LinkifyDetectors
@testable import LinkifyFinding
@testable import LinkifyInput
@_spi(Layers) @testable import LinkifyModel
@testable import LinkifyRendering

/// URL correctness seen on real text. Where a line comes from is
/// said beside it; the others are the issue's own examples.
@Suite struct URLEdgeTests {
    /// A URL that starts with a scheme is linked whole or not at all; symbol
    /// and emoji labels are hosts, as UTS #46 ToASCII accepts them (SPEC §5).
    @Test func schemeURLIsWholeOrNothing() {
        #expect(marked("go http://★x.example/a now") == "go |http://★x.example/a| now")
        #expect(marked("go http://x★.example/a now") == "go |http://x★.example/a| now")
        #expect(marked("go http://x%y.example/a now") == "go http://x%y.example/a now")
        #expect(marked("see http://x.example/a now") == "see |http://x.example/a| now")
    }

    /// `mailto:` URLs keep their query.
    @Test func mailtoKeepsItsQuery() {
        #expect(marked("write mailto:me@example.com?subject=Hi&body=Yes%20ok now")
                == "write |mailto:me@example.com?subject=Hi&body=Yes%20ok| now")
        #expect(marked("write me@example.com?subject=Hi") == "write |me@example.com|?subject=Hi")   // no mailto: no query
    }

    /// A name that local-part characters join to an `@` is the start of the
    /// address, not a link of its own followed by a shorter address.
    @Test func nameInsideALocalPart() {
        // libgnutls-dane0/changelog.gz
        #expect(marked("Author: Martin Sucha <anty.sk+git@gmail.com>") == "Author: Martin Sucha <|anty.sk+git@gmail.com|>")
        #expect(marked("anty.sk+git alone") == "|anty.sk|+git alone")
        // UTS #58 LinkDetectionTest.txt: `/` starts a path, so the `@` is in the URL.
        #expect(marked("www.mail-archive.com/ruby-talk@ruby-lang.org/ x") == "|www.mail-archive.com/ruby-talk@ruby-lang.org/| x")
    }

    /// A link never starts on a combining mark, variation selector or joiner,
    /// and a label touched by an emoji or symbol is that whole word or nothing.
    @Test func labelsAreWholeOrNothing() {
        #expect(marked("❤️example.com") == "❤️example.com")   // U+2764 U+FE0F
        #expect(marked("✅example.com") == "✅example.com")    // as in harfbuzz's changelog: "and ✅ bringing all the bots"
        #expect(marked("\u{0301}example.com") == "\u{0301}example.com")
        #expect(marked("and ✅ example.com") == "and ✅ |example.com|")
        #expect(marked("é.com") == "|é.com|")
        #expect(marked("see→example.com") == "see→|example.com|")   // arrows are punctuation
    }
}
