import Testing
@testable import LinkifyCore
@testable import LinkifyDetectors
@testable import LinkifyFinding
@testable import LinkifyInput
@_spi(Layers) @testable import LinkifyModel
@testable import LinkifyRendering

/// Phone numbers, one line per case with the expected numbers marked by `|`;
/// the cases are written like real signatures, contact pages and announcements.
@Suite struct PhoneScannerTests {
    static func phones(_ region: String) -> FinderOptions {
        FinderOptions(kinds: EntityKinds(.phone), phoneRegion: region)
    }

    static let unitedStatesCases = [
        "John Smith · Acme Corp. · Office: |(415) 555-0132| · Mobile: |415.555.0199|",
        "Direct: |+1 212-555-0147 ext. 204| · Fax: |212-555-0148|",
        "Call us toll-free at |1-800-555-0199| (Mon–Fri, 9am–5pm EST).",
        "Reservations: |617-555-0123 x12|, or email bookings@example.com",
        "Front desk: |212-555-0147 #204| (ask for Sam)",
        "RSVP to Sarah at |(312) 555-0176| by 03/01/2025.",
        "Text HELP to 55555 or call |650 253 0000|.",
        "tel:|+16502530000| is our main switchboard.",
        "Contact: |+1 (650) 253-0000| / |+1 (650) 253-0001|",
        "Hours: 9:00-17:00, phone |202-555-0110|, room 4B.",
        "The hotline (|+1 201 555 0123|) is open 24/7.",
        "Emergency? Dial 911. Non-emergency line: 311.",
        "Call 555-0100 for local service.",
        "abc8005550123 and 8005550123def are glued to words.",
    ]

    static let internationalCases = [
        "Our London office: |+44 20 7946 0958|; Paris: |+33 1 42 68 53 00|; Berlin: |+49 30 901820|.",
        "From the US dial |011 44 20 7946 0958|.",
        "Standard: |+33 (0)1 42 68 53 00|",
        "Fullwidth: |＋８１ ３－１２３０－８１０２|",
    ]

    static let germanyCases = [
        "Mit freundlichen Grüßen, Anna Müller, Tel.: |030 12345678|, Mobil: |0151 23456789|",
        "Telefon: |+49 (0)89 12345-0| · E-Mail: info@example.de",
        "Kontakt: |0221/1234567| oder |0800 1234567| (kostenlos)",
        "Die Veranstaltung findet am 12.03.2025 um 19:30 Uhr statt. Anmeldung unter |069 98765432|.",
        "Aus dem Ausland: |00 49 30 12345678|",
    ]

    static let japanCases = [
        "株式会社サンプル TEL: |03-1234-5678| FAX: |03-1234-5679| 携帯: |090-1234-5678|",
        "お問い合わせ：|０１２０－１２３－４５６|（受付時間 9:00～18:00）",
        "電話 |06(6123)4567| まで。",
    ]

    /// Look-alikes: none of these is a phone number (SPEC §5).
    static let lookalikesCases = [
        "Order #1234567890 shipped on 2024-11-05; tracking 1Z999AA10123456784.",
        "Version 10.15.7 (build 19H2) released 2020-11-12.",
        "Server 192.168.100.200 responded in 12.5 ms; ping 155.190.204.54",
        "connect to 67.223.76.58:15461",
        "Price: $1,299.99 (was $1,499.00) — save 13%!",
        "ISBN 978-0-306-40615-7, ISBN-10: 8-502-34989-9, pages 123-145.",
        "Meeting ID: 845 1234 5678, passcode 992211.",
        "UUID 123e4567-e89b-12d3-a456-426614174000 was issued.",
        "Coordinates 40.7128, -74.0060; pi is 3.182316159",
        "The population grew from 1,234,567 to 2,345,678 between 1990 and 2000.",
        "Invoice INV-2018-464012, serial SN 5889-0666-44",
        "at 12:30:45 on 2024/11/05, lap 1:13:07.798",
    ]

    /// Runs of leads before a number: a start with no digit within its first
    /// 11 characters is passed over in one step (`nextDigitOrWide`), and what
    /// the leads end with is read as before.
    @Test(arguments: [
        String(repeating: "(", count: 20) + " call |+1 650 253 0000| now",
        String(repeating: "(", count: 20) + "|(650) 253-0000|",
        String(repeating: "+", count: 16) + "|(650) 253-0000|",
        String(repeating: "(", count: 10) + "|6502530000|",
        String(repeating: "[", count: 12) + "+1 650 253 0000",
        String(repeating: "(", count: 30) + "|６５０-２５３-００００|",
        String(repeating: "(", count: 30) + "|＋1 650 253 0000|",
    ])
    func leadRuns(_ line: String) {
        #expect(marked(unmarked(line), Self.phones("US")) == line)
    }

    @Test(arguments: unitedStatesCases)
    func unitedStates(_ line: String) {
        #expect(marked(unmarked(line), Self.phones("US")) == line)
    }

    @Test(arguments: internationalCases)
    func international(_ line: String) {
        #expect(marked(unmarked(line), Self.phones("US")) == line)
    }

