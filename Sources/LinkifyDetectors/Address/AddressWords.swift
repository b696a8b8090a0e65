@_spi(Layers) import LinkifyModel

/// Word lists of the street-address detector, lowercased: street types
/// (USPS Publication 28 suffixes, Royal Mail and Canada Post thoroughfare
/// types), directions, unit designators, states, provinces and countries.
enum AddressWords {
    /// Street types written after the name (`Main Street`, `Baker St`, `Park Close`).
    static let suffixes: Set<String> = [
        "alley", "aly", "avenue", "ave", "av", "boulevard", "blvd", "bvd", "circle", "cir", "circ", "court", "ct",
        "cove", "cv", "crossing", "xing", "drive", "dr", "expressway", "expy", "freeway", "fwy", "highway", "hwy",
        "lane", "ln", "loop", "parkway", "pkwy", "pky", "pike", "place", "pl", "plaza", "plz", "point", "pt",
        "road", "rd", "row", "square", "sq", "street", "st", "str", "terrace", "ter", "terr", "trail", "trl",
        "turnpike", "tpke", "way", "wy", "walk", "run", "pass", "path", "landing", "ridge", "crescent", "cres",
        "close", "gardens", "gdns", "grove", "gr", "hill", "mews", "rise", "view", "green", "park", "parade",
        "esplanade", "quay", "wharf", "heights", "hts", "commons", "center", "centre", "ctr", "junction", "jct",
        "causeway", "bypass", "gate", "yard", "chase", "promenade", "embankment", "hollow", "glen", "meadows",
        "manor", "mall", "circus", "crossroad", "drwy", "driveway", "estate", "bend", "brook", "creek", "crest",
        "dale", "field", "fields", "harbor", "harbour", "knoll", "lake", "lakes", "mill", "mount", "orchard",
        "oval", "spur", "station", "summit", "track", "trace", "valley", "vista", "wynd", "approach", "arcade",
        "crt", "shores", "island", "isle", "woods", "bay", "trce", "gdn", "cres", "pde", "hwy",
    ]

    /// Street types written before the name, in Canadian French (`rue Saint-Denis`).
    static let prefixTypes: Set<String> = [
        "rue", "avenue", "boulevard", "boul", "chemin", "ch", "route", "rang", "montée", "côte", "allée",
        "promenade", "impasse", "place", "carré", "croissant", "autoroute",
    ]

    /// Words before a road number (`Route 9`, `US Highway 278`, `County Road 43`, `SR 20`).
    static let highways: Set<String> = ["highway", "hwy", "route", "rte", "sr", "interstate", "road", "rd"]

    /// Words whose number is not a house number (`Box # 63`, `RR 2`, `Suite 200`, `Route 9`).
    static let boxWords: Set<String> = [
        "box", "pmb", "rr", "route", "rte", "highway", "hwy", "postale", "suite", "ste", "apt", "unit", "flat",
        "floor", "fl", "room", "rm", "bldg", "building", "lot", "bureau", "studio", "no", "hc", "dept", "department",
    ]

    /// The words of a mail box (`PO Box 12`, `Post Office Box 12`, `P.O. Drawer 5`, `PMB 101`, `RR 2`,
    /// `HC 1 Box 22`: USPS Publication 28's rural route and highway contract route), without periods.
    static let mailBoxWords: Set<String> = ["box", "po", "pobox", "post", "pmb", "rr", "hc", "drawer"]

    /// Floors written as words (`Second Floor`).
    static let spelledOrdinals: Set<String> = [
        "ground", "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth",
        "lower", "upper", "top",
    ]

    /// French elided articles that start a word of a street name (`boulevard de l'Université`).
    static let elidedArticles = ["l'", "d'", "l\u{2019}", "d\u{2019}"]

    /// State abbreviations that are also common words: in lowercase text they
    /// end an address only with a ZIP after them.
    static let wordLikeStates: Set<String> = [
        "in", "or", "me", "oh", "hi", "ok", "de", "la", "pa", "ma", "co", "al", "id", "as", "ne", "mo", "wa", "md",
    ]

    /// Words that introduce an address at the start of a sentence or line
    /// (`Visit Cardiff Castle, …`, `Address: …`), never the first word of a building's name.
    static let leadIns: Set<String> = [
        "visit", "see", "meet", "send", "write", "find", "call", "contact", "address", "welcome", "join", "come",
        "at", "to", "from", "in", "on", "near", "by", "via", "location", "venue", "ship", "deliver", "return", "mail",
        "post", "office", "our", "my", "your", "head", "registered",
    ]

    /// Streets named without a type (`1600 Broadway`).
    static let standaloneStreets: Set<String> = ["broadway", "bowery"]

    /// Directions before or after a street name (English and Canadian French).
    static let directions: Set<String> = [
        "n", "s", "e", "w", "ne", "nw", "se", "sw", "north", "south", "east", "west",
        "northeast", "northwest", "southeast", "southwest", "est", "ouest", "nord", "sud", "o",
    ]

