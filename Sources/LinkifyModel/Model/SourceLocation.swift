/// A 1-based position in a file: the line, and the column counted in Unicode
/// scalars (a byte that is not valid UTF-8 counts as one).
package struct SourceLocation: Sendable, Hashable, Comparable {
    /// 1-based line number; only LF ends a line.
    package var line: Int
    /// 1-based column, in Unicode scalars.
    package var column: Int

    /// Creates a location.
    package init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// Orders by line, then column.
    package static func < (a: SourceLocation, b: SourceLocation) -> Bool {
        a.line != b.line ? a.line < b.line : a.column < b.column
    }
}
