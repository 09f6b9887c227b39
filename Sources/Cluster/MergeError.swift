import Tournament

/// Why `salvo merge` cannot merge a folder's shards, in one line that says what to do.
public enum MergeError: Error, Sendable, CustomStringConvertible {
    /// The output folder or a shard folder is held by another process.
    case folder(FolderLock.Failure)
    /// No shard has a journal yet.
    case nothingStarted(output: String)
    /// A journal under shards/ is not a shard's.
    case notAShard(path: String)
    /// The shards' tournament is one whose results choose its games (Swiss, a sequential
    /// test), which cannot have been split into shards.
    case notShardable(path: String, reason: String)
    /// Two shards were split into different numbers of shards.
    case shardCounts(path: String, count: Int, expected: Int, firstPath: String)
    /// A journal sits in another shard's folder.
    case wrongFolder(path: String, shard: Int)
    /// Two shards belong to different tournaments.
    case otherTournament(path: String, firstPath: String, difference: String)
    /// A shard's journal holds a game that is not its own.
    case strayGame(path: String, index: Int, detail: String)
    /// A journal cannot be read.
    case damagedJournal(path: String, line: Int, detail: String)
    /// Games are missing and `--allow-incomplete` was not given: the lines say which and how
    /// to play them.
    case incomplete(MergedTournament)
    /// The merged journal or the reports could not be written.
    case cannotWrite(path: String, detail: String)
    /// Shards of a load test are missing and `--allow-incomplete` was not given.
    case loadIncomplete(output: String, missing: [Int], count: Int)
    /// The shards' load reports cannot be added up.
    case cannotMerge(String)
    /// A season's shards cannot be added to its journal (the sentence says why and what to do).
    case season(String)

    public var description: String {
        switch self {
        case .folder(let failure):
            failure.description
        case .nothingStarted(let output):
            "No shard of \(output) has started: there is no journal under \(output)/shards/. Run `salvo run FILE --shard I/N --output \(output)` for each shard first"
        case .notAShard(let path):
            "\(path) is the journal of a whole run, not of a shard; merge only folders written by `salvo run --shard`"
        case .notShardable(let path, let reason):
            "\(path) is a shard of a tournament that cannot be sharded (\(reason)); the journal was not written by `salvo run --shard`, or was edited"
        case .shardCounts(let path, let count, let expected, let firstPath):
            "\(path) is one of \(count) shards, but \(firstPath) is one of \(expected): every shard of a tournament must be run with the same N; remove the odd folders and rerun them"
        case .wrongFolder(let path, let shard):
            "\(path) holds shard \(shard)'s journal in another shard's folder; move it back to shards/\(shard)/ or remove it"
        case .otherTournament(let path, let firstPath, let difference):
            "\(path) belongs to another tournament than \(firstPath) (\(difference)); every shard must be run from the same file and settings"
        case .strayGame(let path, let index, let detail):
            "\(path) holds game \(index), which is not this shard's game (\(detail)); the journal is damaged or was moved"
        case .damagedJournal(let path, let line, let detail):
            "\(path):\(line): not a journal entry (\(detail)); the shard's journal is damaged"
        case .incomplete(let merged):
            Self.missingReport(merged)
                + "\nNo results were written. Play the missing games with the commands above and merge again, or give --allow-incomplete to publish the incomplete tournament, marked as such."
        case .cannotWrite(let path, let detail):
            "Cannot write \(path): \(detail)"
        case .loadIncomplete(let output, let missing, let count):
            "\(missing.count) of \(count) load shards of \(output) have no load.json (shards \(missing.map(String.init).joined(separator: ", "))): run `salvo load ... --shard I/\(count) --output \(output)` for each, or give --allow-incomplete to add up the others"
        case .cannotMerge(let detail):
            "Cannot add up the load shards: \(detail)"
        case .season(let detail):
            "Cannot merge the season's night: \(detail)"
        }
    }

    /// One line for the tournament and one per shard with missing games: how many, the first
    /// of their indices, and the command that plays them.
    public static func missingReport(_ merged: MergedTournament) -> String {
        var lines = ["\(merged.missing.count) of \(merged.scheduledGames) games of \(merged.configuration.name) have no result:"]
        let byShard = Dictionary(grouping: merged.missing, by: \.shard)
        for shard in byShard.keys.sorted() {
            let indices = byShard[shard, default: []].map(\.index)
            let shown = indices.prefix(10).map(String.init).joined(separator: ", ") + (indices.count > 10 ? ", …" : "")
            lines.append(
                "  shard \(shard)/\(merged.shardCount): \(indices.count) game\(indices.count == 1 ? "" : "s") (\(shown)); rerun: \(merged.rerunCommand(shard: shard))"
            )
        }
        return lines.joined(separator: "\n")
    }
}
