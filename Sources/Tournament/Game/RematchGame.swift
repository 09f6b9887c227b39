import BattleshipRules
import Bots
import DurationUnits

/// One game played again in-process, with the rules engine in place of a server: the bots
/// are told and asked exactly what a run tells and asks them (the opponent's shots before their
/// own turn, the result after their shot), so deterministic bots with the run's seeds fire the
/// run's shots again.
///
/// ```swift
/// var bots: [any Bot] = plan.bots.enumerated().map { seat, entry in ... }
/// let result = await RematchGame.play(bots: &bots, fleets: plan.fleets)
/// ```
public enum RematchGame {
    /// How the game went.
    public struct Result: Sendable {
        /// Every shot, in order.
        public var shots: [ShotRecord]
        /// The seat that sank the other's fleet, or the one that did not forfeit.
        public var winner: PlayerSeat?
        /// The seat that forfeited, and why.
        public var forfeit: (seat: PlayerSeat, fault: BotFault)?
    }

    /// Plays `bots` (seat order; seat one moves first) against each other's fleet in `fleets`
    /// to the end or the first fault, then finishes both.
    public static func play(bots: inout [any Bot], fleets: [Fleet]) async -> Result {
        var game = Game(fleetOne: fleets[0], fleetTwo: fleets[1])
        var shots: [ShotRecord] = []
        var unheard: [[ShotRecord]] = [[], []]
        let start = ContinuousClock.now
        var seat = PlayerSeat.one
        do throws(BotFault) {
            for current in PlayerSeat.allCases {
                seat = current
                try await bots[current.index].start(GameStart(movesFirst: current == .one))
            }
            seat = .one
            while !game.isOver {
                let turn = seat.index
                for shot in unheard[turn] {
                    try await bots[turn].opponentFired(at: Coordinate(x: shot.x, y: shot.y), result: ShotResult(hit: shot.hit, sunkLength: shot.sunk))
                }
                unheard[turn] = []
                let cell = try await bots[turn].nextShot()
                guard cell.isOnGrid else { throw .offGrid(cell) }
                let result: ShotResult
                do { result = try game.fire(by: seat, at: cell) } catch { throw .repeatedShot(cell) }
                let shot = ShotRecord(
                    seat: seat, x: cell.x, y: cell.y, hit: result.isHit, sunk: result.sunkLength,
                    atMilliseconds: Int((ContinuousClock.now - start).milliseconds))
                shots.append(shot)
                unheard[seat.opponent.index].append(shot)
                try await bots[turn].record(cell, result: result)
                if !game.isOver { seat = seat.opponent }
            }
        } catch {
            for other in PlayerSeat.allCases {
                await bots[other.index].finish(other == seat ? .abandoned(reason: error.description) : .abandoned(reason: "the opponent forfeited"))
            }
            return Result(shots: shots, winner: seat.opponent, forfeit: (seat, error))
        }
        for other in PlayerSeat.allCases { await bots[other.index].finish(other == seat ? .won : .lost) }
        return Result(shots: shots, winner: seat, forfeit: nil)
    }

    /// The first shot where `replayed` and `recorded` differ (seat, cell or result), counted
    /// from 1; nil when they are the same sequence.
    public static func firstDifference(_ replayed: [ShotRecord], _ recorded: [ShotRecord]) -> Int? {
        for (position, (a, b)) in zip(replayed, recorded).enumerated()
        where a.seat != b.seat || a.x != b.x || a.y != b.y || a.hit != b.hit || a.sunk != b.sunk {
            return position + 1
        }
        return replayed.count == recorded.count ? nil : min(replayed.count, recorded.count) + 1
    }
}
