/// How a locale writes dates: the order of day and month in numeric dates
/// (`--locale`, SPEC §2). A numeric date whose first field has four digits
/// is read year, month, day in every locale (`2026/12/01`, ISO 8601).
struct DateLocale: Sendable {
    /// The order of the first two fields of `1/2/2026`.
    enum Order: Sendable { case monthDay, dayMonth }

    /// Day and month order of numeric dates with the year last.
    var order: Order
    /// Whether German two-letter weekday abbreviations (`Fr., 5. Dez.`) are read.
    var readsGermanAbbreviations: Bool

    /// The rules for an `ll_CC` locale: month first in the United States and
    /// the countries that follow its usage (CLDR short date patterns `M/d/yy`),
    /// and in Chinese and Japanese, where the year comes first anyway; day
    /// first elsewhere.
    init(_ locale: String) {
        let parts = locale.split(whereSeparator: { $0 == "_" || $0 == "-" }).map { $0.lowercased() }
        let language = parts.first ?? "en"
        let region = parts.count > 1 ? parts[1] : ""
        let monthFirstRegions: Set<String> = ["us", "ph", "ca", "fm", "mh", "pw", "gu", "as", "pr", "vi", "um", "mp"]
        if language == "en" && (region.isEmpty || monthFirstRegions.contains(region)) {
            order = .monthDay
        } else if ["ja", "zh", "ko"].contains(language) {
            order = .monthDay
        } else {
            order = .dayMonth
        }
        readsGermanAbbreviations = language == "de"
    }
}
