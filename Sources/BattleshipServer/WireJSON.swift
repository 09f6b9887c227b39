import BattleshipAPI

/// Writes the API's replies as JSON text directly, keys in sorted order. The replies are
/// small, fixed shapes, and writing them by hand keeps `JSONEncoder` off every request's path.
enum WireJSON {
    static func encode(_ value: CreateGameResponse) -> String {
        "{\"gameId\":\(quoted(value.gameId)),\"playerId\":\(quoted(value.playerId))}"
    }

    static func encode(_ value: JoinGameResponse) -> String {
        "{\"playerId\":\(quoted(value.playerId))}"
    }

    static func encode(_ value: GuessResponse) -> String {
        "{\"hit\":\(value.hit),\"shipSunk\":\(value.shipSunk)}"
    }

    static func encode(_ value: TurnStatus) -> String {
        "{\"isYourTurn\":\(value.isYourTurn),\"winner\":\(quoted(value.winner))}"
    }

    static func encode(_ value: ErrorBody) -> String {
        "{\"message\":\(quoted(value.message))}"
    }

    static func encode(_ value: GameDetail) -> String {
        "{\"id\":\(quoted(value.id)),\"missilesLaunched\":\(value.missilesLaunched),\"name\":\(quoted(value.name))," +
            "\"player1\":\(quoted(value.player1)),\"player2\":\(quoted(value.player2)),\"winner\":\(quoted(value.winner))}"
    }

    static func encode(_ list: [GameSummary]) -> String {
        var text = "["
        text.reserveCapacity(list.count * 90 + 2)
        for (index, game) in list.enumerated() {
            if index > 0 { text += "," }
            text += "{\"id\":\(quoted(game.id)),\"name\":\(quoted(game.name)),\"status\":\"\(game.status.rawValue)\"}"
        }
        return text + "]"
    }

    /// `text` as a JSON string literal: quotes, backslashes and control characters escaped.
    static func quoted(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else {
            return "\"" + text + "\""
        }
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
