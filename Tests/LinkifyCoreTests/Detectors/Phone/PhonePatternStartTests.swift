import Testing
import LinkifyTestSupport
@testable import LinkifyDetectors

/// The start filter of the phone patterns' machine (`PhonePattern.starts`)
/// turns away only inputs the whole machine fails on.
@Suite struct PhonePatternStartTests {
    /// Every program of the metadata, on inputs that begin with each symbol
    /// (drawn tails of digits, and the empty input): wherever the machine
    /// alone finds a match, whole or prefix, the filter lets the input through.
    @Test func filterKeepsEveryMatch() {
        let code = PhonePattern.code
        var rng = SplitMix(state: 16)
        var base = 0, programs = 0, matched = 0
        while base < code.count {
            let pattern = PhonePattern(Int32(base))!
            let start = PhonePattern.starts[base]
            for first in 0..<17 {
                var input: [UInt8] = first == 16 ? [] : [UInt8(first)]
                if first < 16 { input += (0..<Int(rng.next() % 12)).map { _ in UInt8(rng.next() % 10) } }
                for whole in [false, true] {
                    var slots: [Int] = []
                    guard pattern.runAll(input, whole: whole, slots: &slots) != nil else { continue }
                    matched += 1
                    let passes = start & PhonePattern.startsEmpty != 0
                        || (input.first.map { $0 < 16 && start & (1 << UInt32($0)) != 0 } ?? false)
                    #expect(passes, "program at \(base) on \(input), whole \(whole)")
                }
            }
            programs += 1
            base += 1 + Int(code[base] & 0x0FFF_FFFF)
        }
        // The walk reached every program, and the inputs matched some (the test asks something).
        #expect(base == code.count)
        #expect(programs > 1_000 && matched > 1_000)
    }

    /// Most of the metadata's patterns can begin with some digits only (an
    /// area code that starts with 2 to 9): the filter has inputs to turn away.
    @Test func filterTurnsAwayImpossibleStarts() {
        let code = PhonePattern.code
        var base = 0, turnedAway = 0
        while base < code.count {
            let start = PhonePattern.starts[base]
            if start & PhonePattern.startsEmpty == 0 && start & 0x3FF != 0x3FF { turnedAway += 1 }
            base += 1 + Int(code[base] & 0x0FFF_FFFF)
        }
        #expect(turnedAway > 100)
    }
}

/// A calling code at the start of a number's digits, read without a String.
@Suite struct CallingCodePrefixTests {
    /// The same answer as comparing with the code's decimal digits, for every
    /// code up to 999 on drawn digits (half of them made to start with the code).
    @Test func agreesWithTheDecimalDigits() {
        var rng = SplitMix(state: 999)
        for code in 1...999 {
            let decimal = Array(String(code).utf8).map { $0 - 0x30 }
            for draw in 0..<4 {
                var digits = (0..<Int(rng.next() % 6)).map { _ in UInt8(rng.next() % 10) }
                if draw % 2 == 0 { digits = decimal + digits }
                let expected = digits.starts(with: decimal) ? decimal.count : nil
                #expect(PhoneNumberParser.startsWithCallingCode(digits, code) == expected, "\(code) \(digits)")
            }
        }
    }
}
