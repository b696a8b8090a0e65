import Testing
@testable import LinkifyCore
@testable import LinkifyDetectors
@testable import LinkifyFinding
@testable import LinkifyInput
@_spi(Layers) @testable import LinkifyModel
@testable import LinkifyRendering

/// Issue 12: digit runs of changelogs and release notes that parse as phone
/// numbers of some region but are identifiers, versions or dates. Each line
/// is copied from a file of this machine's Debian documentation (named
/// beside it); none may hold a phone number in any region.
@Suite struct PhoneRealTextTests {
    static let identifierLines = [
        // chromium-common/changelog.Debian.gz
        "    - CVE-2026-113002: Memory corruption in Transactions Platform.",
        // libnss-systemd/changelog.Debian.gz (an advisory id after a path)
        "    https://github.com/systemd/systemd/security/advisories/GHSA-6m6p-rjcq-334c",
        // binutils-common/changelog.Debian.gz
        "  - Fix PR ld/16452, PR/ld/16457: Don't output symbol version",
        // coreutils/changelog.Debian.gz (Debian bug numbers)
        "  - Closes: #164691, #164710, #165530, #166621",
    ]

    static let versionLines = [
        // chromium-common/changelog.Debian.gz
        "chromium (114.0.5735.106-1~deb12u1) bookworm-security; urgency=high",
        "chromium (113.0.5672.126-1) unstable; urgency=low",
        // cpp-12/changelog.Debian.gz
        "gcc-12 (12-20220428-1) unstable; urgency=medium",
        // binutils-common/changelog.Debian.gz
        "binutils (2.13.90.0.18-1.7) unstable; urgency=high",
        "binutils (2.11.92.0.12.3-7) unstable; urgency=low",
        // libcryptsetup12/changelog.Debian.gz
        "  has \"Depends: libargon2-1-udeb (>= 0~20190702)\" which won't transition to",
        // libc-bin/changelog.Debian.gz
        "  * debian/control.in/main: build-depends on gcc-10 (>= 10-20200431) on arm64",
        // libglib2.0-0/NEWS.gz (a bug number, then the version it was fixed in)
        " 562334 2.18.2 break libglade on Solaris",
        // libargon2-1/changelog.Debian.gz
        "argon2 (0~20171227-0.3+deb12u1) bookworm; urgency=medium",
    ]

    static let dateLines = [
        // libc-bin/changelog.Debian.gz
        "  * debian/control.in/libc: add a Breaks: iraf-fitsutil (<< 2018.07.06-4) to",
        // libgnutls-dane0/changelog.Debian.gz
        "       [GNUTLS-SA-2025-07-07-4, CVSS: medium] [CVE-2025-6395]",
        // packagekit/NEWS.gz
        "Released: 2010-01-2010",
    ]

    static let integerLines = [
        // libc6/NEWS.gz
        "    exceeds maximum object size 2147483647",
        // linux-libc-dev/changelog.Debian.gz
        "    - net/ipv4: ping_group_range: allow GID from 2147483648 to 4294967294",
    ]

    static let regions = ["US", "DE", "GB", "FR", "IN", "CN", "BR", "JP"]

    @Test(arguments: identifierLines + versionLines + dateLines + integerLines, regions)
    func noPhoneInChangelogLine(_ line: String, region: String) {
        #expect(marked(line, PhoneScannerTests.phones(region)) == line)
    }

    /// The rules stop at identifiers and version shapes (written for this
    /// test in the forms of the suite above): numbers written
    /// with dots, dashes, a trailing switchboard digit or an abbreviation
    /// before them stay phone numbers.
    static let keptCases: [(String, String)] = [
        ("US", "Call us toll-free at |1.800.555.0199| today."),
        ("US", "Fax: |212-555-0148|, see CVE list."),
        ("FR", "Tel.: |+33-1-23-83-15-57|"),
        ("DE", "Telefon: |+49 (0)89 12345-0| · Zentrale"),
        ("DE", "Tel.|030 12345678|"),
        ("FR", "Standard : |01.42.68.53.00|."),
        ("DE", "Kontakt: |0221/1234567|"),
        // A Russian trunk prefix before a slash (a line of the conformance phone inputs).
        ("US", "Тел.: 8/|9123457595|"),
    ]

    @Test(arguments: keptCases)
    func phoneNumbersStay(_ region: String, _ line: String) {
        #expect(marked(unmarked(line), PhoneScannerTests.phones(region)) == line)
    }

    @Test func shapeRules() {
        func shaped(_ s: String) -> Bool { PhoneLookalikes.hasVersionOrDateShape(ArraySlice(s.unicodeScalars.map(\.value))) }
        #expect(shaped("114.0.5735.106-1"))
        #expect(shaped("(12-20220428-1)"))
        #expect(shaped("2017-12-01.13"))   // a dotted date seen in a changelog
        #expect(shaped("0~20190702"))
        #expect(!shaped("1.800.555.0199"))
        #expect(!shaped("+49 (0)89 12345-0"))
        #expect(!shaped("01.42.68.53.00"))
        #expect(!shaped("+886-2-2103-1422"))
    }
}
