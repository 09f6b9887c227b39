import BattleshipRules
import Bots
import Foundation
import Testing

@testable import Tournament

/// An adaptive season's nights (``SeasonPlan`` with ``SeasonMatchmaking``), from journals made
/// here: which games a night chooses, when a new night begins, and what it counts.
@Suite("An adaptive season's nights")
struct SeasonMatchmakingTests {
    static let start = Date(timeIntervalSince1970: 1_800_000_000)

    static func bot(_ name: String, version: String? = nil) -> BotEntry {
        version == nil
            ? BotEntry(name: name, kind: .builtin(.random))
            : BotEntry(name: name, kind: .external(ExternalBotSpec(command: ["python3", "bot.py"])), version: version)
    }

    /// The game of `night` at `position`, won by `winner` (0: its first-named bot, 1: the other).
    static func record(_ night: SeasonNight, _ position: Int, winner: Int) -> GameRecord {
        let game = night.games[position]
        // Even rounds: the first-named creates the game (seat one, moving first).
        let seats = game.round % 2 == 0 ? [game.first, game.second] : [game.second, game.first]
        let players = seats.map { night.bots[$0] }.map {
            PlayerRecord(bot: $0.name, serverName: $0.name, playerId: "p", boardSeed: nil, version: $0.version)
        }
        let winnerIndex = winner == 0 ? game.first : game.second
        return GameRecord(
            index: night.firstIndex + position, server: "s", gameId: "g", gameName: "n", players: players, shots: [], termination: .win,
            winner: seats[0] == winnerIndex ? .one : .two, reason: nil, startedAt: start, durationMilliseconds: 1)
    }

    /// Plays `night` through: the better of each game's two bots by `strength` wins it; even
    /// strengths split their duo, each winning as the first mover.
    static func play(_ night: SeasonNight, strength: [String: Int], into rated: inout [Int: GameRecord]) {
        for (position, game) in night.games.enumerated() {
            let first = strength[night.bots[game.first].name] ?? 0
            let second = strength[night.bots[game.second].name] ?? 0
            let winner = first == second ? game.round % 2 : (first > second ? 0 : 1)
            rated[night.firstIndex + position] = record(night, position, winner: winner)
        }
    }

    /// Plays `night` through with outcomes drawn from `generator`: the first named wins with
    /// the Bradley–Terry odds of `elo`.
    static func play(_ night: SeasonNight, elo: [String: Double], generator: inout SeededGenerator, into rated: inout [Int: GameRecord]) {
        for (position, game) in night.games.enumerated() {
            let gap = (elo[night.bots[game.second].name] ?? 1500) - (elo[night.bots[game.first].name] ?? 1500)
            let won = Double.random(in: 0..<1, using: &generator) < 1 / (1 + pow(10, gap / 400))
            rated[night.firstIndex + position] = record(night, position, winner: won ? 0 : 1)
        }
    }

    static func plan(
        _ nights: [SeasonNight], _ rated: [Int: GameRecord], entered: [BotEntry], matchmaking: SeasonMatchmaking = .adaptive(ratingInterval: 200)
    ) throws -> SeasonPlan.Decision {
        try SeasonPlan.plan(
            nights: nights, rated: rated, listed: [bot("random")], entered: entered, notEntered: [:], gamesPerPairing: 2, matchmaking: matchmaking,
            seed: 7, now: start)
    }

    static let students = (0..<6).map { bot("s\($0)", version: "v\($0)") }
    static let strength = Dictionary(uniqueKeysWithValues: (0..<6).map { ("s\($0)", $0) })

    @Test("the first night is the openings: every version meets the built-in, each pairing is two games, each version moving first once")
    func openings() throws {
        let decision = try Self.plan([], [:], entered: Self.students)
        let night = decision.night
        #expect(decision.isNew)
        #expect(night.matchmade == SeasonNight.Matchmade(method: .adaptive, carried: 0))
        for student in 1...6 {
            #expect(night.games.contains { Set([$0.first, $0.second]) == [0, student] }, "s\(student - 1) meets random")
        }
        // Each pairing's two games: rounds 2k and 2k+1 of the same two bots.
        #expect(night.games.count % 2 == 0)
        for pair in stride(from: 0, to: night.games.count, by: 2) {
            let (a, b) = (night.games[pair], night.games[pair + 1])
            #expect(a.first == b.first && a.second == b.second && a.round % 2 == 0 && b.round == a.round + 1)
        }
        #expect(decision.changes.gamesToPlay == night.games.count)
    }

    @Test("a night played through with versions still unsettled begins the next round as a new night; pairs met again get fresh rounds")
    func rounds() throws {
        // A class of 20 of close strengths: a version's budget (28 games) is more than its openings.
        let students = (0..<20).map { Self.bot("c\($0)", version: "v\($0)") }
        let elo = Dictionary(uniqueKeysWithValues: (0..<20).map { ("c\($0)", 1500 + 10 * Double($0)) })
        var generator = SeededGenerator(seed: 11)
        var nights: [SeasonNight] = []
        var rated: [Int: GameRecord] = [:]
        var seen: Set<SeasonGameIdentity> = []
        for number in 1...4 {
            let decision = try Self.plan(nights, rated, entered: students, matchmaking: .adaptive(ratingInterval: 100))
            guard decision.isNew else { break }
            let night = decision.night
            #expect(night.number == number)
            #expect(night.firstIndex == (nights.last?.indices.upperBound ?? 0))
            #expect(night.matchmade?.carried == rated.count, "every earlier game is between current versions")
            for game in night.games {
                #expect(seen.insert(night.identity(of: game)).inserted, "each game of the season is a game of its own: \(game)")
            }
            nights.append(night)
            Self.play(night, elo: elo, generator: &generator, into: &rated)
        }
        #expect(nights.count >= 2, "one night of openings does not settle a class of 20 to ±100")
        // The scheduler counts the night's standings as the carried games and its own.
        let last = try #require(nights.last)
        let config = TournamentConfig(name: "season", bots: last.bots)
        #expect(SeasonScheduler(config: config, night: last).currentGames == (last.matchmade?.carried ?? -1) + last.games.count)
    }

