import Foundation
import LiveStandings
import Orchestrator
import Reports
import RunControl
import Tournament

/// `salvo run --live`: the live standings server beside the run. It is started before the
/// first game, fed every event of the run, and after the run (finished, stopped with Ctrl-C,
/// or failed) keeps serving the final board until Ctrl-C, or for `--live-linger` seconds.
final class LiveSession: Sendable {
    let hub: LiveHub
    private let server: RunningLiveServer
    private let linger: Int?
    /// Marks the page "stopping" once Ctrl-C asks the run to stop.
    private let watcher: Task<Void, Never>
    private let stopSignal: StopSignal

    private init(hub: LiveHub, server: RunningLiveServer, linger: Int?, stop: StopSignal) {
        self.hub = hub
        self.server = server
        self.linger = linger
        self.stopSignal = stop
        watcher = Task {
            while !Task.isCancelled, !stop.isRequested { try? await Task.sleep(for: .milliseconds(200)) }
            if stop.isRequested { hub.mark(.stopping) }
        }
    }

    /// Starts serving `config`'s run when `--live` was given; nil otherwise.
    static func start(_ options: LiveOptions, config: TournamentConfig, stop: StopSignal) async throws -> LiveSession? {
        guard let port = options.port else { return nil }
        let hub = LiveHub(
            tournament: config.name, bots: config.bots.map(\.name), total: config.scheduler.plannedGamesInRun,
            redaction: PublicRedaction(runFolder: config.outputDirectory)
        )
        let server: RunningLiveServer = try await LiveServer.start(hub: hub, host: options.host, port: port)
        FileHandle.standardError.write(Data("salvo: live standings on \(server.url) (read-only; no ids are shown)\n".utf8))
        return LiveSession(hub: hub, server: server, linger: options.linger, stop: stop)
    }

    /// Passes one event of the run to the page.
    func record(_ event: RunEvent) {
        switch event {
        case .playing: hub.markPlaying()
        case .progress(let progress): hub.record(progress)
        case .concurrencyLimited, .season: break
        }
    }

    /// The run has ended, every game played or stopped early: keep serving the final board
    /// until Ctrl-C (the run's ``InterruptHandler`` turns it into a stop request; after a run
    /// already stopped with Ctrl-C, the next one ends salvo at once), or for the linger time,
    /// then stop the server.
    func finish(stoppedEarly: Bool) async {
        watcher.cancel()
        hub.mark(stoppedEarly ? .stopped : .finished)
        fflush(nil)  // every output stream: the summary printed before the wait reaches a pipe now
        if linger != 0 {
            let until = linger.map { "for \($0) s or until Ctrl-C" } ?? "until Ctrl-C"
            FileHandle.standardError.write(Data("salvo: the live standings stay on \(server.url) \(until).\n".utf8))
            let deadline = linger.map { ContinuousClock.now + .seconds($0) }
            while !stopSignal.isRequested || stoppedEarly, deadline.map({ ContinuousClock.now < $0 }) ?? true {
                try? await Task.sleep(for: .milliseconds(100))
            }
        }
        await server.stop()
    }

    /// The run failed: stop serving at once.
    func stop() async {
        watcher.cancel()
        hub.mark(.failed)
        await server.stop()
    }
}
