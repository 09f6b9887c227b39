import Bots

extension BenchCommand {
    /// `salvo bench --placement`: the matrix of mean shots, targeting built-ins in rows and
    /// placement strategies in columns, each with its 95% interval.
    func runPlacementMatrix() {
        // Admiral targets as champion does: its row would repeat champion's.
        let targeting = bots.isEmpty ? BuiltInBot.allCases.filter { $0.placement == nil } : bots.compactMap(BuiltInBot.init(rawValue:))
        let placements = PlacementStrategy.allCases
        let notes = console.notes
        let matrix = PlacementMatrix(targeting: targeting, placements: placements, games: games, seed: seed) { cell in
            notes.say("\(cell.targeting.rawValue) against \(cell.placement.rawValue): done")
        }
        print("Mean shots to sink the fleet (95% interval), \(games) games per cell, seed \(seed); more is better for the placement.")
        print(
            "targeting".padding(toLength: 13, withPad: " ", startingAt: 0)
                + placements.map { $0.rawValue.padding(toLength: 18, withPad: " ", startingAt: 0) }.joined())
        for bot in targeting {
            var line = bot.rawValue.padding(toLength: 13, withPad: " ", startingAt: 0)
            for placement in placements {
                guard let cell = matrix.cell(bot, placement) else { continue }
                let text = String(format: "%.2f ± %.2f", cell.statistics.mean, cell.statistics.halfWidth95)
                line += text.padding(toLength: 18, withPad: " ", startingAt: 0)
            }
            print(line)
        }
    }
}
