@_spi(Layers) import LinkifyModel

/// The named features of a bare-name candidate (`BareNameModel`): what the
/// model weighs. Each is a count (most 0 or 1; the `…Life` features the top
/// label's weights in `TLDDoubleLife`); the weights come from
/// `Tables/BareNameWeights.swift`, fitted by `scripts/gen/train_bare_names.py`
/// on the labelled corpus (`corpus/`, docs/accuracy.md). A name is linked
/// when the bias plus each feature's weight times its value is 0 or more.
///
/// The raw order is the export's (`--explain=json`) and the table's; add new
/// features at the end and refit.
enum BareNameFeature: Int, CaseIterable, Sendable {
    /// The top label's weight as a registered domain (0–4, `TLDDoubleLife`).
    case domainLife
    /// Its weight as a file extension (0–3).
    case extensionLife
    /// Its weight as a member name in code (0–2), under a top label that is not an old generic domain.
    case memberLife
    /// The top label is a common English word under a domain delegated since 2013 (`safe.directory`).
    case wordNewDomain
    /// The top label is a common English word under a country or older domain of weight 1 (`worker.id`).
    case wordWeakDomain
    /// A file stem before the extension (`Makefile.am`, `setup.py`, `config.h.in`).
    case fileStem
    /// A one-letter stem (`a.io`).
    case oneLetterStem
    /// A two-letter stem under a domain delegated since 2013 (`go.dev`, `ld.gold`).
    case twoLetterStem
    /// A camelCase name (`fooBar.io`).
    case camelCase
    /// A capital in the name when the top label is also a file extension (`README.md`).
    case capitals
    /// A backtick right before the name (a code span).
    case codeSpan
    /// `-at-` in the name (an address written without `@`).
    case obfuscatedAddress
    /// A common file extension before the top label (`sensors.conf.eg`).
    case innerExtension
    /// The top label alone in capitals (`i.MX`, `process.env.TZ`).
    case capitalTopLabel
    /// One letter repeated as the top label (`.xxx`).
    case placeholder
    /// `->` before it, or `self.` / `this.` (a member access).
    case memberAccess
    /// `(` right after it (a call).
    case call
    /// A reverse domain name (starts with `com.`, `org.`, …).
    case reverseDomain
    /// In a ChangeLog item's file list (`* a.c, b.com:`).
    case fileList
    /// `:N` after a name whose top label weighs more as a file extension (a line number).
    case lineNumber
    /// `:N` after any other name (a port).
    case port
    /// A path, query or fragment after a name whose top label weighs more as a domain.
    case pathAfterName
    /// A path after a name whose top label weighs more as a file extension (`gcc.target/i386`).
    case pathAfterExtension
    /// A word that introduces a site right before it: visit, see, at, on, via, from, to, hosted, go, open, check.
    case cueWord
    /// `=` or `:` right before it (after at most one space: a setting's value).
    case settingValue
    /// The text also writes its host with a scheme, `www.` or as an e-mail domain (`DocumentHosts`).
    case documentHost
    /// The text also writes the name right after `/` or `\` (a path component).
    case documentPath
    /// The text writes its stem before three or more different names (an object's members).
    case documentMembers
    /// Its line is code: a Python prompt, or inside a fenced block with a language.
    case codeLine
    /// Path segments after the name (`/a` 1, `/a/b` 2, more 3).
    case pathDepth
    /// A version right after it (`github.com/x/y v1.2.0`, `example.com/pkg@1.2`).
    case versionAfter
    /// The same quote right before and after it (`"github.com/x/y"`).
    case quoted
    /// In a table cell (`|` before it on its line).
    case tableCell
    /// A word that introduces a package or module right before it: bump, update, upgrade, import, require, get, install, module, package, use.
    case packageCue
    /// A path, query or fragment with a character an import path, image
    /// reference or key never holds: `? # = & % ( )` or one past ASCII (a web page's address).
    case webPath
    /// A top label past ASCII (`.我爱你`): an internationalised domain, never a file extension.
    case nonASCIITopLabel
    /// The host is under `example.com`, `example.net` or `example.org`, the
    /// names RFC 2606 §3 reserves for documentation.
    case documentationDomain
    /// `//` right before it, at the start of the text or after a character
    /// that ends no host or path (a space, a bracket, a quote): a
    /// protocol-relative address (`[@bep](//github.com/bep)`, RFC 3986 §4.2),
    /// not a path component.
    case protocolRelative
    /// A `:tag` closes the path (`registry.example.com/app:1.2`,
    /// `quay.io/org/image:latest`): a container image reference's tag.
    case imageTag
    /// The text also writes this very host (every label) with a scheme,
    /// `www.` or as an e-mail domain, and the name has no path (`gcr.io` beside
    /// `https://gcr.io/v2`), beside `documentHost`'s last two labels (`DocumentHosts`).
    case documentSameHost
    /// A path segment of digits only (`/issues/3262`, `/web/20151022025756/`):
    /// a page of a site (an issue, a commit, an archived copy), where a
    /// module path or an image reference has names.
    case numericSegment
    /// The top label starts with a capital and goes on in small letters
    /// (`mergedPostings.Seek`, `X.Org`): an exported member or a proper
    /// name, where a host is written in one case (`example.com`, `TEST.COM`).
    case capitalisedTopLabel
    /// A word that names a server right before or after it (`Host:
    /// auth.docker.io`, the `docker.io` registry, an endpoint, a mirror).
    case hostNoun
    /// A key that opens a block: `:` after it (after its closing quote), then
    /// the end of the line, `{` or `[` (`"docker.io": {`, `quay.io:` in YAML).
    case blockKey
    /// `documentMembers` for a name of three labels or more
    /// (`s3.eu.cloud-object-storage.appdomain.cloud`): a stem's other names
    /// are then as often a service's hosts as an object's members.
    case documentMembersLong
    /// A line of a directory tree drawing right before it (`└── docker.io`,
    /// `|-- hosts.toml`): a file or directory name.
    case treeEntry
    /// The name quoted alone on its line, after at most an identifier
    /// (`\t"github.com/containers/storage"`, `is "github.com/x/y"` in a
    /// Go import block): a module path in code.
    case quotedLine
    /// `*` in the path (`github.com/**`, `*.example.com/foo/*`): a pattern, not a page.
    case globPath
    /// The text also writes this very host followed by a path
    /// (`docker.io/library/busybox` beside `docker.io`), and the name has no
    /// path: a server named in its own addresses, where a file, a member or
    /// a key is seldom written with a path after it.
    case documentPathHost
    /// The name in `--explain` and in the trainer's export.
    var name: String {
        switch self {
        case .domainLife: return "domain_life"
        case .extensionLife: return "extension_life"
        case .memberLife: return "member_life"
        case .wordNewDomain: return "word_new_domain"
        case .wordWeakDomain: return "word_weak_domain"
        case .fileStem: return "file_stem"
        case .oneLetterStem: return "one_letter_stem"
        case .twoLetterStem: return "two_letter_stem"
        case .camelCase: return "camel_case"
        case .capitals: return "capitals"
        case .codeSpan: return "code_span"
        case .obfuscatedAddress: return "obfuscated_address"
        case .innerExtension: return "inner_extension"
        case .capitalTopLabel: return "capital_top_label"
        case .placeholder: return "placeholder"
        case .memberAccess: return "member_access"
        case .call: return "call"
        case .reverseDomain: return "reverse_domain"
        case .fileList: return "file_list"
        case .lineNumber: return "line_number"
        case .port: return "port"
        case .pathAfterName: return "path_after_name"
        case .pathAfterExtension: return "path_after_extension"
        case .cueWord: return "cue_word"
        case .settingValue: return "setting_value"
        case .documentHost: return "document_host"
        case .documentPath: return "document_path"
        case .documentMembers: return "document_members"
        case .codeLine: return "code_line"
        case .pathDepth: return "path_depth"
        case .versionAfter: return "version_after"
        case .quoted: return "quoted"
        case .tableCell: return "table_cell"
        case .packageCue: return "package_cue"
        case .webPath: return "web_path"
        case .nonASCIITopLabel: return "non_ascii_top_label"
        case .documentationDomain: return "documentation_domain"
        case .protocolRelative: return "protocol_relative"
        case .imageTag: return "image_tag"
        case .documentSameHost: return "document_same_host"
        case .numericSegment: return "numeric_segment"
        case .capitalisedTopLabel: return "capitalised_top_label"
        case .hostNoun: return "host_noun"
        case .blockKey: return "block_key"
        case .documentMembersLong: return "document_members_long"
        case .treeEntry: return "tree_entry"
        case .quotedLine: return "quoted_line"
        case .globPath: return "glob_path"
        case .documentPathHost: return "document_path_host"
        }
    }

    /// The weight of `self` (`BareNameWeights`, in hundredths).
    @inline(__always)
    var weight: Int { BareNameWeights.byFeature[rawValue] }
}
