import Testing
@testable import LinkifyDetectors
@testable import LinkifyFinding
@_spi(Layers) @testable import LinkifyModel

/// The address labeller (`AddressLabeller`): its tokens and their features
/// (which do not depend on the weights), the constraints of its decoding, the
/// rule that says when labels form an address, and what the fitted weights
/// (`Tables/AddressLabellerWeights.swift`) decide on shapes the labelled
/// addresses did not hold word for word.
@Suite struct AddressLabellerTests {
    /// The tokens read from the start of `text`, as text, with their feature names.
    static func tokens(_ text: String) -> [(text: String, features: Set<String>)] {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBufferPointer { t in
            AddressLabeller(t: t).tokens(from: 0).map { tok in
                (String(decoding: t[tok.start..<tok.end], as: UTF8.self),
                 Set(AddressTokenFeature.allCases.filter { tok.has($0) }.map(\.name)))
            }
        }
    }

    /// The address the labeller reads from `start` (a byte offset), or from the first digit of `text`.
    static func address(_ text: String, from start: Int? = nil) -> String? {
        let bytes = Array(text.utf8)
        guard let i = start ?? bytes.firstIndex(where: { $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        return bytes.withUnsafeBufferPointer { t in
            AddressLabeller(t: t).match(at: i).map { String(decoding: t[i..<$0], as: UTF8.self) }
        }
    }

    /// The generated table holds a weight for every label and feature.
    @Test func weightsTableMatchesTheLabelsAndFeatures() {
        let labels = AddressLabel.allCases.count, features = AddressTokenFeature.allCases.count
        #expect(AddressLabel.names.count == labels)
        #expect(AddressTokenFeature.names.count == features)
        #expect(AddressLabellerWeights.start.count == labels)
        #expect(AddressLabellerWeights.transitions.count == labels * labels)
        #expect(AddressLabellerWeights.emissions.count == labels * features)
    }

    @Test func tokensAndTheirFeatures() {
        let toks = Self.tokens("205 4th Ave. NE, Suite 104\nCullman, AL 35055-1234. Thanks")
        // The sentence's period is no token: the window ends there.
        #expect(toks.map(\.text) == ["205", "4th", "Ave", "NE", ",", "Suite", "104", "\n", "Cullman", ",", "AL",
                                      "35055-1234"])
        #expect(toks[0].features == ["bias", "number", "digits3", "first"])
        #expect(toks[1].features.isSuperset(of: ["number", "ordinal", "previous_is_number"]))
        #expect(toks[2].features.isSuperset(of: ["word", "capitalized", "street_type", "period"]))
        #expect(toks[3].features.isSuperset(of: ["direction", "state_code", "uppercase", "before_comma"]))
        #expect(toks[5].features.isSuperset(of: ["unit_word", "after_comma"]))
        #expect(toks[6].features.isSuperset(of: ["previous_is_unit_word", "before_line_break"]))
        #expect(toks[8].features.isSuperset(of: ["after_line_break", "before_comma"]))
        #expect(toks[10].features.isSuperset(of: ["state_code", "next_is_zip", "after_comma"]))
        #expect(toks[11].features.isSuperset(of: ["number", "zip_plus4"]))
    }

    /// A blank line, or a byte that no token holds, ends the window; an
    /// abbreviation keeps its final period, a word does not.
    @Test func windowEnds() {
        #expect(Self.tokens("12 Main St\n\nBoston, MA").map(\.text) == ["12", "Main", "St", "\n"])
        #expect(Self.tokens("12 Main St (Boston)").map(\.text) == ["12", "Main", "St"])
        #expect(Self.tokens("1 Main St Washington D.C. 20001").map(\.text) == ["1", "Main", "St", "Washington", "D.C.", "20001"])
        #expect(Self.tokens("49ers play").first?.features.contains("number_with_word") == true)
        #expect(Self.tokens("187A Elm").first?.features.contains("number_with_letter") == true)
        #expect(Self.tokens("12 Court dates in Miami").map(\.features).filter { $0.contains("lowercase_among_capitals") }.count == 1)
    }

    /// The window holds at most `maxTokens` tokens, however long the text.
    @Test func windowIsBounded() {
        let long = "12 " + String(repeating: "Main ", count: 10_000)
        #expect(Self.tokens(long).count == AddressLabeller.maxTokens)
    }

