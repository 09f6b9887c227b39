import Foundation
import Reports
import Testing
import Tournament

/// The numbers of results.json against the fixture's hand count (see ``Fixtures``).
@Suite("Results numbers")
struct ResultsBuilderTests {
    static let results = ResultsBuilder.build(config: Fixtures.config(), finished: Fixtures.finished(), generatedAt: Fixtures.generatedAt)

    func row(_ bot: String) throws -> ResultsDocument.Standing {
        try #require(Self.results.standings.first { $0.bot == bot })
    }

    @Test("standings: games, wins, losses, score, mean shots in wins by sinking, forfeits by kind")
    func standings() throws {
        let alpha = try row("alpha")
        let bravo = try row("bravo")
        let charlie = try row("charlie")
        #expect((alpha.games, alpha.wins, alpha.losses, alpha.scorePercent) == (4, 4, 0, 100))
        #expect(alpha.meanShotsToWin == 38.67)  // (37 + 42 + 37) / 3; the forfeit win is left out
        #expect(alpha.forfeits.isEmpty)
        #expect((bravo.games, bravo.wins, bravo.losses, bravo.scorePercent) == (4, 1, 3, 25))
        #expect(bravo.meanShotsToWin == 57)
        #expect((charlie.games, charlie.wins, charlie.losses, charlie.scorePercent) == (4, 1, 3, 25))
        #expect(charlie.meanShotsToWin == 47)
        #expect(charlie.forfeits == ["timeout": 1])
        #expect(Self.results.standings.map(\.rank) == [1, 2, 3])
        #expect(Self.results.standings.first?.bot == "alpha")
        // Ratings follow the ranks, and every interval contains its estimate.
        let ratings = Self.results.standings.compactMap(\.rating)
        #expect(ratings.count == 3)
        #expect(zip(ratings, ratings.dropFirst()).allSatisfy { $0.value >= $1.value })
        #expect(ratings.allSatisfy { $0.lower < $0.value && $0.value < $0.upper })
        let mean: Double = ratings.map(\.value).reduce(0, +) / 3
        #expect(abs(mean - 1500) < 0.1)
    }

    @Test("crosstable: each ordered pair's wins and losses; first-mover statistics; terminations")
    func crosstableAndCounts() throws {
        func cell(_ bot: String, _ opponent: String) throws -> ResultsDocument.CrosstableCell {
            try #require(Self.results.crosstable.first { $0.bot == bot && $0.opponent == opponent })
        }
        #expect(Self.results.crosstable.count == 6)
        #expect(try cell("alpha", "bravo") == .init(bot: "alpha", opponent: "bravo", games: 2, wins: 2, losses: 0, scorePercent: 100))
        #expect(try cell("bravo", "alpha") == .init(bot: "bravo", opponent: "alpha", games: 2, wins: 0, losses: 2, scorePercent: 0))
        #expect(try cell("alpha", "charlie") == .init(bot: "alpha", opponent: "charlie", games: 2, wins: 2, losses: 0, scorePercent: 100))
        #expect(try cell("bravo", "charlie") == .init(bot: "bravo", opponent: "charlie", games: 2, wins: 1, losses: 1, scorePercent: 50))
        #expect(try cell("charlie", "bravo") == .init(bot: "charlie", opponent: "bravo", games: 2, wins: 1, losses: 1, scorePercent: 50))
        let mover = Self.results.firstMover
        #expect((mover.games, mover.firstMoverWins, mover.firstMoverScorePercent) == (6, 2, 33.33))
        #expect(mover.advantage != nil)
        #expect(Self.results.terminations == .init(wins: 5, forfeits: 1, forfeitsByKind: ["timeout": 1], noResultAttempts: 1))
        #expect(Self.results.progress == .init(scheduledGames: 6, ratedGames: 6, gamesWithoutResult: 0, gamesNotPlayed: 0))
    }

