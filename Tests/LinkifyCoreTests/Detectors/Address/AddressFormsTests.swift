import Testing
@testable import LinkifyCore
@testable import LinkifyDetectors
@testable import LinkifyFinding
@testable import LinkifyInput
@_spi(Layers) @testable import LinkifyModel
@testable import LinkifyRendering

/// Addresses as people write them (issue 13): public buildings' and offices'
/// addresses, and the issue's own examples, in the forms seen in mail
/// signatures, letterheads, forms and chat — lowercase, capitals, without a
/// street type or ZIP, with units and boxes, over several lines, Canadian
/// French and British. None comes from the scored sample in
/// Fixtures/realworld-addresses. One line per case, the address marked `|…|`.
@Suite struct AddressFormsTests {
    static let options = FinderOptions(kinds: [EntityKinds(.address)])

    static let anyCase = [
        "ship it to |1600 amphitheatre pkwy, mountain view, ca 94043| please",
        "my address is |350 fifth avenue, new york, ny 10118|",
        "|221 baker st apt b, springfield, il 62701|",
        "|1600 PENNSYLVANIA AVE NW, WASHINGTON, DC 20500|",
        "MAIL TO: |233 S WACKER DR, CHICAGO, IL 60606|",
        "|11 WALL ST FL 6\nNEW YORK, NY 10005|",
    ]

    static let streetsWithoutType = [
        "|4805 Southwest 229th, Aloha, OR 97007|",
        "Offices at |1328 West McDermott Suite 200, Allen, TX 75013|.",
        "|193 Braybrook SE, Cedar Rapids, IA 52403|",
        "|50 South 16th, Philadelphia, PA 19102|",
        "Temple Square: |50 N 300 W, Salt Lake City, UT 84101|",
        "|1 E 161st, Bronx, NY 10451|",
    ]

    static let units = [
        "|350 Fifth Avenue, 41st Floor, New York, NY 10118|",
        "|200 Park Ave, Second Floor, New York, NY 10166|",
        "|1 Main St Apt B, Springfield, IL 62701|",
        "|500 Main Street #4, Springfield, IL 62701|",
        "|500 Main Street, # 12, Springfield, IL 62701|",
        "|100 Congress Ave, Bldg 2, Suite 300, Austin, TX 78701|",
        "|104-18663 52 Ave, Surrey, BC V3S 8E5|",
        "|718 - 8th Ave SW, Calgary, AB T2P 1H3|",
        "|300 - 1055 Dunsmuir St, Vancouver, BC V7X 1L3|",
        "|Unit 4, 27 King Street, Toronto, ON M5C 1E6|",
        "|1 Main St SE 300, Minneapolis, MN 55414|",
    ]

    static let boxes = [
        "Remit to |P.O. Box 628, Juneau, AK 99802|.",
        "|Box # 63, Cordova, AK 99574|",
        "|RR 2, Baddeck, NS B0E 1B0|",
        "|POST OFFICE BOX 1046, TOPEKA, KS 66601|",
        "|PO Box 2243\nSpringfield, IL 62701|",
        "|C.P. 6128, Montréal (Québec) H3C 3J7|",
        "send it to |po box 108, springfield, il 62701| thanks",
        "|p.o. box 9\nanchorage, ak 99501|",
        "|1200 Main St, P.O. Box 9, Dallas, TX 75202|",
        // A box and a street in one address, the box first.
        "|Box 15 Main St, Springfield, IL 62701|",
        // USPS Publication 28: the long form of a box with a unit after it, a
        // highway contract route, a department before the box.
        "Write to |Post Office Box 17, Suite 200, Denver, CO 80202|.",
        "|HC 1 Box 22, Ely, NV 89301|",
        "|Department 5, PO Box 9, Austin, TX 78701|",
        "|Dept 4 PO Box 99 Austin TX 78701|",
    ]

    static let withoutZIP = [
        "|1600 Pennsylvania Ave. Washington DC|",
        "Meet us at |1600 Pennsylvania Ave. Washington DC| at noon.",
        "We met at |1 Main St, Springfield, Illinois|.",
        "|100 Queen St W, Toronto, Ontario|",
        "|24 Sussex Drive, Ottawa, Ontario, Canada K1M 1M4|",
        "|1 Main St, Springfield, IL, USA 62701|",
    ]

    static let severalLines = [
        "Jane Doe\nAcme Corp\n|Suite 200\n123 Main St\nSpringfield, IL 62701\nUSA|\n(217) 555-0100",
        "|123 Main St\nSuite 200\nSpringfield, IL 62701|",
        "Best,\nSam\n|1 Infinite Loop\nCupertino, CA 95014\nUnited States|",
        "|25 Queen St\nSt. John's, NL A1C 1A1\nCanada|",
    ]

