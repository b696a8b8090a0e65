import Foundation
@_exported import LinkifyCore

// LinkifyCore's types on Foundation's: URL targets, NSRange, the clock, and
// AttributedString with `.link` runs (what a SwiftUI `Text` makes tappable).

extension Linkifier.Match {
    /// The target as a `URL`; nil for a date without a date template, or a
    /// target `URL` cannot hold.
    public var url: URL? { target.flatMap { URL(string: $0) } }

    /// The range as an `NSRange` (UTF-16 units), as `NSString` and UIKit
    /// count them, from the start of the text searched (for a `Substring`,
    /// from the substring's start).
    public var nsRange: NSRange {
        let r = utf16Range
        return NSRange(location: r.lowerBound, length: r.count)
    }
}

extension CivilDateTime {
    /// The wall-clock date and time of `date` in `timeZone`.
    public init(_ date: Date, in timeZone: TimeZone = .current) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        self.init(year: c.year ?? 1970, month: c.month ?? 1, day: c.day ?? 1,
                  hour: c.hour ?? 0, minute: c.minute ?? 0, second: c.second ?? 0)
    }

    /// The clock's date and time now in `timeZone`: the reference time to
    /// read relative dates against when none is pinned.
    public static func now(in timeZone: TimeZone = .current) -> CivilDateTime {
        CivilDateTime(Date(), in: timeZone)
    }

    /// The moment this date and time names, in its UTC offset when it has
    /// one, else in `timeZone`; nil when the calendar cannot make it.
    public func date(in timeZone: TimeZone = .current) -> Date? {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = utcOffsetMinutes.flatMap { TimeZone(secondsFromGMT: $0 * 60) } ?? timeZone
        return calendar.date(from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second))
    }
}

extension Linkifier {
    /// A linkifier whose dates are read against the clock's time when it is
    /// made (in the current time zone) unless `referenceTime` pins another
    /// moment; the other parameters are those of LinkifyCore's initializer.
    /// A linkifier kept for long reads "tomorrow" against the moment it was
    /// made: `pinning(referenceTime: .now())` gives one that reads it against now.
    public static func withClock(kinds: EntityKinds = .defaults, profile: Profile = .default, locale: String = "en_US",
                                 phoneRegion: String? = nil, rules: [Rule] = [], templates: LinkTemplates = LinkTemplates(),
                                 schemes: SchemePolicy = SchemePolicy(),
                                 referenceTime: CivilDateTime = .now()) throws(ConfigurationError) -> Linkifier {
        try Linkifier(kinds: kinds, profile: profile, locale: locale, phoneRegion: phoneRegion, rules: rules,
                      templates: templates, schemes: schemes, referenceTime: referenceTime)
    }

    /// What becomes of a link found, decided by the caller (in the spirit of
    /// SwiftUI's `OpenURLAction`): keep it, send it elsewhere (an in-app
    /// scheme), or leave the text unlinked. The scheme policy the linkifier
    /// was made with (`SchemePolicy`, the command line's `--schemes`,
    /// `--deny-scheme`, `--rewrite`) has been applied before.
    public enum LinkAction: Sendable, Hashable {
        /// Link to the match's target.
        case allow
        /// Link to this URL instead.
        case rewrite(URL)
        /// Do not link.
        case discard
    }

    /// The kind of a run linkify linked (`AttributedString` attribute).
    public enum KindAttribute: AttributedStringKey {
        /// The kind of the match.
        public typealias Value = EntityKind
        /// The attribute's name, `linkify.kind`.
        public static let name = "linkify.kind"
    }

    /// The ISO 8601 value of a date (`AttributedString` attribute): a date
    /// becomes a link only with a date template, so its value is kept here.
    public enum DateValueAttribute: AttributedStringKey {
        /// The date's ISO 8601 value (`2026-03-03`, `2026-03-03T10:00:00`).
        public typealias Value = String
        /// The attribute's name, `linkify.date`.
        public static let name = "linkify.date"
    }
}

extension AttributedString {
    /// `text` with a `.link` run on each match of `linkifier`, keeping the
    /// text's own attributes; text already inside a link is left as it is.
    ///
    /// - Parameters:
    ///   - text: the text; its attributes and links are kept.
    ///   - linkifier: what to find.
    ///   - style: attributes merged into each match's run, by kind (a color,
    ///     an underline); none by default.
    ///   - action: what becomes of each link (``Linkifier/LinkAction``);
    ///     every link is kept by default.
    ///
    /// Each run linkify sets also carries ``Linkifier/KindAttribute``; a date
    /// without a date template gets ``Linkifier/DateValueAttribute`` and no link.
    public init(linkifying text: AttributedString, using linkifier: Linkifier,
                style: (EntityKind) -> AttributeContainer = { _ in AttributeContainer() },
                action: (Linkifier.Match) -> Linkifier.LinkAction = { _ in .allow }) {
        // The characters as a String, scalar by scalar (through `characters`,
        // a Character at a time, it took seconds for megabytes).
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: text.unicodeScalars)
        self.init(linkifying: text, plain: String(scalars), using: linkifier, style: style, action: action)
    }

    /// `text`, whose characters are `plain`, linked (`init(linkifying:using:style:action:)`).
    init(linkifying text: AttributedString, plain: String, using linkifier: Linkifier,
         style: (EntityKind) -> AttributeContainer, action: (Linkifier.Match) -> Linkifier.LinkAction) {
        self = text
        let hasLinks = text.runs.contains { $0.link != nil }
        for match in linkifier.matches(in: plain) {
            // The same place in the attributed string, whose characters `plain` holds.
            guard let range = Range<AttributedString.Index>(match.range, in: self) else { continue }
            // Inside a link the text already has: left alone.
            if hasLinks && self[range].runs.contains(where: { $0.link != nil }) { continue }
            guard let attributes = Self.attributes(of: match, style: style, action: action) else { continue }
            self[range].mergeAttributes(attributes)
        }
    }

    /// The attributes linkify gives `match`'s run, or nil to leave it alone.
    static func attributes(of match: Linkifier.Match, style: (EntityKind) -> AttributeContainer,
                           action: (Linkifier.Match) -> Linkifier.LinkAction) -> AttributeContainer? {
        var attributes = style(match.kind)
        attributes[Linkifier.KindAttribute.self] = match.kind
        guard match.target != nil else {
            // A date without a date template: its value, no link.
            attributes[Linkifier.DateValueAttribute.self] = match.normalForm
            return attributes
        }
        switch action(match) {
        case .discard: return nil
        case .rewrite(let other):
            // A rewrite gets the check every target gets: no dangerous scheme, whatever the caller says.
            guard let scheme = other.scheme?.lowercased(), !EntityFinder.dangerousSchemes.contains(scheme) else { return nil }
            attributes.link = other
        case .allow:
            guard let url = match.url else { return nil }
            attributes.link = url
        }
        return attributes
    }

    /// `text` with a `.link` run on each match of `linkifier` (see
    /// ``init(linkifying:using:style:action:)-(AttributedString,_,_,_)``).
    public init(linkifying text: String, using linkifier: Linkifier,
                style: (EntityKind) -> AttributeContainer = { _ in AttributeContainer() },
                action: (Linkifier.Match) -> Linkifier.LinkAction = { _ in .allow }) {
        self.init(linkifying: AttributedString(text), plain: text, using: linkifier, style: style, action: action)
    }
}
