import Foundation
import SafeText
import Tournament

/// The shards of a tournament put back together (``ShardMerge``): the journal one process
/// would have written, and what is missing from it.
public struct MergedTournament: Sendable {
    /// The tournament's configuration, without a shard, writing into the output folder.
    public let configuration: TournamentConfig
    /// How many shards the tournament was split into.
    public let shardCount: Int
    /// A line of the merged journal: a `finished` line of one of the shards' journals.
    public struct Line: Sendable {
        /// A position in ``shards``.
        public var shard: Int
        public var location: JournalStream.Location
    }

    /// The shards' journals the lines are read from.
    public let shards: [ShardJournal]
    /// The merged journal's records, in schedule order: each game's attempts with no result,
    /// then its one result that counts; read from the shards a batch at a time (``records(_:)``).
    public let lines: [Line]
    /// How many games the schedule holds.
    public let scheduledGames: Int
    /// The scheduled games without a result, in schedule order.
    public let missing: [MissingGame]
    /// Results left out because their game already had one: a game played twice (a second
    /// pod for an index, a requeued task, a shard rerun by hand) counts once.
    public let duplicates: Int
    /// What the sandbox of any shard's machine could not enforce (each shard journal's
    /// `unenforced`), each sentence once.
    public var unenforced: [String] = []
    /// A season's journal (``SeasonMerge``): the merged journal is its lines, as they are,
    /// then ``lines``; nil for a tournament's, which is ``start`` then ``lines``.
    public var base: String?

    /// The records of `lines`, in their order, read from the shards' journals.
    public func records(_ lines: ArraySlice<Line>) throws(MergeError) -> [GameRecord] {
        var byShard: [Int: [(position: Int, location: JournalStream.Location)]] = [:]
        for (position, line) in lines.enumerated() { byShard[line.shard, default: []].append((position, line.location)) }
        var records = [GameRecord?](repeating: nil, count: lines.count)
        for (shard, wanted) in byShard {
            let read = try shards[shard].records(at: wanted.map(\.location))
            for (slot, record) in zip(wanted, read) { records[slot.position] = record }
        }
        return records.compactMap { $0 }
    }

    /// The merged journal's first line.
    public var start: JournalStart {
        JournalStart(
            name: configuration.name, configurationDigest: ResumeSettings.digest(of: configuration), totalGames: scheduledGames,
            configuration: configuration, unenforced: unenforced)
    }

    /// How many games have a result.
    public var ratedGames: Int { scheduledGames - missing.count }

    /// Whether every scheduled game has a result.
    public var isComplete: Bool { missing.isEmpty }

    /// The command that plays shard `shard`'s missing games (it resumes that shard's journal),
    /// as a line that can be pasted into a shell in any folder: it goes to the folder the shard
    /// was run in, where the file's relative paths resolve, and runs `salvo` by its full path.
    public func rerunCommand(shard: Int, salvo: String = MergedTournament.thisExecutable) -> String {
        var words = [
            salvo, "run", configuration.context.sourceFile ?? "TOURNAMENT_FILE", "--shard", "\(shard)/\(shardCount)", "--output",
            configuration.outputDirectory,
        ]
        words += ["--games", String(configuration.gamesPerPairing), "--seed", String(configuration.seed)]
        if case .url(let url) = configuration.server { words += ["--server", url] }
        let command = ShellText.line(words)
        guard let folder = configuration.context.workingDirectory else { return command }
        return "cd \(ShellText.word(folder)) && \(command)"
    }

    /// The full path of the running `salvo`, which rerun commands and the generated jobs name.
    public static var thisExecutable: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }
}
