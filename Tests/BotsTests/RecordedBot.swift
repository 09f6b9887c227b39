import BattleshipRules
import Testing

@testable import Bots

/// A bot that notes each of its own shots and what it did, and passes every call through: what
/// a solo game was, shot by shot, for a test to hold the game's count against.
struct RecordedBot<Inner: Bot>: Bot {
    var inner: Inner
    /// The bot's shots in the order fired, with their results.
    private(set) var fired: [(cell: Coordinate, result: ShotResult)] = []

    init(_ inner: Inner) { self.inner = inner }

    var name: String { get async { await inner.name } }

    mutating func start(_ game: GameStart) async throws(BotFault) { try await inner.start(game) }

    mutating func nextShot() async throws(BotFault) -> Coordinate { try await inner.nextShot() }

    mutating func record(_ cell: Coordinate, result: ShotResult) async throws(BotFault) {
        fired.append((cell, result))
        try await inner.record(cell, result: result)
    }

    mutating func opponentFired(at cell: Coordinate, result: ShotResult) async throws(BotFault) {
        try await inner.opponentFired(at: cell, result: result)
    }

    mutating func finish(_ outcome: GameOutcome) async { await inner.finish(outcome) }

    mutating func placeFleet(seed: UInt64) async throws(BotFault) -> Fleet? { try await inner.placeFleet(seed: seed) }

    /// Expects `result` to be this bot's whole game against `fleet`, won: no fault; as many
    /// shots counted as fired; no cell fired twice; hits on exactly the fleet's cells, each ship
    /// sunk once with its length; and the last shot sinking the last ship. Not a range such as
    /// 17...100, which any count of any game would pass.
    func expectWholeGame(_ result: SoloResult, against fleet: Fleet, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(result.fault == nil, "\(String(describing: result.fault))", sourceLocation: sourceLocation)
        #expect(result.shots == fired.count, "\(result.shots) counted, \(fired.count) fired", sourceLocation: sourceLocation)
        #expect(Set(fired.map(\.cell)).count == fired.count, "a cell fired twice", sourceLocation: sourceLocation)
        let hits = Set(fired.filter(\.result.isHit).map(\.cell))
        #expect(hits == Set(fleet.ships.flatMap(\.cells)), "hits off the fleet's cells", sourceLocation: sourceLocation)
        #expect(fired.filter(\.result.isHit).count == fleet.cellCount, sourceLocation: sourceLocation)
        let sunk = fired.map(\.result.sunkLength).filter { $0 > 0 }
        #expect(sunk.sorted() == fleet.lengths.sorted(), "sunk \(sunk)", sourceLocation: sourceLocation)
        #expect(fired.last?.result.sunkLength ?? 0 > 0, "the game went on after the last ship sank", sourceLocation: sourceLocation)
    }
}
