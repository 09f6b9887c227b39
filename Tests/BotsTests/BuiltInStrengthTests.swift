import BattleshipRules
import Testing

@testable import Bots

@Suite("Built-in bots' solo strength on seeded boards")
struct BuiltInStrengthTests {
    static func meanShots(_ bot: BuiltInBot, games: Int, seed: UInt64 = 1) async -> BenchStatistics {
        let results = await BenchRunner.run(.builtin(bot), games: games, seed: seed, jobs: 2)
        return BenchStatistics(results.map(\.shots))
    }

    @Test("random needs about 95.4 shots")
    func random() async {
        let stats = await Self.meanShots(.random, games: 2_000)
        #expect((94.4...96.4).contains(stats.mean), "mean \(stats.mean)")
    }

    @Test("hunt/target needs about 66 shots")
    func huntTarget() async {
        let stats = await Self.meanShots(.huntTarget, games: 2_000)
        #expect((65.0...67.3).contains(stats.mean), "mean \(stats.mean)")
    }

    @Test("hunt/target on a checkerboard needs about 61 shots")
    func parity() async {
        let stats = await Self.meanShots(.parity, games: 2_000)
        #expect((60.3...62.3).contains(stats.mean), "mean \(stats.mean)")
    }

    @Test("probability density needs 44.8 shots or fewer, within the interval")
    func density() async {
        let stats = await Self.meanShots(.density, games: 2_000)
        #expect((43.8...45.6).contains(stats.mean), "mean \(stats.mean)")
        #expect(stats.interval95.lowerBound <= 44.8)
    }

    /// The champion beats density by about 0.2 shots, which takes 60,000 paired boards to
    /// show (BENCHMARKS.md); on the 300 boards a debug build can afford, it must not lose.
    @Test("the champion is not significantly worse than density on paired boards")
    func champion() async {
        let champion = await BenchRunner.run(.builtin(.champion), games: 300, seed: 1, jobs: 2).map { Optional($0.shots) }
        let density = await BenchRunner.run(.builtin(.density), games: 300, seed: 1, jobs: 2).map { Optional($0.shots) }
        let paired = PairedComparison(first: champion, second: density)
        #expect(paired.meanDifference - paired.halfWidth95 < 0, "difference \(paired.meanDifference) ± \(paired.halfWidth95)")
    }

    @Test("a bot's shots depend only on its seed and the board", arguments: BuiltInBot.allCases)
    func deterministic(bot: BuiltInBot) {
        let first = (0..<5).map { bot.playSolo(against: .seeded(UInt64($0)), seed: 99) }
        let second = (0..<5).map { bot.playSolo(against: .seeded(UInt64($0)), seed: 99) }
        #expect(first == second)
    }

    @Test("results do not depend on the number of jobs")
    func jobsIndependent() async {
        let one = await BenchRunner.run(.builtin(.huntTarget), games: 50, seed: 7, jobs: 1)
        let two = await BenchRunner.run(.builtin(.huntTarget), games: 50, seed: 7, jobs: 2)
        #expect(one == two)
    }

    @Test("a built-in bot driven through the async Bot protocol plays the same game")
    func asyncMatchesSync() async {
        let fleet = Fleet.seeded(5)
        var bot = BuiltInBot.density.makeBot(seed: 3)
        let result = await SoloGame.play(&bot, against: fleet)
        #expect(result == SoloResult(shots: BuiltInBot.density.playSolo(against: fleet, seed: 3)))
        #expect(await bot.name == "density")
    }

    @Test("the names are those used on the command line")
    func names() {
        #expect(BuiltInBot.allCases.map(\.rawValue) == ["random", "hunt-target", "parity", "density", "champion", "admiral"])
        #expect(BotSpec(parsing: "density") == .builtin(.density))
        #expect(BotSpec(parsing: "python3 \"my bot.py\" --fast") == .external(ExternalBotSpec(command: ["python3", "my bot.py", "--fast"])))
    }
}
