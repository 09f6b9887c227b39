/// `format: round-robin`: every bot plays every other bot, `gamesPerPairing` games each.
public struct RoundRobinScheduler: FixedPairingScheduler, SeasonableScheduler {
    public let config: TournamentConfig
    public let schedule: FixedSchedule

    public init(config: TournamentConfig) {
        self.config = config
        schedule = FixedSchedule(config: config, pairings: Self.pairings(botCount: config.bots.count))
    }

    /// Every pair of distinct bots once, (first, second) with first < second, in play order.
    public static func pairings(botCount: Int) -> [(Int, Int)] {
        var pairs: [(Int, Int)] = []
        for first in 0..<botCount {
            for second in (first + 1)..<max(first + 1, botCount) { pairs.append((first, second)) }
        }
        return pairs
    }

    /// A round robin of submissions is a season: a new version's games are each current entry
    /// once more (nil: the games the new versions miss).
    public var seasonSwissRounds: Int? { nil }
}
