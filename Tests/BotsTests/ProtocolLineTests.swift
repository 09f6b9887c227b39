import BattleshipRules
import Testing

@testable import Bots

@Suite("The line protocol's exact lines")
struct ProtocolLineTests {
    @Test("lines Salvo sends")
    func sent() {
        #expect(ProtocolLine.hello() == "salvo 1")
        #expect(ProtocolLine.newGame(GameStart(movesFirst: false), seed: 42) == "new-game 10 5,4,3,3,2 second 42")
        #expect(ProtocolLine.result(Coordinate(x: 3, y: 4), .sunk(length: 3)) == "result 3 4 sunk 3")
        #expect(ProtocolLine.opponentShot(Coordinate(x: 0, y: 9), .miss) == "opponent-shot 0 9 miss")
        #expect(ProtocolLine.gameOver(.abandoned(reason: "x")) == "game-over abandoned")
    }

    @Test("lines a bot sends, parsed leniently about spaces and strictly about words")
    func received() {
        #expect(ProtocolLine.parseName("name  My Bot ") == "My Bot")
        #expect(ProtocolLine.parseName("name") == nil)
        #expect(ProtocolLine.parseShot("shot 3 4") == Coordinate(x: 3, y: 4))
        #expect(ProtocolLine.parseShot(" shot  -1 12") == Coordinate(x: -1, y: 12))
        #expect(ProtocolLine.parseShot("shot 3") == nil)
        #expect(ProtocolLine.parseShot("shot a b") == nil)
        #expect(ProtocolLine.isReady("ready "))
    }
}
