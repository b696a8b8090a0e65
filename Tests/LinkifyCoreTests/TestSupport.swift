@testable import LinkifyCore
@testable import LinkifyDetectors
@testable import LinkifyFinding
@testable import LinkifyInput
@_spi(Layers) @testable import LinkifyModel
@testable import LinkifyRendering

/// Runs the finder over `text` (through `reader`, plain text by default) and
/// marks each entity's source bytes with `|…|`, so a case reads like `"see |example.com|."`.
func marked(_ text: String, _ options: FinderOptions = FinderOptions(), reader: any DocumentReader = TextReader()) -> String {
    let finder = EntityFinder(options: options)
    let bytes = Array(text.utf8)
    let entities = bytes.withUnsafeBufferPointer { reader.entities(in: $0, finder: finder) }
    var out: [UInt8] = []
    var at = 0
    for e in entities {
        out += bytes[at..<e.start]
        out.append(UInt8(ascii: "|"))
        out += bytes[e.start..<e.end]
        out.append(UInt8(ascii: "|"))
        at = e.end
    }
    out += bytes[at...]
    return String(decoding: out, as: UTF8.self)
}

/// A small deterministic generator (a 64-bit linear congruential one), so that
/// a randomised test names a reproducible case.
struct SeededRandom {
    var state: UInt64

    /// A number in `0..<bound`.
    mutating func next(_ bound: Int) -> Int {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return Int((state >> 33) % UInt64(bound))
    }
}

/// The input with the `|` marks removed.
func unmarked(_ text: String) -> String { text.replacing("|", with: "") }

/// The entities found in `text`.
func entities(_ text: String, _ options: FinderOptions = FinderOptions()) -> [Entity] {
    let bytes = Array(text.utf8)
    return bytes.withUnsafeBufferPointer { EntityFinder(options: options).entities(in: $0) }
}

/// The targets of the entities found in `text`.
func targets(_ text: String, _ options: FinderOptions = FinderOptions()) -> [String] {
    entities(text, options).map { $0.target(in: text) }
}

/// Renders `text` in one format with the default finder.
func rendered(_ text: String, _ format: OutputFormat, input: InputFormat = .text, options: FinderOptions = FinderOptions()) -> String {
    let bytes = Array(text.utf8)
    var renderer = makeRenderer(RenderOptions(format: format, input: input))
    var out: [UInt8] = []
    bytes.withUnsafeBufferPointer { t in
        Annotator.annotate(document: t, input: input, finder: EntityFinder(options: options), renderer: &renderer, into: &out)
    }
    return String(decoding: out, as: UTF8.self)
}

/// Deterministic pseudo-random texts: up to `maxPieces` pieces each, picked by
/// a xorshift generator from `seed` (the same texts on every run).
func pseudoRandomTexts(from pieces: [[UInt8]], count: Int, maxPieces: Int, seed: UInt64) -> [[UInt8]] {
    var state = seed
    func next() -> UInt64 {
        state ^= state << 13
        state ^= state >> 7
        state ^= state << 17
        return state
    }
    return (0..<count).map { _ in
        var text: [UInt8] = []
        for _ in 0..<Int(next() % UInt64(maxPieces)) { text += pieces[Int(next() % UInt64(pieces.count))] }
        return text
    }
}

/// The bare-name model's weighing of each name in `text` (`--explain=json`'s
/// export), by the name's text: the features that fired with their values,
/// and whether the model links it. Tests of what the text gives the model
/// check the features, which code computes; whether a name is linked is the
/// fitted table's (`Tables/BareNameWeights.swift`) and is checked against the
/// labelled corpus (`scripts/check/bare_name_model.sh`), not here.
func weighings(_ text: String) -> [String: (features: [String: Int], links: Bool)] {
    final class Sink: ExplanationSink, @unchecked Sendable {
        var log: [Explanation] = []
        func record(_ explanations: [Explanation], in text: UnsafeBufferPointer<UInt8>) { log += explanations }
    }
    let sink = Sink()
    let bytes = Array(text.utf8)
    _ = entities(text, FinderOptions(explanations: sink))
    var out: [String: (features: [String: Int], links: Bool)] = [:]
    for e in sink.log {
        guard case .weighed(let w) = e.verdict else { continue }
        let name = String(decoding: bytes[e.start..<e.end], as: UTF8.self)
        out[name] = (Dictionary(w.features.map { ($0.name, $0.value) }, uniquingKeysWith: +), w.score >= w.threshold)
    }
    return out
}

/// The features the model weighed for `name` in `text` (nil when it was not weighed).
func features(of name: String, in text: String) -> [String: Int]? { weighings(text)[name]?.features }

/// Whether the model weighed `name` in `text` with `feature` among the features that fired.
func fires(_ feature: String, for name: String, in text: String) -> Bool { features(of: name, in: text)?[feature] != nil }
