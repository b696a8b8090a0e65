// The Swift API's cost beside the byte API's, on a file (make bench-api;
// docs/benchmarks.md, "The Swift API"). Prints the median of RUNS runs of:
// the byte API (EntityFinder over the UTF-8 bytes), Linkifier.matches(in:)
// on a String (every match's range and kind; then also its UTF-16 range and
// target, which are worked out when asked for), and
// AttributedString(linkifying:using:).
#if canImport(Glibc)
import Glibc
#endif
import Foundation
@_spi(Layers) import LinkifyCore
import LinkifyFoundation

func seconds(_ body: () -> Int) -> (Double, Int) {
    var t0 = timespec(), t1 = timespec()
    clock_gettime(CLOCK_MONOTONIC, &t0)
    let n = body()
    clock_gettime(CLOCK_MONOTONIC, &t1)
    return (Double(t1.tv_sec - t0.tv_sec) + Double(t1.tv_nsec - t0.tv_nsec) / 1e9, n)
}

func median(_ runs: Int, _ body: () -> Int) -> (Double, Int) {
    var times: [Double] = []
    var n = 0
    for _ in 0..<runs { let (t, c) = seconds(body); times.append(t); n = c }
    times.sort()
    return (times[times.count / 2], n)
}

let args = CommandLine.arguments
guard args.count >= 2, let data = FileManager.default.contents(atPath: args[1]) else {
    print("usage: LinkifyAPIBench FILE [RUNS]")
    exit(2)
}
let runs = args.count > 2 ? Int(args[2]) ?? 5 : 5
let text = String(decoding: data, as: UTF8.self)
let linkifier = try! Linkifier()
let mb = Double(text.utf8.count) / 1e6

let (byteTime, byteCount) = median(runs) {
    var t = text
    return t.withUTF8 { linkifier.finder.entities(in: $0).count }
}
let (matchTime, matchCount) = median(runs) {
    var n = 0
    for m in linkifier.matches(in: text) where m.range.lowerBound < text.endIndex && m.kind != .custom { n += 1 }
    return n
}
let (utf16Time, utf16Count) = median(runs) {
    var n = 0
    for m in linkifier.matches(in: text) where m.utf16Range.lowerBound >= 0 && m.target != nil { n += 1 }
    return n
}
let skipAttributed = args.count > 3 && args[3] == "noattr"
let (attrTime, _) = skipAttributed ? (0, 0) : median(max(1, runs / 2)) {
    AttributedString(linkifying: text, using: linkifier).runs.count
}
func row(_ name: String, _ t: Double, _ n: Int) {
    print(name + String(repeating: " ", count: max(1, 34 - name.count)) + String(format: "%8.1f ms %8.1f MB/s %8d matches", t * 1000, mb / t, n))
}
print("\(args[1]): \(String(format: "%.1f", mb)) MB, median of \(runs) runs")
row("byte API (EntityFinder)", byteTime, byteCount)
row("Linkifier.matches(in: String)", matchTime, matchCount)
print(String(format: "matches / byte API: %.3f", matchTime / byteTime))
row("... reading utf16Range and target", utf16Time, utf16Count)
if !skipAttributed { row("AttributedString(linkifying:)", attrTime, 0) }
