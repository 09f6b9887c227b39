import Foundation
import SalvoTestSupport
import Testing

/// Ctrl-C during `salvo run`, sent as SIGINT to the real process.
@Suite("Ctrl-C during salvo run", .serialized, .timeLimit(.minutes(10)))
struct InterruptTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    /// The journal's lines as JSON objects.
    static func journal(_ folder: String) -> [[String: Any]] {
        guard let text = try? String(contentsOfFile: folder + "/journal.jsonl", encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
        }
    }

    /// The schedule indices of the journal's rated games (finished with a result), in journal order.
    static func ratedIndices(_ folder: String) -> [Int] {
        journal(folder).compactMap { entry -> Int? in
            guard entry["type"] as? String == "finished", let game = entry["game"] as? [String: Any], game["termination"] as? String != "no-result"
            else { return nil }
            return game["index"] as? Int
        }
    }

    static func indices(_ entries: [[String: Any]], type: String) -> [Int] {
        entries.filter { $0["type"] as? String == type }.compactMap { entry in
            type == "finished" ? (entry["game"] as? [String: Any])?["index"] as? Int : entry["index"] as? Int
        }
    }

    /// Waits (a deadline against a hang, not a timing check) until the journal satisfies `done`.
    static func waitForJournal(_ folder: String, _ done: ([[String: Any]]) -> Bool) async throws {
        let deadline = ContinuousClock.now + .seconds(240)
        while !done(journal(folder)) {
            guard ContinuousClock.now < deadline else { throw CancellationError() }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    static func tournament(_ text: String) throws -> (file: String, output: String) {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("salvo-interrupt-\(UUID().uuidString)").path
        try text.write(toFile: base + ".yaml", atomically: true, encoding: .utf8)
        return (base + ".yaml", base)
    }

    /// A tournament of 800 games between density and a bot of a folder of its own that plays,
    /// but does not exit when its input closes (as many a student's bot): only a kill ends it.
    /// Unsandboxed, so that its processes are the host's to see.
    static func lingeringBotTournament(_ name: String) throws -> (botFolder: String, file: String, output: String) {
        let botFolder = FileManager.default.temporaryDirectory.appendingPathComponent("salvo-\(name)-bots-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: botFolder, withIntermediateDirectories: true)
        try """
        import sys, time
        turn = 0
        for raw in sys.stdin:
            words = raw.split()
            if words and words[0] == "salvo": print("name lingering", flush=True)
            elif words and words[0] == "new-game": turn = 0; print("ready", flush=True)
            elif words and words[0] == "your-turn": print("shot %d %d" % (turn % 10, turn // 10), flush=True); turn += 1
            elif words and words[0] == "quit": sys.exit(0)
        time.sleep(600)
        """.write(toFile: "\(botFolder)/lingering_bot.py", atomically: true, encoding: .utf8)
        let (file, output) = try tournament(
            """
            name: \(name)
            games_per_pairing: 400
            concurrency: 2
            sandbox: none
            bots:
              - name: lingering
                command: [python3, \(botFolder)/lingering_bot.py]
              - density

            """)
        return (botFolder, file, output)
    }

    /// The pids of the processes whose command line names `text`.
    static func processes(naming text: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).filter { pid in
            guard Int32(pid) != nil, let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return false }
            return String(decoding: data, as: UTF8.self).contains(text)
        }
    }

    @Test(
        "one Ctrl-C finishes the games in flight, says `Stopped early` and exits 2 (incomplete); the next run plays the rest and exits 0, every game rated once"
    )
    func interruptThenContinue() async throws {
        let (file, output) = try Self.tournament(
            "name: ctrlc\nbots: [random, hunt-target, parity, density]\ngames_per_pairing: 10\nconcurrency: 4\nseed: 5\n")
        let run = try TestProcess(salvo: ["run", file, "--output", output])
        try await Self.waitForJournal(output) { Self.indices($0, type: "finished").count >= 2 }
        // Standard error is a pipe here, as in a cluster job's log: its notes arrive while the
        // run goes on, and standard output holds no result yet (docs/output.md).
        #expect(run.errorText.contains("Tournament ctrlc: 4 bots"), "nothing on stderr yet: \(run.errorText)")
        #expect(run.outputText.isEmpty, "\(run.outputText)")
        run.interrupt()
        let stopped = try await run.finish()
        #expect(stopped.status == 2, "\(stopped.err)")
        #expect(stopped.err.contains("salvo: incomplete: ") && stopped.err.contains(" of 60 games have no result"), "\(stopped.err)")
        #expect(stopped.err.contains("Stopped early: run the same command again to continue."), "\(stopped.err)")
        // The results of the games played so far are still on stdout.
        #expect(stopped.out.contains(" games rated. Journal: "), "\(stopped.out)")
        #expect(stopped.err.contains("Finishing the games in flight; Ctrl-C again to stop at once."))
        let first = Self.journal(output)
        let finished = Self.indices(first, type: "finished")
        // Every game that was started has its end in the journal, and not all 60 were played.
        #expect(Set(Self.indices(first, type: "created")).isSubset(of: Set(finished)))
        #expect(finished.count < 60)

        let rest = try await SalvoExecutable.run(["run", file, "--output", output], timeout: .seconds(540))
        #expect(rest.status == 0, "\(rest.err)")
        #expect(rest.out.contains("60 of 60 games rated"), "\(rest.out)")
        #expect(Self.ratedIndices(output).sorted() == Array(0..<60))
    }

    @Test("a second Ctrl-C stops at once, with games in flight that could not have ended by themselves")
    func secondInterruptStopsAtOnce() async throws {
        // The sleeper never answers its first turn and has ten minutes for it: its games can
        // only end by the run being stopped.
        let (file, output) = try Self.tournament(
            """
            name: ctrlc2
            stall_timeout_s: 600
            concurrency: 2
            bots:
              - density
              - name: sleeper
                command: [python3, \(Self.root)/Tests/BotsTests/Fixtures/hang_bot.py]
                move_timeout_ms: 600000
                sandbox: none

            """)
        let run = try TestProcess(salvo: ["run", file, "--output", output])
        try await Self.waitForJournal(output) { Self.indices($0, type: "joined").count == 2 }
        run.interrupt()
        let asked = ContinuousClock.now + .seconds(60)
        while !run.errorText.contains("Ctrl-C again to stop at once"), ContinuousClock.now < asked {
            try await Task.sleep(for: .milliseconds(20))
        }
        run.interrupt()
        let stopped = try await run.finish()
        #expect(stopped.status == 130, "\(stopped.err)")
        #expect(stopped.err.hasSuffix("\nStopped.\n"), "\(stopped.err)")
        #expect(!stopped.err.contains("Stopped early") && !stopped.out.contains("Stopped early"))
        #expect(Self.indices(Self.journal(output), type: "finished").isEmpty)
    }

    @Test("SIGKILL of the runner, which no handler sees, still takes its unsandboxed bots with it (setpriv --pdeathsig)")
    func killedRunnerTakesItsBots() async throws {
        let (botFolder, file, output) = try Self.lingeringBotTournament("sigkill")
        func botProcesses() -> [String] { Self.processes(naming: botFolder) }
        let run = try TestProcess(salvo: ["run", file, "--output", output])
        try await Self.waitForJournal(output) { Self.indices($0, type: "finished").count >= 2 }
        #expect(!botProcesses().isEmpty)
        run.send(SIGKILL)
        // finish() reports a SIGKILL as its own time-out: here it is the test's kill.
        _ = try? await run.finish()
        let deadline = ContinuousClock.now + .seconds(60)
        while !botProcesses().isEmpty, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(50)) }
        #expect(botProcesses().isEmpty, "bot processes outlived a runner killed with SIGKILL: \(botProcesses())")
    }

    @Test(
        "SIGTERM (a kill) and SIGHUP (a closed terminal) end a run at once, with 128 + the signal, and no bot process outlives it, not even an unsandboxed one waiting between games",
        arguments: [SIGTERM, SIGHUP])
    func terminateKillsEveryBot(signal: Int32) async throws {
        let (botFolder, file, output) = try Self.lingeringBotTournament("terminate")
        func botProcesses() -> [String] { Self.processes(naming: botFolder) }
        let run = try TestProcess(salvo: ["run", file, "--output", output])
        // Some games done: the bot's processes play on, or wait between games.
        try await Self.waitForJournal(output) { Self.indices($0, type: "finished").count >= 4 }
        #expect(!botProcesses().isEmpty)
        run.send(signal)
        let stopped = try await run.finish()
        #expect(stopped.status == 128 + signal, "\(stopped.err)")
        // Killed processes leave /proc at once; a minute only guards against a loaded machine.
        let deadline = ContinuousClock.now + .seconds(60)
        while !botProcesses().isEmpty, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(50)) }
        #expect(botProcesses().isEmpty, "bot processes outlived the run: \(botProcesses())")
    }
}
