/// Which rules decide what a URL or an email address is (`--profile`).
public enum Profile: String, CaseIterable, Sendable {
    /// Unicode UTS #58 17.0.0 with IANA top-level domains and linkify's false-positive rules.
    case `default`
    /// GitHub's autolink extension, as cmark-gfm 0.29.0.gfm.6 applies it.
    case gfm
    /// twitter-text's extraction rules.
    case twitter
}
