import Testing
@testable import LinkifyDetectors
@testable import LinkifyFinding
@_spi(Layers) @testable import LinkifyModel

/// The date acceptance model (`DateAcceptance`): the features it weighs, told
/// by `--explain`, and what the fitted weights decide on shapes the labelled
/// corpus holds. `--now` is Tuesday 2026-12-01 09:00.
@Suite struct DateAcceptanceTests {
    /// Every date `text` holds, with the features the model weighed for it.
    static func weighings(_ text: String) -> [(text: String, features: Set<String>, links: Bool)] {
        let bytes = Array(text.utf8)
        var out: [Entity] = []
        var told: [Explanation] = []
        bytes.withUnsafeBufferPointer {
            DateScanner(options: DateScannerTests.options()).scan($0, from: 0, into: &out, rejections: &told)
        }
        return told.compactMap { e in
            guard case .weighed(let w) = e.verdict else { return nil }
            return (String(decoding: bytes[e.start..<e.end], as: UTF8.self), Set(w.features.map(\.name)), w.links)
        }
    }

    /// The generated table's weights are in the features' order.
    @Test func weightsTableMatchesTheFeatures() {
        #expect(DateWeights.names == DateFeature.allCases.map(\.name))
        #expect(DateWeights.byFeature.count == DateFeature.allCases.count)
    }

    /// Each feature, on a line that shows it (the features do not depend on the weights).
    @Test(arguments: [
        ("Released on 2024-01-28.", "2024-01-28", ["iso_form", "cue_before", "clause_end", "one_word"]),
        ("see https://example.com/blog/2021/11/16/agent", "2021/11/16", ["in_url", "path_mark", "one_word"]),
        ("the layout `2006-01-02` here", "2006-01-02", ["iso_form", "quote_mark", "reference_layout", "one_word"]),
        ("(4/18): gc-8.0.4", "4/18", ["no_year", "slash_pair", "bracketed", "numbers_on_line", "clause_end", "one_word"]),
        ("Payment due 00:30!", "00:30", ["no_year", "has_time", "cue_before", "clause_end", "one_word", "clock_only"]),
        ("Can you do 2:26?", "2:26", ["no_year", "has_time", "clause_end", "one_word", "clock_only"]),
        ("Use Date.today here", "today", ["code_mark", "words_only", "one_word"]),
        ("| a | b | 12:30 |", "12:30", ["no_year", "has_time", "table_line", "one_word", "clock_only"]),
        ("103 kB     00:00", "00:00", ["no_year", "has_time", "column_gap", "clause_end", "one_word", "clock_only"]),
        ("on the Monday after", "Monday", ["after_the", "words_only", "one_word"]),
        ("### 2.4.2 - March 3, 2022", "March 3, 2022", ["numbers_on_line", "clause_end"]),
        ("- March 3, 2022", "March 3, 2022", ["line_start", "clause_end"]),
        ("offset +02:30 applies", "02:30", ["no_year", "has_time", "sign_before", "one_word", "clock_only"]),
        ("予定は2026年12月1日に", "2026年12月1日", ["non_ascii", "one_word"]),
        // The line window (`DateLineWindow`) with more than one date on a line, and across lines.
        ("| a | 12:30 | 13:45 |", "13:45", ["no_year", "has_time", "table_line", "one_word", "clock_only"]),
        ("1 2 3 4 5 6\nShip on 2026-03-04.", "2026-03-04", ["iso_form", "cue_before", "clause_end", "one_word"]),
        ("on 2026-03-04 1 2 3 4 5 6 7 8 9", "2026-03-04", ["iso_form", "numbers_on_line", "cue_before", "one_word"]),
        ("x    2026-03-04 then 2026-03-05    y", "2026-03-05", ["iso_form", "table_line", "numbers_on_line", "one_word"]),
        // How it is written: words only, one word, a clock time alone.
        ("It ships next Friday at the latest", "next Friday", ["words_only"]),
        ("up 3 days, 12:27:44 now", "12:27:44", ["no_year", "has_time", "one_word", "clock_only"]),
    ] as [(String, String, [String])])
    func features(_ line: String, _ date: String, _ expected: [String]) {
        let found = Self.weighings(line).first { $0.text == date }
        #expect(found?.features == Set(expected), "\(line)")
    }

    /// What the fitted weights decide (corpus/labels): a date in a URL is not
    /// a date; release dates, prose dates, relative days and times are.
    @Test(arguments: [
        ("Read [the post](https://example.com/blog/2021/11/16/agent).", "2021/11/16", false),
        ("Query https://example.com/api?since=2021-11-16 for more.", "2021-11-16", false),
        ("## [2.4.2] 2022-09-14", "2022-09-14", true),
        ("The talk is on March 3, 2022.", "March 3, 2022", true),
        ("We shipped it yesterday.", "yesterday", true),
        ("Meet me at 15:30.", "15:30", true),
        ("Payment due today", "today", true),
        ("See you on Monday.", "Monday", true),
        // Code and a download log's timer column (docker-cli, rails, buildah in corpus/labels).
        ("Stub it with `Date.today` in tests.", "today", false),
        ("7.1 MB/s |  61 MB     00:08", "00:08", false),
    ] as [(String, String, Bool)])
    func decisions(_ line: String, _ date: String, _ links: Bool) {
        #expect(Self.weighings(line).first { $0.text == date }?.links == links, "\(line)")
    }
}
