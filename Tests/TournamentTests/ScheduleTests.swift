import Bots
import Testing

@testable import Tournament

@Suite("The schedule")
struct ScheduleTests {
    static func config(bots: Int, games: Int, format: TournamentFormat = .roundRobin, seed: UInt64 = 9) -> TournamentConfig {
        TournamentConfig(
            name: "s", format: format, bots: (0..<bots).map { BotEntry(name: "b\($0)", kind: .builtin(.random)) }, gamesPerPairing: games, seed: seed)
    }

    @Test("round robin pairs every two bots once; gauntlet pairs the first with each other")
    func pairings() {
        #expect(RoundRobinScheduler.pairings(botCount: 4).map { [$0.0, $0.1] } == [[0, 1], [0, 2], [0, 3], [1, 2], [1, 3], [2, 3]])
        #expect(GauntletScheduler.pairings(botCount: 4).map { [$0.0, $0.1] } == [[0, 1], [0, 2], [0, 3]])
        #expect(RoundRobinScheduler(config: Self.config(bots: 5, games: 4)).schedule.games.count == 10 * 4)
    }

    @Test("each pair of games swaps the roles and keeps the seeds: first move and fleets balance out")
    func pairsOfGamesMirror() {
        let games = RoundRobinScheduler(config: Self.config(bots: 3, games: 4)).schedule.games
        #expect(games.map(\.index) == Array(0..<12))
        for pairing in 0..<3 {
            let mine = games.filter { $0.pairing == pairing }
            #expect(mine.count == 4)
            for duo in stride(from: 0, to: 4, by: 2) {
                let (a, b) = (mine[duo], mine[duo + 1])
                #expect(a.creator == b.joiner && a.joiner == b.creator)
                #expect(a.creatorSeed == b.creatorSeed && a.joinerSeed == b.joinerSeed)
            }
            #expect(mine[0].creatorSeed != mine[2].creatorSeed)
        }
        // Seeds differ across pairings.
        #expect(Set(games.map(\.creatorSeed)).count == 6)
    }

    @Test("the fleets' seeds are pinned: keyed from the run seed, one-way, the same on every machine")
    func pinnedSeeds() {
        var config = Self.config(bots: 2, games: 2, seed: 2026)
        let games = RoundRobinScheduler(config: config).schedule.games
        // GameSeeds.derive(run: 2026, label: "fleet", pairing 0, duo 0, 0 or 1), checked with Python's hmac.
        #expect(games.map(\.creatorSeed) == [9_368_796_235_237_143_911, 9_368_796_235_237_143_911])
        #expect(games.map(\.joinerSeed) == [8_760_978_712_858_127_373, 8_760_978_712_858_127_373])
        #expect(ScheduleSeeds.botSeed(config, index: 5, seat: .two) == 9_433_798_555_980_458_304)
        #expect(RoundRobinScheduler(config: Self.config(bots: 2, games: 2, seed: 2027)).schedule.games != games)
        config.context.seedDerivation = .mixed
        #expect(RoundRobinScheduler(config: config).schedule.games.map(\.creatorSeed) != games.map(\.creatorSeed))
    }
}
