import Arena
import ArgumentParser
import Foundation
import RunControl
import SafeText

/// `salvo arena serve DIR [--host H] [--port P | --socket PATH]`: the arena's service, until Ctrl-C.
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

    @Option(help: "Serve on this Unix socket instead of a port, for a reverse proxy on this machine: only it can connect (mode 0660).")
    var socket: String?

    @Option(help: "The group given the socket: the reverse proxy's (www-data for nginx on Debian).")
    var socketGroup: String?

    @Flag(help: "Build and run the students' bots without the bubblewrap sandbox (trusted bots only).")
    var noSandbox = false

    func run() async throws {
        let (arena, settings) = try ArenaCommand.open(folder)
        let launcher = try CLISandbox.launcher(for: [.init(command: [], sandbox: noSandbox ? .none : .init())])
        let stop = StopSignal()
        let interrupts = InterruptHandler(stop: stop, message: "Stopping the arena after the step in progress")
        defer { interrupts.cancel() }
        let running: RunningArena = try await ArenaServer.start(
            folder: arena, settings: settings, host: host, port: port, socket: socket.map { ArenaServer.Socket(path: $0, group: socketGroup) },
            launcher: launcher, sandboxDisabled: noSandbox,
            log: { line in
                print(TerminalText.visible(line))
                fflush(nil)
            }
        )
        if let path = running.socket {
            print("Arena \(settings.tournament.config.name) on the Unix socket \(path), for the reverse proxy in front of it; Ctrl-C stops")
        } else {
            print("Arena \(settings.tournament.config.name) on \(running.url) (uploads: \(running.url)upload); Ctrl-C stops")
        }
        fflush(nil)
        while !stop.isRequested {
            try? await Task.sleep(for: .milliseconds(200))
        }
        await running.stop()
        print("Arena stopped.")
    }
}
