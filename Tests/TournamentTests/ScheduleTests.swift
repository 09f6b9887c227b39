import Bots
import Testing
@testable import Tournament

@Suite("The schedule")
struct ScheduleTests {
    static func config(bots: Int, games: Int, format: TournamentFormat = .roundRobin, seed: UInt64 = 9) -> TournamentConfig {
        TournamentConfig(name: "s", format: format, bots: (0..<bots).map { BotEntry(name: "b\($0)", kind: .builtin(.random)) }, gamesPerPairing: games, seed: seed)
    }

    @Test("round robin pairs every two bots once; gauntlet pairs the first with each other")
    func pairings() {
        #expect(Schedule.pairings(format: .roundRobin, botCount: 4).map { [$0.0, $0.1] } == [[0, 1], [0, 2], [0, 3], [1, 2], [1, 3], [2, 3]])
        #expect(Schedule.pairings(format: .gauntlet, botCount: 4).map { [$0.0, $0.1] } == [[0, 1], [0, 2], [0, 3]])
        #expect(Schedule.games(for: Self.config(bots: 5, games: 4)).count == 10 * 4)
    }

    @Test("each pair of games swaps the roles and keeps the seeds: first move and fleets balance out")
    func pairsOfGamesMirror() {
        let games = Schedule.games(for: Self.config(bots: 3, games: 4))
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

    @Test("the same configuration gives the same schedule; another seed another one")
    func deterministic() {
        #expect(Schedule.games(for: Self.config(bots: 4, games: 6)) == Schedule.games(for: Self.config(bots: 4, games: 6)))
        #expect(Schedule.games(for: Self.config(bots: 4, games: 6)) != Schedule.games(for: Self.config(bots: 4, games: 6, seed: 10)))
    }
}
