import BattleshipAPI

/// Writes the API's replies as JSON text directly, keys in sorted order. The replies are
/// small, fixed shapes, and writing them by hand keeps `JSONEncoder` off every request's path.
enum WireJSON {
    static func encode(_ value: CreateGameResponse) -> String {
        "{\"gameId\":\(JSONText.quoted(value.gameId)),\"playerId\":\(JSONText.quoted(value.playerId))}"
    }

    static func encode(_ value: JoinGameResponse) -> String {
        "{\"playerId\":\(JSONText.quoted(value.playerId))}"
    }

    static func encode(_ value: GuessResponse) -> String {
        "{\"hit\":\(value.hit),\"shipSunk\":\(value.shipSunk)}"
    }

    static func encode(_ value: TurnStatus) -> String {
        "{\"isYourTurn\":\(value.isYourTurn),\"winner\":\(JSONText.quoted(value.winner))}"
    }

    static func encode(_ value: ErrorBody) -> String {
        "{\"message\":\(JSONText.quoted(value.message))}"
    }

    static func encode(_ value: GameDetail) -> String {
        "{\"id\":\(JSONText.quoted(value.id)),\"missilesLaunched\":\(value.missilesLaunched),\"name\":\(JSONText.quoted(value.name))," +
            "\"player1\":\(JSONText.quoted(value.player1)),\"player2\":\(JSONText.quoted(value.player2)),\"winner\":\(JSONText.quoted(value.winner))}"
    }

    static func encode(_ list: [GameSummary]) -> String {
        var text = "["
        text.reserveCapacity(list.count * 90 + 2)
        for (index, game) in list.enumerated() {
            if index > 0 { text += "," }
            text += "{\"id\":\(JSONText.quoted(game.id)),\"name\":\(JSONText.quoted(game.name)),\"status\":\"\(game.status.rawValue)\"}"
        }
        return text + "]"
    }

}
