import Bots
import Foundation
import Orchestrator
import Reports
import Sandbox
import Submissions
import Tournament

/// The steps of `salvo bot-check`, printed as they pass or fail: the entry (copy, build,
/// command check), the protocol's steps (``Bots/ComplianceCheck``), and games against a
/// built-in on the embedded server, played by the tournament's own run
/// (``Orchestrator/TournamentRun``). It stops at the first failure, showing the end of the
/// bot's stderr and the hints that fit (``Bots/FailureHint``).
struct BotCheckRun {
    var target: BotCheckTarget
    var settings: SubmissionSettings
    var launcher: any BotLauncher
    /// The check's own folder (copies, build log, stderr, the games' journal), removed after.
    var work: String
    /// Where the user asked the bot's stderr to be appended too; nil for the work folder only.
    var logPath: String?
    var seed: UInt64
    var games: Int
    var against: BuiltInBot
    /// A recorded game to play again with the bot alone, instead of the steps and games.
    var rematch: SoloRematch?

    /// Runs every step; whether all passed.
    func run() async -> Bool {
        guard let bot = enter() else { return false }
        let stderrPath = logPath ?? work + "/bot.stderr.log"
        if let rematch { return await replay(rematch, with: bot, stderrPath: stderrPath) }
        let steps = await ComplianceCheck(spec: bot.spec, logPath: stderrPath, seed: seed, launcher: launcher).run()
        for step in steps {
            // The bot's own lines, quoted in the detail, with their control characters spelled out.
            Self.say(step.passed, step.name, step.detail)
        }
        guard ComplianceCheck.passed(steps) else {
            let failure = steps.last { !$0.passed }?.detail ?? ""
            Self.explain(failure: failure, stderr: Self.tail(ofFileAt: stderrPath), command: bot.spec.command)
            return false
        }
        guard games > 0 else { return true }
        return await play(bot)
    }

    /// Enters the folder as a tournament would; the bot, or nil after printing why not.
    func enter() -> SubmittedBot? {
        let entries: SubmissionEntries
        do {
            let sandbox = launcher as? SandboxLauncher ?? SandboxLauncher()
            entries = try SubmissionDiscovery.enterAlone(target.folder, command: target.command, settings: settings, launcher: sandbox)
        } catch {
            Self.say(false, "entry: copy, build and command check, as the tournament does", error.message)
            return nil
        }
        guard let bot = entries.entered.first else {
            let reason = entries.notEntered.first?.reason ?? "no bot was entered"
            Self.say(false, "entry: copy, build and command check, as the tournament does", "not entered: " + reason)
            Self.explain(failure: reason, stderr: nil, command: target.command ?? [], ran: false)
            return nil
        }
        let sandbox = settings.sandbox.isEnabled ? "sandboxed, working folder /bot" : "unsandboxed"
        let build = bot.build.map { String(format: "built in %.1f s", $0.seconds) } ?? "nothing to build"
        Self.say(true, "entry: copy, build and command check, as the tournament does", "\(bot.name): \(build); runs as `\(Self.inside(bot.spec))` (\(sandbox))")
        return bot
    }

    /// Plays ``games`` games against ``against`` as a two-bot round robin; whether the bot
    /// forfeited none.
    func play(_ bot: SubmittedBot) async -> Bool {
        let opponent = against.rawValue == bot.name ? against.rawValue + "-opponent" : against.rawValue
        var config = TournamentConfig(
            name: "bot-check-\(bot.name)",
            bots: [BotEntry(name: bot.name, kind: .external(bot.spec)), BotEntry(name: opponent, kind: .builtin(against))],
            gamesPerPairing: games, concurrency: min(games, 2), seed: seed, outputDirectory: work + "/games"
        )
        config.workingDirectory = FileManager.default.currentDirectoryPath
        let name = "games: \(games) against \(against.rawValue) on the embedded server, as in the tournament"
        let summary: RunSummary
        do {
            summary = try await TournamentRun(configuration: config, options: .init(writeReports: false, launcher: launcher)).run()
        } catch {
            Self.say(false, name, String(describing: error))
            Self.explain(failure: String(describing: error), stderr: nil, command: bot.spec.command)
            return false
        }
        let mine = summary.records.filter { $0.players.contains { $0.bot == bot.name } }
        let won = mine.filter { record in record.winner.map { record.player($0).bot == bot.name } ?? false }.count
        let forfeits = mine.filter { record in record.termination == .forfeit && record.loser.map { record.player($0).bot == bot.name } ?? false }
        let line = "\(won) won, \(mine.count - won) lost, \(forfeits.count) forfeited, of \(mine.count) games played"
        guard forfeits.isEmpty, mine.count == summary.scheduledGames else {
            Self.say(false, name, line)
            if let first = forfeits.first {
                Self.explain(failure: "game \(first.index + 1): " + (first.reason ?? "a forfeit"), stderr: first.stderrTail, command: bot.spec.command)
            }
            return false
        }
        Self.say(true, name, line)
        return true
    }

    /// The bot's command as the sandbox runs it: the words in its folder under `/bot`.
    static func inside(_ spec: ExternalBotSpec) -> String {
        guard spec.sandbox.isEnabled, let folder = spec.folder else { return spec.label }
        return spec.command.map { $0 == folder ? "/bot" : $0.hasPrefix(folder + "/") ? "/bot/" + $0.dropFirst(folder.count + 1) : $0 }.joined(separator: " ")
    }

    /// Prints a step: PASS or FAIL, its name, and its detail indented.
    static func say(_ passed: Bool, _ name: String, _ detail: String) {
        let shown = detail.components(separatedBy: "\n").map(BotFault.printable).joined(separator: "\n    ")
        print("\(passed ? "PASS" : "FAIL")  \(name)\n    \(shown)")
    }

    /// Prints the end of the bot's stderr (or that it wrote none) and the hints for `failure`.
    static func explain(failure: String, stderr: String?, command: [String], ran: Bool = true) {
        if let stderr, !stderr.isEmpty {
            print("The bot's stderr, its last lines:\n" + stderr.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + BotFault.printable(String($0)) }.joined(separator: "\n"))
        } else if ran {
            print("The bot wrote nothing to stderr.")
        }
        let hints = FailureHint.hints(failure: failure, stderr: stderr, command: command)
        for hint in hints { print("Hint: " + hint.text) }
        if hints.isEmpty { print("Hint: " + FailureHint.usualMistakes) }
    }

    /// The last lines of the file at `path` (``Bots/StderrTail``), nil when empty or missing.
    static func tail(ofFileAt path: String) -> String? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return StderrTail.lastLines(of: Array(data.suffix(StderrTail.capacity)))
    }
}
