import BattleshipRules

/// A bot that fires a recorded sequence of shots: the opponent of a solo rematch
/// (`salvo bot-check DIR --rematch FILE`), which plays a student's bot alone against the
/// shots its opponent fired in the recorded game, with no other student's code. Once the
/// recording is used up (the student's bot has changed and the game lasts longer), it fires
/// the cells it has not fired yet in row order. It ignores what it is told.
///
/// ```swift
/// var opponent = ScriptedBot(name: "recorded", shots: [Coordinate(x: 3, y: 4)])
/// try await opponent.nextShot()  // (3, 4)
/// ```
public struct ScriptedBot: Bot {
    public let name: String
    private let shots: [Coordinate]
    private var fired: Set<Coordinate> = []
    private var next = 0

    public init(name: String, shots: [Coordinate]) {
        self.name = name
        self.shots = shots
    }

    public mutating func start(_ game: GameStart) async throws(BotFault) {}

    public mutating func nextShot() async throws(BotFault) -> Coordinate {
        while next < shots.count {
            let cell = shots[next]
            next += 1
            if cell.isOnGrid && !fired.contains(cell) {
                fired.insert(cell)
                return cell
            }
        }
        guard let cell = Coordinate.all.first(where: { !fired.contains($0) }) else { throw .crashed("no cell left to fire at") }
        fired.insert(cell)
        return cell
    }

    public mutating func record(_ cell: Coordinate, result: ShotResult) async throws(BotFault) {}

    public mutating func opponentFired(at cell: Coordinate, result: ShotResult) async throws(BotFault) {}

    public mutating func finish(_ outcome: GameOutcome) async {}
}
