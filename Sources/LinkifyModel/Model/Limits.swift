/// Byte limits shared by every scanner.
@_spi(Layers) public enum Limits {
    /// A candidate longer than this is left as text (SPEC §5).
    public static let maxEntityBytes = 64 * 1024
}
