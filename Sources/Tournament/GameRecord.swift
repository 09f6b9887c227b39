import Foundation

/// Everything recorded of one game: the replay and the outcome. Appended to the journal
/// when the game ends; reports and replays are built from these.
public struct GameRecord: Hashable, Sendable, Codable {
    /// The version of this record's layout (docs/journal.md).
    public static let schemaVersion = 1

    public var schemaVersion: Int
    /// The game's index in the schedule.
    public var index: Int
    /// The server's base URL.
    public var server: String
    public var gameId: String
    public var gameName: String
    /// Seat 0 created the game and moved first; seat 1 joined.
    public var players: [PlayerRecord]
    public var shots: [ShotRecord]
    public var termination: Termination
    /// The winning seat, if any (for a forfeit, the seat that did not forfeit).
    public var winnerSeat: Int?
    /// Why the game ended as it did (the forfeit's or the failure's cause).
    public var reason: String?
    /// For a forfeit, the fault's one-word kind (`launch`, `crash`, `timeout`, `malformed`,
    /// `off-grid`, `repeat`; see `BotFault.kind`); nil otherwise.
    public var forfeitKind: String?
    public var startedAt: Date
    public var durationMilliseconds: Double

    public init(
        index: Int, server: String, gameId: String, gameName: String, players: [PlayerRecord], shots: [ShotRecord],
        termination: Termination, winnerSeat: Int?, reason: String?, forfeitKind: String? = nil, startedAt: Date,
        durationMilliseconds: Double
    ) {
        self.schemaVersion = Self.schemaVersion
        self.index = index
        self.server = server
        self.gameId = gameId
        self.gameName = gameName
        self.players = players
        self.shots = shots
        self.termination = termination
        self.winnerSeat = winnerSeat
        self.reason = reason
        self.forfeitKind = forfeitKind
        self.startedAt = startedAt
        self.durationMilliseconds = durationMilliseconds
    }

    /// Shots fired by each seat.
    public var shotsPerSeat: [Int] {
        [shots.filter { $0.seat == 0 }.count, shots.filter { $0.seat == 1 }.count]
    }
}
