/// `format: gauntlet`: the first bot listed plays each of the others, `gamesPerPairing`
/// games each; the others do not play each other.
public struct GauntletScheduler: FixedPairingScheduler {
    public let config: TournamentConfig
    public let schedule: FixedSchedule

    public init(config: TournamentConfig) {
        self.config = config
        schedule = FixedSchedule(config: config, pairings: Self.pairings(botCount: config.bots.count))
    }

    /// (0, k) for every other bot k.
    public static func pairings(botCount: Int) -> [(Int, Int)] {
        (1..<max(1, botCount)).map { (0, $0) }
    }
}