    /// Unit designators (`Apt 4B`, `Suite 200`, `Flat 3`).
    static let units: Set<String> = [
        "apt", "apartment", "suite", "ste", "unit", "floor", "fl", "room", "rm", "bldg", "building", "dept",
        "department", "basement", "bsmt", "penthouse", "ph", "lobby", "lbby", "hngr", "lot", "flat", "office",
        "ofc", "trlr", "space", "spc", "pier", "slip", "hangar", "stop", "bureau", "studio", "level", "bay",
    ]

    /// Units that only homes and offices have, which make a number and words an address.
    static let dwellingUnits: Set<String> = ["suite", "ste", "apt", "apartment", "unit", "trlr", "flat"]

    /// Words that may start an address: a leading unit, a spelled number, a box or rural route.
    static let letterTriggers: KeywordTable<Bool> = {
        let words = ["flat", "suite", "ste", "unit", "apt", "apartment", "building", "bldg", "studio", "room", "bureau",
                     "dept", "department", "p", "c", "po", "post", "pobox", "box", "pmb", "rr", "hc", "rural"] + Array(spelledNumbers)
        return KeywordTable(words.map { (TextWord.key($0), true) })
    }()

    /// Spelled house numbers (`One Microsoft Way`).
    static let spelledNumbers: Set<String> = [
        "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
        "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty",
        "thirty", "forty", "fifty", "hundred",
    ]

    /// Lowercase words that may join the capitalised words of a street or town
    /// name (`Avenue of the Americas`, `Newcastle upon Tyne`, `rue du Parc`).
    static let connectors: Set<String> = [
        "of", "the", "upon", "on", "in", "under", "by", "de", "du", "des", "la", "le", "les", "sur", "en", "and",
    ]

    /// Lowercase words inside town names (`Newcastle upon Tyne`, `Henley on Thames`,
    /// `Saint-Jean sur Richelieu`); not `in` or `and`, which join prose (`Burgers in Austin TX`).
    static let townConnectors: Set<String> = ["of", "the", "upon", "on", "de", "du", "des", "la", "le", "les", "sur", "en"]

    /// US state and territory abbreviations (USPS).
    static let usStates: Set<String> = [
        "AL", "AK", "AZ", "AR", "CA", "CO", "CT", "DE", "FL", "GA", "HI", "ID", "IL", "IN", "IA", "KS", "KY",
        "LA", "ME", "MD", "MA", "MI", "MN", "MS", "MO", "MT", "NE", "NV", "NH", "NJ", "NM", "NY", "NC", "ND",
        "OH", "OK", "OR", "PA", "RI", "SC", "SD", "TN", "TX", "UT", "VT", "VA", "WA", "WV", "WI", "WY", "DC",
        "PR", "VI", "GU", "AS", "MP",
    ]

    /// US state names, lowercased, words joined by one space.
    static let usStateNames: Set<String> = [
        "alabama", "alaska", "arizona", "arkansas", "california", "colorado", "connecticut", "delaware",
        "florida", "georgia", "hawaii", "idaho", "illinois", "indiana", "iowa", "kansas", "kentucky",
        "louisiana", "maine", "maryland", "massachusetts", "michigan", "minnesota", "mississippi", "missouri",
        "montana", "nebraska", "nevada", "new hampshire", "new jersey", "new mexico", "new york",
        "north carolina", "north dakota", "ohio", "oklahoma", "oregon", "pennsylvania", "rhode island",
        "south carolina", "south dakota", "tennessee", "texas", "utah", "vermont", "virginia", "washington",
        "west virginia", "wisconsin", "wyoming", "district of columbia", "puerto rico",
    ]

    /// Canadian province and territory abbreviations (Canada Post).
    static let caProvinces: Set<String> = ["AB", "BC", "MB", "NB", "NL", "NS", "NT", "NU", "ON", "PE", "QC", "SK", "YT"]

    /// Canadian province and territory names.
    static let caProvinceNames: Set<String> = [
        "alberta", "british columbia", "manitoba", "new brunswick", "newfoundland and labrador", "newfoundland",
        "nova scotia", "northwest territories", "nunavut", "ontario", "prince edward island", "quebec", "québec",
        "saskatchewan", "yukon",
        // French names (Canada Post writes the province in parentheses: `Montréal (Québec)`)
        "colombie-britannique", "nouveau-brunswick", "nouvelle-écosse", "terre-neuve-et-labrador",
        "île-du-prince-édouard", "territoires du nord-ouest",
    ]

    /// Country names that may end an address.
    static let countries: Set<String> = [
        "usa", "us", "u.s.a.", "u.s.", "united states", "united states of america", "canada", "uk", "u.k.",
        "united kingdom", "england", "scotland", "wales", "northern ireland", "great britain",
    ]
}
