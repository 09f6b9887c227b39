import ArgumentParser

/// Every way a `salvo` command fails that is the command's own (a flag it cannot use, a file
/// it cannot write, a run left incomplete), with all their texts here; the library modules'
/// failures are their own typed errors, thrown through as they are. How each failure ends the
/// process (its exit status, the line on stderr) is decided in one place,
/// ``ExitStatus/ending(of:)`` (docs/exit-codes.md).
enum CommandFailure: Error, CustomStringConvertible {
    // salvo bench matchmaking
    case matchmakingClassTooSmall(Int)
    case badRatingInterval(Double)
    case badTrials(Int)
    // salvo run, salvo match
    case cannotWriteSummary(path: String, detail: String)
    // salvo bot-check
    case botCheckNoManifest(folder: String)
    case emptyCommand
    case dirNotAFolder(String)
    case noBotsFrom(tournament: String)
    case unreadableRecordedGame(path: String, detail: String)
    case noWorkFolder(parent: String, detail: String)
    /// The check failed; it said why, step by step.
    case checkFailed
    /// Ctrl-C stopped the check.
    case checkStopped
    // salvo submit
    case noToken
    case submitNoManifest(folder: String)
    case unreadablePackedFolder(String)
    case arenaUnreachable(arena: String, detail: String)
    case uploadRefused(status: Int, detail: String)
    case cannotPack(folder: String, detail: String)
    /// The arena checked the upload and did not enter it; the reason was printed.
    case notEntered
    /// `salvo publish` of an arena's season, which `salvo arena export` publishes with the arena's secret and names.
    case arenaSeasonPublished(arena: String, destination: String)
    // salvo check
    case cannotWriteCheckReport(path: String, detail: String)
    /// The server does not conform; the report said where.
    case notConforming
    // salvo arena
    case unreadableRoster(String)
    case badRoster(path: String, problem: String)
    // salvo serve, salvo play
    case cannotOpenAccessLog(String)
    case cannotListen(host: String, port: Int, detail: String)
    case botForfeits(reason: String)
    // salvo load, salvo merge
    case noLoadGamesForShard(shard: String, games: Int, shards: Int)
    case cannotCreateOutputFolder(path: String, detail: String)
    case cannotWriteLoadReport(folder: String, detail: String)
    case requireWithoutLoadShards(output: String)
    /// Requirements of `--require` were broken, each printed on its line.
    case requirementsBroken
    // salvo cluster
    case noTournamentFile
    case cannotShard(obstacle: String)
    case tooManyShards(shards: Int, pairs: Int)
    case cannotCreateLogFolder(path: String, detail: String)
    case outsideFolder(path: String, mount: String)
    case botOutsideFolder(bot: String, word: String, mount: String)
    // salvo games
    case noJournal(path: String)
    /// The result is partial (docs/exit-codes.md, status 2); the text says what is missing.
    case incomplete(String)
    /// Partial, and already explained on stderr.
    case incompleteExplained

