import ArgumentParser
import Bots
import Foundation
import JSONCoding
import Orchestrator
import Reports
import RunControl
import Sandbox
import Submissions
import Tournament

/// `salvo bot-check DIR` or `salvo bot-check 'COMMAND'`: a student's self-check that matches
/// the tournament. The bot's folder is entered as a tournament's `bots_from:` enters it (the
/// same copy, sandboxed build, command check, limits and working folder `/bot`), taken through
/// every step of the protocol, and then plays a few games against a built-in on the embedded
/// server. On a failure it prints the end of the bot's stderr and a hint for the usual
/// mistakes (``Bots/FailureHint``). The exit status is 0 when everything passes, 1 otherwise;
/// a Ctrl-C kills the build in progress (or lets the games in flight finish), removes the
/// check's work folder and exits 130, as a shell's Ctrl-C would.
///
///     cd my-bot && salvo bot-check .                 # the folder's bot.yaml, built as in the tournament
///     cd my-bot && salvo bot-check 'python3 bot.py'  # a command, run in the current folder
///     salvo bot-check './bot' --dir my-bot --games 10 --against density
struct BotCheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bot-check",
        abstract: "Check a bot as the tournament will run it: build, protocol, and a few games.",
        discussion: """
            Give a submission folder with a bot.yaml (bots/SUBMITTING.md), or the bot's command. \
            A folder is copied, built and run exactly as a tournament's `bots_from:` does: in the \
            sandbox, under the same limits, with the copy as the working folder (seen at /bot). \
            A command runs the same way from a copy of its folder: --dir, else the folder of the \
            program it names, else the current folder. Then the bot goes through each step of \
            bots/PROTOCOL.md and plays --games games against a built-in on the embedded server. \
            A failure shows the end of the bot's stderr and a hint.

              salvo bot-check bots/submissions-example/c-hunter
              cd my-bot && salvo bot-check 'python3 bot.py'
            """
    )

    @Argument(help: "A submission folder with a bot.yaml, or the bot's command, e.g. 'python3 bot.py'.")
    var bot: String

    @Option(
        help:
            "With a command: the bot's folder, run as its working folder (default: the folder of the program the command names, else the current folder)."
    )
    var dir: String?

    @Option(help: "The games to play against --against after the protocol's steps (0: none).")
    var games = 4

    @Option(help: "The built-in the games are played against (\(BuiltInBot.allCases.map(\.rawValue).joined(separator: ", "))).")
    var against = BuiltInBot.random.rawValue

    @Option(help: "A tournament file whose `bots_from:` settings (limits, deadlines, build time) the check uses instead of the defaults.")
    var tournament: String?

    @Option(
        help:
            "A recorded game to play again with this bot alone (rematch/NNNN.json from your private page), instead of the protocol's steps and games."
    )
    var rematch: String?

    @Option(help: "The seed of the board played in the protocol's steps, and of the games.")
    var seed: UInt64 = 1

    @Option(help: "The bot's time per move, in milliseconds (default: the tournament's, 1000).")
    var moveDeadline: Int?

    @Option(help: "The bot's time to start and answer new-game, in milliseconds (default: the tournament's, 5000).")
    var startupDeadline: Int?

    @Option(
        help:
            "The games' clock per game, BASE+INC in seconds as fastchess writes it (10+0.1: 10 s a game, 0.1 s added after each move), or none (default: the tournament's, 10+0.1)."
    )
    var timeControl: String?

    @Option(help: "A file to append the bot's stderr to, besides the end shown on a failure.")
    var log: String?

    @Flag(help: "Run the bot and its build as plain children of salvo, without the bubblewrap sandbox (trusted bots only).")
    var noSandbox = false

    func validate() throws {
        guard games >= 0 else { throw CommandFailure.botCheckGames }
        guard BuiltInBot(rawValue: against) != nil else {
            throw CommandFailure.againstBuiltIn
        }
        if let timeControl, timeControl != "none", TimeControl(parsing: timeControl) == nil {
            throw CommandFailure.timeControl(timeControl)
        }
        if dir != nil, Self.isFolder(bot) {
            throw CommandFailure.dirWithFolder(bot)
        }
    }

    func run() async throws {
        let target = try BotCheckTarget(bot, dir: dir)
        var botsFrom = BotsFrom(
            folder: target.folder, file: "bot-check", line: nil, limits: ResourceLimits(), sandbox: SandboxSettings(), restart: .reuse)
        if let tournament {
            let file = try TournamentFileParser().read(fileAt: tournament)
            guard let fromFile = file.botsFrom else {
                throw CommandFailure.noBotsFrom(tournament: tournament)
            }
            botsFrom = fromFile
        }
        if let moveDeadline { botsFrom.moveDeadline = .milliseconds(moveDeadline) }
        if let startupDeadline { botsFrom.startupDeadline = .milliseconds(startupDeadline) }
        if let timeControl { botsFrom.timeControl = TimeControl(parsing: timeControl) }
        let work = try Self.workFolder()
        defer { SubmissionDiscovery.removeWorkFolder(work) }
        let settings = SubmissionEntry.settings(botsFrom, workFolder: work + "/submissions", sandboxDisabled: noSandbox)
        // Before anything is copied or built: without bubblewrap a sandboxed check refuses in
        // one line, and --no-sandbox says it runs unsandboxed (the bot's spec is not known yet).
        let launcher = try CLISandbox.launcher(for: [ExternalBotSpec(command: [], sandbox: settings.sandbox)])
        var check = BotCheck(
            folder: target.folder, command: target.command, settings: settings, launcher: launcher, work: work, logPath: log, seed: seed,
            games: games,
            against: BuiltInBot(rawValue: against) ?? .random
        )
        if let rematch {
            do {
                check.rematch = try JSONFormat.decoder().decode(SoloRematch.self, from: Data(contentsOf: URL(fileURLWithPath: rematch)))
            } catch {
                throw CommandFailure.unreadableRecordedGame(path: rematch, detail: error.localizedDescription)
            }
        }
        let stop = StopSignal()
        check.stop = stop
        let signals = InterruptHandler(stop: stop, message: "Stopping the check")
        defer { signals.cancel() }
        let passed = await check.run { print($0.text) }
        if stop.isRequested {
            print(CommandFailure.checkStopped.description)
            throw CommandFailure.checkStopped
        }
        guard passed else {
            print(CommandFailure.checkFailed.description)
            throw CommandFailure.checkFailed
        }
        print("bot-check: passed")
    }

    static func isFolder(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// A new folder of this check's own, under the system's temporary folder.
    static func workFolder() throws -> String {
        var template = Array((FileManager.default.temporaryDirectory.path + "/salvo-bot-check-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else {
            throw CommandFailure.noWorkFolder(parent: FileManager.default.temporaryDirectory.path, detail: String(cString: strerror(errno)))
        }
        // A root runner's builds run as `nobody`, who must reach the copies.
        chmod(made, 0o755)
        return String(cString: made)
    }
}
