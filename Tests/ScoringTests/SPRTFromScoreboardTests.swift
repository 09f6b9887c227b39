import BattleshipRules
import Bots
import Scoring
import Testing
import Tournament

/// The sequential test counts what the scoreboard counts: the SPRT scheduler's tally (which
/// decides when a match ends) and the scoreboard's (which the terminal and results.json show)
/// agree after every game of a recorded set, so they decide on the same game.
@Suite("SPRT from the scoreboard")
struct SPRTFromScoreboardTests {
    /// 400 games, most of `a` against `b` (who `a` beats 70% of the time), both seats, with wins by sinking, forfeits and games
    /// without a result, and games of each against `c` between them, from a fixed generator.
    static let games: [GameRecord] = {
        var generator = SeededGenerator(seed: 41)
        return (0..<400).map { index in
            let roll = generator.next() % 100
            let pair = roll < 15 ? ("a", "c") : roll < 25 ? ("c", "b") : index % 2 == 0 ? ("a", "b") : ("b", "a")
            // The first seat wins 70% of the time when it is `a` (or `c`), 30% when it is `b`.
            let firstWins = generator.next() % 100 < (pair.0 == "b" ? 30 : 70)
            let winner: PlayerSeat = firstWins ? .one : .two
            let kind = generator.next() % 10
            if kind == 0 { return ScoreboardTests.record(index, pair.0, pair.1, winner: nil, termination: .noResult) }
            if kind == 1 { return ScoreboardTests.record(index, pair.0, pair.1, winner: winner, shots: 2, termination: .forfeit, kind: .timeout) }
            return ScoreboardTests.record(index, pair.0, pair.1, winner: winner, shots: 30 + Int(generator.next() % 40))
        }
    }()

    @Test(
        "the scheduler's tally and the scoreboard's agree after every game: wins, losses, ratio, decision",
        arguments: [
            SPRTSettings(elo0: 0, elo1: 50), SPRTSettings(elo0: -10, elo1: 10, alpha: 0.1, beta: 0.1),
        ])
    func sameTallyAfterEveryGame(settings: SPRTSettings) throws {
        var config = TournamentConfig(
            name: "sprt", bots: [BotEntry(name: "a", kind: .builtin(.random)), BotEntry(name: "b", kind: .builtin(.random))])
        config.sprt = settings
        let scheduler = SPRTScheduler(config: config, settings: settings)
        var board = Scoreboard(bots: ["a", "b"])
        var decidedAt: Int?
        for (played, record) in Self.games.enumerated() {
            board.add(record)
            let counted = scheduler.tally(Self.games.prefix(played + 1))
            let shown = board.sprtTally(settings, first: "a", second: "b")
            #expect(counted == shown, "after game \(played)")
            if decidedAt == nil, shown.isDecided { decidedAt = played }
        }
        let final = board.sprtTally(settings, first: "a", second: "b")
        // The figures themselves, so a rule changed on both sides at once is still seen.
        let own = Self.games.filter { $0.termination != .noResult && Set($0.players.map(\.bot)) == ["a", "b"] }
        #expect(final.wins == own.count(where: { $0.player($0.winner ?? .one).bot == "a" }))
        #expect(final.wins + final.losses == own.count && own.count > 200)
        #expect(decidedAt != nil, "the recorded set decides the test")
    }
}
