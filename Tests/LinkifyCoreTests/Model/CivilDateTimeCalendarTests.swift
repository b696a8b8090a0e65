import Testing
@testable import LinkifyCore
@testable import LinkifyDetectors
@testable import LinkifyFinding
@testable import LinkifyInput
@_spi(Layers) @testable import LinkifyModel
@testable import LinkifyRendering

/// Calendar arithmetic of `CivilDateTime+Calendar.swift`.
@Suite struct CivilDateTimeCalendarTests {
    @Test(arguments: [
        (1970, 1, 1, 0), (2000, 3, 1, 11017), (2026, 12, 1, 20788), (1969, 12, 31, -1), (1600, 2, 29, -135081),
    ])
    func dayNumbers(_ y: Int, _ m: Int, _ d: Int, _ n: Int) {
        #expect(CivilDateTime.dayNumber(year: y, month: m, day: d) == n)
        let back = CivilDateTime.date(fromDayNumber: n)
        #expect(back.year == y && back.month == m && back.day == d)
    }

    @Test func everyDayRoundTrips() {
        for n in stride(from: -800_000, through: 800_000, by: 97) {
            let d = CivilDateTime.date(fromDayNumber: n)
            #expect(CivilDateTime.isValidDate(year: d.year, month: d.month, day: d.day))
            #expect(CivilDateTime.dayNumber(year: d.year, month: d.month, day: d.day) == n)
        }
    }

    @Test(arguments: [
        ("2026-12-01", 2), ("2026-12-06", 7), ("2000-01-01", 6), ("2024-02-29", 4), ("1970-01-01", 4),
    ])
    func weekdays(_ iso: String, _ weekday: Int) {
        let parts = iso.split(separator: "-").map { Int($0)! }
        #expect(CivilDateTime(year: parts[0], month: parts[1], day: parts[2]).weekday == weekday)
    }

    @Test func leapYears() {
        #expect(CivilDateTime.isLeapYear(2024))
        #expect(!CivilDateTime.isLeapYear(2100))
        #expect(CivilDateTime.isLeapYear(2000))
        #expect(CivilDateTime.daysInMonth(2, year: 2026) == 28)
        #expect(!CivilDateTime.isValidDate(year: 2026, month: 2, day: 29))
    }

    @Test func adding() {
        let d = CivilDateTime(year: 2026, month: 12, day: 31, hour: 23, minute: 30)
        #expect(d.adding(days: 1).isoDate == "2027-01-01")
        #expect(d.adding(days: -365).isoDate == "2025-12-31")
        #expect(d.adding(minutes: 45).isoDateTime == "2027-01-01T00:15:00")
        #expect(d.adding(minutes: -24 * 60 - 30).isoDateTime == "2026-12-30T23:00:00")
        #expect(CivilDateTime(year: 2027, month: 1, day: 31).adding(months: 1).isoDate == "2027-02-28")
        #expect(CivilDateTime(year: 2027, month: 1, day: 15).adding(months: -13).isoDate == "2025-12-15")
    }

    @Test func isoForms() {
        #expect(CivilDateTime(year: 2026, month: 1, day: 2, hour: 3, minute: 4, second: 5).isoDateTime == "2026-01-02T03:04:05")
        #expect(CivilDateTime(year: 2026, month: 1, day: 2, utcOffsetMinutes: 0).isoDateTime == "2026-01-02T00:00:00Z")
        #expect(CivilDateTime(year: 2026, month: 1, day: 2, utcOffsetMinutes: -330).isoDateTime == "2026-01-02T00:00:00-05:30")
        #expect(CivilDateTime(year: 2026, month: 12, day: 31, hour: 23, minute: 59, second: 59, utcOffsetMinutes: 765).isoDateTime
                == "2026-12-31T23:59:59+12:45")
        // Years are written with four digits at least, whatever their size or sign.
        #expect(CivilDateTime(year: 7, month: 3, day: 9).isoDate == "0007-03-09")
        #expect(CivilDateTime(year: 12345, month: 10, day: 10).isoDate == "12345-10-10")
        #expect(CivilDateTime(year: -44, month: 3, day: 15).isoDate == "-0044-03-15")
        #expect(CivilDateTime(year: 0, month: 1, day: 1).isoDate == "0000-01-01")
    }
}
