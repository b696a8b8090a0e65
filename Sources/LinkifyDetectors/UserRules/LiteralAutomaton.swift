/// An Aho–Corasick automaton over bytes: finds every occurrence of many
/// byte strings in one pass, in time linear in the text (plus the matches).
///
/// States are a trie of the patterns; the root has a dense 256-entry table
/// (text mostly sits there), other states keep their edges sorted in flat
/// arrays. Failure links make the walk amortised O(1) a byte; dictionary
/// links list the patterns that end at a state.
final class LiteralAutomaton: Sendable {
    /// Child of the root for each byte (0: stay at the root).
    let rootNext: [Int32]
    /// Edges of state `s` are `edgeBytes[edgeStart[s]..<edgeStart[s + 1]]`, sorted.
    let edgeStart: [Int32]
    let edgeBytes: [UInt8]
    let edgeTargets: [Int32]
    let fail: [Int32]
    /// The pattern that ends exactly at a state, or -1.
    let terminal: [Int32]
    /// The first state on the failure chain (this one included) that is terminal, or -1.
    let firstOutput: [Int32]
    /// The next terminal state on the failure chain after a terminal state, or -1.
    let nextOutput: [Int32]
    /// Length in bytes of each pattern.
    let patternLengths: [Int32]
    /// Length of the longest pattern.
    let maxPatternLength: Int

    /// Builds the automaton; of equal patterns the first one is kept.
    init(patterns: [[UInt8]]) {
        var children: [[(UInt8, Int32)]] = [[]]
        var terminal: [Int32] = [-1]
        for (index, pattern) in patterns.enumerated() where !pattern.isEmpty {
            var s = 0
            for b in pattern {
                if let next = children[s].first(where: { $0.0 == b })?.1 {
                    s = Int(next)
                } else {
                    let next = Int32(children.count)
                    children.append([])
                    terminal.append(-1)
                    children[s].append((b, next))
                    s = Int(next)
                }
            }
            if terminal[s] < 0 { terminal[s] = Int32(index) }
        }
        let count = children.count
        var rootNext = [Int32](repeating: 0, count: 256)
        for (b, t) in children[0] { rootNext[Int(b)] = t }
        var edgeStart = [Int32](repeating: 0, count: count + 1)
        var edgeBytes: [UInt8] = []
        var edgeTargets: [Int32] = []
        for s in 0..<count {
            edgeStart[s] = Int32(edgeBytes.count)
            for (b, t) in children[s].sorted(by: { $0.0 < $1.0 }) {
                edgeBytes.append(b)
                edgeTargets.append(t)
            }
        }
        edgeStart[count] = Int32(edgeBytes.count)
        // Breadth first: a state's failure target is shallower, so it is done.
        var fail = [Int32](repeating: 0, count: count)
        var firstOutput = [Int32](repeating: -1, count: count)
        var nextOutput = [Int32](repeating: -1, count: count)
        var queue: [Int32] = children[0].map { $0.1 }
        for s in queue { firstOutput[Int(s)] = terminal[Int(s)] >= 0 ? s : -1 }
        var head = 0
        func step(_ from: Int32, _ b: UInt8) -> Int32 {
            var s = from
            while true {
                if s == 0 { return rootNext[Int(b)] }
                if let t = children[Int(s)].first(where: { $0.0 == b })?.1 { return t }
                s = fail[Int(s)]
            }
        }
        while head < queue.count {
            let s = queue[head]
            head += 1
            for (b, t) in children[Int(s)] {
                let f = step(fail[Int(s)], b)
                fail[Int(t)] = f
                let inherited = firstOutput[Int(f)]
                if terminal[Int(t)] >= 0 {
                    firstOutput[Int(t)] = t
                    nextOutput[Int(t)] = inherited
                } else {
                    firstOutput[Int(t)] = inherited
                }
                queue.append(t)
            }
        }
        self.rootNext = rootNext
        self.edgeStart = edgeStart
        self.edgeBytes = edgeBytes
        self.edgeTargets = edgeTargets
        self.fail = fail
        self.terminal = terminal
        self.firstOutput = firstOutput
        self.nextOutput = nextOutput
        self.patternLengths = patterns.map { Int32($0.count) }
        self.maxPatternLength = patterns.map(\.count).max() ?? 0
    }

    /// Number of states (for benchmarks and tests).
    var stateCount: Int { fail.count }

    /// The state after reading `b` in state `s`.
    @inline(__always)
    func next(_ s: Int32, _ b: UInt8) -> Int32 {
        var s = s
        while true {
            if s == 0 { return rootNext[Int(b)] }
            if let t = child(s, b) { return t }
            s = fail[Int(s)]
        }
    }

    /// The trie edge from `s` on `b`, if there is one.
    @inline(__always)
    func child(_ s: Int32, _ b: UInt8) -> Int32? {
        var lo = Int(edgeStart[Int(s)]), hi = Int(edgeStart[Int(s) + 1])
        while hi - lo > 4 {
            let mid = (lo + hi) / 2
            if edgeBytes[mid] < b { lo = mid + 1 } else { hi = mid + 1 }
        }
        while lo < hi {
            if edgeBytes[lo] == b { return edgeTargets[lo] }
            lo += 1
        }
        return nil
    }

    /// The pattern equal to `bytes`, if any (a walk down the trie).
    func pattern(equalTo bytes: [UInt8]) -> Int? {
        var s: Int32 = 0
        for b in bytes {
            guard let t = s == 0 ? (rootNext[Int(b)] == 0 ? nil : rootNext[Int(b)]) : child(s, b) else { return nil }
            s = t
        }
        let p = terminal[Int(s)]
        return p >= 0 ? Int(p) : nil
    }
}
