/// The request bodies of a load run, written by hand: a few fields each, and a `JSONEncoder`
/// per request would cost more than the rest of the client's work on the request.
enum JSONBody {
    static func create(gameName: String, playerName: String, boardSeed: UInt64) -> [UInt8] {
        Array(#"{"gameName":\#(quoted(gameName)),"playerName":\#(quoted(playerName)),"boardSeed":\#(boardSeed)}"#.utf8)
    }

    static func join(playerName: String, boardSeed: UInt64) -> [UInt8] {
        Array(#"{"playerName":\#(quoted(playerName)),"boardSeed":\#(boardSeed)}"#.utf8)
    }

    /// The body of `/status` and `/board`.
    static func player(_ playerId: String) -> [UInt8] {
        Array(#"{"playerId":\#(quoted(playerId))}"#.utf8)
    }

    static func guess(playerId: String, x: Int, y: Int) -> [UInt8] {
        Array(#"{"playerId":\#(quoted(playerId)),"xPos":\#(x),"yPos":\#(y)}"#.utf8)
    }

    /// `text` as a JSON string literal, quotes included.
    static func quoted(_ text: String) -> String {
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
