import BattleshipRules

/// What a guess did, and whether the client saw the server's reply or had to read the
/// board to find out.
public struct GuessOutcome: Sendable, Hashable {
    /// The shot's result. When ``isReconciled`` is true a hit is always `.hit`: the board
    /// shows hits but not sinkings, so whether the shot sank a ship is unknown.
    public var result: ShotResult
    /// True when the reply was lost and the result was read back from `/board`.
    public var isReconciled: Bool

    /// An outcome of this result.
    public init(result: ShotResult, isReconciled: Bool) {
        self.result = result
        self.isReconciled = isReconciled
    }
}
