import Bots
import Foundation
import Testing

@testable import Tournament

/// Where Swiss rounds' games sit in the schedule, and the rounds rebuilt from records alone.
@Suite("Swiss schedule and progress")
struct SwissScheduleTests {
    static func config(bots: Int, games: Int = 2, rounds: Int = 3, seed: UInt64 = 4) -> TournamentConfig {
        let kinds: [BuiltInBot] = [.random, .huntTarget, .parity, .density, .champion]
        var config = TournamentConfig(
            name: "swiss", format: .swiss,
            bots: (0..<bots).map { BotEntry(name: "bot\($0)", kind: .builtin(kinds[$0 % kinds.count])) },
            gamesPerPairing: games, seed: seed
        )
        config.rounds = rounds
        return config
    }

    /// A rated game of `index` between `creator` and `joiner`, won by `winner`.
    static func record(_ index: Int, _ creator: String, _ joiner: String, winner: String?) -> GameRecord {
        GameRecord(
            index: index, server: "http://127.0.0.1:1", gameId: "g\(index)", gameName: "salvo swiss \(index)",
            players: [
                PlayerRecord(bot: creator, serverName: creator, playerId: "p", boardSeed: nil),
                PlayerRecord(bot: joiner, serverName: joiner, playerId: "q", boardSeed: nil),
            ],
            shots: [], termination: winner == nil ? .noResult : .win, winner: winner.map { $0 == creator ? .one : .two }, reason: nil,
            startedAt: Date(timeIntervalSince1970: 0), durationMilliseconds: 1
        )
    }

    @Test("round 2's games follow round 1's: indices, pairing numbers, creators and mirrored pairs, worked by hand")
    func secondRoundByHand() {
        // 9 bots: 4 pairings a round; 2 games per pairing: 8 games a round.
        let config = Self.config(bots: 9)
        let round = SwissRound(number: 2, pairings: [SwissPair(3, 5), SwissPair(0, 1), SwissPair(2, 4), SwissPair(6, 7)], bye: 8, repeats: 0)
        let games = SwissSchedule.games(of: round, config: config)
        #expect(games.map(\.index) == Array(8..<16))
        #expect(games.map(\.pairing) == [4, 5, 6, 7, 4, 5, 6, 7])
        #expect(games.map(\.creator) == [3, 0, 2, 6, 5, 1, 4, 7])
        #expect(games.map(\.joiner) == [5, 1, 4, 7, 3, 0, 2, 6])
        #expect(games.allSatisfy { $0.duo == 0 })
        // The two games of a pairing share their fleets, roles swapped.
        #expect(games[0].creatorSeed == games[4].creatorSeed && games[0].joinerSeed == games[4].joinerSeed)
        #expect(SwissSchedule.totalGames(config) == 24)
        #expect(SwissSchedule.round(ofGame: 15, config: config) == 2 && SwissSchedule.round(ofGame: 16, config: config) == 3)
    }

    @Test("across rounds, indices, pairing numbers, mirror groups and fleets never repeat")
    func nothingRepeatsAcrossRounds() {
        let config = Self.config(bots: 6, games: 4, rounds: 5)
        // The same boards every round: only the round number differs.
        let rounds = (1...5).map { SwissRound(number: $0, pairings: [SwissPair(0, 1), SwissPair(2, 3), SwissPair(4, 5)], bye: nil, repeats: 0) }
        let games = rounds.flatMap { SwissSchedule.games(of: $0, config: config) }
        #expect(games.map(\.index) == Array(0..<60))
        #expect(Set(games.map(\.pairing)).count == 15)
        #expect(Set(games.map(\.mirrorGroup)).count == 30, "one mirror group per mirrored pair of games")
        #expect(Set(games.map(\.creatorSeed)).count == 30, "fleets differ between rounds")
    }

    @Test("the rounds rebuilt from records: results, the next round paired from them, winners meeting winners")
    func progressFromRecords() {
        let config = Self.config(bots: 4, games: 2, rounds: 2)
        var progress = SwissProgress(config: config, rated: [:], attempts: [:])
        #expect(progress.rounds.count == 1 && progress.completeRounds == 0 && !progress.isFinished)
        guard let first = progress.current else {
            Issue.record("round 1 is not under way")
            return
        }
        // Round 1: the first-listed bot of each pairing wins both games.
        var rated: [Int: GameRecord] = [:]
        for game in first.games {
            let (creator, joiner) = (config.bots[game.creator].name, config.bots[game.joiner].name)
            let winner = config.bots[first.pairing.pairings[game.pairing].first].name
            rated[game.index] = Self.record(game.index, creator, joiner, winner: winner)
        }
        progress.advance(config: config, rated: rated, attempts: [:])
        #expect(progress.completeRounds == 1 && progress.rounds.count == 2)
        let winners = first.pairing.pairings.map(\.first)
        let losers = first.pairing.pairings.map(\.second)
        #expect(progress.rounds[0].result?.pairings.map(\.firstHalfPoints) == [2, 2])
        let second = progress.rounds[1].pairing
        #expect(second.pairings.map { Set([$0.first, $0.second]) } == [Set(winners), Set(losers)])
        #expect(second.repeats == 0)
        #expect(progress.record.halfPoints.reduce(0, +) == 4)
        // Rebuilt at once from the same records, the rounds are the same.
        #expect(SwissProgress(config: config, rated: rated, attempts: [:]) == progress)
    }

    @Test("a game attempted three times without a result has ended: the round completes and that game counts for no one")
    func exhaustedGame() {
        let config = Self.config(bots: 2, games: 2, rounds: 2)
        let round = SwissProgress(config: config, rated: [:], attempts: [:]).rounds[0]
        let names = config.bots.map(\.name)
        let game0 = round.games[0]
        let game1 = round.games[1]
        let rated = [game0.index: Self.record(game0.index, names[game0.creator], names[game0.joiner], winner: names[game0.creator])]
        let twice = SwissProgress(config: config, rated: rated, attempts: [game0.index: 1, game1.index: 2])
        #expect(twice.completeRounds == 0 && twice.current?.pairing.number == 1, "a third attempt is still to come")
        let thrice = SwissProgress(config: config, rated: rated, attempts: [game0.index: 1, game1.index: 3])
        #expect(thrice.completeRounds == 1 && thrice.current?.pairing.number == 2)
        #expect(thrice.record.halfPoints[game0.creator] == 2 && thrice.record.halfPoints[game0.joiner] == 0)
        // Two bots must meet again in round 2: a documented repeat.
        #expect(thrice.current?.pairing.repeats == 1)
    }

    @Test("a rated game played by other bots than the recomputed pairing's is named")
    func mismatch() {
        let config = Self.config(bots: 4, games: 2, rounds: 1)
        let round = SwissProgress(config: config, rated: [:], attempts: [:]).rounds[0]
        let game = round.games[0]
        let names = config.bots.map(\.name)
        let others = names.filter { $0 != names[game.creator] && $0 != names[game.joiner] }
        let progress = SwissProgress(
            config: config, rated: [game.index: Self.record(game.index, others[0], others[1], winner: others[0])], attempts: [:])
        #expect(progress.mismatchedGames == [game.index])
        let right = SwissProgress(
            config: config, rated: [game.index: Self.record(game.index, names[game.joiner], names[game.creator], winner: names[game.joiner])],
            attempts: [:])
        #expect(right.mismatchedGames.isEmpty)
    }
}
