import ArgumentParser
import BattleshipAPI
import BattleshipClient

/// `salvo lobby`: the games on a server, as seed 000's lobby shows them.
struct LobbyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lobby",
        abstract: "List the games on a server: name, status, players, missiles launched."
    )

    @OptionGroup var serverOptions: ServerOptions

    @Option(help: "Show only games with this status: WAITING, PLAYING or DONE.")
    var status: GameStatus?

    @Option(help: "Show at most this many games (the newest last).")
    var limit = 200

    @Flag(help: "Print the games as a JSON array (id, name, status, player1, player2, missilesLaunched) instead of a table.")
    var json = false

    /// A game as `--json` prints it.
    struct Row: Encodable {
        var id: String
        var name: String
        var status: String
        var player1: String?
        var player2: String?
        var missilesLaunched: Int?
    }

    func run() async throws {
        try await serverOptions.withClient { client in
            let games = try await client.listGames().filter { status == nil || $0.status == status }.suffix(limit)
            // The list has no players: read each game's detail, a few at a time.
            let details = try await withThrowingTaskGroup(of: (Int, GameDetail).self) { group in
                var results = [GameDetail?](repeating: nil, count: games.count)
                var next = 0
                let rows = Array(games)
                func add() {
                    guard next < rows.count else { return }
                    let index = next
                    next += 1
                    group.addTask { (index, try await client.detail(gameId: rows[index].id)) }
                }
                for _ in 0..<8 { add() }
                while let (index, detail) = try await group.next() {
                    results[index] = detail
                    add()
                }
                return results
            }
            if json {
                try JSONOutput.print(
                    zip(games, details).map { game, detail in
                        Row(
                            id: game.id, name: game.name, status: game.status.rawValue, player1: detail?.player1, player2: detail?.player2,
                            missilesLaunched: detail?.missilesLaunched)
                    })
                return
            }
            print(
                TextTable.render(
                    header: ["name", "status", "players", "missiles", "id"],
                    rows: zip(games, details).map { game, detail in
                        let players = [detail?.player1, detail?.player2].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " vs ")
                        return [game.name, game.status.rawValue, players, detail.map { String($0.missilesLaunched) } ?? "?", game.id]
                    }
                ))
            print("\(games.count) game\(games.count == 1 ? "" : "s")\(status.map { " \($0.rawValue)" } ?? "") on \(client.baseURL)")
        }
    }
}

extension GameStatus: ExpressibleByArgument {
    public init?(argument: String) {
        self.init(rawValue: argument.uppercased())
    }
}
