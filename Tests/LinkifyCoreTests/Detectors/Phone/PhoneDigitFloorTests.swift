import Testing
@testable import LinkifyDetectors
import LinkifyTestSupport

/// The digit floor (issue 27): candidates with fewer digits than any valid
/// number needs are dismissed before they are parsed. It must only ever
/// dismiss what the parser and `isValid` would reject.
@Suite struct PhoneDigitFloorTests {
    @Test func floorsComeFromTheShortestValidNumbers() throws {
        let us = PhoneDigitFloor(region: PhoneMetadata.territory(id: "US"))
        // +1 numbers: Canada's 7-digit UAN numbers are the shortest valid ones.
        #expect(us.withoutPlus == 7)
        // After a plus: +49 and a 4-digit German number.
        #expect(us.withPlus == 6)
        #expect(us.admits(digits: 7, plus: false) && !us.admits(digits: 6, plus: false))
        // No region: only numbers with a plus are read.
        let none = PhoneDigitFloor(region: nil)
        #expect(none.withoutPlus == Int.max && none.withPlus == 6)
        // Antigua writes 7 local digits and its transform rule `268\1` adds 3.
        let ag = PhoneDigitFloor(region: PhoneMetadata.territory(id: "AG"))
        #expect(ag.withoutPlus == 4)
        #expect(PhoneDigitFloor.writtenDigits("268\\1") == 3 && PhoneDigitFloor.writtenDigits("\\2") == 0)
        let unitedStates = try #require(PhoneMetadata.territory(id: "US"))
        let idd = try #require(PhonePattern(unitedStates.internationalPrefix))
        #expect(idd.shortestMatch == 3)   // 011
    }

    /// Random candidates of every length and shape, read in several regions:
    /// whatever parses to a valid number has at least the floor's digits, and
    /// `isValid`'s length check agrees with the territory look-up it shortcuts.
    @Test func floorNeverDismissesAValidNumber() {
        var rng = SplitMix(state: 27)
        let codes = ["1", "44", "49", "54", "33", "81", "290", "683", "61", "7", "268"]
        var valid = 0
        for id in ["US", "DE", "AG", "AR", "GB", "JP", "AU", "NO"] {
            let region = PhoneMetadata.territory(id: id)
            let floor = PhoneDigitFloor(region: region)
            for _ in 0..<3000 {
                var candidate = ""
                let plus = Bool.random(using: &rng)
                if plus { candidate = "+" + codes.randomElement(using: &rng)! + " " }
                let count = Int.random(in: 1...13, using: &rng)
                for k in 0..<count {
                    candidate += String(Int.random(in: 0...9, using: &rng))
                    if k % 3 == 2 && Bool.random(using: &rng) { candidate += ["-", " ", ".", ") "].randomElement(using: &rng)! }
                }
                let scalars = candidate.unicodeScalars.map(\.value)
                guard let number = PhoneNumberParser.parse(scalars[...], region: region) else { continue }
                let nsn = number.nationalNumber
                let oracle = PhoneMetadata.territory(callingCode: number.callingCode, nsn: nsn)
                    .map { PhoneMetadata.hasType(nsn, in: $0) } ?? false
                #expect(PhoneMetadata.isValid(callingCode: number.callingCode, nsn: nsn) == oracle, "\(candidate) in \(id)")
                guard oracle else { continue }
                valid += 1
                let digits = scalars.count { PhoneCharacters.digit($0) != nil }
                #expect(floor.admits(digits: digits, plus: plus), "\(candidate) in \(id)")
            }
        }
        // The check has valid numbers to look at.
        #expect(valid > 1000)
    }
}
