import ArgumentParser
import Bots
import Tournament

/// Every way a `salvo` command fails that is the command's own (a flag it cannot use, a file
/// it cannot write, a run left incomplete), with all their texts here; the library modules'
/// failures are their own typed errors, thrown through as they are. How each failure ends the
/// process (its exit status, the line on stderr) is decided in one place,
/// ``ExitStatus/ending(of:)`` (docs/exit-codes.md).
///
/// The mistakes of a command line, found before anything runs, have their texts here too, at
/// the end: each is argument-parser's `ValidationError`, which prints the command's usage
/// after the text and exits 64 (`throw CommandFailure.gamesOrDuration`).
enum CommandFailure: Error, CustomStringConvertible {
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

    // MARK: Mistakes of the command line (argument-parser's ValidationError: the text, the usage, status 64)

    // Options of several commands
    /// `option` (`--games`, `--concurrency`, `--threads`, `--cpus`, `--parallelism`) below 1.
    static func atLeastOne(_ option: String) -> ValidationError {
        ValidationError("Please give \(option) a whole number of at least 1.")
    }
    static var serverChoice: ValidationError { ValidationError("Please give --server as \(ServerChoice.expected).") }
    static func timeControl(_ text: String) -> ValidationError {
        ValidationError("Please give --time-control as BASE+INC in seconds (10+0.1), BASE alone, or none; got \(text).")
    }
    /// The built-ins' names, for the texts that list them.
    private static var builtIns: String { BuiltInBot.allCases.map(\.rawValue).joined(separator: ", ") }
    /// An option's value a library module refused, in the module's words (a `--require` or a
    /// `--shard` that does not parse).
    static func mistake(_ error: some CustomStringConvertible) -> ValidationError { ValidationError(error.description) }
    // salvo load
    static var gamesOrDuration: ValidationError { ValidationError("Please give either --games or --duration, not both.") }
    /// `option` (`--duration`, `--timeout`) not above 0.
    static func secondsAboveZero(_ option: String) -> ValidationError { ValidationError("Please give \(option) a number of seconds above 0.") }
    static var rateAboveZero: ValidationError { ValidationError("Please give --rate a number of requests per second above 0.") }
    static var listEvery: ValidationError { ValidationError("Please give --list-every a whole number, 0 for never.") }
    static var endpointChoice: ValidationError { ValidationError("Please give --endpoint as status, board or detail.") }
    static var endpointWithGames: ValidationError { ValidationError("--endpoint runs for a time: please give --duration instead of --games.") }
    static var shardWithoutOutput: ValidationError {
        ValidationError("--shard needs --output: every shard writes into OUTPUT/shards/I/, for `salvo merge OUTPUT`.")
    }
    // salvo run
    static var pollInterval: ValidationError { ValidationError("Please give --poll-interval in milliseconds, at least 1.") }
    // salvo match
    static func matchBot(_ bot: String) -> ValidationError {
        ValidationError("Please give each bot as a built-in (\(builtIns)) or as cmd=COMMAND, not \(bot).")
    }
    static var notABot: ValidationError { ValidationError("not a bot") }
    // salvo check
    static var checkWithoutServer: ValidationError {
        ValidationError("Please give --server URL (such as http://127.0.0.1:8080) or --server embedded.")
    }
    static var checkTimeout: ValidationError { ValidationError("Please give --timeout in seconds, more than 0 and at most 600.") }
    // salvo arena roster
    static var rosterChanges: ValidationError {
        ValidationError("Please give at most one of --add, --revoke, --new-token, --rename and --give-uploads.")
    }
    static var nameWithoutAdd: ValidationError { ValidationError("Please give --name with --add (to rename a student: --rename LOGIN NAME).") }
    static var renameArguments: ValidationError { ValidationError("Please give --rename a login and a name: --rename erin \"O'Brien, Erin\".") }
    static var giveUploadsArguments: ValidationError {
        ValidationError("Please give --give-uploads a login and a whole number from 1: --give-uploads erin 2.")
    }
    // salvo arena settle
    static var settleGames: ValidationError { ValidationError("Please give --games a whole number of games, 0 or more.") }
    static var settleStopped: CommandFailure { .incomplete("stopped before the settle rounds ended; run the same command again to go on") }
    // salvo play, salvo lobby, salvo show
    static var createOrJoin: ValidationError { ValidationError("Please give either --create NAME or --join GAME_ID.") }
    static var serverTimeout: ValidationError { ValidationError("Please give --timeout a positive number of seconds.") }
    // salvo serve
    static var servePort: ValidationError { ValidationError("Please give a port from 0 to 65535 (0 picks a free one).") }
    // salvo run --live, salvo match --live
    static var livePort: ValidationError { ValidationError("Please give --live a port from 0 to 65535 (0: any free port).") }
    static var liveLinger: ValidationError { ValidationError("Please give --live-linger a number of seconds, 0 or more.") }
    static var liveOptionsWithoutLive: ValidationError { ValidationError("--live-host and --live-linger go with --live: please add --live [PORT].") }
    // salvo bench matchmaking
    static func classTooSmall(_ students: Int) -> ValidationError {
        ValidationError("Please give --students at least 12 (\(students) is too few: a top 10 needs a class around it).")
    }
    static var ratingInterval: ValidationError { ValidationError("Please give --rating-interval a positive number of Elo points, e.g. 50.") }
    static var trials: ValidationError { ValidationError("Please give --trials at least 1.") }
    // salvo bench
    static var noBotNamed: ValidationError { ValidationError("Please name at least one bot.") }
    static func placementOfBuiltIns(_ other: String) -> ValidationError {
        ValidationError("--placement measures the built-ins (\(builtIns)); `\(other)` is not one.")
    }
    /// `what` (`games`, `jobs`) not above 0.
    static func positive(_ what: String) -> ValidationError { ValidationError("Please give a positive number of \(what).") }
    // salvo publish
    static var destinationInsideOutput: ValidationError {
        ValidationError("Please give a DEST outside OUTPUT: the published folder must not hold the run's journal or logs.")
    }
    // salvo bot-check
    static var botCheckGames: ValidationError { ValidationError("Please give --games a whole number, 0 or more.") }
    static var againstBuiltIn: ValidationError {
        ValidationError("Please give --against as a built-in: \(builtIns).")
    }
    static func dirWithFolder(_ bot: String) -> ValidationError {
        ValidationError("Please give --dir only with a command: \(bot) is a folder, which is checked with its own bot.yaml.")
    }
    // salvo http-bench
    static func executorChoice(_ executor: String) -> ValidationError {
        ValidationError("--executor must be 'client' or 'global', not '\(executor)'.")
    }
    // salvo cluster
    static var fileOrLoad: ValidationError {
        ValidationError("Please give either a tournament file, or --load with the arguments of `salvo load` after `--`.")
    }
    static var loadArgumentsSetByJob: ValidationError {
        ValidationError("--load takes the arguments of `salvo load` but --output and --shard, which the job sets.")
    }
    static var shardsRange: ValidationError { ValidationError("Please give --shards from 1 to \(Shard.maximumCount).") }
    static func sbatchArgument(_ argument: String) -> ValidationError {
        ValidationError("Please give each --sbatch-arg as one sbatch option, such as --sbatch-arg=--time=2:00:00 (not \(argument)).")
    }
    static var mountPath: ValidationError { ValidationError("Please give --mount as an absolute path, such as /salvo.") }
    // salvo replay
    static var gameAndAll: ValidationError { ValidationError("Please give either a GAME_ID or --all, not both.") }
    static var allWithoutOutput: ValidationError {
        ValidationError("Please give the folder to export into with --output, e.g. --all --output export.")
    }
    static var allAsHTML: ValidationError {
        ValidationError("--all writes JSON replays and CSV tables; leave out --format html (one game's page: salvo replay N --format html).")
    }
    static var noGameChosen: ValidationError {
        ValidationError("Please give a GAME_ID (a schedule index, as `salvo games DIR` lists), or --all --output FOLDER for every game.")
    }
}
