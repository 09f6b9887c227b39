import BattleshipRules
import Bots
import Foundation

/// Everything recorded of one game: the replay and the outcome. Appended to the journal
/// when the game ends; reports and replays are built from these.
public struct GameRecord: Hashable, Sendable {
    /// The game's index in the schedule.
    public var index: Int
    /// The server's base URL.
    public var server: String
    public var gameId: String
    public var gameName: String
    /// The two players in seat order: ``BattleshipRules/PlayerSeat/one`` created the game
    /// and moved first, ``BattleshipRules/PlayerSeat/two`` joined.
    public var players: [PlayerRecord]
    public var shots: [ShotRecord]
    public var termination: Termination
    /// The winning seat, if any (for a forfeit, the seat that did not forfeit).
    public var winner: PlayerSeat?
    /// Why the game ended as it did (the forfeit's or the failure's cause).
    public var reason: String?
    /// For a forfeit, the fault's kind; nil otherwise.
    public var forfeitKind: ForfeitKind?
    /// For a forfeit by an external bot, the last lines it wrote to stderr in this game when it
    /// forfeited (``Bots/StderrTail``); nil otherwise, when it wrote nothing, and in journals
    /// written before this was kept.
    public var stderrTail: String?
    public var startedAt: Date
    public var durationMilliseconds: Double

    public init(
        index: Int, server: String, gameId: String, gameName: String, players: [PlayerRecord], shots: [ShotRecord],
        termination: Termination, winner: PlayerSeat?, reason: String?, forfeitKind: ForfeitKind? = nil, stderrTail: String? = nil,
        startedAt: Date, durationMilliseconds: Double
    ) {
        self.index = index
        self.server = server
        self.gameId = gameId
        self.gameName = gameName
        self.players = players
        self.shots = shots
        self.termination = termination
        self.winner = winner
        self.reason = reason
        self.forfeitKind = forfeitKind
        self.stderrTail = stderrTail
        self.startedAt = startedAt
        self.durationMilliseconds = durationMilliseconds
    }

    /// The player in `seat`.
    public func player(_ seat: PlayerSeat) -> PlayerRecord {
        players[seat.index]
    }

    /// The losing seat of a decided game (for a forfeit, the seat that forfeited).
    public var loser: PlayerSeat? { winner?.opponent }

    /// Shots fired by `seat`.
    public func shotCount(of seat: PlayerSeat) -> Int {
        shots.count { $0.seat == seat }
    }
}
