extension TournamentConfig {
    /// Why this tournament cannot be split into shards at all, in words that the caller ends
    /// with its own fix; nil when it can (up to ``Schedule/mirroredPairCount(for:)`` shards).
    /// One place for the formats that need every result in one process.
    public var shardingObstacle: String? {
        if sprt != nil {
            return "an SPRT match stops as soon as its test decides, which needs every game's result in one process"
        }
        if format == .swiss {
            return "each Swiss round is paired from the results of the rounds before, which needs them all in one process"
        }
        return nil
    }
}
