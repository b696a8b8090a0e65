import Testing
@testable import LinkifyCLI
import LinkifyCore

/// `--now` and `--locale` values as the command line reads them.
@Suite struct DateAddressOptionTests {
    @Test func nowIsParsed() {
        #expect(CivilDateTime(iso8601: "2026-12-01T17:30:00+01:00")?.utcOffsetMinutes == 60)
        #expect(CivilDateTime(iso8601: "2026-12-01")?.day == 1)
        #expect(CivilDateTime(iso8601: "yesterday") == nil)
    }

    @Test func localeIsNormalized() {
        #expect(ISOCodes.normalizedLocale("de-de") == "de_DE")
        #expect(ISOCodes.normalizedLocale("en_GB.UTF-8") == "en_GB")
    }
}

/// The real binary with `--detect date,address` and the flags that steer them.
@Suite struct DateAddressCLITests {
    @Test func relativeDatesReadAgainstNow() {
        let r = Subprocess.linkify(["--detect", "date", "--to", "jsonl", "--now", "2026-12-01T00:00:00"],
                                   stdin: "Party tomorrow at 5pm!\n")
        #expect(r.status == 0)
        #expect(r.out == "{\"path\": \"-\", \"kind\": \"date\", \"text\": \"tomorrow at 5pm\", \"href\": \"2026-12-02T17:00:00\", "
            + "\"start\": 6, \"end\": 21, \"line\": 1, \"column\": 7, \"value\": \"2026-12-02T17:00:00\"}\n")
    }

    @Test func localeOrdersNumericDates() {
        let gb = Subprocess.linkify(["--detect", "date", "--locale", "en_GB"], stdin: "on 02/03/2027\n")
        #expect(gb.out == "on <time datetime=\"2027-03-02\">02/03/2027</time>\n")
        let us = Subprocess.linkify(["--detect", "date", "--locale", "en_US"], stdin: "on 02/03/2027\n")
        #expect(us.out == "on <time datetime=\"2027-02-03\">02/03/2027</time>\n")
        let bad = Subprocess.linkify(["--detect", "date", "--locale", "x"], stdin: "")
        #expect(bad.status == 2)
    }

    @Test func dateURLMakesMarkdownLinks() {
        let plain = Subprocess.linkify(["--detect", "date", "--to", "markdown"], stdin: "due 2026-12-03\n")
        #expect(plain.out == "due 2026-12-03\n")
        let linked = Subprocess.linkify(["--detect", "date", "--to", "markdown", "--date-url", "https://cal.example/{}"],
                                        stdin: "due 2026-12-03\n")
        #expect(linked.status == 0)
        #expect(linked.out == "due [2026-12-03](https://cal.example/2026-12-03)\n")
    }

    /// A template that is the value alone still makes links: whether a date
    /// is linked is whether a template made its target, not what it made.
    @Test func dateURLOfTheValueAloneLinks() {
        let html = InProcessRun(["--detect", "date", "--date-url", "{}"], stdin: Array("due 2026-12-03\n".utf8))
        #expect(html.status == 0)
        #expect(html.out == "due <a href=\"2026-12-03\">2026-12-03</a>\n")
        let markdown = InProcessRun(["--detect", "date", "--to", "markdown", "--date-url", "{}"], stdin: Array("due 2026-12-03\n".utf8))
        #expect(markdown.out == "due [2026-12-03](2026-12-03)\n")
        // A second run changes nothing (the linter's part: LintTests.unlinkedDates).
        let again = InProcessRun(["--detect", "date", "--from", "markdown", "--to", "markdown", "--date-url", "{}"], stdin: markdown.stdout)
        #expect(again.out == markdown.out)
    }

    @Test func addressesLinkToTheirTemplate() {
        let r = Subprocess.linkify(["--detect", "address", "--to", "markdown", "--address-url", "https://maps.example/?q={}"],
                                   stdin: "HQ: 1 Main St, Springfield, IL 62701.\n")
        #expect(r.status == 0)
        #expect(r.out == "HQ: [1 Main St, Springfield, IL 62701](https://maps.example/?q=1%20Main%20St,%20Springfield,%20IL%2062701).\n")
        let d = Subprocess.linkify(["--detect", "address"], stdin: "12 Mill Lane\nCambridge\nCB2 1TN\n")
        #expect(d.out == "<a href=\"https://www.openstreetmap.org/search?query=12%20Mill%20Lane,%20Cambridge,%20CB2%201TN\">"
            + "12 Mill Lane\nCambridge\nCB2 1TN</a>\n")
    }

    @Test func badNowIsAUsageError() {
        let r = Subprocess.linkify(["--detect", "date", "--now", "soon"], stdin: "")
        #expect(r.status == 2)
        #expect(r.err.contains("--now"))
    }
}

