#if canImport(Glibc)
import Glibc
#endif
import LinkifyCore

extension Options {
    /// The linkifier these options make, user rules included.
    func linkifier(environment: Environment) throws -> Linkifier {
        var options = try finderOptions(environment: environment)
        options.userScanners = try userScanners()
        return Linkifier(options: options)
    }

    /// The finder options these command-line options ask for.
    func finderOptions(environment: Environment) throws(UsageError) -> FinderOptions {
        // Checked when given (so that a config file's error names its key), and here for Options built by hand.
        var templates = LinkTemplates()
        if let t = mentionURL { try Self.checkTemplate(t, for: "--mention-url"); templates.mention = t }
        if let t = hashtagURL { try Self.checkTemplate(t, for: "--hashtag-url"); templates.hashtag = t }
        if let t = cashtagURL { try Self.checkTemplate(t, for: "--cashtag-url"); templates.cashtag = t }
        if let t = addressURL { try Self.checkTemplate(t, for: "--address-url"); templates.address = t }
        if let t = dateURL { try Self.checkTemplate(t, for: "--date-url") }
        templates.date = dateURL
        let now: CivilDateTime
        if let text = self.now {
            now = try Self.checkedNow(text)
        } else if effectiveKinds.contains(.date) {
            now = currentLocalTime()
        } else {
            // Only dates read the clock; without them the time zone file is not opened.
            now = FinderOptions().now
        }
        let locale = try self.locale.map { (v) throws(UsageError) in try Self.checkedLocale(v) } ?? localeFromEnvironment(environment)
        if let region = phoneRegion { try Self.checkPhoneRegion(region) }
        return FinderOptions(kinds: effectiveKinds, profile: effectiveProfile,
                             allowedSchemes: schemes.map(Set.init), deniedSchemes: Set(deniedSchemes),
                             rewrites: rewrites, locale: locale, phoneRegion: phoneRegion?.uppercased(),
                             now: now, templates: templates)
    }
}

extension Options {
    // The flags check their values when given (so that a config file's error
    // names its key), and again here for Options built by hand.

    /// A usage error when a URL template (`--mention-url` and the other kind
    /// templates, or a `--pattern`'s) has a `{…}` that is no placeholder, or
    /// a lone brace (SPEC §2).
    static func checkTemplate(_ template: String, for flag: String) throws(UsageError) {
        let problem = flag == "--pattern" ? PatternTemplate.problem(in: template) : URLTemplate.problem(in: template)
        if let problem { throw UsageError("invalid template '\(template)' for \(flag): \(problem)") }
    }

    /// The moment `--now` names; a usage error when it is not ISO 8601.
    static func checkedNow(_ text: String) throws(UsageError) -> CivilDateTime {
        guard let parsed = CivilDateTime(iso8601: text) else {
            throw UsageError("invalid value '\(text)' for --now (expected ISO 8601, like 2026-12-01T00:00:00)")
        }
        return parsed
    }

    /// The `ll_CC` form of a `--locale` value; a usage error when it has
    /// none, or when its language is not ISO 639-1 or its region neither ISO
    /// 3166-1 alpha-2 nor `ZZ` (SPEC §2), with a suggestion (`en_UK` → `en_GB`).
    static func checkedLocale(_ value: String) throws(UsageError) -> String {
        guard let l = ISOCodes.normalizedLocale(value) else { throw UsageError("invalid value '\(value)' for --locale (expected ll_CC, like en_US)") }
        let parts = l.split(separator: "_").map(String.init)
        let language = parts[0], region = parts.count > 1 ? parts[1] : nil
        let languageOK = ISOCodes.isLanguage(language)
        let regionOK = region.map(ISOCodes.isRegionOrZZ) ?? true
        guard !languageOK || !regionOK else { return l }
        // The suggestion mends both halves, or says nothing.
        let fixedLanguage = languageOK ? language : ISOCodes.suggestedLanguage(for: language)
        let fixedRegion = region.map { regionOK ? $0 : ISOCodes.suggestedRegion(for: $0) } ?? ""
        let suggestion: String
        if let fixedLanguage, let fixedRegion {
            suggestion = " (did you mean '\(fixedLanguage)\(fixedRegion.isEmpty ? "" : "_" + fixedRegion)'?)"
        } else {
            suggestion = ""
        }
        let problem = languageOK ? "'\(region!)' is not an ISO 3166-1 alpha-2 region" : "'\(language)' is not an ISO 639-1 language"
        throw UsageError("invalid value '\(value)' for --locale: \(problem)\(suggestion)")
    }

    /// A usage error unless `region` is ISO 3166-1 alpha-2 or `ZZ`, in any
    /// case (SPEC §2), with a suggestion (`UK` → `GB`, `USA` → `US`).
    static func checkPhoneRegion(_ region: String) throws(UsageError) {
        guard !ISOCodes.isRegionOrZZ(region) else { return }
        let suggestion = ISOCodes.suggestedRegion(for: region).map { " (did you mean '\($0)'?)" } ?? ""
        throw UsageError("invalid value '\(region)' for --phone-region: not an ISO 3166-1 alpha-2 region\(suggestion)")
    }

}

/// The locale from `LC_ALL`, then `LANG`; `en_US` when neither names one,
/// or names one whose language or region is no ISO code (`en_UK`): the
/// environment never makes a usage error (SPEC §2). A language alone takes
/// the region of the same letters when there is one (`de` → `de_DE`).
func localeFromEnvironment(_ env: Environment) -> String {
    for key in ["LC_ALL", "LANG"] {
        if let v = env[key], !v.isEmpty, v != "C", v != "POSIX", !v.hasPrefix("C."), let l = ISOCodes.normalizedLocale(v) {
            let parts = l.split(separator: "_").map(String.init)
            guard ISOCodes.isLanguage(parts[0]) else { return "en_US" }
            if parts.count > 1 { return ISOCodes.isRegionOrZZ(parts[1]) ? l : "en_US" }
            return ISOCodes.isRegion(l) ? l + "_" + l.uppercased() : l
        }
    }
    return "en_US"
}

/// The current local date and time.
func currentLocalTime() -> CivilDateTime {
    var t = time(nil)
    var parts = tm()
    localtime_r(&t, &parts)
    return CivilDateTime(year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday),
                         hour: Int(parts.tm_hour), minute: Int(parts.tm_min), second: Int(parts.tm_sec))
}
