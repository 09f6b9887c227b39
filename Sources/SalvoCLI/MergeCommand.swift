import ArgumentParser
import Cluster
import Foundation
import LoadTest

/// `salvo merge OUTPUT`: the shards of a tournament (`salvo run --shard`) become one journal
/// and the usual reports; the shards of a load test (`salvo load --shard`) one load report.
/// The merges themselves are ``Cluster/TournamentMerge`` and ``Cluster/LoadMerge``.
struct MergeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Merge the shards of a tournament, or of a load test, into one report.",
        discussion: """
            A tournament: reads OUTPUT/shards/*/journal.jsonl (written by `salvo run FILE \
            --shard I/N --output OUTPUT`), checks that they are the shards of one tournament, \
            keeps one result per game (a game played twice counts once), and writes \
            OUTPUT/journal.jsonl, results.json, index.html and the replays, as one process would \
            have. Games without a result are listed with the command that plays them; the merge \
            then writes nothing unless --allow-incomplete is given. A load test: adds up \
            OUTPUT/shards/*/load.json (`salvo load --shard`) into OUTPUT/load.json and load.html, \
            merging the latency histograms exactly. Run it again at any time: it starts from the \
            shards each time.
            """
    )

    @Argument(help: "The output folder given to every shard's --output.")
    var output: String

    @Flag(help: "Publish the results even when games or shards are missing; the report says it is incomplete.")
    var allowIncomplete = false

    @Option(
        help:
            "For a load test: exit non-zero, with one line per broken requirement, when the merged run misses any (as `salvo load --require`); the merged load.json and load.html give each one's verdict."
    )
    var require: String?

    func validate() throws {
        if let require {
            do {
                _ = try LoadRequirement.parseList(require)
            } catch {
                throw CommandFailure.mistake(error)
            }
        }
    }

    /// Accepted as on every command; merge prints no notes, only results and warnings.
    @OptionGroup var console: OutputOptions

    func run() async throws {
        if LoadMerge.holdsLoadShards(output) {
            try mergeLoad()
            return
        }
        if require != nil { throw CommandFailure.requireWithoutLoadShards(output: output) }
        let outcome: TournamentMerge.Outcome = try TournamentMerge(output: output, allowIncomplete: allowIncomplete).run()
        let merged = outcome.tournament
        if !merged.isComplete {
            FileHandle.standardError.write(
                Data((MergeError.missingReport(merged) + "\nPublished anyway (--allow-incomplete): the report is marked incomplete.\n").utf8))
        }
        let duplicates =
            merged.duplicates == 0 ? "" : "; \(merged.duplicates) result\(merged.duplicates == 1 ? "" : "s") of games played twice left out"
        print("Merged \(merged.shardCount) shards: \(merged.ratedGames) of \(merged.scheduledGames) games rated\(duplicates).")
        print("Journal: \(outcome.journalPath)")
        print("Report: \(outcome.reports.index) (results: \(outcome.reports.results))")
        if !merged.isComplete {
            throw CommandFailure.incomplete(
                "\(merged.scheduledGames - merged.ratedGames) of \(merged.scheduledGames) games have no result; the report says so")
        }
    }

    private func mergeLoad() throws {
        let requirements = try require.map { try LoadRequirement.parseList($0) } ?? []
        let outcome: LoadMerge.Outcome = try LoadMerge(output: output, allowIncomplete: allowIncomplete, requirements: requirements).run()
        if !outcome.missing.isEmpty {
            FileHandle.standardError.write(
                Data(
                    "Shards \(outcome.missing.map(String.init).joined(separator: ", ")) of \(outcome.shardCount) have no load.json; added up without them (--allow-incomplete).\n"
                        .utf8))
        }
        if let warning = outcome.report.timingWarning {
            FileHandle.standardError.write(Data("salvo: warning: \(warning).\n".utf8))
        }
        print(LoadTable.render(outcome.report))
        print(
            "Merged \(outcome.shardCount - outcome.missing.count) of \(outcome.shardCount) load shards: \(outcome.report.total.requests) requests. Report: \(outcome.jsonPath), \(outcome.htmlPath)"
        )
        try LoadCommand.check(outcome.report)
        if !outcome.missing.isEmpty {
            throw CommandFailure.incomplete("\(outcome.missing.count) of \(outcome.shardCount) load shards are missing from the sums")
        }
    }
}
