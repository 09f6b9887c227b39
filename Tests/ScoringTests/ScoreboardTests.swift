import BattleshipRules
import Bots
import Foundation
import Scoring
import Testing
import Tournament

/// The scoreboard's rules over hand-made records: what counts, how, and in which order.
@Suite("Scoreboard")
struct ScoreboardTests {
    /// A game `creator` (seat one, first mover) against `joiner`, won by `winnerSeat` with
    /// `shots` shots of the winner (and one fewer of the loser).
    static func record(
        _ index: Int, _ creator: String, _ joiner: String, winner winnerSeat: PlayerSeat?, shots: Int = 40,
        termination: Termination = .win, kind: ForfeitKind? = nil
    ) -> GameRecord {
        var fired: [ShotRecord] = []
        if let winnerSeat {
            let loserShots = winnerSeat == .one ? shots - 1 : shots
            for turn in 0..<(shots + loserShots) {
                let seat: PlayerSeat = turn % 2 == 0 ? .one : .two
                fired.append(ShotRecord(seat: seat, x: turn % 10, y: (turn / 10) % 10, hit: false, sunk: 0, atMilliseconds: turn))
            }
        }
        return GameRecord(
            index: index, server: "s", gameId: "g\(index)", gameName: "n",
            players: [
                PlayerRecord(bot: creator, serverName: creator, playerId: "1", boardSeed: nil),
                PlayerRecord(bot: joiner, serverName: joiner, playerId: "2", boardSeed: nil),
            ],
            shots: fired, termination: termination, winner: termination == .noResult ? nil : winnerSeat, reason: nil,
            forfeitKind: termination == .forfeit ? kind : nil, startedAt: Date(timeIntervalSince1970: 0), durationMilliseconds: 0
        )
    }

    /// Nine games of three bots: wins by sinking, forfeits of two kinds, a no-result.
    static let games: [GameRecord] = [
        record(0, "a", "b", winner: .one, shots: 40),
        record(1, "b", "a", winner: .two, shots: 50),
        record(2, "a", "c", winner: .one, shots: 3, termination: .forfeit, kind: .timeout),
        record(3, "c", "a", winner: .one, shots: 45),
        record(4, "b", "c", winner: .one, shots: 60),
        record(5, "c", "b", winner: .two, shots: 2, termination: .forfeit, kind: .crash),
        record(6, "c", "b", winner: .one, shots: 1, termination: .forfeit, kind: .crash),
        record(7, "a", "b", winner: nil, termination: .noResult),
        record(8, "b", "a", winner: .one, shots: 3, termination: .forfeit),
    ]

    @Test("tallies per bot: games, wins, losses, forfeits by kind, shots only in wins by sinking, head to head, first moves")
    func tallies() throws {
        let board = Scoreboard(bots: ["a", "b", "c"], records: Self.games)
        #expect(board.ratedGames == 8)
        let a = board.tally(of: "a")
        let b = board.tally(of: "b")
        let c = board.tally(of: "c")
        #expect((a.games, a.wins, a.losses, a.winsBySinking, a.winsByForfeit) == (5, 3, 2, 2, 1))
        #expect((b.games, b.wins, b.losses, b.winsBySinking, b.winsByForfeit) == (6, 3, 3, 1, 2))
        #expect((c.games, c.wins, c.losses, c.winsBySinking, c.winsByForfeit) == (5, 2, 3, 1, 1))
        #expect(a.forfeits == ["unknown": 1] && b.forfeits == ["crash": 1] && c.forfeits == ["timeout": 1, "crash": 1])
        #expect(c.forfeitCount == 2)
        #expect(a.shotsInWins == 90 && a.shotsToWin == [40: 1, 50: 1])
        #expect(a.meanShotsToWin == 45)
        #expect(b.meanShotsToWin == 60 && c.meanShotsToWin == 45)
        #expect(a.against["b"] == HeadToHead(wins: 2, losses: 1) && b.against["a"] == HeadToHead(wins: 1, losses: 2))
        #expect(a.against["c"]?.scorePercent == 50)
        #expect((a.gamesMovedFirst, b.gamesMovedFirst, c.gamesMovedFirst) == (2, 3, 3))
        #expect(board.firstMoverWins == 6)
        #expect(board.winsBySinking == 4 && board.forfeits == 4)
        #expect(board.forfeitsByKind == ["timeout": 1, "crash": 2, "unknown": 1])
    }

    @Test("a forfeit win counts as a win but not in shots per win: a bot whose every win came by forfeit has no figure")
    func forfeitWinsHaveNoShotsPerWin() {
        let board = Scoreboard(
            bots: ["lucky", "crasher"],
            records: [
                Self.record(0, "lucky", "crasher", winner: .one, shots: 2, termination: .forfeit, kind: .crash),
                Self.record(1, "crasher", "lucky", winner: .two, shots: 9, termination: .forfeit, kind: .timeout),
            ])
        let lucky = board.tally(of: "lucky")
        #expect(lucky.wins == 2 && lucky.scorePercent == 100)
        #expect(lucky.meanShotsToWin == nil)
        #expect(lucky.shotsInWins == 0 && lucky.shotsToWin.isEmpty)
    }

