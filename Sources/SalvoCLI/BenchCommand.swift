import ArgumentParser
import Bots
import DurationUnits
import Foundation

/// `salvo bench [shots] BOT... [--games N] [--seed S]`: solo evaluation of bots with the rules
/// engine in-process, on the server's placement code.
struct BenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "shots",
        abstract: "Measure how many shots bots need to sink a randomly placed fleet.",
        discussion: """
            Each BOT is a built-in (random, hunt-target, parity, density, champion, admiral) or an external \
            bot's shell command, e.g. 'python3 bots/python/random_bot.py'. Game i of a run gets the \
            same board for every bot, so with two bots a paired comparison is printed too.
            """
    )

    @Argument(help: "The bots to measure: built-in names or shell commands (with --placement: built-ins, all of them when none is named).")
    var bots: [String] = []

    @Flag(
        help:
            "Measure placement instead: a matrix of the mean shots each targeting built-in needs against each placement strategy (uniform, anti-density, adaptive)."
    )
    var placement = false

    @Option(help: "The number of games per bot.")
    var games = 2_000

    @Option(help: "The seed of the run's boards and bot seeds.")
    var seed: UInt64 = 1

    @Option(help: "The number of games played at once; the default is the number of cores.")
    var jobs = ProcessInfo.processInfo.activeProcessorCount

    @Option(help: "An external bot's time per move, in milliseconds.")
    var moveDeadline = 1_000

    @Option(help: "An external bot's time to start and answer new-game, in milliseconds.")
    var startupDeadline = 5_000

    @Option(help: "A folder for external bots' stderr logs (one file per bot).")
    var logDirectory: String?

    @OptionGroup var console: OutputOptions

    @Flag(help: "Run external bots as plain children of salvo, without the bubblewrap sandbox (trusted bots only).")
    var noSandbox = false

    func validate() throws {
        guard !bots.isEmpty || placement else { throw CommandFailure.noBotNamed }
        if placement, let other = bots.first(where: { BuiltInBot(rawValue: $0) == nil }) {
            throw CommandFailure.placementOfBuiltIns(other)
        }
        guard games > 0 else { throw CommandFailure.positive("games") }
        guard jobs > 0 else { throw CommandFailure.positive("jobs") }
    }

    func run() async throws {
        if placement { return runPlacementMatrix() }
        var shotsPerBot: [[Int?]] = []
        print("bot                 games   mean  95% interval      median  max   games/s  forfeits")
        let specs = bots.map(makeSpec)
        let launcher = try CLISandbox.launcher(for: specs.compactMap { if case .external(let spec) = $0 { spec } else { nil } })
        for (position, spec) in specs.enumerated() {
            let label = spec.description
            let clock = ContinuousClock()
            let started = clock.now
            // A live counter on a terminal; a line every tenth of the run otherwise (a log).
            let live = isatty(STDERR_FILENO) == 1
            let step = max(50, games / 10)
            let results = await BenchRunner.run(spec, logPath: logPath(position: position), launcher: launcher, games: games, seed: seed, jobs: jobs)
            { [quiet = console.quiet, games] done in
                guard !quiet else { return }
                if live {
                    FileHandle.standardError.write(Data("\r\(label): \(done)/\(games) games".utf8))
                } else if done % step < 50 || done == games {
                    FileHandle.standardError.write(Data("\(label): \(done)/\(games) games\n".utf8))
                }
            }
            let elapsed = clock.now - started
            if !console.quiet && live { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
            let shots = results.map { $0.fault == nil ? $0.shots : nil }
            shotsPerBot.append(shots)
            let stats = BenchStatistics(shots.compactMap { $0 })
            let seconds = elapsed.seconds
            print(
                String(
                    format: "%@ %6d %6.2f  [%6.2f, %6.2f]  %6.1f  %3d  %8.0f  %8d",
                    padded(label), stats.count, stats.mean,
                    stats.interval95.lowerBound, stats.interval95.upperBound,
                    stats.median, stats.maximum, Double(games) / max(seconds, 1e-9), games - stats.count))
            let faults = Dictionary(grouping: results.compactMap(\.fault), by: \.kind)
            for (kind, list) in faults.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
                print("  \(list.count) forfeit(s) by \(kind), e.g. \(list[0].description)")
            }
        }
        if shotsPerBot.count == 2 {
            let paired = PairedComparison(first: shotsPerBot[0], second: shotsPerBot[1])
            print(
                String(
                    format: "paired: %@ minus %@ = %+.3f shots per board, 95%% interval [%+.3f, %+.3f] on %d boards; %@",
                    bots[0], bots[1], paired.meanDifference,
                    paired.meanDifference - paired.halfWidth95, paired.meanDifference + paired.halfWidth95, paired.count,
                    paired.isSignificant ? "significant" : "not significant"))
            print("  first needed fewer shots on \(paired.firstBetter) boards, second on \(paired.secondBetter), ties \(paired.ties)")
        }
    }

    private func padded(_ label: String) -> String {
        let short = String(label.prefix(18))
        return short + String(repeating: " ", count: 18 - short.count)
    }

    private func makeSpec(_ text: String) -> BotSpec {
        guard case .external(var spec) = BotSpec(parsing: text) else { return BotSpec(parsing: text) }
        spec.moveDeadline = .milliseconds(moveDeadline)
        spec.startupDeadline = .milliseconds(startupDeadline)
        if noSandbox { spec.sandbox = .none }
        return .external(spec)
    }

    /// `LOGDIR/bot-N.log` for the bot at `position`, when --log-dir is given.
    private func logPath(position: Int) -> String? {
        logDirectory.map { URL(fileURLWithPath: $0).appendingPathComponent("bot-\(position + 1).log").path }
    }
}
