/// The games of a Swiss tournament's rounds: where each round's games sit in the run's
/// schedule, and their fleets. A pure function of the configuration and a round's pairings.
///
/// Every round has the same number of pairings, `botCount / 2` (with an odd field one bot has
/// the bye), so round k's games take the indices after all earlier rounds' games, whatever
/// the pairings: `(k - 1) · P · G` up to `k · P · G`, with P pairings per round and G games
/// per pairing. Within a round, games are interleaved across pairings as in every other
/// format (all first games of the pairings, then all second games...), and the pairings are
/// numbered across rounds (`(k - 1) · P + p` for the round's p-th board), so fleet seeds,
/// bot seeds and ``ScheduledGame/mirrorGroup`` never collide between rounds.
///
/// ```swift
/// let round = SwissPairing.pair(record: record, seed: config.seed)
/// let games = SwissSchedule.games(of: round, config: config)   // indices from (round.number - 1) · P · G
/// ```
public enum SwissSchedule {
    /// Pairings in each round of a field of `botCount` bots.
    public static func pairingsPerRound(botCount: Int) -> Int {
        botCount / 2
    }

    /// Games in each round of `config`.
    public static func gamesPerRound(_ config: TournamentConfig) -> Int {
        pairingsPerRound(botCount: config.bots.count) * config.gamesPerPairing
    }

    /// Every game of `config`'s rounds, all played: `rounds · (botCount / 2) · gamesPerPairing`.
    public static func totalGames(_ config: TournamentConfig) -> Int {
        (config.rounds ?? 0) * gamesPerRound(config)
    }

    /// The round (from 1) that the game with schedule index `index` belongs to.
    public static func round(ofGame index: Int, config: TournamentConfig) -> Int {
        let perRound = gamesPerRound(config)
        return perRound == 0 ? 1 : index / perRound + 1
    }

    /// The games of `round` in the order they are started: for its board `p` (its p-th
    /// pairing), `gamesPerPairing` games in mirrored pairs, the higher-ranked bot creating the
    /// first game of each pair.
    public static func games(of round: SwissRound, config: TournamentConfig) -> [ScheduledGame] {
        let perRound = pairingsPerRound(botCount: config.bots.count)
        let firstIndex = (round.number - 1) * perRound * config.gamesPerPairing
        let firstPairing = (round.number - 1) * perRound
        var games: [ScheduledGame] = []
        games.reserveCapacity(round.pairings.count * config.gamesPerPairing)
        for game in 0..<config.gamesPerPairing {
            for (board, pair) in round.pairings.enumerated() {
                games.append(
                    ScheduleSeeds.game(
                        config, index: firstIndex + game * perRound + board, pairing: firstPairing + board, duo: game / 2,
                        pair: (pair.first, pair.second), swapped: game % 2 == 1
                    ))
            }
        }
        return games
    }
}
