import Foundation
import Tournament

/// One game's replay (`replays/NNNN.json`): both fleets, every shot in order with its result
/// and time, and the outcome. Schema version 1, documented in reports/README.md. Built by
/// ``ReplayBuilder`` from a journal's `GameRecord`; the replay viewer page embeds it.
public struct ReplayDocument: Hashable, Sendable, Codable {
    /// The version of this layout.
    public static let currentSchemaVersion = 1

    public var schemaVersion: Int
    public var tournament: String
    /// The game's place in the schedule.
    public var index: Int
    /// The id the server gave the game.
    public var gameId: String
    /// The game's name on the server.
    public var gameName: String
    /// The server's base URL.
    public var server: String
    /// When the game started (ISO 8601) and how long it took.
    public var startedAt: Date
    public var durationMilliseconds: Int
    /// Seat 0 created the game and moved first; seat 1 joined.
    public var players: [Player]
    /// Every accepted shot, in order.
    public var shots: [ShotRecord]
    public var outcome: Outcome

    public init(
        tournament: String, index: Int, gameId: String, gameName: String, server: String, startedAt: Date, durationMilliseconds: Int,
        players: [Player], shots: [ShotRecord], outcome: Outcome
    ) {
        self.schemaVersion = Self.currentSchemaVersion
        self.tournament = tournament
        self.index = index
        self.gameId = gameId
        self.gameName = gameName
        self.server = server
        self.startedAt = startedAt
        self.durationMilliseconds = durationMilliseconds
        self.players = players
        self.shots = shots
        self.outcome = outcome
    }
}
