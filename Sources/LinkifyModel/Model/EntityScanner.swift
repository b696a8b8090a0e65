/// One detector: finds candidates of its kinds in UTF-8 text.
///
/// `text` is one region of the input; the scanner may look at any byte of it,
/// but reports only candidates that start at or after `minStart` (the bytes
/// before are context), in increasing order of start, without overlaps.
/// Candidate ranges are byte offsets into `text`.
public protocol EntityScanner: Sendable {
    /// Appends the candidates found in `text` from `minStart` on to `out`.
    func scan(_ text: UnsafeBufferPointer<UInt8>, from minStart: Int, into out: inout [Entity])

    /// Like `scan(_:from:into:)`, and also appends to `rejections` the
    /// candidates it turned down and why (`--explain`). The default reports none.
    /// A `.linked` explanation there names the rule of a candidate the scan
    /// reported (same range), with evidence the candidate alone no longer
    /// shows; the finder then prints it instead of `rule(for:in:)`.
    func scan(_ text: UnsafeBufferPointer<UInt8>, from minStart: Int, into out: inout [Entity],
              rejections: inout [Explanation])

    /// The rule that made `entity` (one of this scanner's), as `--explain` names it.
    func rule(for entity: Entity, in text: UnsafeBufferPointer<UInt8>) -> String
}

extension EntityScanner {
    /// Scans without telling rejections: a scanner that explains none needs only `scan(_:from:into:)`.
    public func scan(_ text: UnsafeBufferPointer<UInt8>, from minStart: Int, into out: inout [Entity],
                     rejections: inout [Explanation]) {
        scan(text, from: minStart, into: &out)
    }

    /// The kind's name and "detector", for scanners with a single rule.
    public func rule(for entity: Entity, in text: UnsafeBufferPointer<UInt8>) -> String { "\(entity.kind.rawValue) detector" }
}
