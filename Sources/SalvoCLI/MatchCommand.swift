import ArgumentParser
import Bots
import Foundation
import Tournament

/// `salvo match A B`: a quick match between two bots with no tournament file, as fastchess and
/// cutechess-cli take engines on the command line. It is a two-bot round robin on the embedded
/// server (or `--server`), with the same table, exit codes and reports as `salvo run`.
struct MatchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "match",
        abstract: "Play a quick match between two bots, with no tournament file.",
        discussion: """
            Each bot is a built-in (\(BuiltInBot.allCases.map(\.rawValue).joined(separator: ", "))) or \
            `cmd=COMMAND` for an external bot (`cmd=python3 bots/python/random_bot.py`), sandboxed as \
            in a tournament. The games go in mirrored pairs: each bot moves first, and meets each \
            fleet, as often as the other. The output folder holds the journal and the reports; run \
            the same command again to continue an interrupted match.

              salvo match density champion --games 100
              salvo match 'cmd=python3 my_bot.py' density --games 20 --concurrency 8
            """
    )

    @Argument(help: "The first bot: a built-in's name, or cmd=COMMAND.")
    var first: String

    @Argument(help: "The second bot: a built-in's name, or cmd=COMMAND.")
    var second: String

    @Option(help: "Games in all (an even number gives each bot the first move as often).")
    var games = 10

    @Option(help: "Games in flight at once.")
    var concurrency = 4

    @Option(help: "The match's seed (with the output folder's seed key: docs/seeds.md).")
    var seed: UInt64 = TournamentConfig.Defaults.seed

    @Option(help: "Play on this server instead of the embedded one (a URL such as http://127.0.0.1:8080).")
    var server: String?

    @Option(
        help:
            "Each external bot's clock per game, BASE+INC in seconds as fastchess writes it (10+0.1: 10 s a game, 0.1 s added after each move), or none."
    )
    var timeControl = TimeControl.tournamentDefault.description

    @Option(help: "Write the journal and the reports here (default: reports/match-A-vs-B).")
    var output: String?

    @Flag(help: "Run external bots as plain children of salvo, without the bubblewrap sandbox (trusted bots only).")
    var noSandbox = false

    @Option(help: "Also write a JSON summary of the match here, as `salvo run --summary` does.")
    var summary: String?

    @OptionGroup var console: OutputOptions

    @OptionGroup(title: "Live standings")
    var liveOptions: LiveOptions

    func validate() throws {
        guard games >= 1 else { throw CommandFailure.atLeastOne("--games") }
        guard concurrency >= 1 else { throw CommandFailure.atLeastOne("--concurrency") }
        if let server, ServerChoice(parsing: server) == nil { throw CommandFailure.serverChoice }
        if timeControl != "none", TimeControl(parsing: timeControl) == nil {
            throw CommandFailure.timeControl(timeControl)
        }
        for bot in [first, second] where (try? Self.entry(bot, name: nil)) == nil {
            throw CommandFailure.matchBot(bot)
        }
    }

    /// The bot `text` names: a built-in, or `cmd=COMMAND`; `name` overrides the name it gets.
    static func entry(_ text: String, name: String?) throws -> BotEntry {
        if let builtIn = BuiltInBot(rawValue: text) {
            return BotEntry(name: name ?? builtIn.rawValue, kind: .builtin(builtIn))
        }
        guard text.hasPrefix("cmd="), !text.dropFirst(4).trimmingCharacters(in: .whitespaces).isEmpty else { throw CommandFailure.notABot }
        let spec = ExternalBotSpec(commandLine: String(text.dropFirst(4)))
        let program = spec.command.last { !$0.hasPrefix("-") } ?? spec.command[0]
        let base = ((program as NSString).lastPathComponent as NSString).deletingPathExtension
        return BotEntry(name: name ?? (base.isEmpty ? "bot" : base), kind: .external(spec))
    }

    func run() async throws {
        var bots = [try Self.entry(first, name: nil), try Self.entry(second, name: nil)]
        // Two entries of one name (density against density) are told apart.
        if bots[0].name == bots[1].name {
            bots = [try Self.entry(first, name: bots[0].name + "-1"), try Self.entry(second, name: bots[1].name + "-2")]
        }
        let name = "match-\(bots[0].name)-vs-\(bots[1].name)"
        var config = TournamentConfig(
            name: name, bots: bots, gamesPerPairing: games, concurrency: concurrency, seed: seed,
            outputDirectory: output ?? "reports/"
                + String(name.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") ? $0 : "-" })
        )
        config.context = RunContext(startedHereFrom: nil)
        if let server, let choice = ServerChoice(parsing: server) { config.server = choice }
        config.timeControl = TimeControl(parsing: timeControl)
        if noSandbox { config.disableSandbox() }
        try await RunCommand.execute(config, live: liveOptions, summaryPath: summary, notes: console.notes)
    }
}
