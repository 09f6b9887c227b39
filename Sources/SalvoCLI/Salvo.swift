import ArgumentParser
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
            PlayCommand.self,
            ServeCommand.self,
            LobbyCommand.self,
            ShowCommand.self,
            GamesCommand.self,
            HTTPBenchCommand.self,
            BenchCommand.self,
            BotCheckCommand.self,
            CheckCommand.self,
            ReportCommand.self,
            MergeCommand.self,
            ClusterCommand.self,
            ReplayCommand.self,
            RematchCommand.self,
            PublishCommand.self,
            LoadCommand.self,
        ]
    )
}