    @Test("once every version is settled, a night played through is continued with nothing to play, not followed by an empty one")
    func settles() throws {
        var nights: [SeasonNight] = []
        var rated: [Int: GameRecord] = [:]
        var last: SeasonPlan.Decision?
        for _ in 0..<200 {
            let decision = try Self.plan(nights, rated, entered: Self.students, matchmaking: .adaptive(ratingInterval: 400))
            last = decision
            guard decision.isNew else { break }
            nights.append(decision.night)
            Self.play(decision.night, strength: Self.strength, into: &rated)
        }
        let decision = try #require(last)
        #expect(!decision.isNew)
        #expect(decision.changes.continued)
        #expect(decision.changes.gamesToPlay == 0)
        #expect(decision.night == nights.last)
    }

    @Test("a night cut short is continued, whatever matchmaking would choose now")
    func cutShort() throws {
        let first = try Self.plan([], [:], entered: Self.students).night
        var rated: [Int: GameRecord] = [:]
        Self.play(first, strength: Self.strength, into: &rated)
        rated[first.firstIndex] = nil
        let decision = try Self.plan([first], rated, entered: Self.students)
        #expect(!decision.isNew)
        #expect(decision.changes.gamesToPlay == 1)
    }

    @Test("a version returned to owes twice the games it had: the next round gives it games though its interval was narrow")
    func returned() throws {
        // s0 plays its openings as version a, then version b, then a again.
        let entered = { (version: String) in [Self.bot("s0", version: version)] + Self.students.dropFirst() }
        var nights: [SeasonNight] = []
        var rated: [Int: GameRecord] = [:]
        for version in ["a", "b"] {
            let night = try Self.plan(nights, rated, entered: entered(version), matchmaking: .adaptive(ratingInterval: 1000)).night
            nights.append(night)
            Self.play(night, strength: Self.strength, into: &rated)
        }
        // At ±1000 everything is settled: back to `a`, only its debt asks for games.
        let back = try Self.plan(nights, rated, entered: entered("a"), matchmaking: .adaptive(ratingInterval: 1000))
        #expect(back.changes.returnedVersions == ["s0"])
        let s0 = try #require(back.night.bots.firstIndex { $0.name == "s0" })
        #expect(!back.night.games.isEmpty)
        #expect(back.night.games.allSatisfy { $0.first == s0 || $0.second == s0 }, "only the returned version asks for games")
        let pool = SeasonMatchmaking.pool(bots: back.night.bots, nights: nights, rated: rated)
        let had = rated.values.count { $0.players.contains { $0.bot == "s0" && $0.version == "a" } }
        #expect(pool.freshGamesOwed[s0] == 2 * had)
    }

    @Test("settle rounds pair the neighbours not yet separated, within the games given; none once every neighbour is separated")
    func settleRounds() throws {
        var rated: [Int: GameRecord] = [:]
        // Three versions with a round robin played: s1 and s2 even, s0 beaten by both.
        let bots = [Self.bot("random")] + Self.students.prefix(3)
        var games: [SeasonNight.Game] = []
        for round in 0..<2 {
            for (a, b) in [(1, 2), (1, 3), (2, 3), (0, 1), (0, 2), (0, 3)] { games.append(.init(first: a, second: b, round: round)) }
        }
        let night = SeasonNight(number: 1, startedAt: Self.start, firstIndex: 0, bots: bots, games: games)
        Self.play(night, strength: ["s0": 0, "s1": 5, "s2": 5], into: &rated)
        let settle = SeasonMatchmaking.settle(games: 100).games(bots: bots, nights: [night], rated: rated, gamesPerPairing: 2, seed: 1)
        #expect(!settle.isEmpty)
        #expect(settle.allSatisfy { $0.first != 0 && $0.second != 0 }, "the built-in is no version to settle")
        #expect(settle.allSatisfy { $0.round >= 2 }, "fresh rounds after the round robin's 0 and 1")
        #expect(SeasonMatchmaking.settle(games: 2).games(bots: bots, nights: [night], rated: rated, gamesPerPairing: 2, seed: 1).count == 2)
        #expect(SeasonMatchmaking.settle(games: 1).games(bots: bots, nights: [night], rated: rated, gamesPerPairing: 2, seed: 1).isEmpty)
    }

    @Test("the night line keeps how its games were chosen")
    func journalLine() throws {
        let night = try Self.plan([], [:], entered: Self.students).night
        let line = JournalCodec.line(.night(night))
        let entry = try line.withUnsafeBufferPointer { bytes in try JournalCodec.entry(bytes) }
        guard case .night(let read) = entry else {
            Issue.record("not a night: \(entry)")
            return
        }
        #expect(read == night)
        #expect(String(decoding: line, as: UTF8.self).contains(#""matchmade":{"method":"adaptive","carried":0}"#))
    }
}
