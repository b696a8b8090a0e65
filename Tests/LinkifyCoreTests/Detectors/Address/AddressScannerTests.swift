import Testing
@testable import LinkifyCore
@testable import LinkifyDetectors
@testable import LinkifyFinding
@testable import LinkifyInput
@_spi(Layers) @testable import LinkifyModel
@testable import LinkifyRendering

/// Street addresses as they appear in mail signatures, contact pages and
/// event announcements; one line per case, the address marked with `|…|`.
@Suite struct AddressScannerTests {
    static let options = FinderOptions(kinds: [EntityKinds(.address)])

    static let unitedStates = [
        "Acme Corp\n|1600 Amphitheatre Parkway\nMountain View, CA 94043|\n(650) 253-0000",
        "Visit us at |1 Infinite Loop, Cupertino, CA 95014|.",
        "The White House, |1600 Pennsylvania Avenue NW, Washington, DC 20500|",
        "Tickets: |1211 Avenue of the Americas, New York, NY 10036|",
        "|Suite 400, 123 Main St, Springfield, IL 62701|",
        "|123 Main St., Suite 400, Springfield, IL 62701-1234, USA|",
        "Remit to |PO Box 1234, Anchorage, AK 99501|",
        "|4059 Mt Lee Dr, Hollywood, CA 90068|",
        "|1600 Broadway, New York, NY 10019| (box office)",
        "  |742 Evergreen Terrace\n  Springfield, OR 97403|",
        "HQ: |One Microsoft Way, Redmond, WA 98052|",
        "|500 S Buena Vista St, Burbank, CA 91521|",
        "|1 Main St, Springfield, Illinois 62701|",
        "Office: |55 Water St Fl 3 New York NY 10041|",
    ]

    static let canadaAndUK = [
        "|24 Sussex Drive, Ottawa, ON K1M 1M4, Canada|",
        "|100 Queen St W, Toronto, ON M5H 2N2|",
        "|1 Yonge Street, Toronto, Ontario M5E 1E5|",
        "Bureau : |1000 rue De La Gauchetière Ouest, Montréal, QC H3B 4W5|",
        "|10 Downing Street, London SW1A 2AA|",
        "|221B Baker Street, London NW1 6XE, UK|",
        "|1 Princes Street, Edinburgh EH2 2EQ|",
        "|Flat 2, 15 High Street, Oxford OX1 4AA|",
        "|2 Marsham Street, London, SW1P 4DF, United Kingdom|",
        "Our office:\n|4 Church Lane\nCambridge\nCB2 1TN|\nTel. 01223 000000",
    ]

    static let notAddresses = [
        "I have 3 Park Avenue tickets for Boston, MA 02108.",
        "Top 10 Streets in London",
        "In 2019 Boston, MA hosted the finals.",
        "Flight 1234 to Boston, MA was delayed.",
        "We need 12 Court dates in Miami, FL.",
        "Drop it off at 12 Main Street, thanks.",
        "Call 1-800-555-1234 or write to 12 Main Street.",
        "The M25 was jammed near junction 10.",
    ]

    @Test(arguments: unitedStates) func unitedStatesAddresses(_ c: String) { #expect(marked(unmarked(c), Self.options) == c) }
    @Test(arguments: canadaAndUK) func canadianAndBritishAddresses(_ c: String) { #expect(marked(unmarked(c), Self.options) == c) }
    @Test(arguments: notAddresses) func nonAddresses(_ c: String) { #expect(marked(c, Self.options) == c) }

    @Test func valueIsOneLineAndTargetIsAMapSearch() {
        let text = "Ship to: 12 Mill Lane\nCambridge\nCB2 1TN"
        let e = entities(text, Self.options)
        #expect(e.first?.value == "12 Mill Lane, Cambridge, CB2 1TN")
        #expect(e.first?.target(in: text) == "https://www.openstreetmap.org/search?query=12%20Mill%20Lane,%20Cambridge,%20CB2%201TN")
        var o = Self.options
        o.templates.address = "https://maps.example/{}"
        #expect(targets("at 5 Rue Street, Québec, QC G1R 4P5", o).first
            == "https://maps.example/5%20Rue%20Street,%20Qu%C3%A9bec,%20QC%20G1R%204P5")
    }

    @Test func longInputsStayLinear() {
        let text = String(repeating: "12 Main Street Lane Road ", count: 20_000) + "1 Main St, Springfield, IL 62701"
        #expect(entities(text, Self.options).count == 1)
    }
}
