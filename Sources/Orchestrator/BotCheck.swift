import Bots
import Foundation
import Processes
import Reports
import RunControl
import Sandbox
import Submissions
import Tournament

/// The steps of a bot's check, as `salvo bot-check` prints them and the arena records them for
/// an upload: the entry (copy, build, command check), the protocol's steps
/// (``Bots/ComplianceCheck``), and games against a built-in on the embedded server, played by
/// the tournament's own run (``TournamentRun``). It stops at the first failure, with the end of
/// the bot's stderr and the hints that fit (``Bots/FailureHint``). Each line is handed to
/// `report` as it happens.
///
/// ```swift
/// let check = BotCheck(folder: "my-bot", settings: settings, launcher: SandboxLauncher(), work: work)
/// let passed = await check.run { line in print(line.text) }
/// ```
public struct BotCheck: Sendable {
    /// One line of the check's account.
    public enum Line: Sendable, Hashable, Codable {
        /// A step, passed or failed, with its detail (the bot's own words quoted as written).
        case step(passed: Bool, name: String, detail: String)
        /// The end of the bot's stderr after a failure; empty when it wrote none.
        case stderr(String)
        case hint(String)

        /// The line as `salvo bot-check` prints it, control characters shown.
        public var text: String {
            switch self {
            case .step(let passed, let name, let detail):
                "\(passed ? "PASS" : "FAIL")  \(name)\n    "
                    + detail.components(separatedBy: "\n").map(BotFault.printable).joined(separator: "\n    ")
            case .stderr(let tail) where tail.isEmpty:
                "The bot wrote nothing to stderr."
            case .stderr(let tail):
                "The bot's stderr, its last lines:\n"
                    + tail.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + BotFault.printable(String($0)) }.joined(
                        separator: "\n")
            case .hint(let text):
                "Hint: " + text
            }
        }
    }

    /// The submission's folder, absolute.
    public var folder: String
    /// The command, relative to ``folder``; nil for a folder checked with its own bot.yaml.
    public var command: [String]?
    public var settings: SubmissionSettings
    public var launcher: any BotLauncher
    /// The check's own folder (copies, build log, stderr, the games' journal), which the caller removes after.
    public var work: String
    /// Where the user asked the bot's stderr to be appended too; nil for the work folder only.
    public var logPath: String?
    public var seed: UInt64
    public var games: Int
    public var against: BuiltInBot
    /// A recorded game to play again with the bot alone, instead of the steps and games.
    public var rematch: SoloRematch?
    /// A request to stop (`salvo bot-check`'s Ctrl-C): the build in progress is killed and the
    /// entry fails; games in flight finish and no other starts.
    public var stop: StopSignal?

    public init(
        folder: String, command: [String]? = nil, settings: SubmissionSettings, launcher: any BotLauncher, work: String, logPath: String? = nil,
        seed: UInt64 = 1, games: Int = 4, against: BuiltInBot = .random, rematch: SoloRematch? = nil
    ) {
        self.folder = folder
        self.command = command
        self.settings = settings
        self.launcher = launcher
        self.work = work
        self.logPath = logPath
        self.seed = seed
        self.games = games
        self.against = against
        self.rematch = rematch
    }

    /// Runs every step, handing each line to `report` as it happens; whether all passed.
    public func run(report: @escaping @Sendable (Line) -> Void) async -> Bool {
        let out = Account(report: report)
        guard let bot = await enter(out) else { return false }
        let stderrPath = logPath ?? work + "/bot.stderr.log"
        if let rematch { return await replay(rematch, with: bot, stderrPath: stderrPath, out) }
        let steps = await ComplianceCheck(spec: bot.spec, logPath: stderrPath, seed: seed, launcher: launcher, timeControl: settings.timeControl)
            .run()
        for step in steps {
            out.say(step.passed, step.name, step.detail)
        }
        guard ComplianceCheck.passed(steps) else {
            let failure = steps.last { !$0.passed }?.detail ?? ""
            out.explain(failure: failure, stderr: Self.tail(ofFileAt: stderrPath), command: bot.spec.command)
            return false
        }
        guard games > 0 else { return true }
        return await play(bot, out)
    }

    /// Enters the folder as a tournament would; the bot, or nil after saying why not.
    func enter(_ out: Account) async -> SubmittedBot? {
        let entries: SubmissionEntries
        do {
            let sandbox = launcher as? SandboxLauncher ?? SandboxLauncher()
            entries = try await SubmissionDiscovery.enterAlone(folder, command: command, settings: settings, launcher: sandbox, stop: stop)
        } catch {
            out.say(false, "entry: copy, build and command check, as the tournament does", error.message)
            return nil
        }
        guard let bot = entries.entered.first else {
            let reason = entries.notEntered.first?.reason ?? "no bot was entered"
            out.say(false, "entry: copy, build and command check, as the tournament does", "not entered: " + reason)
            out.explain(failure: reason, stderr: nil, command: command ?? [], ran: false)
            return nil
        }
        let sandbox = settings.sandbox.isEnabled ? "sandboxed, working folder /bot" : "unsandboxed"
        let build = bot.build.map { String(format: "built in %.1f s", $0.seconds) } ?? "nothing to build"
        out.say(
            true, "entry: copy, build and command check, as the tournament does",
            "\(bot.name): \(build); runs as `\(Self.inside(bot.spec))` (\(sandbox))")
        return bot
    }

    /// Plays ``games`` games against ``against`` as a two-bot round robin; whether the bot
    /// forfeited none.
    func play(_ bot: SubmittedBot, _ out: Account) async -> Bool {
        let opponent = against.rawValue == bot.name ? against.rawValue + "-opponent" : against.rawValue
        var config = TournamentConfig(
            name: "bot-check-\(bot.name)",
            bots: [BotEntry(name: bot.name, kind: .external(bot.spec)), BotEntry(name: opponent, kind: .builtin(against))],
            gamesPerPairing: games, concurrency: min(games, 2), seed: seed, outputDirectory: work + "/games"
        )
        config.context = RunContext(startedHereFrom: nil)
        config.timeControl = settings.timeControl
        let clock = settings.timeControl.map { " (game clock \($0))" } ?? ""
        let name = "games: \(games) against \(against.rawValue) on the embedded server, as in the tournament\(clock)"
        let summary: RunSummary
        do {
            summary = try await TournamentRun(configuration: config, options: .init(writeReports: false, launcher: launcher)).run(
                stop: stop ?? StopSignal())
        } catch {
            out.say(false, name, String(describing: error))
            out.explain(failure: String(describing: error), stderr: nil, command: bot.spec.command)
            return false
        }
        let mine = summary.records.filter { $0.players.contains { $0.bot == bot.name } }
        let won = mine.filter { record in record.winner.map { record.player($0).bot == bot.name } ?? false }.count
        let forfeits = mine.filter { record in record.termination == .forfeit && record.loser.map { record.player($0).bot == bot.name } ?? false }
        let line = "\(won) won, \(mine.count - won) lost, \(forfeits.count) forfeited, of \(mine.count) games played"
        guard forfeits.isEmpty, mine.count == summary.scheduledGames else {
            // The first forfeit's reason, as the tournament records it ("… ran out of its game clock (10+0.1) …").
            let reason = forfeits.first.map { "\n" + "game \($0.index + 1): " + ($0.reason ?? "a forfeit") } ?? ""
            out.say(false, name, line + reason)
            if let first = forfeits.first {
                // A game the bot finished without fault before it: one process plays several (restart: reuse).
                let forfeited = Set(forfeits.map(\.index))
                let clean = mine.contains { $0.index < first.index && !forfeited.contains($0.index) }
                out.explain(
                    failure: "game \(first.index + 1): " + (first.reason ?? "a forfeit"), stderr: first.stderrTail, command: bot.spec.command,
                    afterCleanGame: clean)
            }
            return false
        }
        out.say(true, name, line)
        return true
    }

    /// The bot's command as the sandbox runs it: the words in its folder under `/bot`.
    static func inside(_ spec: ExternalBotSpec) -> String {
        guard spec.sandbox.isEnabled, let folder = spec.folder else { return spec.label }
        return spec.command.map { $0 == folder ? "/bot" : $0.hasPrefix(folder + "/") ? "/bot/" + $0.dropFirst(folder.count + 1) : $0 }.joined(
            separator: " ")
    }

    /// Where the lines go, with the two ways the check writes them.
    struct Account {
        let report: @Sendable (Line) -> Void

        func say(_ passed: Bool, _ name: String, _ detail: String) {
            report(.step(passed: passed, name: name, detail: detail))
        }

        /// The end of the bot's stderr (or that it wrote none), and the hints for `failure`.
        func explain(failure: String, stderr: String?, command: [String], ran: Bool = true, afterCleanGame: Bool = false) {
            if let stderr, !stderr.isEmpty {
                report(.stderr(stderr))
            } else if ran {
                report(.stderr(""))
            }
            let hints = FailureHint.hints(failure: failure, stderr: stderr, command: command, afterCleanGame: afterCleanGame)
            for hint in hints { report(.hint(hint.text)) }
            if hints.isEmpty { report(.hint(FailureHint.usualMistakes)) }
        }
    }

    /// The last lines of the file at `path` (``Bots/StderrTail``), nil when empty or missing.
    static func tail(ofFileAt path: String) -> String? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return StderrTail.lastLines(of: Array(data.suffix(StderrTail.capacity)))
    }
}
