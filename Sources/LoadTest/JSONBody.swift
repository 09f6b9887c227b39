import BattleshipAPI
/// The request bodies of a load run, written by hand: a few fields each, and a `JSONEncoder`
/// per request would cost more than the rest of the client's work on the request.
enum JSONBody {
    static func create(gameName: String, playerName: String, boardSeed: UInt64) -> [UInt8] {
        Array(#"{"gameName":\#(JSONText.quoted(gameName)),"playerName":\#(JSONText.quoted(playerName)),"boardSeed":\#(boardSeed)}"#.utf8)
    }

    static func join(playerName: String, boardSeed: UInt64) -> [UInt8] {
        Array(#"{"playerName":\#(JSONText.quoted(playerName)),"boardSeed":\#(boardSeed)}"#.utf8)
    }

    /// The body of `/status` and `/board`.
    static func player(_ playerId: String) -> [UInt8] {
        Array(#"{"playerId":\#(JSONText.quoted(playerId))}"#.utf8)
    }

    static func guess(playerId: String, x: Int, y: Int) -> [UInt8] {
        Array(#"{"playerId":\#(JSONText.quoted(playerId)),"xPos":\#(x),"yPos":\#(y)}"#.utf8)
    }

}
