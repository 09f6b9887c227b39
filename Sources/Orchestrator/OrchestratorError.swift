import Sandbox
import Tournament

/// Why a tournament run (or a job that starts a server) cannot go on, in a sentence that says
/// what to do.
public enum OrchestratorError: Error, Sendable, CustomStringConvertible {
    /// The output folder is held by another process, or cannot be claimed.
    case folder(FolderLock.Failure)
    /// A folder or file of the run cannot be created.
    case cannotCreate(path: String, detail: String)
    /// The embedded server did not start.
    case embeddedServerFailed(String)
    /// The server did not answer the first request.
    case serverUnreachable(url: String, detail: String)
    /// The tournament needs an extension of the API (`setting` asks for it) that the server
    /// does not offer.
    case serverLacksExtension(url: String, name: String, setting: String)
    /// The journal cannot be read, written, or continued by this configuration.
    case journal(String)
    /// A bot is to run in a sandbox that this machine cannot make.
    case sandbox(SandboxUnavailable)
    /// The sandbox cannot start one of the bots here, for a reason of the host.
    case sandboxCannotStart(SandboxStartFailure)
    /// The run stopped because it cannot go on: a journal its scheduler cannot continue, or a
    /// host whose sandbox failed to start bots too often (``Tournament/TournamentRunner/maximumHostFaults``).
    /// Every finished game is in the journal.
    case cannotContinue(String)
    /// The reports could not be written (the journal is complete: `salvo report DIR` retries).
    case reports(String)
    /// The tournament cannot be split into shards, for the reason given.
    case cannotShard(String)
    /// The output folder's seed key cannot be read or written, or is not the journal's.
    case seedKey(SeedKeyError)
    /// The `bots_from:` folder's submissions could not be entered (the message says why).
    case submissions(String)
    /// Bots that could start in no game, each `name: why`, found before the first game: a
    /// fault of the set-up, never charged to the bots as forfeits.
    case botsCannotStart([String])

    public var description: String {
        switch self {
        case .folder(let failure): failure.description
        case .cannotCreate(let path, let detail): "Cannot create \(path): \(detail)"
        case .embeddedServerFailed(let detail): "Could not start the embedded server: \(detail)"
        case .serverUnreachable(_, let detail): "\(detail); check `server:` or --server"
        case .journal(let detail): detail
        case .serverLacksExtension(let url, let name, let setting):
            "This tournament has `\(setting)`, which needs the `\(name)` extension, and the server at \(url) does not offer it (GET /api/extensions); run it on Salvo's own server (leave out `server:`), or remove `\(setting)`"
        case .cannotContinue(let detail): detail
        case .reports(let detail): detail
        case .sandbox(let unavailable): unavailable.description
        case .sandboxCannotStart(let failure): failure.description
        case .cannotShard(let reason): "This tournament cannot be sharded: \(reason)"
        case .seedKey(let error): error.description
        case .submissions(let detail): detail
        case .botsCannotStart(let problems):
            "\(problems.count == 1 ? "A bot" : "\(problems.count) bots") could start in no game, so nothing was played (a fault of the set-up is not charged to a bot):\n"
                + problems.map { "  " + $0 }.joined(separator: "\n") + "\nMend the tournament file or the bot's folder, then run again."
        }
    }
}
