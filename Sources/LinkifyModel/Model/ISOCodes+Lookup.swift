extension ISOCodes {
    /// Whether `code`, in any case, is an ISO 3166-1 alpha-2 region (`GB`; not `UK`).
    package static func isRegion(_ code: String) -> Bool {
        code.utf8.count == 2 && contains(regions, code.uppercased())
    }

    /// ISO 3166-1 alpha-2 in any case, or `ZZ` (unknown region: no national numbers).
    package static func isRegionOrZZ(_ region: String) -> Bool {
        region.uppercased() == "ZZ" || isRegion(region)
    }

    /// `de_DE` of `de_DE.UTF-8`, `de-de` or `de_DE@euro`; nil when it is not `ll_CC` shaped.
    package static func normalizedLocale(_ value: String) -> String? {
        var v = Substring(value)
        if let i = v.firstIndex(where: { $0 == "." || $0 == "@" }) { v = v[..<i] }
        let parts = v.split(whereSeparator: { $0 == "_" || $0 == "-" })
        guard let language = parts.first, (2...3).contains(language.count), language.allSatisfy({ $0.isLetter && $0.isASCII }) else {
            return nil
        }
        if parts.count == 1 { return language.lowercased() }
        let region = parts[1]
        guard region.count == 2 || region.count == 3 else { return nil }
        return language.lowercased() + "_" + region.uppercased()
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
