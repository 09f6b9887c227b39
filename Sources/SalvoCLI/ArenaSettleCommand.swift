import Arena
import ArgumentParser
import Foundation
import RunControl

/// `salvo arena settle DIR [--games N]`: the settle step by hand (``Arena/ArenaSettle``):
/// settle rounds between neighbouring versions not yet separated at 95%, until every
/// neighbour is separated or the games are spent; then the reports, `DIR/standings.csv`
/// (`tied_ranks`) and the published pages. The arena's worker does the same once its deadline
/// has passed; this is for an arena that is not serving, or for more games.
struct ArenaSettleCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "settle",
        abstract: "Play settle rounds until neighbouring versions are separated at 95%, or the games are spent.",
        discussion: """
            Pairs every two neighbours of the standings whose ratings cannot yet be told apart, \
            round after round, with fresh fleets. Ranks still tied at the end are said in \
            DIR/standings.csv (tied_ranks) and on the pages: grade them alike. Stop the arena's \
            service first (the season's folder is held while it plays).
            """
    )

    @Argument(help: "The arena's folder.")
    var folder: String

    @Option(help: "The most games to play (default: settle_games in arena.yaml, else a fifth of the games played so far).")
    var games: Int?

    @Flag(help: "Build and run the students' bots without the bubblewrap sandbox (trusted bots only).")
    var noSandbox = false

    func validate() throws {
        if let games, games < 0 { throw CommandFailure.settleGames }
    }

    func run() async throws {
        let (arena, settings) = try ArenaCommand.open(folder)
        let stop = StopSignal()
        let interrupts = InterruptHandler(stop: stop, message: "Stopping after the games in flight")
        defer { interrupts.cancel() }
        let outcome = try await ArenaSettle(folder: arena, settings: settings, sandboxDisabled: noSandbox).run(
            games: games, record: true, stop: stop, log: { print($0) })
        let tied = outcome.tiedNeighbours
        print(
            "Settled: \(outcome.played) of \(outcome.budget) games played; \(tied) pair\(tied == 1 ? "" : "s") of neighbouring versions still tied at 95%; \(folder)/standings.csv says which ranks (tied_ranks)"
        )
        if outcome.stoppedEarly { throw CommandFailure.settleStopped }
    }
}
