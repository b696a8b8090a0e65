extension ISOCodes {
    /// Whether `code`, in any case, is an ISO 3166-1 alpha-2 region (`GB`; not `UK`).
    package static func isRegion(_ code: String) -> Bool {
        code.utf8.count == 2 && contains(regions, code.uppercased())
    }

    /// Whether `code`, in any case, is an ISO 639-1 language (`ja`; not `jp`).
    package static func isLanguage(_ code: String) -> Bool {
        code.utf8.count == 2 && contains(languages, code.lowercased())
    }

    /// The alpha-2 region a user who wrote `code` most likely meant: its
    /// alpha-3 code's (`USA` → `US`), or the code's that people write for
    /// it (`UK` → `GB`, `EL` → `GR`); nil when there is none.
    package static func suggestedRegion(for code: String) -> String? {
        let upper = code.uppercased()
        switch upper {
        case "UK": return "GB"
        case "EL": return "GR"
        default: return upper.utf8.count == 3 ? lookUp(regionsByAlpha3, upper) : nil
        }
    }

    /// The ISO 639-1 language a user who wrote `code` most likely meant: its
    /// ISO 639-2 code's (`deu` → `de`), a withdrawn code's successor
    /// (`iw` → `he`), or the language of the country code written in its
    /// place (`jp` → `ja`, `cn` → `zh`); nil when there is none.
    package static func suggestedLanguage(for code: String) -> String? {
        let lower = code.lowercased()
        let aliases = [("jp", "ja"), ("cn", "zh"), ("gr", "el"), ("dk", "da"), ("cz", "cs"), ("kr", "ko"), ("ua", "uk"),
                       ("iw", "he"), ("in", "id"), ("ji", "yi"), ("jw", "jv"), ("mo", "ro")]
        if let known = aliases.first(where: { $0.0 == lower }) { return known.1 }
        return lower.utf8.count == 3 ? lookUp(languagesByAlpha3, lower) : nil
    }

    private static func codes(_ table: String) -> [Substring] {
        table.split(whereSeparator: { $0 == " " || $0 == "\n" })
    }

    private static func contains(_ table: String, _ code: String) -> Bool {
        codes(table).contains(Substring(code))
    }

    /// The code after `key:` in a table of `key:code` pairs.
    private static func lookUp(_ table: String, _ key: String) -> String? {
        for pair in codes(table) {
            let parts = pair.split(separator: ":")
            if parts.count == 2 && parts[0] == key { return String(parts[1]) }
        }
        return nil
    }
}
