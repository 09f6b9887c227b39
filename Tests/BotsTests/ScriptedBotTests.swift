import BattleshipRules
import Bots
import Testing

/// The recorded opponent of a solo rematch.
@Suite("ScriptedBot")
struct ScriptedBotTests {
    @Test("it fires its shots in order, skipping repeats and cells off the grid, then the cells it has not fired in row order")
    func firesTheRecording() async throws {
        var bot = ScriptedBot(
            name: "recorded", shots: [Coordinate(x: 3, y: 4), Coordinate(x: 3, y: 4), Coordinate(x: 10, y: 0), Coordinate(x: 0, y: 0)])
        try await bot.start(GameStart(movesFirst: true))
        var fired: [Coordinate] = []
        for _ in 0..<4 { fired.append(try await bot.nextShot()) }
        #expect(fired == [Coordinate(x: 3, y: 4), Coordinate(x: 0, y: 0), Coordinate(x: 1, y: 0), Coordinate(x: 2, y: 0)])
        for _ in 4..<100 { _ = try await bot.nextShot() }
        await #expect(throws: BotFault.self) { try await bot.nextShot() }
    }
}
