import BattleshipClient
import BattleshipRules

/// One side of a recorded game.
public struct PlayerRecord: Hashable, Sendable {
    /// The bot's display name in the tournament.
    public var bot: String
    /// The version of the bot that played (``BotEntry/version``); nil for a listed bot, and in
    /// journals written before versions.
    public var version: String?
    /// The player name sent to the server.
    public var serverName: String
    /// The player id the server handed out.
    public var playerId: String
    /// The `boardSeed` sent, if any.
    public var boardSeed: UInt64?
    /// The fleet the bot placed itself (`placement: bots`); nil when the fleet came from
    /// ``boardSeed`` or the server.
    public var placedFleet: Fleet?
    /// The player's own board after the end, 100 cells in row order (`SHIP`, `HIT`, `MISS`,
    /// `NONE`), read from `/board`; nil when it could not be read.
    public var finalBoard: [String]?
    /// This player's requests to the server (create or join, polls, guesses, board) and
    /// their latencies.
    public var requests: RequestStatistics

    public init(
        bot: String, serverName: String, playerId: String, boardSeed: UInt64?, placedFleet: Fleet? = nil, finalBoard: [String]? = nil,
        requests: RequestStatistics = RequestStatistics(), version: String? = nil
    ) {
        self.bot = bot
        self.version = version
        self.serverName = serverName
        self.playerId = playerId
        self.boardSeed = boardSeed
        self.placedFleet = placedFleet
        self.finalBoard = finalBoard
        self.requests = requests
    }
}