/// Issue 24 item 5: a `--locale` or `--phone-region` given explicitly is
/// checked against ISO 639-1 and ISO 3166-1 (`ZZ` allowed), with a
/// suggestion; one taken from `LC_ALL`/`LANG` never fails (SPEC §2).
@Suite struct ExplicitLocaleTests {
    @Test(arguments: [
        (["--phone-region", "UK"], "did you mean 'GB'?"),
        (["--phone-region", "USA"], "did you mean 'US'?"),
        (["--locale", "en_UK"], "did you mean 'en_GB'?"),
        (["--locale", "en-UK.UTF-8"], "did you mean 'en_GB'?"),
        (["--locale", "jp_JP"], "did you mean 'ja_JP'?"),
        (["--locale", "deu_DE"], "did you mean 'de_DE'?"),
        (["--locale", "xx_US"], "ISO 639-1"),
        (["--locale", "es_419"], "ISO 3166-1"),
        (["--phone-region", "QQ"], "ISO 3166-1"),
    ])
    func aCodeThatIsNoISOCodeIsAUsageError(_ arguments: [String], _ hint: String) {
        let r = InProcess.linkify(["--detect", "phone"] + arguments, stdin: Array("call 020 7946 0018\n".utf8), environment: ["LANG": "C"])
        #expect(r.status == 2)
        #expect(r.stdout.isEmpty)
        #expect(r.err.hasPrefix("linkify: invalid value '\(arguments[1])' for \(arguments[0])"), "\(r.err)")
        #expect(r.err.contains(hint), "\(r.err)")
        #expect(r.err.split(separator: "\n").count == 1)
    }

    @Test func validCodesZZAndAnyLANGAreAccepted() {
        let london = Array("call 020 7946 0018\n".utf8)
        // A region that exists but was written as the country is known (UK) finds nothing;
        // GB, in any case, finds the number.
        for arguments in [["--phone-region", "GB"], ["--phone-region", "gb"], ["--locale", "en_GB"], ["--locale", "en-gb.UTF-8"]] {
            let r = InProcess.linkify(["--detect", "phone", "--to", "jsonl"] + arguments, stdin: london, environment: ["LANG": "C"])
            #expect(r.status == 0, "\(arguments): \(r.err)")
            #expect(r.out.contains("\"href\": \"tel:+442079460018\""), "\(arguments)")
        }
        for arguments in [["--phone-region", "ZZ"], ["--locale", "de"], ["--locale", "fr_ZZ"]] {
            let r = InProcess.linkify(["--detect", "phone"] + arguments, stdin: london, environment: ["LANG": "C"])
            #expect(r.status == 0, "\(arguments): \(r.err)")
        }
        // The environment's locale never fails, whatever it says.
        for environment: Environment in [["LANG": "en_UK.UTF-8"], ["LC_ALL": "xx_YY"], ["LANG": "C.UTF-8"], ["LANG": "POSIX"], ["LANG": "!!"]] {
            let r = InProcess.linkify(["--detect", "phone,date"], stdin: london, environment: environment)
            #expect(r.status == 0, "\(environment["LANG"] ?? environment["LC_ALL"] ?? ""): \(r.err)")
        }
        // A config file's value is checked as the command line's, and named.
        let dir = TempFolder()
        dir.file(".linkify.json", #"{"phone-region": "UK"}"#)
        let config = SpawnedLinkify.run(["--detect", "phone"], in: dir.path, stdin: london)
        #expect(config.status == 2)
        #expect(config.stderrText.hasSuffix(".linkify.json: key 'phone-region': invalid value 'UK' for --phone-region: not an ISO 3166-1 alpha-2 region (did you mean 'GB'?)\n"))
    }
}
