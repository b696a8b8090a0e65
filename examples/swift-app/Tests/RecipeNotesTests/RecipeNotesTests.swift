import Foundation
import LinkifyCore
import LinkifyFoundation
import RecipeNotes
import Testing

/// The link runs of `s`: their text and URL.
func links(_ s: AttributedString) -> [String] {
    s.runs.compactMap { run in run.link.map { String(s[run.range].characters) + " -> " + $0.absoluteString } }
}

let now = CivilDateTime(year: 2026, month: 12, day: 6, hour: 9)

@Test func aParagraphWithEveryKindBecomesLinks() throws {
    let notes = try RecipeNotes(now: now)
    let s = notes.tappable("Order at shop.example.org, questions to chef@example.net, call +1 415 555 0100, tasting on 3 March 2026.")
    #expect(links(s) == [
        "shop.example.org -> https://shop.example.org",
        "+1 415 555 0100 -> tel:+14155550100",
        "3 March 2026 -> foodpinapp://calendar/2026-03-03",
    ])
}

@Test func theKeywordOpensAQuickAction() throws {
    let s = try RecipeNotes(now: now).tappable("Open FoodPin to add one.")
    #expect(links(s) == ["FoodPin -> foodpinapp://actions/new"])
}

@Test func mentionsAndHashtagsUseTheAppsTemplates() throws {
    let s = try RecipeNotes(now: now).tappable("Thanks @marie for #sourdough!")
    #expect(links(s) == ["@marie -> foodpinapp://users/marie", "#sourdough -> foodpinapp://tags/sourdough"])
}

@Test func policiesRewriteTheAppsPagesAndDiscardMail() throws {
    let s = try RecipeNotes(now: now).tappable("See https://example.com/recipes/42 or write to me@example.org")
    #expect(links(s) == ["https://example.com/recipes/42 -> foodpinapp://recipes/42"])
}

@Test func rangesAreRightWithEmojiCombiningMarksAndCJK() throws {
    let note = "👨‍🍳 Crème bru\u{302}lée 🍮 — レシピ example.org/crème 見て #デザート ok"
    let notes = try RecipeNotes(now: now)
    #expect(notes.links(in: note).map(\.text) == ["example.org/crème", "#デザート"])
    let s = notes.tappable(note)
    #expect(links(s) == ["example.org/crème -> https://example.org/cr%C3%A8me", "#デザート -> foodpinapp://tags/%E3%83%87%E3%82%B6%E3%83%BC%E3%83%88"])
    #expect(String(s.characters) == note)
    let linkifier = try Linkifier(kinds: [.url, .hashtag])
    for m in linkifier.matches(in: note) {
        #expect((note as NSString).substring(with: m.nsRange) == String(note[m.range]))
    }
}
