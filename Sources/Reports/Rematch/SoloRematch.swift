import BattleshipRules
import Foundation
import JSONCoding
import Tournament

/// One recorded game, as a student may play it again with their own bot alone: their seat and
/// bot seed, both fleets, and every shot fired (`private/TOKEN/rematch/NNNN.json` of a
/// published run, docs/publishing.md). `salvo bot-check DIR --rematch FILE` plays the bot in
/// that seat against a ``Bots/ScriptedBot`` that fires the opponent's recorded shots: the
/// bot is told and asked what it was in the tournament, and a deterministic bot fires the same
/// shots and fails at the same move, with no other student's code.
///
/// ```swift
/// let solo = try SoloRematch(plan: RematchPlan(journal: journal, index: 17), bot: "alice")
/// try JSONFormat.file(solo)   // what the private page links
/// ```
public struct SoloRematch: Hashable, Sendable, Codable {
    /// The layout version; raised when a field changes meaning or disappears.
    public static let currentSchemaVersion = 1

    public var schemaVersion: Int
    public var tournament: String
    /// The game's schedule index.
    public var game: Int
    /// The student's entry in the game, and its seat (0 moves first).
    public var bot: String
    public var seat: Int
    /// The seed the bot was given in `new-game`, as a string (64 bits).
    public var botSeed: String
    /// Both fleets, in seat order.
    public var fleets: [Fleet]
    /// Every shot of the recorded game, in order.
    public var shots: [ShotRecord]
    /// How the recorded game ended for the bot ("forfeit: …", "won", "lost").
    public var recordedEnding: String

    /// The solo rematch of `bot`'s seat in `plan`'s recorded game; nil when the game has no
    /// record or `bot` did not play it.
    public init?(plan: RematchPlan, bot: String) {
        guard let recorded = plan.recorded, let seat = plan.bots.firstIndex(where: { $0.name == bot }) else { return nil }
        schemaVersion = Self.currentSchemaVersion
        tournament = plan.tournament
        game = plan.index
        self.bot = bot
        self.seat = seat
        botSeed = String(plan.botSeeds[seat])
        fleets = plan.fleets
        shots = recorded.shots
        if recorded.termination == .forfeit, recorded.loser?.index == seat {
            recordedEnding = "forfeit: " + (recorded.reason ?? "no reason recorded")
        } else {
            recordedEnding = recorded.winner?.index == seat ? "won" : recorded.winner == nil ? recorded.termination.rawValue : "lost"
        }
    }

    /// The opponent's recorded shots, in order.
    public var opponentShots: [Coordinate] {
        shots.filter { $0.seat.index != seat }.map { Coordinate(x: $0.x, y: $0.y) }
    }

    /// The bot's own recorded shots, in order.
    public var ownShots: [Coordinate] {
        shots.filter { $0.seat.index == seat }.map { Coordinate(x: $0.x, y: $0.y) }
    }

    /// The first of the bot's own shots (counted from 1) where `replayed` differs from the
    /// recording; nil when it fired the same shots.
    public func firstDifference(_ replayed: [Coordinate]) -> Int? {
        let own = ownShots
        if let position = zip(replayed, own).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset { return position + 1 }
        return replayed.count == own.count ? nil : min(replayed.count, own.count) + 1
    }

    /// `rematch/0017.json`, relative to the student's private folder.
    public static func fileName(game: Int) -> String {
        "rematch/\(ReportLayout.replayName(index: game)).json"
    }
}
