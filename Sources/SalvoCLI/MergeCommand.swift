import ArgumentParser
import Cluster
import Foundation

/// `salvo merge OUTPUT`: the shards of a tournament (`salvo run --shard`) become one journal
/// and the usual reports. The merge itself is ``Cluster/TournamentMerge``.
struct MergeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Merge the shards of a tournament into one journal and its reports.",
        discussion: """
            Reads OUTPUT/shards/*/journal.jsonl (written by `salvo run FILE --shard I/N --output \
            OUTPUT`), checks that they are the shards of one tournament, keeps one result per \
            game (a game played twice counts once), and writes OUTPUT/journal.jsonl, \
            results.json, index.html and the replays, as one process would have. Games without \
            a result are listed with the command that plays them; the merge then writes nothing \
            unless --allow-incomplete is given. Run it again at any time: it starts from the \
            shards each time.
            """
    )

    @Argument(help: "The tournament's output folder, the one given to every shard's --output.")
    var output: String

    @Flag(help: "Publish the results even when games are missing; the report says it is incomplete.")
    var allowIncomplete = false

    func run() async throws {
        let outcome: TournamentMerge.Outcome
        do {
            outcome = try TournamentMerge(output: output, allowIncomplete: allowIncomplete).run()
        } catch {
            throw CLIError(error.description)
        }
        let merged = outcome.tournament
        if !merged.isComplete {
            FileHandle.standardError.write(Data((MergeError.missingReport(merged) + "\nPublished anyway (--allow-incomplete): the report is marked incomplete.\n").utf8))
        }
        let duplicates = merged.duplicates == 0 ? "" : "; \(merged.duplicates) result\(merged.duplicates == 1 ? "" : "s") of games played twice left out"
        print("Merged \(merged.shardCount) shards: \(merged.ratedGames) of \(merged.scheduledGames) games rated\(duplicates).")
        print("Journal: \(outcome.journalPath)")
        print("Report: \(outcome.reports.index) (results: \(outcome.reports.results))")
    }
}
