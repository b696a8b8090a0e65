@_spi(Layers) import LinkifyModel

/// A regular expression of the phone metadata, compiled by
/// `scripts/gen/gen_phone_tables.py` into a program for a small backtracking
/// machine over symbols 0–15 (the digits 0–9, and up to six more symbols for
/// the scanner's structural patterns).
///
/// Matching remembers which (instruction, position) pairs it has tried, so it
/// never does more than program length × (input length + 1) steps: linear for
/// the short inputs (at most a few hundred symbols) it is given. This is what
/// keeps `Regex` construction and matching costs out of the scanner.
struct PhonePattern {
    /// Offset of the program's header word (its length) in `PhonePattern.code`.
    let base: Int

    /// Whether there is a pattern (the metadata writes -1 for none).
    init?(_ offset: Int32) {
        guard offset >= 0 else { return nil }
        base = Int(offset)
    }

    /// All programs, decoded once from the generated hex string.
    static let code: [UInt32] = PhoneMetadataTables.words(PhoneMetadataTables.programHex,
                                                           count: PhoneMetadataTables.programCount)

    static let opChar: UInt32 = 0, opSplit: UInt32 = 1, opJump: UInt32 = 2
    static let opSave: UInt32 = 3, opEnd: UInt32 = 4, opMatch: UInt32 = 5

    /// Whether the whole of `input` matches.
    func matchesWhole(_ input: [UInt8]) -> Bool {
        var slots: [Int] = []
        return run(input, whole: true, slots: &slots) != nil
    }

    /// The end of the match that starts at the beginning of `input` (the
    /// first by the usual leftmost-alternative priority), or nil.
    func prefixMatch(_ input: [UInt8]) -> Int? {
        var slots: [Int] = []
        return run(input, whole: false, slots: &slots)
    }

    /// Prefix match with capture groups: `slots[2k]`, `slots[2k+1]` are group
    /// k's bounds (-1 when it did not take part); returns the match end.
    func prefixMatch(_ input: [UInt8], groups: Int, slots: inout [Int]) -> Int? {
        slots = [Int](repeating: -1, count: 2 * (groups + 1))
        return run(input, whole: false, slots: &slots)
    }

    /// Per program, at its header's offset in `code`: bit `s` set when a
    /// match can begin with symbol `s`, and `startsEmpty` when a match can
    /// consume nothing. Read from each program once (`startOf`); the
    /// programs lie one after another, header first.
    static let starts: [UInt32] = {
        var result = [UInt32](repeating: 0, count: code.count)
        // One work stack and one mark per instruction for all programs (the
        // marks hold the program's base, so they need no clearing between
        // programs): the table costs a pass over the code at start-up.
        var marks = [Int](repeating: -1, count: code.count)
        var work: [Int] = []
        var base = 0
        while base < code.count {
            result[base] = startOf(base, marks: &marks, work: &work)
            base += 1 + Int(code[base] & 0x0FFF_FFFF)
        }
        return result
    }()

    /// `starts`' bit for a program that can match the empty input.
    static let startsEmpty: UInt32 = 1 << 16

    /// The symbols the instructions reachable from the program's first one
    /// without consuming a symbol can consume, and `startsEmpty` when its
    /// match instruction is among them. The end test (`opEnd`) is taken as
    /// passed, which can only add to both: a superset is all `run` needs.
    /// `marks[base + 1 + pc] == base` once the instruction was visited.
    static func startOf(_ base: Int, marks: inout [Int], work: inout [Int]) -> UInt32 {
        let length = Int(code[base] & 0x0FFF_FFFF)
        work.removeAll(keepingCapacity: true)
        work.append(0)
        var result: UInt32 = 0
        while let pc = work.popLast() {
            guard pc < length, marks[base + 1 + pc] != base else { continue }
            marks[base + 1 + pc] = base
            let ins = code[base + 1 + pc]
            let a = Int((ins >> 14) & 0x3FFF), b = Int(ins & 0x3FFF)
            switch ins >> 28 {
            case opChar: result |= ins & 0xFFFF
            case opSplit:
                work.append(a)
                work.append(b)
            case opJump: work.append(a)
            case opSave, opEnd: work.append(pc + 1)
            default: result |= startsEmpty
            }
        }
        return result
    }

