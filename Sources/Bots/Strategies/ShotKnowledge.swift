import BattleshipRules

/// What a shooter knows of the opponent's ocean: its shots, hits, misses, the cells of
/// the ships it sank (inferred from the sinking shot and the length), and the ships left.
struct ShotKnowledge: Sendable {
    private(set) var shots = CellSet.empty
    private(set) var hits = CellSet.empty
    private(set) var misses = CellSet.empty
    /// Cells inferred to belong to sunk ships.
    private(set) var sunkCells = CellSet.empty
    /// The lengths of the ships not sunk yet.
    private(set) var remainingLengths: [Int] = []

    init(fleetLengths: [Int] = Fleet.standardLengths) {
        remainingLengths = fleetLengths
    }

    /// Hits not (yet) explained by a sunk ship.
    var openHits: CellSet { hits.subtracting(sunkCells) }

    /// Cells no unsunk ship may cover.
    var blocked: CellSet { misses.union(sunkCells) }

    func wasShot(_ index: Int) -> Bool { shots.contains(index) }

    /// This knowledge with one more shot recorded: for looking ahead.
    func recording(_ index: Int, result: ShotResult) -> ShotKnowledge {
        var next = self
        next.record(index, result: result)
        return next
    }

    mutating func record(_ index: Int, result: ShotResult) {
        shots.insert(index)
        switch result {
        case .miss:
            misses.insert(index)
        case .hit:
            hits.insert(index)
        case .sunk(let length):
            hits.insert(index)
            if let position = remainingLengths.firstIndex(of: length) {
                remainingLengths.remove(at: position)
            }
            assignSunkShip(endingAt: index, length: length)
        }
    }

    /// Marks the `length` cells of the ship that `index` sank. Among the directions whose
    /// `length` cells are all open hits, prefers one whose run of hits is exactly that
    /// long; when none fits, nothing is marked.
    private mutating func assignSunkShip(endingAt index: Int, length: Int) {
        let size = Coordinate.gridSize
        let x = index % size
        let y = index / size
        var best: CellSet?
        var bestIsExact = false
        for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
            var mask = CellSet.empty
            var fits = true
            for step in 0..<length {
                let cx = x + dx * step
                let cy = y + dy * step
                guard (0..<size).contains(cx), (0..<size).contains(cy),
                    step == 0 || (hits.contains(cy * size + cx) && !sunkCells.contains(cy * size + cx))
                else {
                    fits = false
                    break
                }
                mask.insert(cy * size + cx)
            }
            guard fits else { continue }
            let bx = x + dx * length
            let by = y + dy * length
            let beyondIsHit =
                (0..<size).contains(bx) && (0..<size).contains(by)
                && hits.contains(by * size + bx) && !sunkCells.contains(by * size + bx)
            if best == nil || (!bestIsExact && !beyondIsHit) {
                best = mask
                bestIsExact = !beyondIsHit
            }
        }
        if let best { sunkCells = sunkCells.union(best) }
    }
}
