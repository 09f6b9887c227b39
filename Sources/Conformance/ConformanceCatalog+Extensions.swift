import BattleshipAPI
import BattleshipRules

/// Salvo's extensions of the API, checked only on a server that advertises them at
/// `GET /api/extensions` (docs/server.md); skipped on any other.
extension ConformanceCatalog {
    static var extensionChecks: [ConformanceCheck] {
        [
            ConformanceCheck(
                "extension.fleet", .required,
                "A server that advertises `fleet` seats players with the fleets they place (the board shows exactly those ships) and refuses an invalid fleet with a 400 and a message."
            ) { context in
                try await expectAdvertised(ServerExtensions.fleet, context)
                let carrierDown = [
                    ShipPlacement(length: 5, origin: Coordinate(x: 0, y: 0), orientation: .vertical),
                    ShipPlacement(length: 4, origin: Coordinate(x: 2, y: 0), orientation: .vertical),
                    ShipPlacement(length: 3, origin: Coordinate(x: 4, y: 4), orientation: .horizontal),
                    ShipPlacement(length: 3, origin: Coordinate(x: 9, y: 1), orientation: .vertical),
                    ShipPlacement(length: 2, origin: Coordinate(x: 7, y: 9), orientation: .horizontal),
                ]
                let playerName = CheckContext.uniqueName("ann")
                let gameName = CheckContext.uniqueName("check fleet")
                let created = try await context.post(
                    "/api/games",
                    [
                        ("gameName", .string(gameName)), ("playerName", .string(playerName)), ("fleet", fleetJSON(carrierDown)),
                    ])
                let json = try context.expectSuccess(created, "Creating a game with a placed fleet")
                guard let gameId = json["gameId"]?.stringValue, let playerId = json["playerId"]?.stringValue else {
                    throw CheckFinding.failure("Creating a game with a placed fleet: the reply lacks \"gameId\" and \"playerId\".", exchange: created)
                }
                let game = try await context.join(StartedGame(id: gameId, name: gameName, creator: .init(id: playerId, name: playerName)))
                let (board, exchange) = try await context.board(game, game.creator)
                let placed = Set(carrierDown.flatMap(\.cells))
                try context.expect(
                    board.ownShipCells == placed,
                    "The creator's playerBoard shows other ship cells than the fleet it placed (\(board.ownShipCells.count) cells, \(board.ownShipCells.subtracting(placed).count) of them not placed).",
                    exchange)

                // The same ships with the cruiser laid across the carrier: they overlap at (0, 1).
                var overlapping = carrierDown
                overlapping[2] = ShipPlacement(length: 3, origin: Coordinate(x: 0, y: 1), orientation: .horizontal)
                let refused = try await context.post(
                    "/api/games",
                    [
                        ("gameName", .string(CheckContext.uniqueName("check fleet"))), ("playerName", .string(CheckContext.uniqueName("ann"))),
                        ("fleet", fleetJSON(overlapping)),
                    ])
                try context.expect(
                    refused.status == 400,
                    "A fleet whose ships overlap was answered \(refused.status.map(String.init) ?? "with no reply"); expected 400.", refused)
                let message = refused.json?["message"]?.stringValue ?? ""
                try context.expect(!message.isEmpty, "The 400 for overlapping ships has no message that names the problem.", refused)
            }
        ]
    }

    /// Ends the check as skipped unless the server lists `name` at `GET /api/extensions`.
    static func expectAdvertised(_ name: String, _ context: CheckContext) async throws {
        let exchange = try await context.get("/api/extensions")
        let names = exchange.status == 200 ? (exchange.json?["extensions"]?.arrayValue ?? []).compactMap(\.stringValue) : []
        guard names.contains(name) else {
            throw CheckFinding.skip("The server does not advertise the `\(name)` extension at GET /api/extensions, so its check does not apply.")
        }
    }

    /// The fleet as the extension sends it.
    static func fleetJSON(_ ships: [ShipPlacement]) -> JSONValue {
        .array(
            ships.map { ship in
                .object([
                    ("length", .number(Double(ship.length))), ("x", .number(Double(ship.origin.x))), ("y", .number(Double(ship.origin.y))),
                    ("orientation", .string(ship.orientation.rawValue)),
                ])
            })
    }
}
