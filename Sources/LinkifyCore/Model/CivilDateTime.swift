/// A calendar date and wall-clock time without a time zone, with an optional
/// UTC offset in minutes when one is known (`--now`, date values).
public struct CivilDateTime: Sendable, Equatable, Hashable {
    /// The calendar date: a proleptic Gregorian year, month 1–12 and day 1–31.
    public var year: Int, month: Int, day: Int
    /// The wall-clock time: hour 0–23, minute and second 0–59.
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
