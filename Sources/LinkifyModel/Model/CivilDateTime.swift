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
