import Arena
import ArgumentParser
import Foundation
import RunControl
import SafeText

/// `salvo arena serve DIR [--host H] [--port P]`: the arena's service, until Ctrl-C.
struct ArenaServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve an arena: uploads, their checks, the season's games, the leaderboard.",
        discussion: """
            Students upload with `salvo submit FOLDER --arena URL` or the upload page (URL/upload); \
            each upload is unpacked, built and checked in the sandbox as a night would, entered \
            when it passes, and its missing games are played at once (schedule: continuous) or \
            at night (schedule: nightly). The leaderboard is at URL/. Ctrl-C stops after the step \
            in progress; nothing is lost on a kill (docs/arena.md).
            """
    )

    @Argument(help: "The arena's folder (salvo arena init).")
    var folder: String

    @Option(help: "The address to listen on (0.0.0.0 for every interface; put TLS in front of it).")
    var host = "127.0.0.1"

    @Option(help: "The port to listen on (0: any free port).")
    var port = 8600

    @Flag(help: "Build and run the students' bots without the bubblewrap sandbox (trusted bots only).")
    var noSandbox = false

    func run() async throws {
        let (arena, settings) = try ArenaCommand.open(folder)
        let launcher = try CLISandbox.launcher(for: [.init(command: [], sandbox: noSandbox ? .none : .init())])
        let stop = StopSignal()
        let interrupts = InterruptHandler(stop: stop, message: "Stopping the arena after the step in progress")
        defer { interrupts.cancel() }
        let running: RunningArena = try await ArenaServer.start(folder: arena, settings: settings, host: host, port: port, launcher: launcher, sandboxDisabled: noSandbox, log: { line in
            print(TerminalText.visible(line))
            fflush(nil)
        })
        print("Arena \(settings.tournament.config.name) on \(running.url) (uploads: \(running.url)upload); Ctrl-C stops")
        fflush(nil)
        while !stop.isRequested {
            try? await Task.sleep(for: .milliseconds(200))
        }
        await running.stop()
        print("Arena stopped.")
    }
}
