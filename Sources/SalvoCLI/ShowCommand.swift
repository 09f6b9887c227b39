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

    @Flag(help: "Print the game as JSON (id, name, status, player1, player2, winner, missilesLaunched).")
    var json = false

    /// The game as `--json` prints it.
    struct Shown: Encodable {
        var id: String
        var name: String
        var status: String
        var player1: String
        var player2: String
        /// The winner's name, or nil while the game goes on.
        var winner: String?
        var missilesLaunched: Int
    }

    func run() async throws {
        try await serverOptions.withClient { client in
            let detail = try await client.detail(gameId: gameId)
            if json {
                let done = detail.winner != WireConstants.inProgress
                try JSONOutput.print(
                    Shown(
                        id: detail.id, name: detail.name, status: done ? "DONE" : detail.player2.isEmpty ? "WAITING" : "PLAYING",
                        player1: detail.player1, player2: detail.player2, winner: done ? detail.winner : nil,
                        missilesLaunched: detail.missilesLaunched
                    ))
                return
            }
            let status =
                detail.winner != WireConstants.inProgress
                ? "DONE, won by \(detail.winner)"
                : detail.player2.isEmpty ? "WAITING for a second player" : "PLAYING"
            print(
                """
                game      \(detail.name)
                id        \(detail.id)
                players   \(detail.player1)\(detail.player2.isEmpty ? "" : " vs \(detail.player2)")
                status    \(status)
                missiles  \(detail.missilesLaunched)
                """)
        }
    }
}