    /// `runAll`, but a program that cannot match the empty input is not run
    /// on an input whose first symbol no match begins with (`starts`): it
    /// would fail, and the slots be left as they were. (Most runs are such:
    /// on digit runs with every detector on, each territory's leading
    /// digits and number patterns tried against a number they cannot start.)
    private func run(_ input: [UInt8], whole: Bool, slots: inout [Int]) -> Int? {
        let start = PhonePattern.starts[base]
        if start & PhonePattern.startsEmpty == 0 {
            guard let s = input.first, s < 16, start & (1 << UInt32(s)) != 0 else { return nil }
        }
        return runAll(input, whole: whole, slots: &slots)
    }

    /// The backtracking machine over the whole program.
    func runAll(_ input: [UInt8], whole: Bool, slots: inout [Int]) -> Int? {
        let code = PhonePattern.code
        let length = Int(code[base] & 0x0FFF_FFFF)
        let first = base + 1
        let n = input.count
        let width = n + 1
        let words = (length * width + 63) >> 6
        return withUnsafeTemporaryAllocation(of: UInt64.self, capacity: words) { visited in
            visited.initialize(repeating: 0)
            // Jobs: (pc, pos) to run, or (-1 - slot, old value) to restore on backtracking.
            var stack: [(Int, Int)] = [(0, 0)]
            while let (job, second) = stack.popLast() {
                if job < 0 {
                    slots[-1 - job] = second
                    continue
                }
                var pc = job, pos = second
                while true {
                    let key = pc * width + pos
                    let bit: UInt64 = 1 << UInt64(key & 63)
                    if visited[key >> 6] & bit != 0 { break }
                    visited[key >> 6] |= bit
                    let ins = code[first + pc]
                    let a = Int((ins >> 14) & 0x3FFF), b = Int(ins & 0x3FFF)
                    switch ins >> 28 {
                    case PhonePattern.opChar:
                        guard pos < n, input[pos] < 16, (ins & 0xFFFF) & (1 << UInt32(input[pos])) != 0 else { break }
                        pc += 1
                        pos += 1
                        continue
                    case PhonePattern.opSplit:
                        stack.append((b, pos))
                        pc = a
                        continue
                    case PhonePattern.opJump:
                        pc = a
                        continue
                    case PhonePattern.opSave:
                        if a < slots.count {
                            stack.append((-1 - a, slots[a]))
                            slots[a] = pos
                        }
                        pc += 1
                        continue
                    case PhonePattern.opEnd:
                        guard pos == n else { break }
                        pc += 1
                        continue
                    default:
                        guard !whole || pos == n else { break }
                        if slots.count >= 2 {
                            slots[0] = 0
                            slots[1] = pos
                        }
                        return pos
                    }
                    break
                }
            }
            return nil
        }
    }
}

extension PhonePattern {
    /// The fewest symbols any match consumes: a lower bound on the length of
    /// what `prefixMatch` or `matchesWhole` accepts (the end-of-input test is
    /// taken as passed, which can only lower the bound).
    var shortestMatch: Int {
        let code = PhonePattern.code
        let length = Int(code[base] & 0x0FFF_FFFF)
        let first = base + 1
        // 0-1 breadth-first search over instructions: a character step costs 1.
        var best = [Int](repeating: Int.max, count: length + 1)
        var queue: [(pc: Int, cost: Int)] = [(0, 0)]
        best[0] = 0
        var result = Int.max
        while let (pc, cost) = queue.popLast() {
            guard cost == best[pc], pc < length else { continue }
            let ins = code[first + pc]
            let a = Int((ins >> 14) & 0x3FFF), b = Int(ins & 0x3FFF)
            var next: [(Int, Int)] = []
            switch ins >> 28 {
            case PhonePattern.opChar: if ins & 0xFFFF != 0 { next = [(pc + 1, cost + 1)] }
            case PhonePattern.opSplit: next = [(a, cost), (b, cost)]
            case PhonePattern.opJump: next = [(a, cost)]
            case PhonePattern.opSave, PhonePattern.opEnd: next = [(pc + 1, cost)]
            default: result = min(result, cost)
            }
            for (p, c) in next where p <= length && c < best[p] {
                best[p] = c
                queue.append((p, c))
            }
        }
        return result
    }
}
