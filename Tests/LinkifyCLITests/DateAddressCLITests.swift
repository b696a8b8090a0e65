import Testing
@testable import LinkifyCLI

/// `--now` and `--locale` values as the command line reads them.
@Suite struct DateAddressOptionTests {
    @Test func nowIsParsed() {
        #expect(parseISODateTime("2026-12-01T17:30:00+01:00")?.utcOffsetMinutes == 60)
        #expect(parseISODateTime("2026-12-01")?.day == 1)
        #expect(parseISODateTime("yesterday") == nil)
    }

    @Test func localeIsNormalized() {
        #expect(normalizedLocale("de-de") == "de_DE")
        #expect(normalizedLocale("en_GB.UTF-8") == "en_GB")
    }
}
