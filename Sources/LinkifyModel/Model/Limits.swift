/// Byte limits shared by every scanner.
package enum Limits {
    /// A candidate longer than this is left as text (SPEC §5).
    package static let maxEntityBytes = 64 * 1024
}
