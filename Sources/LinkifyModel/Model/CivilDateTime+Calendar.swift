/// Proleptic Gregorian calendar arithmetic on civil dates, and the ISO 8601
/// forms of SPEC §3 ("date values").
extension CivilDateTime {
    /// Whether `year` has a 29 February (Gregorian rule: every 4th year, but
    /// not centuries unless divisible by 400).
    package static func isLeapYear(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    /// The number of days in `month` (1–12) of `year`; 0 for a month out of range.
    package static func daysInMonth(_ month: Int, year: Int) -> Int {
        switch month {
        case 1, 3, 5, 7, 8, 10, 12: return 31
        case 4, 6, 9, 11: return 30
        case 2: return isLeapYear(year) ? 29 : 28
        default: return 0
        }
    }

    /// Whether `year-month-day` names a real day.
    package static func isValidDate(year: Int, month: Int, day: Int) -> Bool {
        day >= 1 && day <= daysInMonth(month, year: year)
    }

    /// Days since 1970-01-01 of a civil date (negative before it).
    package static func dayNumber(year: Int, month: Int, day: Int) -> Int {
        // Count from 1 March of year 0 so that the leap day ends the year;
        // eras of 400 years (146 097 days) repeat exactly.
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let monthFromMarch = (month + 9) % 12
        let dayOfYear = (153 * monthFromMarch + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The civil date of a day number (days since 1970-01-01).
    package static func date(fromDayNumber n: Int) -> (year: Int, month: Int, day: Int) {
        let z = n + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthFromMarch = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1
        let month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (year, month, day)
    }

    /// Days since 1970-01-01 of this date (the time is ignored).
    package var dayNumber: Int { Self.dayNumber(year: year, month: month, day: day) }

    /// The ISO weekday: 1 Monday … 7 Sunday.
    package var weekday: Int {
        // 1970-01-01 was a Thursday (ISO 4).
        let d = (dayNumber + 3) % 7
        return (d < 0 ? d + 7 : d) + 1
    }

    /// The same wall-clock time `days` days later (earlier when negative).
    package func adding(days: Int) -> CivilDateTime {
        var copy = self
        (copy.year, copy.month, copy.day) = Self.date(fromDayNumber: dayNumber + days)
        return copy
    }

    /// The same day of the month `months` months later, clamped to the
    /// month's last day (31 January + 1 month = 28 or 29 February).
    package func adding(months: Int) -> CivilDateTime {
        var copy = self
        let total = year * 12 + (month - 1) + months
        copy.year = total >= 0 ? total / 12 : (total - 11) / 12
        copy.month = total - copy.year * 12 + 1
        copy.day = min(day, Self.daysInMonth(copy.month, year: copy.year))
        return copy
    }

    /// The moment `minutes` minutes later (earlier when negative), carrying into the date.
    package func adding(minutes: Int) -> CivilDateTime {
        let total = hour * 60 + minute + minutes
        var days = total / 1440
        var rest = total % 1440
        if rest < 0 {
            rest += 1440
            days -= 1
        }
        var copy = adding(days: days)
        copy.hour = rest / 60
        copy.minute = rest % 60
        return copy
    }

    /// `YYYY-MM-DD`.
    package var isoDate: String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(16)
        appendDate(to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `YYYY-MM-DDTHH:MM:SS`, then `Z` or `±HH:MM` when the offset is known
    /// (SPEC §3: seconds always written, a zone only when the text gives one).
    package var isoDateTime: String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(32)
        appendDate(to: &bytes)
        bytes.append(UInt8(ascii: "T"))
        Self.appendPadded(hour, 2, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        Self.appendPadded(minute, 2, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        Self.appendPadded(second, 2, to: &bytes)
        if let offset = utcOffsetMinutes {
            if offset == 0 {
                bytes.append(UInt8(ascii: "Z"))
            } else {
                let a = abs(offset)
                bytes.append(offset < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+"))
                Self.appendPadded(a / 60, 2, to: &bytes)
                bytes.append(UInt8(ascii: ":"))
                Self.appendPadded(a % 60, 2, to: &bytes)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private func appendDate(to bytes: inout [UInt8]) {
        Self.appendPadded(year, 4, to: &bytes)
        bytes.append(UInt8(ascii: "-"))
        Self.appendPadded(month, 2, to: &bytes)
        bytes.append(UInt8(ascii: "-"))
        Self.appendPadded(day, 2, to: &bytes)
    }

    /// `v` in decimal with at least `width` digits (zeros in front, `-` first
    /// when negative), written into `bytes`: a value is written for each date
    /// found, so without a string per field.
    static func appendPadded(_ v: Int, _ width: Int, to bytes: inout [UInt8]) {
        // A field as a date writes it (two digits, or a year of four) as
        // that many bytes, without counting, padding and reversing.
        if width == 2 && v >= 0 && v < 100 {
            bytes.append(0x30 + UInt8(v / 10))
            bytes.append(0x30 + UInt8(v % 10))
            return
        }
        if width == 4 && v >= 0 && v < 10_000 {
            bytes.append(0x30 + UInt8(v / 1000))
            bytes.append(0x30 + UInt8(v / 100 % 10))
            bytes.append(0x30 + UInt8(v / 10 % 10))
            bytes.append(0x30 + UInt8(v % 10))
            return
        }
        appendPaddedByDigits(v, width, to: &bytes)
    }

    /// `appendPadded` for any value and width.
    static func appendPaddedByDigits(_ v: Int, _ width: Int, to bytes: inout [UInt8]) {
        if v < 0 { bytes.append(UInt8(ascii: "-")) }
        let magnitude = v.magnitude
        var count = 1, m = magnitude
        while m >= 10 {
            m /= 10
            count += 1
        }
        if count < width { bytes.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: width - count)) }
        let start = bytes.count
        m = magnitude
        repeat {
            bytes.append(UInt8(ascii: "0") + UInt8(m % 10))
            m /= 10
        } while m > 0
        bytes[start...].reverse()
    }
}
