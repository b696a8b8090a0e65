/// URL templates for the kinds whose target is built from a value; `{}` is the value.
public struct LinkTemplates: Sendable {
    /// `--mention-url`: `{}` is the name without `@` (`user` or `user/list`).
    public var mention: String
    /// `--hashtag-url`: `{}` is the tag without `#`.
    public var hashtag: String
    /// `--cashtag-url`: `{}` is the symbol without `$`.
    public var cashtag: String
    /// nil: dates are `<time>` elements (html) or text (markdown).
    public var date: String?
    /// `--address-url`: `{}` is the one-line address.
    public var address: String

    /// The documented defaults.
    public init(mention: String = "https://twitter.com/{}", hashtag: String = "https://twitter.com/hashtag/{}",
                cashtag: String = "https://twitter.com/search?q=%24{}", date: String? = nil,
                address: String = "https://www.openstreetmap.org/search?query={}") {
        self.mention = mention
        self.hashtag = hashtag
        self.cashtag = cashtag
        self.date = date
        self.address = address
    }
}