    @Test("records without a result change nothing")
    func noResultIgnored() {
        let empty = Scoreboard(bots: ["a", "b"])
        let board = Scoreboard(bots: ["a", "b"], records: [Self.record(0, "a", "b", winner: nil, termination: .noResult)])
        #expect(board.ratedGames == 0)
        #expect(board.standings == empty.standings)
        #expect(board.tally(of: "a").games == 0)
        #expect(board.ratings() == nil)
    }

    @Test("the order the records come in changes no tally, no rank and no rating")
    func foldOrderIndependent() throws {
        let forward = Scoreboard(bots: ["a", "b", "c"], records: Self.games)
        var generator = SeededGenerator(seed: 7)
        for _ in 0..<5 {
            let shuffled = Scoreboard(bots: ["a", "b", "c"], records: Self.games.shuffled(using: &generator))
            #expect(shuffled.standings == forward.standings)
            #expect(shuffled.forfeitsByKind == forward.forfeitsByKind && shuffled.firstMoverWins == forward.firstMoverWins)
            let one = try #require(forward.ratings())
            let other = try #require(shuffled.ratings())
            for bot in ["a", "b", "c"] { #expect(one.rating(of: bot) == other.rating(of: bot)) }
            #expect(one.firstMoverAdvantage == other.firstMoverAdvantage)
        }
    }

    @Test("one order: by score, then wins, then name; bots only met in records join the board")
    func order() throws {
        let board = Scoreboard(
            bots: ["z", "y", "x", "w"],
            records: [
                // z: 1 of 2 (50%), y: 1 of 2 (50%), x: 2 of 4 (50%, more wins), w: 0 of 0; v: unlisted, 1 of 2.
                Self.record(0, "z", "y", winner: .one), Self.record(1, "y", "z", winner: .one),
                Self.record(2, "x", "v", winner: .one), Self.record(3, "v", "x", winner: .one),
                Self.record(4, "x", "u", winner: .one), Self.record(5, "u", "x", winner: .one),
            ])
        #expect(board.standings.map(\.bot) == ["x", "u", "v", "y", "z", "w"])
        #expect(board.leader?.bot == "x")
        #expect(board.bots == ["z", "y", "x", "w", "u", "v"])
    }

    @Test("the creator is the first mover; the stronger bot rates higher; no-result games do not count")
    func ratings() throws {
        var records: [GameRecord] = []
        // a beats b in 6 of every 8 games; a creates in the even rounds, and of a's two losses
        // one is as creator and one as joiner, so creators win exactly half: no first-mover effect.
        for round in 0..<40 {
            let aCreates = round % 2 == 0
            let aWins = round % 8 < 6
            records.append(Self.record(round, aCreates ? "a" : "b", aCreates ? "b" : "a", winner: aWins == aCreates ? .one : .two))
        }
        records.append(Self.record(99, "b", "a", winner: .one, termination: .noResult))
        let ratings = try #require(Scoreboard(bots: ["a", "b"], records: records).ratings())
        let a = try #require(ratings.rating(of: "a"))
        let b = try #require(ratings.rating(of: "b"))
        #expect(a.value > b.value)
        #expect(abs((a.value + b.value) / 2 - 1500) < 1e-6)
        // 30 wins in 40 with balanced movers: near 400·log10(3) = 190.8 apart, shrunk a little by the prior.
        #expect((150...191).contains(a.value - b.value))
        #expect(abs(ratings.firstMoverAdvantage.value) < 1)
    }

    @Test("when the creator always wins, the first-mover advantage is large and positive")
    func firstMoverAdvantage() throws {
        let records = (0..<20).map { Self.record($0, $0 % 2 == 0 ? "a" : "b", $0 % 2 == 0 ? "b" : "a", winner: $0 % 5 == 0 ? .two : .one) }
        let ratings = try #require(Scoreboard(bots: ["a", "b"], records: records).ratings())
        #expect(ratings.firstMoverAdvantage.value > 100)
    }

    @Test("figures are rounded once, to 0.01: 1 of 3 is 33.33%, 100 shots in 3 wins 33.33")
    func rounding() throws {
        let board = Scoreboard(
            bots: ["a", "b"],
            records: [
                Self.record(0, "a", "b", winner: .one, shots: 33), Self.record(1, "b", "a", winner: .one, shots: 33),
                Self.record(2, "a", "b", winner: .two, shots: 34), Self.record(3, "b", "a", winner: .one, shots: 33),
            ])
        let a = board.tally(of: "a")
        let b = board.tally(of: "b")
        #expect(a.scorePercent == 25 && b.scorePercent == 75)
        #expect(b.meanShotsToWin == 33.33)
        let elo = try #require(board.ratings()?.rating(of: "b").flatMap(EloFigure.init))
        #expect(elo.value == (elo.value * 10).rounded() / 10)
    }
}
