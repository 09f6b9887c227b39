import ArgumentParser
@preconcurrency import Glibc
import SalvoVersion

/// The `salvo` command: runs Battleship tournaments between bots through the Battleship REST API.
@main
struct Salvo: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "salvo",
        abstract: "Run Battleship tournaments between bots through the Battleship REST API.",
        version: SalvoVersion.text,
        subcommands: [
            RunCommand.self,
            MatchCommand.self,
            PlayCommand.self,
            ServeCommand.self,
            LobbyCommand.self,
            ShowCommand.self,
            GamesCommand.self,
            HTTPBenchCommand.self,
            BenchGroupCommand.self,
            BotCheckCommand.self,
            SubmitCommand.self,
            CheckCommand.self,
            ReportCommand.self,
            MergeCommand.self,
            ClusterCommand.self,
            ReplayCommand.self,
            RematchCommand.self,
            PublishCommand.self,
            LoadCommand.self,
            ArenaCommand.self,
        ]
    )

    /// Standard output goes out line by line even into a file or a pipe, so that the log of a
    /// cluster job or a script shows how far a run has come, and a killed run's log is not empty.
    /// A command line argument-parser refuses ends as it says (status 64); what a command's
    /// `run()` throws ends as ``ExitStatus/ending(of:)`` says.
    static func main() async {
        setvbuf(stdout, nil, _IOLBF, 0)
        var command: any ParsableCommand
        do {
            command = try parseAsRoot(nil)
        } catch {
            exit(withError: error)
        }
        do {
            if var asynchronous = command as? any AsyncParsableCommand {
                try await asynchronous.run()
            } else {
                try command.run()
            }
        } catch {
            ExitStatus.exit(with: error)
        }
    }
}