    @Test("likelihood of superiority: every ordered pair, complementary, in favour of the stronger")
    func superiority() throws {
        let entries = Self.results.likelihoodOfSuperiority
        #expect(entries.count == 6)
        for entry in entries {
            let reverse = try #require(entries.first { $0.bot == entry.opponent && $0.opponent == entry.bot })
            #expect(abs(entry.likelihood + reverse.likelihood - 1) < 0.0002)
        }
        #expect(try #require(entries.first { $0.bot == "alpha" && $0.opponent == "bravo" }).likelihood > 0.5)
    }

    @Test("shots to win: a histogram per bot of wins by sinking the fleet")
    func shotsToWin() throws {
        let alpha = try #require(Self.results.shotsToWin.first { $0.bot == "alpha" })
        #expect(alpha.wins == 3)
        #expect(alpha.histogram == [.init(shots: 37, games: 2), .init(shots: 42, games: 1)])
        let charlie = try #require(Self.results.shotsToWin.first { $0.bot == "charlie" })
        #expect(charlie.histogram == [.init(shots: 47, games: 1)])
    }

    @Test("SPRT: the first bot's wins and losses against the second, its LLR and the decision")
    func sprt() throws {
        let sprt = try #require(Self.results.sprt)
        #expect((sprt.bot, sprt.opponent, sprt.wins, sprt.losses) == ("alpha", "bravo", 2, 0))
        // LLR = 2·ln(p1/p0), p0 = 0.5, p1 = 1/(1+10^(-50/400)) = 0.571463...: 2·ln(1.142926) = 0.267168.
        #expect(abs(sprt.llr - 0.2672) < 0.00011)
        #expect(sprt.lowerBound == -2.9444 && sprt.upperBound == 2.9444)  // ln(0.05/0.95), ln(0.95/0.05)
        #expect(sprt.decision == "undecided")
    }

    @Test("SPRT decisions: H1 after many wins, H0 after many losses; no section without sprt")
    func sprtDecisions() {
        func record(_ index: Int, winner: Int) -> GameRecord {
            var record = Fixtures.game(0, "alpha", "bravo", winnerSeat: winner, winnerMisses: 0)
            record.index = index
            return record
        }
        let config = Fixtures.config()
        let wins = (0..<60).map { record($0, winner: 0) }
        #expect(ResultsBuilder.build(config: config, finished: wins, generatedAt: Fixtures.generatedAt).sprt?.decision == "H1")
        let losses = (0..<60).map { record($0, winner: 1) }
        #expect(ResultsBuilder.build(config: config, finished: losses, generatedAt: Fixtures.generatedAt).sprt?.decision == "H0")
        var plain = config
        plain.sprt = nil
        #expect(ResultsBuilder.build(config: plain, finished: wins, generatedAt: Fixtures.generatedAt).sprt == nil)
    }

    @Test("the index of games: the rated attempt of each game, its attempts, and its place in the replay viewer")
    func gameIndex() throws {
        let games = Self.results.games
        #expect(games.map(\.index) == [0, 1, 2, 3, 4, 5])
        let retried = games[2]
        #expect(retried.attempts == 2 && retried.gameId == "g-2-2" && retried.winner == "charlie" && retried.termination == "win")
        #expect(retried.replayJSON == nil && retried.replayHTML == "replays/viewer.html#game=2")
        let forfeit = games[1]
        #expect(forfeit.termination == "forfeit" && forfeit.forfeitKind == "timeout" && forfeit.winner == "alpha" && forfeit.moves == 5)
        // A game's moves are both seats' shots; its winnerShots the winner's own (37, moving first).
        #expect(games[0].moves == 37 + 36 && games[0].winnerShots == 37 && games[0].players == ["alpha", "bravo"])
    }

    @Test("a run with no rated game yet has standings without ratings, and nothing to fit")
    func empty() {
        let results = ResultsBuilder.build(config: Fixtures.config(), finished: [], generatedAt: Fixtures.generatedAt)
        #expect(results.standings.count == 3 && results.standings.allSatisfy { $0.rating == nil && $0.games == 0 })
        #expect(results.likelihoodOfSuperiority.isEmpty && results.firstMover.advantage == nil)
        #expect(results.progress.gamesNotPlayed == 6)
        #expect(IndexPage.render(results).contains("id=\"standings\""))
    }
}
