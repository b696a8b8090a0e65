/// A calendar date and wall-clock time without a time zone, with an optional
/// UTC offset in minutes when one is known (`--now`, date values).
public struct CivilDateTime: Sendable, Equatable, Hashable {
    public var year: Int, month: Int, day: Int
    public var hour: Int, minute: Int, second: Int
    /// Offset from UTC in minutes, when known.
    public var utcOffsetMinutes: Int?

    /// Creates a date-time; the time defaults to midnight.
    public init(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0, utcOffsetMinutes: Int? = nil) {
        self.year = year
        self.month = month
        self.day = day
        self.hour = hour
        self.minute = minute
        self.second = second
        self.utcOffsetMinutes = utcOffsetMinutes
    }
}

/// URL templates for the kinds whose target is built from a value; `{}` is the value.
public struct LinkTemplates: Sendable {
    public var mention: String
    public var hashtag: String
    public var cashtag: String
    /// nil: dates are `<time>` elements (html) or text (markdown).
    public var date: String?
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
