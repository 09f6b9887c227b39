import ArgumentParser
import BattleshipAPI
import BattleshipClient

/// `salvo show GAME_ID`: one game's summary.
struct ShowCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show a summary of one game on a server."
    )

    @OptionGroup var serverOptions: ServerOptions

    @Argument(help: "The game's id.")
    var gameId: String

    func run() async throws {
        let (client, http) = serverOptions.makeClient()
        defer { Task { await http.shutdown() } }
        do {
            let detail = try await client.detail(gameId: gameId)
            let status = detail.winner != WireConstants.inProgress ? "DONE, won by \(detail.winner)"
                : detail.player2.isEmpty ? "WAITING for a second player" : "PLAYING"
            print("""
                game      \(detail.name)
                id        \(detail.id)
                players   \(detail.player1)\(detail.player2.isEmpty ? "" : " vs \(detail.player2)")
                status    \(status)
                missiles  \(detail.missilesLaunched)
                """)
        } catch let error as BattleshipClientError {
            throw CLIError(error.description)
        }
    }
}
