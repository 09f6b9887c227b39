import ArgumentParser
import Foundation
import Matchmaking

/// `salvo bench matchmaking --students N --seed S [--rating-interval E] [--json]`: the
/// adaptive matchmaking policy on a simulated class (``Matchmaking/MatchmakingSimulation``),
/// beside a full round robin and random pairings.
struct BenchMatchmakingCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "matchmaking",
        abstract: "Simulate adaptive matchmaking on a class of hidden strengths, beside a round robin.",
        discussion: """
            Runs the arena's real matchmaking and rating code on a simulated class whose games are drawn \
            from hidden strengths measured from real bots (docs/scoring.md, "The simulator"), and prints how \
            many games adaptive play needed, how close its standings are to the truth (Kendall's tau, the top \
            10 exact), the same for a full round robin (2 games a pairing) and for random pairings of as many \
            games, and how often a student who uploads the same code six times and keeps the luckiest ranks \
            above an identical classmate, before and after the settle step.
            """
    )

    @Option(help: "The number of students in the simulated class.")
    var students: Int

    @Option(help: "The seed of the hidden strengths and the games.")
    var seed: UInt64 = 1

    @Option(help: "The target: a version is settled once its 95% interval is within ± this many Elo.")
    var ratingInterval: Double = MatchmakingPolicy.defaultInterval

    @Option(help: "Simulated classes to average over (default: 100 up to 50 students, 10 up to 300, else 3).")
    var trials: Int?

    @Option(help: "The settle step's games after adaptive play (default: a fifth of adaptive play's).")
    var settleGames: Int?

    @Flag(help: "Print one JSON object instead of the table.")
    var json = false

    func validate() throws {
        guard students >= 12 else { throw CommandFailure.classTooSmall(students) }
        guard ratingInterval > 0, ratingInterval.isFinite else { throw CommandFailure.ratingInterval }
        if let trials, trials < 1 { throw CommandFailure.trials }
    }

    func run() throws {
        let simulation = MatchmakingSimulation(
            students: students, seed: seed, ratingInterval: ratingInterval, trials: trials, settleGames: settleGames)
        let live = isatty(STDERR_FILENO) == 1
        let report = simulation.run { done in
            FileHandle.standardError.write(Data("\(live ? "\r" : "")trial \(done) of \(simulation.trials)\(live ? "" : "\n")".utf8))
        }
        if live { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
        if json { return try JSONOutput.print(report) }
        print(BenchMatchmakingText.table(report))
    }
}

/// The table `salvo bench matchmaking` prints.
enum BenchMatchmakingText {
    static func table(_ r: MatchmakingSimulation.Report) -> String {
        let percent = { (x: Double) in String(format: "%.1f%%", 100 * x) }
        let number = { (x: Double) in String(format: "%.3f", x) }
        return """
            \(r.students) students, \(r.trials) trial\(r.trials == 1 ? "" : "s"), target ±\(Int(r.ratingInterval)) Elo
                                         games     Kendall tau   top 10 exact
            adaptive                 \(pad(Int(r.games.rounded())))     \(number(r.kendallTau))         \(percent(r.topTenExact))
            adaptive, then settled   \(pad(Int((r.games + r.settleGames).rounded())))     \(number(r.settledKendallTau))         \(percent(r.settledTopTenExact))
            round robin (2 a pair)   \(pad(r.roundRobinGames))     \(number(r.roundRobinKendallTau))         \(percent(r.roundRobinTopTenExact))
            random pairings          \(pad(Int(r.games.rounded())))     \(number(r.randomPairingKendallTau))
            settled after adaptive play: \(percent(r.settled)) of versions; its games \(percent(r.gamesShareOfRoundRobin)) of a round robin's
            best of 6 identical uploads above an identical classmate: \(percent(r.rerollAboveBefore)) before settling \
            (\(percent(r.rerollBeyondTieBefore)) beyond a tie), \(percent(r.rerollAboveAfter)) after (\(percent(r.rerollBeyondTieAfter)) beyond a tie)
            """
    }

    private static func pad(_ value: Int) -> String {
        let text = String(value)
        return String(repeating: " ", count: max(0, 9 - text.count)) + text
    }
}
