import Bots
import Foundation
import Orchestrator
import RunControl
import Sandbox
import Scoring
import Tournament

extension RunCommand {
    /// Plays `config` as `salvo run` does, showing its progress (on stderr, through `notes`),
    /// its table and where its report is (stdout); with `summaryPath`, writes the JSON summary
    /// there. Throws the exit status of an incomplete run (docs/exit-codes.md). `salvo match`
    /// plays through here too. `stop` and `signals` are the caller's when it listened for
    /// Ctrl-C before (`salvo run`, during the builds); else made here.
    static func execute(
        _ config: TournamentConfig, live liveOptions: LiveOptions, summaryPath: String?, notes: Notes, stop: StopSignal = StopSignal(),
        signals: InterruptHandler? = nil
    ) async throws {
        let external = config.bots.compactMap { bot -> ExternalBotSpec? in
            if case .external(let spec) = bot.kind { spec } else { nil }
        }
        CLISandbox.warnUnsandboxed(external)
        if external.contains(where: \.sandbox.isEnabled), let warning = SandboxLauncher().fallbackWarning {
            FileHandle.standardError.write(Data((warning + "\n").utf8))
        }
        let signals = signals ?? InterruptHandler(stop: stop, message: "Finishing the games in flight")
        defer { signals.cancel() }
        let display = ProgressDisplay(botNames: config.bots.map(\.name), notes: notes)
        let planned = config
        let live = try await LiveSession.start(liveOptions, config: planned, stop: stop)
        let summary: RunSummary
        do {
            summary = try await TournamentRun(configuration: planned).run(stop: stop) { event in
                live?.record(event)
                switch event {
                case .concurrencyLimited(let requested, let allowed, let perGame, let openFiles):
                    FileHandle.standardError.write(
                        Data(
                            "salvo: \(requested) games in flight need about \(requested * perGame) open files, but this process may open \(openFiles) (ulimit -n); playing \(allowed) at a time instead. Raise the hard limit to run more.\n"
                                .utf8))
                case .season(let changes):
                    notes.say(changes.summary)
                    for kept in changes.kept { notes.say("  \(kept.name) keeps its last good version: its new one is not entered (\(kept.reason))") }
                case .playing(let url, _, let played):
                    notes.say(RunCommand.header(played, serverURL: url))
                case .progress(let progress):
                    display.handle(progress)
                }
            }
        } catch {
            await live?.stop()
            throw error
        }
        display.finish()
        // The played configuration's bots: a season's current entries.
        let botNames = summary.configuration.bots.map(\.name)
        let records = summary.records
        let board = Scoreboard(bots: botNames, records: records)
        let ratings = board.ratings()
        print(SummaryTable.render(board, ratings: ratings, config: summary.configuration))
        if let swiss = summary.swiss { print(SwissSummary.render(swiss, botNames: botNames)) }
        if let sprt = config.sprt {
            let tally = board.sprtTally(sprt, first: botNames[0], second: botNames[1])
            print(
                "SPRT of \(botNames[0]) against \(botNames[1]), H0: elo \(sprt.elo0), H1: elo \(sprt.elo1), alpha \(sprt.alpha), beta \(sprt.beta): \(SummaryTable.sprtSentence(tally))."
            )
        }
        print("\(records.count) of \(summary.scheduledGames) games rated. Journal: \(summary.journalPath)")
        if display.seatsTaken > 0 {
            notes.warn(
                "\(display.seatsTaken) time\(display.seatsTaken == 1 ? "" : "s") another client of the server joined a game before its second player could: its lobby is public, and that server offers no unlisted games (docs/server.md). Those attempts were not rated."
            )
        }
        if summary.stoppedEarly {
            notes.warn("Stopped early: run the same command again to continue.")
        } else if !summary.isComplete {
            notes.warn(
                "\(summary.missingGames) game\(summary.missingGames == 1 ? "" : "s") had no result after \(TournamentRunner.maximumAttempts) attempts each (the journal keeps each attempt's reason): run the same command again to play \(summary.missingGames == 1 ? "it" : "them")."
            )
        } else if let shard = config.context.shard {
            notes.say(
                "Shard \(shard) has played its games. Once every shard has, `salvo merge \(config.outputDirectory)` writes the tournament's reports.")
        }
        if let written = summary.reports {
            print("Report: \(written.index) (results: \(written.results))")
        }
        if let live {
            signals.setMessage("Stopping the live standings")
            await live.finish(stoppedEarly: summary.stoppedEarly)
        }
        if let path = summaryPath {
            do {
                try RunSummaryFile(summary, seatsTaken: display.seatsTaken, board: board, ratings: ratings).write(to: path)
            } catch {
                throw CommandFailure.cannotWriteSummary(path: path, detail: error.localizedDescription)
            }
        }
        if !summary.isComplete {
            throw CommandFailure.incomplete(
                "\(summary.missingGames) of \(summary.scheduledGames) games have no result\(config.context.shard.map { " in shard \($0)" } ?? "")")
        }
    }
}