    /// The Free Software Foundation's address as licence notices in Debian's
    /// /usr/share/doc/*/copyright files wrap it.
    static let wrappedNotices = [
        "Software Foundation, Inc., |51 Franklin St, Fifth Floor, Boston, MA\n   02110-1301 USA|",
        "   Foundation, Inc., |51 Franklin Street - Fifth Floor, Boston,\n   MA 02110-1301, USA|.  */",
        "write to the Free Software Foundation, Inc., |51 Franklin Street,\nFifth Floor, Boston, MA 02110-1301 USA|.",
    ]

    static let canadianFrench = [
        "|405, rue Sainte-Catherine Est, Montréal (Québec) H2L 2C4|",
        "Siège : |1045, rue des Parlementaires, Québec (Québec) G1A 1A3|",
        "|1000, rue De La Gauchetière Ouest, bureau 2400, Montréal (Québec) H3B 4W5|",
        "|3, boulevard de l'Hôpital, Gatineau (Québec) J8T 8J1|",
        "|75, chemin Sainte-Foy, Québec, QC G1R 4E8|",
    ]

    static let british = [
        "|1 Piccadilly, Manchester M1 1AE|",
        "|8 Leeds Road, Sheffield S9 3TY|",
        "|1 Smith Square, London SW1P 3HT|",
        "|42 Upper Berkeley Street\nLondon\nW1H 5PW|",
        "|101 High Street, Croydon CR0 1QH|",
        "|4 Mill Lane, Birmingham B33 8TH|",
        "|12 Church Lane, Doncaster DN55 1PT|",
        // No house number: a building name, or the street alone, before the town and postcode.
        "|Houses of Parliament, Parliament Square, London SW1A 0AA|",
        "Visit |Cardiff Castle, Castle Street, Cardiff CF10 3RB|.",
        "|SHIP STREET, BRIGHTON, BN1 1AD|",
        "Write to:\n|Flat 3\nQueen's Court\nYork YO1 7HH|",
        "The British Library, |96 Euston Road, London NW1 2DB|",
    ]

    static let notAddresses = [
        // A street needs a town, region or postcode beside it.
        "Drop it off at 4805 Southwest 229th, thanks.",
        "Meet at 1328 West McDermott.",
        // Capitals that are not an address (pyap's negative examples have this shape).
        "ONE HEALING CENTER LLC, 16444",
        "3131 DR. MATTHEW WI",
        // Lowercase prose: a street in lowercase still needs its type and town.
        "i have 3 park tickets for boston, ma 02108",
        "we ordered 12 pizzas in boston, ma",
        "we moved to 12 main st in boston ma last year",
        "I have 3 Park Avenue tickets for Boston, MA 02108.",
        // A year and a comma is not a French house number.
        "In 2019, Main Street in Springfield was closed.",
        "Version 2 South and 3 West are out, see DC.",
        // Prose with a number, capitalised words and a state.
        "We sold 300 Main Street Burgers in Austin TX last week.",
        "I ran 5 West Coast Marathons, Portland OR and Seattle WA.",
        "Meeting at 10 East Conference Room, Building 4, Austin, TX.",
        "Fixed in 12 Park Road 10000 iterations.",
        // A name and a street type with no postcode after them.
        "Houses of Parliament, Parliament Square, London",
    ]

    @Test(arguments: anyCase) func lettersInAnyCase(_ c: String) { #expect(marked(unmarked(c), Self.options) == c) }
    @Test(arguments: streetsWithoutType) func streetsWithoutATypeWord(_ c: String) { #expect(marked(unmarked(c), Self.options) == c) }
    @Test(arguments: units) func unitsAnywhere(_ c: String) { #expect(marked(unmarked(c), Self.options) == c) }
    @Test(arguments: boxes) func boxesAndRuralRoutes(_ c: String) { #expect(marked(unmarked(c), Self.options) == c) }
    @Test(arguments: withoutZIP) func withoutAZIPOrWithItAfterTheCountry(_ c: String) { #expect(marked(unmarked(c), Self.options) == c) }
    @Test(arguments: severalLines) func acrossSeveralLines(_ c: String) { #expect(marked(unmarked(c), Self.options) == c) }
    @Test(arguments: wrappedNotices) func wrappedInLicenceNotices(_ c: String) { #expect(marked(unmarked(c), Self.options) == c) }
    @Test(arguments: canadianFrench) func canadianFrenchForms(_ c: String) { #expect(marked(unmarked(c), Self.options) == c) }
    @Test(arguments: british) func britishForms(_ c: String) { #expect(marked(unmarked(c), Self.options) == c) }
    @Test(arguments: notAddresses) func nonAddresses(_ c: String) { #expect(marked(c, Self.options) == c) }

    @Test func valueOfASignatureIsOneLine() {
        let text = "Suite 200\n123 Main St\nSpringfield, IL 62701\nUSA"
        #expect(entities(text, Self.options).first?.value == "Suite 200, 123 Main St, Springfield, IL 62701, USA")
    }
}
