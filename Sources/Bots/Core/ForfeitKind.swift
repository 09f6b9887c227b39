/// The kind of a bot's fault, one word in journals and reports.
public enum ForfeitKind: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// The program could not be started.
    case launch
    /// The program exited or closed its output.
    case crash
    /// No answer came within the deadline of a move (or of the start, or the game's CPU time).
    case timeout
    /// The bot's clock for the game ran out (``TimeControl``): it lost on time.
    case time
    /// A line that is not what the protocol expects at that point.
    case malformed
    /// A shot off the grid.
    case offGrid = "off-grid"
    /// A shot at a cell fired at before.
    case repeatedShot = "repeat"
    /// A placed fleet that is not the standard fleet on the grid.
    case invalidFleet = "fleet"

    public var description: String { rawValue }
}
