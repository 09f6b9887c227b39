import BattleshipRules

/// How a Swiss pairing's games become points, a pure function of their records.
///
/// A pairing plays `games_per_pairing` games in mirrored pairs. The bot that won more of
/// them (a forfeit counts as a win for the other bot) wins the pairing: 1 point (2 half
/// points), the other 0. Equal wins, including a pairing whose games all ended without a
/// result, is a tie: ½ point each. A bye is worth 1 point.
public enum SwissScoring {
    /// A bye's half points: a whole point.
    public static let byeHalfPoints = 2

    /// The score of `pair`, whose bots are named `botNames[pair.first]` and
    /// `botNames[pair.second]`, from the records of its games. Games without a result, and
    /// games of other bots, are not counted.
    public static func result(of pair: SwissPair, botNames: [String], games: [GameRecord]) -> SwissPairingResult {
        let first = botNames[pair.first]
        let second = botNames[pair.second]
        var firstWins = 0
        var secondWins = 0
        for game in games where game.termination != .noResult {
            guard let winner = game.winner else { continue }
            let names = Set(game.players.map(\.bot))
            guard names == [first, second] else { continue }
            if game.player(winner).bot == first { firstWins += 1 } else { secondWins += 1 }
        }
        let (a, b) = firstWins > secondWins ? (2, 0) : firstWins < secondWins ? (0, 2) : (1, 1)
        return SwissPairingResult(pair: pair, firstHalfPoints: a, secondHalfPoints: b)
    }
}
