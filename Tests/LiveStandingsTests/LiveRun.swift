import Bots
import Foundation
import LiveStandings
import Orchestrator
import Reports
import RunControl
import SalvoTestSupport
import Tournament

/// A real tournament run in this process (built-in bots on the embedded server, turns handed
/// over by polling every 20 ms so a game takes about a second) feeding a ``LiveHub`` that a
/// real ``LiveServer`` serves on a free loopback port.
struct LiveRun: Stoppable {
    let hub: LiveHub
    let server: RunningLiveServer
    let config: TournamentConfig
    let run: Task<RunSummary, any Error>

    var port: Int { server.port }
    var journalPath: String { (config.runDirectory as NSString).appendingPathComponent(ReportLayout.journal) }

    /// Starts the server, then (after `delay`) the run.
    static func start(gamesPerPairing: Int = 2, delay: Duration = .zero) async throws -> LiveRun {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("salvo-live-\(UUID().uuidString)").path
        let bots: [BuiltInBot] = [.random, .parity, .huntTarget]
        var config = TournamentConfig(
            name: "live-test", bots: bots.map { BotEntry(name: $0.rawValue, kind: .builtin($0)) },
            gamesPerPairing: gamesPerPairing, concurrency: 1, pollInterval: .milliseconds(20), seed: 21, outputDirectory: folder,
            wakeLocalOpponent: false
        )
        config.stallTimeout = .seconds(60)
        let hub = LiveHub(tournament: config.name, bots: config.bots.map(\.name), total: RoundRobinScheduler(config: config).schedule.games.count)
        let server = try await LiveServer.start(hub: hub, host: "127.0.0.1", port: 0)
        let planned = config
        let run = Task {
            try await Task.sleep(for: delay)
            let summary = try await TournamentRun(configuration: planned, options: .init(writeReports: false, serverLogLevel: .critical)).run {
                event in
                switch event {
                case .playing: hub.markPlaying()
                case .progress(let progress): hub.record(progress)
                case .concurrencyLimited, .season: break
                }
            }
            hub.mark(summary.stoppedEarly ? .stopped : .finished)
            return summary
        }
        return LiveRun(hub: hub, server: server, config: config, run: run)
    }

    /// Every server id the run's journal holds: game ids and player ids, of every attempt.
    func journalIDs() throws -> Set<String> {
        let text = try String(contentsOfFile: journalPath, encoding: .utf8)
        let pattern = try NSRegularExpression(pattern: #""(gameId|playerId|creatorPlayerId|joinerPlayerId)":"([^"]+)""#)
        var ids: Set<String> = []
        for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
            if let range = Range(match.range(at: 2), in: text) { ids.insert(String(text[range])) }
        }
        return ids
    }

    func stop() async {
        run.cancel()
        _ = try? await run.value
        await server.stop()
        try? FileManager.default.removeItem(atPath: config.runDirectory)
    }
}
