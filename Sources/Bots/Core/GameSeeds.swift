import BattleshipRules

/// The seeds of the games of a run: game `i` of a run with seed `s` always gets the same
/// fleet and the same bot seed, whatever the number of parallel jobs, so two bots benched
/// with one seed meet identical boards.
public enum GameSeeds {
    /// The seed of the fleet of game `game`: `Fleet.seeded(board(run:game:))`.
    public static func board(run: UInt64, game: Int) -> UInt64 {
        mix(run, UInt64(game) &* 2)
    }

    /// The seed given to the bot in game `game`.
    public static func bot(run: UInt64, game: Int) -> UInt64 {
        mix(run, UInt64(game) &* 2 &+ 1)
    }

    private static func mix(_ run: UInt64, _ stream: UInt64) -> UInt64 {
        var generator = SeededGenerator(seed: run ^ (stream &* 0xD1B5_4A32_D192_ED03))
        return generator.next()
    }
}
