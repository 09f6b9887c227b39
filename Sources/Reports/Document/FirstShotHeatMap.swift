import BattleshipRules
import Tournament

/// Where a bot fires first: over its games, how often it fired at each cell within its first
/// ``shotsPerGame`` shots of a game (row order, `y * 10 + x`). Built from the games' shots;
/// forfeits and games without result count with the shots they had.
public struct FirstShotHeatMap: Hashable, Sendable {
    /// How many of its first shots of each game count.
    public var shotsPerGame: Int
    /// Shots at each cell, 100 in row order.
    public var counts: [Int]
    /// Games with at least one shot of the bot.
    public var games: Int

    /// An empty map counting the first `shotsPerGame` shots of each game.
    public init(shotsPerGame: Int) {
        self.shotsPerGame = shotsPerGame
        counts = Array(repeating: 0, count: Coordinate.cellCount)
        games = 0
    }

    /// The map of `bot`'s first `shotsPerGame` shots over `records`.
    public init(bot: String, records: [GameRecord], shotsPerGame: Int) {
        self.init(shotsPerGame: shotsPerGame)
        for record in records { add(record, bot: bot) }
    }

    /// Counts `bot`'s first shots in `record` (in each seat it held).
    public mutating func add(_ record: GameRecord, bot: String) {
        for seat in PlayerSeat.allCases where record.player(seat).bot == bot {
            var taken = 0
            for shot in record.shots where shot.seat == seat {
                guard taken < shotsPerGame else { break }
                let cell = Coordinate(x: shot.x, y: shot.y)
                if cell.isOnGrid { counts[cell.index] += 1 }
                taken += 1
            }
            if taken > 0 { games += 1 }
        }
    }

    /// All shots counted.
    public var total: Int { counts.reduce(0, +) }

    /// The most shots at one cell (0 for an empty map).
    public var maximum: Int { counts.max() ?? 0 }
}
