@_spi(Layers) import LinkifyModel

/// Tells `inner` what a finder says about a copy of part of a document (a
/// Markdown paragraph's lines joined, an HTML text node with its character
/// references decoded) in the document's own offsets, so that `--explain`
/// names the line and column where a candidate stands. Buffers outside the
/// copy (a chunk as a second run writes it) are passed on as they are.
final class CopySink: ExplanationSink, @unchecked Sendable {
    let inner: any ExplanationSink
    let document: UnsafeBufferPointer<UInt8>
    let copy: UnsafePointer<UInt8>
    let count: Int
    /// The document offset of a start and of an end offset in the copy.
    let start: (Int) -> Int
    let end: (Int) -> Int

    init(inner: any ExplanationSink, document: UnsafeBufferPointer<UInt8>, copy: UnsafePointer<UInt8>, count: Int,
         start: @escaping (Int) -> Int, end: @escaping (Int) -> Int) {
        self.inner = inner
        self.document = document
        self.copy = copy
        self.count = count
        self.start = start
        self.end = end
    }

    func record(_ explanations: [Explanation], in text: UnsafeBufferPointer<UInt8>) {
        guard let t = text.baseAddress, t >= copy, t + text.count <= copy + count else {
            inner.record(explanations, in: text)
            return
        }
        let base = t - copy
        inner.record(explanations.map { e in
            var m = e
            m.start = start(base + e.start)
            m.end = max(m.start, end(base + e.end))
            return m
        }, in: document)
    }
}
