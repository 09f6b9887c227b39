import BattleshipRules

/// How one solo game went: the shots the bot needed to sink the fleet, or its fault.
public struct SoloResult: Hashable, Sendable {
    /// The shots fired, including the last one.
    public var shots: Int
    /// Why the bot forfeited, if it did; `shots` is then the count before the fault.
    public var fault: BotFault?

    public init(shots: Int, fault: BotFault? = nil) {
        self.shots = shots
        self.fault = fault
    }
}

/// One bot alone against one fleet: it fires until every ship sinks, with the rules engine
/// in-process. The fleet comes from `Fleet.random(using:)`, the server's placement code.
///
/// ```swift
/// var strategy = DensityStrategy(seed: 1)
/// let shots = SoloGame.play(&strategy, against: .seeded(42))
/// ```
public enum SoloGame {
    /// Plays a built-in strategy to the end and returns the number of shots.
    /// An illegal shot from a strategy is a programming error and stops the process.
    public static func play<S: Strategy>(_ strategy: inout S, against fleet: Fleet) -> Int {
        var board = OceanBoard(fleet: fleet)
        strategy.start(GameStart(fleetLengths: fleet.lengths))
        var shots = 0
        while !board.isDefeated {
            let cell = strategy.nextShot()
            do {
                let result = try board.fire(at: cell)
                shots += 1
                strategy.record(cell, result: result)
            } catch {
                preconditionFailure("built-in strategy \(S.self) fired illegally: \(error)")
            }
        }
        return shots
    }

    /// As ``play(_:against:)``, returning the shots in the order fired.
    public static func shots<S: Strategy>(_ strategy: inout S, against fleet: Fleet) -> [Coordinate] {
        var board = OceanBoard(fleet: fleet)
        strategy.start(GameStart(fleetLengths: fleet.lengths))
        var shots: [Coordinate] = []
        while !board.isDefeated {
            let cell = strategy.nextShot()
            do {
                let result = try board.fire(at: cell)
                shots.append(cell)
                strategy.record(cell, result: result)
            } catch {
                preconditionFailure("built-in strategy \(S.self) fired illegally: \(error)")
            }
        }
        return shots
    }

    /// Plays any bot to the end, or until its first fault, then calls `finish`.
    /// An illegal shot is a fault (`offGrid`, `repeatedShot`) and is never fired.
    public static func play(_ bot: inout some Bot, against fleet: Fleet, seed: UInt64 = 0) async -> SoloResult {
        var board = OceanBoard(fleet: fleet)
        var shots = 0
        do throws(BotFault) {
            try await bot.start(GameStart(fleetLengths: fleet.lengths, movesFirst: true))
            while !board.isDefeated {
                let cell = try await bot.nextShot()
                guard cell.isOnGrid else { throw .offGrid(cell) }
                guard !board.wasTargeted(cell) else { throw .repeatedShot(cell) }
                let result: ShotResult
                do { result = try board.fire(at: cell) } catch { throw .offGrid(cell) }
                shots += 1
                try await bot.record(cell, result: result)
            }
            await bot.finish(.won)
            return SoloResult(shots: shots)
        } catch {
            await bot.finish(.abandoned(reason: error.description))
            return SoloResult(shots: shots, fault: error)
        }
    }
}
