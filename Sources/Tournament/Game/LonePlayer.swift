import BattleshipAPI
import BattleshipClient
import BattleshipRules
import Bots

/// One bot playing one side of one game against whoever is on the other side (a person,
/// another runner), with plain polling: what `salvo play` does.
public struct LonePlayer: Sendable {
    /// How the game ended for this side.
    public enum Ending: Sendable, Equatable {
        case won(shots: Int)
        case lost(winner: String, shots: Int)
        case forfeited(String)
    }

    let client: BattleshipAPIClient
    let pollInterval: Duration

    public init(client: BattleshipAPIClient, pollInterval: Duration = .milliseconds(500)) {
        self.client = client
        self.pollInterval = pollInterval
    }

    /// Plays `bot` as `playerName` in game `gameId` (already created or joined) until the end.
    public func play(_ bot: any Bot, gameId: String, playerId: String, playerName: String, movesFirst: Bool) async throws -> Ending {
        var bot = bot
        var shots = 0
        do {
            try await bot.start(GameStart(movesFirst: movesFirst))
            let poller = TurnPoller(client: client, gameId: gameId, playerId: playerId, interval: pollInterval)
            while true {
                switch try await poller.waitForTurn() {
                case .finished(let winner):
                    let ending: Ending = winner == playerName ? .won(shots: shots) : .lost(winner: winner, shots: shots)
                    await bot.finish(winner == playerName ? .won : .lost)
                    return ending
                case .yourTurn:
                    let cell = try await bot.nextShot()
                    let outcome = try await client.guess(gameId: gameId, playerId: playerId, at: cell)
                    shots += 1
                    try await bot.record(cell, result: outcome.result)
                }
            }
        } catch let fault as BotFault {
            await bot.finish(.abandoned(reason: fault.description))
            return .forfeited(fault.description)
        } catch {
            await bot.finish(.abandoned(reason: "\(error)"))
            throw error
        }
    }
}
