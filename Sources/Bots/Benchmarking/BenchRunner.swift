import BattleshipRules
import Foundation

/// Plays many solo games of one bot, in parallel jobs, on the boards of a seeded run.
///
/// Game `i` is played against `Fleet.seeded(GameSeeds.board(run: seed, game: i))` with
/// bot seed `GameSeeds.bot(run: seed, game: i)`, so results do not depend on `jobs` and
/// two bots benched with one seed meet identical boards.
///
/// ```swift
/// let results = await BenchRunner.run(.builtin(.density), games: 2_000, seed: 1, jobs: 2)
/// let stats = BenchStatistics(results.compactMap { $0.fault == nil ? $0.shots : nil })
/// ```
public enum BenchRunner {
    /// The results of games `0..<games`, in game order. `progress` is called now and then
    /// with the number of games finished so far. An external bot is started by `launcher`, its
    /// stderr appended to `logPath` (discarded when nil).
    public static func run(
        _ spec: BotSpec,
        logPath: String? = nil,
        launcher: any BotLauncher = DirectLauncher(),
        games: Int,
        seed: UInt64,
        jobs: Int,
        progress: (@Sendable (Int) async -> Void)? = nil
    ) async -> [SoloResult] {
        let jobs = max(1, min(jobs, games))
        // The bot's caps count its processes of all the jobs together.
        let launcher = launcher.forOneBot()
        let counter = ProgressCounter(report: progress)
        var results = [SoloResult](repeating: SoloResult(shots: 0), count: games)
        await withTaskGroup(of: [(Int, SoloResult)].self) { group in
            for job in 0..<jobs {
                group.addTask {
                    var mine: [(Int, SoloResult)] = []
                    let myGames = Array(stride(from: job, to: games, by: jobs))
                    for chunk in stride(from: 0, to: myGames.count, by: 50).map({ myGames[$0..<min($0 + 50, myGames.count)] }) {
                        switch spec {
                        case .builtin(let builtIn):
                            // Long computations run on a thread of their own, not on Swift's
                            // small cooperative pool, which other tasks need meanwhile.
                            mine += await onOwnThread {
                                chunk.map { game in
                                    let fleet = Fleet.seeded(GameSeeds.board(run: seed, game: game))
                                    return (game, SoloResult(shots: builtIn.playSolo(against: fleet, seed: GameSeeds.bot(run: seed, game: game))))
                                }
                            }
                        case .external:
                            for game in chunk {
                                var bot = spec.makeBot(seed: GameSeeds.bot(run: seed, game: game), logPath: logPath, launcher: launcher)
                                mine.append((game, await SoloGame.play(&bot, against: .seeded(GameSeeds.board(run: seed, game: game)))))
                            }
                        }
                        await counter.add(chunk.count)
                    }
                    return mine
                }
            }
            for await part in group {
                for (game, result) in part { results[game] = result }
            }
        }
        return results
    }
}

/// The result of `work`, computed on a new thread.
private func onOwnThread<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
        Thread { continuation.resume(returning: work()) }.start()
    }
}

/// Counts finished games across jobs and passes the total on.
private actor ProgressCounter {
    private var done = 0
    private let report: (@Sendable (Int) async -> Void)?

    init(report: (@Sendable (Int) async -> Void)?) {
        self.report = report
    }

    func add(_ count: Int) async {
        done += count
        await report?(done)
    }
}