    /// When labels form an address: a number and a street type, or a box,
    /// then a state, ending at the state, the ZIP or the country, with one
    /// house number and nothing but a ZIP and a country after the state.
    @Test func labelsThatFormAnAddress() {
        // Every token a box word here (`Box`), but the first of `bare`.
        let toks = (0..<12).map { LabelledToken(start: $0 * 2, end: $0 * 2 + 1, next: $0 * 2 + 1,
                                                features: 1 << UInt64(AddressTokenFeature.boxWord.rawValue)) }
        var bare = toks
        bare[0].features = 0
        let end: ([AddressLabel]) -> Int? = { AddressLabeller.addressEnd(Array(toks.prefix($0.count)), $0) }
        // A bare number labelled a box is no box (`We have 15, Juneau AK`).
        #expect(AddressLabeller.addressEnd(Array(bare.prefix(3)), [.box, .region, .postcode]) == nil)
        #expect(end([.number, .street, .streetType, .city, .region, .postcode]) == 11)
        #expect(end([.number, .streetType, .separator, .city, .region, .separator]) == 9)
        #expect(end([.box, .region, .postcode]) == 5)
        #expect(end([.number, .streetType, .city, .postcode]) == nil)  // no state
        #expect(end([.number, .street, .city, .region]) == nil)        // a street with no street type
        #expect(end([.number, .city, .region]) == nil)                 // no street
        #expect(end([.number, .streetType, .city, .city]) == nil)      // ends at a city
        #expect(end([.out, .number, .streetType, .region]) == nil)     // `out` first: no address
        // After the state only a ZIP and a country: another field (here the
        // next address of a list) is not this address's.
        #expect(end([.number, .streetType, .region, .city]) == 5)
        #expect(end([.number, .streetType, .city, .region, .postcode, .separator,
                     .number, .streetType, .city, .region, .postcode]) == 9)
        // After the city only the state, ZIP and country: a unit there starts what follows.
        #expect(end([.box, .box, .separator, .city, .separator, .unit, .unit, .separator, .city, .region]) == nil)
        #expect(end([.box, .separator, .city, .region, .separator, .unit]) == 7)
        // One delivery line: a second house number starts another address.
        #expect(end([.number, .street, .streetType, .separator, .number, .streetType, .city, .region]) == nil)
        #expect(end([.number, .number, .streetType, .region]) == 7)
    }

    /// Decoding keeps `out` absorbing and starts with `out`, a number, a unit or a box.
    @Test func decodingConstraints() {
        for text in ["205 4th Ave NE, Suite 104, Cullman, AL 35055 and then 12 more", "Flight 1234 to Boston, MA",
                     "Suite 200, 10 Main St, Dover, DE 19901", "PO Box 42, Juneau, AK 99801"] {
            let bytes = Array(text.utf8)
            let labels = bytes.withUnsafeBufferPointer { AddressLabeller.label(AddressLabeller(t: $0).tokens(from: 0)) }
            #expect([.out, .number, .unit, .box].contains(labels[0]), "\(text)")
            if let firstOut = labels.firstIndex(of: .out) {
                #expect(labels[firstOut...].allSatisfy { $0 == .out }, "\(text)")
            }
        }
    }

    /// What the fitted weights decide on addresses written as people write
    /// them, and on prose that names a number and a place.
    @Test(arguments: [
        ("205 4th Ave. NE, Suite 104\nCullman, AL 35055. Thanks", "205 4th Ave. NE, Suite 104\nCullman, AL 35055"),
        ("111 W Monroe St, 12C, Chicago, IL 60603", "111 W Monroe St, 12C, Chicago, IL 60603"),
        ("900 Court Street NE Salem OR 97301 is the office", "900 Court Street NE Salem OR 97301"),
        ("PO Box 401, Juneau, Alaska 99801", "PO Box 401, Juneau, Alaska 99801"),
        ("1 Main St, Springfield, IL 62701, USA.", "1 Main St, Springfield, IL 62701, USA"),
        ("Flight 1234 to Boston, MA was delayed.", nil),
        ("The 49ers play in Santa Clara, CA 95054 area.", nil),
        ("12 tests failed in Portland, OR", nil),
        ("We have 15, Juneau AK 99801", nil),
    ] as [(String, String?)])
    func decisions(_ text: String, _ expected: String?) {
        let start = expected.flatMap { text.utf8.firstRange(of: $0.utf8) }.map { text.utf8.distance(from: text.utf8.startIndex, to: $0.lowerBound) }
        #expect(Self.address(text, from: start) == expected, "\(text)")
    }

    /// `--explain=json` tells each token of every window with its features and
    /// label (`address token LABEL in window START`), whatever was found: the
    /// trainer's export; and the scan finds the same addresses with and without it.
    @Test func explainTellsTheTokensAndChangesNothing() {
        let text = Array("Write to 205 4th Ave NE, Cullman, AL 35055 or call.".utf8)
        var plain: [Entity] = [], explained: [Entity] = [], told: [Explanation] = []
        let scanner = AddressScanner(options: FinderOptions(kinds: [EntityKinds(.address)]))
        text.withUnsafeBufferPointer {
            scanner.scan($0, from: 0, into: &plain)
            scanner.scan($0, from: 0, into: &explained, rejections: &told)
        }
        #expect(plain == explained)
        #expect(plain.count == 1)
        let models = told.compactMap { e -> String? in if case .weighed(let w) = e.verdict { return w.model } else { return nil } }
        #expect(models.first == "address token number in window 9")
        #expect(models.contains("address token region in window 9"))
        // The windows inside the address are told too (at `4th` and at the ZIP).
        #expect(models.contains { $0.hasSuffix("in window 13") })
    }
}