    var description: String {
        switch self {
        case .matchmakingClassTooSmall(let students):
            "--students \(students) is too small to simulate: give at least 12 (a top 10 needs a class around it)."
        case .badRatingInterval(let interval):
            "--rating-interval \(interval) is not a width: give a positive number of Elo points, e.g. 50."
        case .badTrials(let trials):
            "--trials \(trials): give at least 1."
        case .cannotWriteSummary(let path, let detail):
            "Cannot write the summary to \(path): \(detail)"
        case .botCheckNoManifest(let folder):
            "The folder \(folder) has no bot.yaml; add one with at least `command:` (bots/SUBMITTING.md), or give the bot's command: salvo bot-check 'python3 bot.py' --dir \(folder)"
        case .emptyCommand:
            "The command is empty; give the bot's command, e.g. salvo bot-check 'python3 bot.py'."
        case .dirNotAFolder(let dir):
            "--dir \(dir) is not a folder; give the bot's folder."
        case .noBotsFrom(let tournament):
            "The tournament file \(tournament) has no `bots_from:`; give the file of the tournament your bot is submitted to, or leave out --tournament for the defaults."
        case .unreadableRecordedGame(let path, let detail):
            "Cannot read the recorded game \(path) (\(detail)); give a rematch/NNNN.json file saved from your private page."
        case .noWorkFolder(let parent, let detail):
            "Cannot make a work folder under \(parent) (\(detail)); set TMPDIR to a writable folder."
        case .checkFailed:
            "bot-check: FAILED"
        case .checkStopped:
            "bot-check: stopped (Ctrl-C)"
        case .noToken:
            "No token: give --token TOKEN or set SALVO_TOKEN to the arena token your instructor gave you."
        case .submitNoManifest(let folder):
            "\(folder) has no bot.yaml; give your bot's folder (bots/SUBMITTING.md), and check it first with `salvo bot-check \(folder)`."
        case .unreadablePackedFolder(let archive):
            "Cannot read the packed folder \(archive)."
        case .arenaUnreachable(let arena, let detail):
            "Cannot reach the arena at \(arena) (\(detail)); check the address, or ask your instructor whether it runs."
        case .arenaSeasonPublished(let arena, let destination):
            "This is the season of the arena \(arena): publish it with `salvo arena export \(arena) \(destination)`, which gives its students the pseudonyms and private links the arena gives them (its own secret and roster names); `salvo publish` would make others."
        case .uploadRefused(let status, let detail):
            "The arena did not take the upload (HTTP \(status)): \(detail)"
        case .cannotPack(let folder, let detail):
            "Cannot pack \(folder): \(detail)"
        case .notEntered:
            "not entered"
        case .cannotWriteCheckReport(let path, let detail):
            "Could not write \(path): \(detail)"
        case .notConforming:
            "the server does not conform"
        case .unreadableRoster(let path):
            "Cannot read the roster \(path); give a file with one login a line, or CSV `login,name`"
        case .badRoster(let path, let problem):
            "\(path): \(problem)"
        case .cannotOpenAccessLog(let path):
            "Cannot open the access log \(path) for appending: give a file in a folder that exists and is writable, or - for stderr"
        case .cannotListen(let host, let port, let detail):
            "Could not start the server on \(host):\(port): \(detail)"
        case .botForfeits(let reason):
            "The bot forfeits: \(reason)"
        case .noLoadGamesForShard(let shard, let games, let shards):
            "shard \(shard) has no game to play: --games \(games) is fewer than the \(shards) shards"
        case .cannotCreateOutputFolder(let path, let detail):
            "Cannot create the output folder \(path): \(detail)"
        case .cannotWriteLoadReport(let folder, let detail):
            "Cannot write the report to \(folder): \(detail)"
        case .requireWithoutLoadShards(let output):
            "--require checks a load test, but \(output) holds no load shards (shards/I/load.json)"
        case .requirementsBroken:
            "requirements broken"
        case .noTournamentFile:
            "no tournament file was given"
        case .cannotShard(let obstacle):
            "This tournament cannot be sharded: \(obstacle); run it with `salvo run` on one machine"
        case .tooManyShards(let shards, let pairs):
            "--shards \(shards) is more than this tournament's \(pairs) mirrored pairs of games, the smallest part a shard can play: give --shards \(pairs) or fewer"
        case .cannotCreateLogFolder(let path, let detail):
            "Cannot create the jobs' log folder \(path): \(detail)"
        case .outsideFolder(let path, let mount):
            "\(path) is outside this folder, which the pods see as \(mount): put it inside, or run this command from a folder that holds it"
        case .botOutsideFolder(let bot, let word, let mount):
            "bot \(bot) names \(word), which is outside this folder; the pods see only this folder (as \(mount)) and the image's system folders: put the bot inside, or run this command from a folder that holds it"
        case .noJournal(let path):
            "No journal at \(path): give the output folder of a `salvo run`"
        case .incomplete(let what):
            what
        case .incompleteExplained:
            "incomplete"
        }
    }
}
