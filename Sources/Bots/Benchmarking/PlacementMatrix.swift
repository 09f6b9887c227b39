import BattleshipRules

/// Each targeting built-in against each ``PlacementStrategy``: the mean shots to sink fleets
/// placed that way, over `games` seeded games per cell, with 95% intervals (`salvo bench
/// --placement`). More shots is better for the placement.
///
/// Game i of every cell uses the same seeds, so cells compare on the same draws. The adaptive
/// placement learns each targeting bot over that bot's earlier games in the column, as a bot
/// that is told its opponent (`tell_opponent: true`) can over a tournament.
public struct PlacementMatrix: Sendable {
    /// One cell: a targeting bot against a placement.
    public struct Cell: Sendable {
        public var targeting: BuiltInBot
        public var placement: PlacementStrategy
        public var statistics: BenchStatistics
    }

    public let cells: [Cell]

    /// Plays `games` games per cell; `progress` is told each finished cell.
    public init(
        targeting: [BuiltInBot] = BuiltInBot.allCases.filter { $0.placement == nil }, placements: [PlacementStrategy] = PlacementStrategy.allCases,
        games: Int, seed: UInt64, progress: (Cell) -> Void = { _ in }
    ) {
        var cells: [Cell] = []
        for bot in targeting {
            for placement in placements {
                var map = OpponentShotMap()
                var shots: [Int] = []
                shots.reserveCapacity(games)
                for game in 0..<games {
                    let fleet = placement.fleet(seed: GameSeeds.board(run: seed, game: game), against: map)
                    let fired = bot.soloShots(against: fleet, seed: GameSeeds.bot(run: seed, game: game))
                    shots.append(fired.count)
                    if placement == .adaptive { map.add(shots: fired) }
                }
                let cell = Cell(targeting: bot, placement: placement, statistics: BenchStatistics(shots))
                progress(cell)
                cells.append(cell)
            }
        }
        self.cells = cells
    }

    /// The cell of `bot` against `placement`.
    public func cell(_ bot: BuiltInBot, _ placement: PlacementStrategy) -> Cell? {
        cells.first { $0.targeting == bot && $0.placement == placement }
    }
}
