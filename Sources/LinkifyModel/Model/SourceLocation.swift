/// A 1-based position in a file: the line, and the column counted in Unicode
/// scalars (a byte that is not valid UTF-8 counts as one).
public struct SourceLocation: Sendable, Hashable, Comparable {
    /// 1-based line number; only LF ends a line.
    public var line: Int
    /// 1-based column, in Unicode scalars.
    public var column: Int

    /// Creates a location.
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// Orders by line, then column.
    public static func < (a: SourceLocation, b: SourceLocation) -> Bool {
        a.line != b.line ? a.line < b.line : a.column < b.column
    }
}
