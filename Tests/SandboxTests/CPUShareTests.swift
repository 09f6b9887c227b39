import Bots
import Foundation
import Orchestrator
import Sandbox
import Testing
import Tournament

/// A spinner that takes the machine with short-lived children (Fixtures/hostile/spinner.py)
/// beside an honest bot that needs a quarter of its deadline of CPU a move (cpu_heavy.py): the
/// CPU share and quota per bot keep the honest bot's moves within its deadline.
@Suite("An honest bot beside a spinner", .serialized, .timeLimit(.minutes(5)))
struct CPUShareTests {
    @Test("an honest CPU-heavy bot does not forfeit beside a spinner's army of short-lived children", .enabled(if: SandboxLauncher().cpuSharePerBot))
    func honestBotPlaysOn() async throws {
        // A 2 s move deadline (a guard of 6 s on the clock): the test suites beside this one load
        // the machine as much as the spinner would, and the honest bot's 0.25 s of CPU a move
        // must fit in its share of that too. Without a share per bot, the two armies' 48
        // spinners would leave it a fiftieth of the machine: 0.25 s of CPU in over 6 s.
        let bots = ["cpu_heavy", "spinner"].map { program in
            let spec = ExternalBotSpec(
                command: ["python3", HostileBotTests.folder + "/\(program).py"], moveDeadline: .seconds(2), startupDeadline: .seconds(30))
            return BotEntry(name: program, kind: .external(spec))
        }
        // Both games of the pair at once: two armies of 24 beside two honest bots.
        var config = TournamentConfig(
            name: "spinner", format: .gauntlet, bots: bots, gamesPerPairing: 2, concurrency: 2, seed: 3,
            outputDirectory: HostileBotTests.temporaryDirectory("spinner"))
        // The share is measured by the move's deadline, CPU time; the game clock counts wall
        // time, which the loaded machine of the suites stretches for every bot alike: off here.
        config.timeControl = nil
        let summary = try await TournamentRun(configuration: config, options: .init(requestTimeout: .seconds(30), serverLogLevel: .critical)).run()
        #expect(summary.records.count == 2)
        for record in summary.records {
            let loser = record.loser.map { record.player($0).bot }
            #expect(!(record.termination == .forfeit && loser == "cpu_heavy"), "\(record.reason ?? "")")
        }
        let log = (try? String(contentsOfFile: config.outputDirectory + "/logs/spinner.log", encoding: .utf8)) ?? ""
        #expect(log.contains("ATTACK spinner-army BLOCKED"), "\(log.prefix(400))")
    }
}
