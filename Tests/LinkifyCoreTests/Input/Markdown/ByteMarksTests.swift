import Testing
@testable import LinkifyInput

/// `ByteMarks` against an array of flags: any ranges, in any order.
@Suite struct ByteMarksTests {
    @Test(arguments: [0, 1, 63, 64, 65, 200, 1000])
    func runsAreThoseOfTheMarkedRanges(_ count: Int) {
        var state: UInt64 = UInt64(count) &+ 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return bound == 0 ? 0 : Int((state >> 33) % UInt64(bound))
        }
        for _ in 0..<20 {
            var marks = ByteMarks(count: count)
            var flags = [Bool](repeating: false, count: count)
            for _ in 0..<next(12) {
                let a = next(count + 1), b = next(count + 1)
                let r = min(a, b)..<max(a, b) + next(3)   // may reach past the end: clamped
                marks.mark(r)
                for i in r where i < count { flags[i] = true }
            }
            for i in 0...count {
                let marked = (i..<count).first { flags[$0] } ?? count
                let unmarked = (i..<count).first { !flags[$0] } ?? count
                #expect(marks.nextMarked(from: i) == marked)
                #expect(marks.nextUnmarked(from: i) == unmarked)
            }
        }
    }
}
