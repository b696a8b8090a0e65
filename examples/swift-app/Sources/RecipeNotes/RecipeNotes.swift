import Foundation
import LinkifyFoundation

/// How a recipe app makes its notes tappable: the app's keyword opens a Quick
/// Action, mentions and hashtags open in-app screens, the app's own web pages
/// open in the app, and e-mail addresses are not linked.
public struct RecipeNotes: Sendable {
    let linkifier: Linkifier

    /// The linkifier the app configures once; dates read against `now`.
    public init(now: CivilDateTime) throws {
        linkifier = try Linkifier(kinds: [.url, .email, .phone, .date, .mention, .hashtag],
                                  rules: [.keyword("FoodPin", url: "foodpinapp://actions/new")],
                                  templates: LinkTemplates(mention: "foodpinapp://users/{}", hashtag: "foodpinapp://tags/{}",
                                                           date: "foodpinapp://calendar/{}"),
                                  referenceTime: now)
    }

    /// A note as the app shows it in a SwiftUI `Text`.
    public func tappable(_ note: String) -> AttributedString {
        AttributedString(linkifying: note, using: linkifier, action: Self.route)
    }

    /// The app's policy: its web pages open in the app; `mailto:` is dropped.
    public static func route(_ match: Linkifier.Match) -> Linkifier.LinkAction {
        guard let target = match.target else { return .allow }
        if target.hasPrefix("mailto:") { return .discard }
        let site = "https://example.com/"
        if target.hasPrefix(site), let inApp = URL(string: "foodpinapp://" + target.dropFirst(site.count)) {
            return .rewrite(inApp)
        }
        return .allow
    }

    /// What a plain list of the note's links looks like, for a share sheet.
    public func links(in note: String) -> [(text: Substring, target: String)] {
        linkifier.matches(in: note).compactMap { m in m.target.map { (note[m.range], $0) } }
    }
}
