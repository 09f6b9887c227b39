import Orchestrator

/// Why a load run failed, with text fit to show a user.
public enum LoadRunError: Error, Sendable, CustomStringConvertible {
    /// The server did not answer the first request at all.
    case unreachable(server: String, reason: String)
    /// The games of single-endpoint mode could not be created and joined.
    case setupFailed(reason: String)
    /// The embedded server did not start.
    case server(OrchestratorError)
    /// Shard `shard` of `shards` has no game to play: the whole load's `games` are fewer.
    case noGamesForShard(shard: String, games: Int, shards: Int)
    /// The folder of the report cannot be created.
    case cannotCreateOutputFolder(path: String, detail: String)
    /// load.json or load.html cannot be written into `folder`.
    case cannotWriteReport(folder: String, detail: String)

    public var description: String {
        switch self {
        case .unreachable(let server, let reason):
            "The server at \(server) is unreachable (\(reason)); check --server."
        case .setupFailed(let reason):
            "Could not create the games to load: \(reason)"
        case .server(let error):
            error.description
        case .noGamesForShard(let shard, let games, let shards):
            "shard \(shard) has no game to play: --games \(games) is fewer than the \(shards) shards"
        case .cannotCreateOutputFolder(let path, let detail):
            "Cannot create the output folder \(path): \(detail)"
        case .cannotWriteReport(let folder, let detail):
            "Cannot write the report to \(folder): \(detail)"
        }
    }
}