    @Test(arguments: germanyCases)
    func germany(_ line: String) {
        #expect(marked(unmarked(line), Self.phones("DE")) == line)
    }

    @Test(arguments: japanCases)
    func japan(_ line: String) {
        #expect(marked(unmarked(line), Self.phones("JP")) == line)
    }

    @Test(arguments: lookalikesCases, ["US", "DE", "PL", "IN", "ES"])
    func lookalikes(_ line: String, region: String) {
        #expect(marked(line, Self.phones(region)) == line)
    }

    @Test func valuesAreE164AndTargetsTelURIs() {
        let found = entities("Call +44 (0)20 7946 0958 ext. 12 or (201) 555-0123.", Self.phones("US"))
        #expect(found.map(\.value) == ["+442079460958", "+12015550123"])
        #expect(targets("Call +44 (0)20 7946 0958 ext. 12 or (201) 555-0123.", Self.phones("US")) == ["tel:+442079460958;ext=12", "tel:+12015550123"])
        #expect(found.allSatisfy { $0.kind == .phone })
    }

    @Test func nationalNumbersFollowTheRegion() {
        let line = "Tel. 030 12345678"
        #expect(marked(line, Self.phones("DE")) == "Tel. |030 12345678|")
        #expect(entities(line, Self.phones("DE")).first?.value == "+493012345678")
        #expect(marked(line, Self.phones("US")) == line)
    }

    @Test func unknownRegionFindsOnlyInternationalNumbers() {
        #expect(marked("030 12345678 or +49 30 12345678", Self.phones("ZZ")) == "030 12345678 or |+49 30 12345678|")
    }

    @Test func defaultRegionIsTheLocales() {
        let options = FinderOptions(kinds: EntityKinds(.phone), locale: "de_DE")
        #expect(marked("Tel. 030 12345678", options) == "Tel. |030 12345678|")
    }

    /// Scanning from an offset inside the text gives the numbers a scan from the start gives there.
    @Test func scanFromAnOffsetAgreesWithAWholeScan() {
        let text = Array("Ruf an: 030 12345678, 0151 23456789 oder +49 89 1234567.".utf8)
        let scanner = PhoneScanner(regionID: "DE")
        text.withUnsafeBufferPointer { t in
            var whole: [Entity] = []
            scanner.scan(t, from: 0, into: &whole)
            for start in 0...t.count {
                var part: [Entity] = []
                scanner.scan(t, from: start, into: &part)
                #expect(part == whole.filter { $0.start >= start })
            }
        }
    }

    @Test func invalidUTF8AndLongDigitRunsAreSafe() {
        var bytes = Array("+1 201 555 0123 ".utf8)
        bytes += [0xFF, 0xC3, 0x31, 0x32]
        bytes += Array(repeating: UInt8(ascii: "9"), count: 5000)
        bytes += Array(String(repeating: "1-", count: 3000).utf8)
        let found = bytes.withUnsafeBufferPointer { EntityFinder(options: Self.phones("US")).entities(in: $0) }
        #expect(found.first?.value == "+12015550123")
        for (a, b) in zip(found, found.dropFirst()) { #expect(a.end <= b.start) }
    }
}

/// The compiled pattern machine against the patterns it was compiled from.
@Suite struct PhonePatternTests {
    static func digits(_ s: String) -> [UInt8] { s.utf8.map { $0 - 0x30 } }

    @Test func territoryPatterns() throws {
        let us = try #require(PhoneMetadata.territory(id: "US"))
        #expect(us.callingCode == 1)
        #expect(PhoneMetadata.isValid(callingCode: 1, nsn: Self.digits("2015550123")))
        #expect(!PhoneMetadata.isValid(callingCode: 1, nsn: Self.digits("1015550123")))
        #expect(PhoneMetadata.isValid(callingCode: 44, nsn: Self.digits("2079460958")))
        #expect(PhoneMetadata.territory(callingCode: 1, nsn: Self.digits("4165550123"))?.id == "CA")
        #expect(PhoneMetadata.territory(id: "XX") == nil)
    }

    @Test func nationalPrefixTransform() throws {
        // Argentina: a mobile written 011 15 2345-6789 becomes 9 11 2345 6789.
        let ar = try #require(PhoneMetadata.territory(id: "AR"))
        let (number, stripped) = PhoneMetadata.strippingNationalPrefix(Self.digits("0111523456789"), ar)
        #expect(stripped)
        #expect(number == Self.digits("91123456789"))
    }

    @Test func structuralPatterns() throws {
        let brackets = try #require(PhonePattern(PhoneMetadataTables.matchingBrackets))
        #expect(brackets.matchesWhole([10, 0, 11, 0]))       // (201) 555
        #expect(!brackets.matchesWhole([0, 11, 11, 0]))      // 1)) 2
        let dates = try #require(PhonePattern(PhoneMetadataTables.slashSeparatedDates))
        #expect(dates.prefixMatch(Self.digits("03") + [10] + Self.digits("01") + [10] + Self.digits("2025")) != nil)
    }
}
