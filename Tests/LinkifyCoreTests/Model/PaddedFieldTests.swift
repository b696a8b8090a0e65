import Testing
@_spi(Layers) @testable import LinkifyModel

/// A date's fields are written in their usual widths without the general
/// digit loop; every value from -10,000 to 20,000 in widths 1 to 5 is
/// written as the general loop writes it.
@Suite struct PaddedFieldTests {
    @Test func shortFieldsAreTheGeneralDigits() {
        for width in 1...5 {
            for v in -10_000...20_000 {
                var fast: [UInt8] = [0x41], general: [UInt8] = [0x41]
                CivilDateTime.appendPadded(v, width, to: &fast)
                CivilDateTime.appendPaddedByDigits(v, width, to: &general)
                if fast != general { Issue.record("\(v) in width \(width): \(fast) != \(general)") }
            }
        }
    }
}
