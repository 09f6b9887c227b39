import BattleshipRules
import Bots
import Foundation
import Tournament

/// A small fixed tournament built in the test: three bots, six scheduled games, one of them
/// attempted twice (no result, then a win), one forfeit, one player whose board was not read.
/// The games are consistent: fleets from their seeds, every shot's result from those fleets.
///
/// Hand count (rated games only): alpha 4 games 4-0 (wins by sinking in 37, 42, 37 shots and one
/// by forfeit); bravo 1-3 (a win in 57); charlie 1-3 (a win in 47, a timeout forfeit). Seat 0
/// won games 0 and 1: 2 of 6. Crosstable: alpha-bravo 2-0, alpha-charlie 2-0, bravo-charlie 1-1.
enum Fixtures {
    static let server = "http://127.0.0.1:9999"
    static let start = Date(timeIntervalSince1970: 1_795_435_200)  // 2026-11-23T12:00:00Z
    static let generatedAt = Date(timeIntervalSince1970: 1_795_437_000)  // 2026-11-23T12:30:00Z

    static func config(names: [String] = ["alpha", "bravo", "charlie"]) -> TournamentConfig {
        TournamentConfig(
            name: "golden",
            bots: [
                BotEntry(name: names[0], kind: .builtin(.density)),
                BotEntry(name: names[1], kind: .builtin(.parity)),
                BotEntry(name: names[2], kind: .external(ExternalBotSpec(command: ["python3", "bots/python/hunt_target_bot.py"]))),
            ],
            gamesPerPairing: 2, concurrency: 4, seed: 7, outputDirectory: "/tmp/golden",
            sprt: SPRTSettings(elo0: 0, elo1: 50, alpha: 0.05, beta: 0.05)
        )
    }

    /// Every `finished` line of the run, in journal order.
    static func finished(names: [String] = ["alpha", "bravo", "charlie"]) -> [GameRecord] {
        let (a, b, c) = (names[0], names[1], names[2])
        return [
            game(0, a, b, winnerSeat: 0, winnerMisses: 20),
            forfeit(1, a, c, forfeitingSeat: 1, after: 5, kind: .timeout, reason: "\(c): The bot timed out: no move within 1000 ms"),
            GameRecord(
                index: 2, server: server, gameId: "", gameName: "salvo golden 2",
                players: [
                    PlayerRecord(bot: b, serverName: b, playerId: "", boardSeed: seed(2, 0)),
                    PlayerRecord(bot: c, serverName: c, playerId: "", boardSeed: seed(2, 1)),
                ],
                shots: [], termination: .noResult, winner: nil, reason: "Creating the game failed: the server did not answer",
                startedAt: start.addingTimeInterval(2), durationMilliseconds: 3.25
            ),
            game(2, b, c, winnerSeat: 1, winnerMisses: 30, attempt: 2),
            game(3, b, a, winnerSeat: 1, winnerMisses: 25, unreadBoardSeat: 1),
            game(4, c, a, winnerSeat: 1, winnerMisses: 20),
            game(5, c, b, winnerSeat: 1, winnerMisses: 40),
        ]
    }

    static func seed(_ index: Int, _ seat: Int) -> UInt64 { UInt64(1000 + index * 2 + seat) }

    /// A game won by sinking the fleet: the winner fires at the loser's ship cells with
    /// `winnerMisses` misses spread among them; the loser fires only at water. Turns alternate,
    /// seat 0 first.
    static func game(
        _ index: Int, _ first: String, _ second: String, winnerSeat: Int, winnerMisses: Int, attempt: Int = 1, unreadBoardSeat: Int? = nil
    ) -> GameRecord {
        let fleets = [Fleet.seeded(seed(index, 0)), Fleet.seeded(seed(index, 1))]
        let plans = [0, 1].map { seat in
            let target = fleets[1 - seat]
            let ships = target.ships.flatMap(\.cells)
            let water = Coordinate.all.filter { !ships.contains($0) }
            if seat == winnerSeat {
                var plan: [Coordinate] = []
                var misses = water[...]
                for (n, cell) in ships.enumerated() {
                    // Spread the misses: before each ship cell, about winnerMisses/17 of them.
                    while plan.count - n < winnerMisses * (n + 1) / ships.count, let miss = misses.popFirst() { plan.append(miss) }
                    plan.append(cell)
                }
                return plan
            }
            return Array(water.reversed())
        }
        return play(
            index, first, second, fleets: fleets, plans: plans,
            until: { shots in
                shots.filter { $0.seat.index == winnerSeat && $0.hit }.count == 17
            }, termination: .win, winnerSeat: winnerSeat, attempt: attempt, unreadBoardSeat: unreadBoardSeat)
    }

    /// A game that `forfeitingSeat` forfeits after `after` shots.
    static func forfeit(_ index: Int, _ first: String, _ second: String, forfeitingSeat: Int, after: Int, kind: ForfeitKind, reason: String)
        -> GameRecord
    {
        let fleets = [Fleet.seeded(seed(index, 0)), Fleet.seeded(seed(index, 1))]
        let plans = [0, 1].map { seat in Array(Coordinate.all.dropFirst(seat * 50)) }
        var record = play(
            index, first, second, fleets: fleets, plans: plans, until: { $0.count == after },
            termination: .forfeit, winnerSeat: 1 - forfeitingSeat)
        record.reason = reason
        record.forfeitKind = kind
        return record
    }

    static func play(
        _ index: Int, _ first: String, _ second: String, fleets: [Fleet], plans: [[Coordinate]],
        until done: ([ShotRecord]) -> Bool, termination: Termination, winnerSeat: Int, attempt: Int = 1, unreadBoardSeat: Int? = nil
    ) -> GameRecord {
        var shots: [ShotRecord] = []
        var next = [0, 0]
        var hitsOnShip: [[ShipPlacement: Int]] = [[:], [:]]
        var seat = 0
        while !done(shots) {
            let cell = plans[seat][next[seat]]
            next[seat] += 1
            let target = 1 - seat
            let ship = fleets[target].ships.first { $0.cells.contains(cell) }
            var sunk = 0
            if let ship {
                hitsOnShip[target][ship, default: 0] += 1
                if hitsOnShip[target][ship] == ship.length { sunk = ship.length }
            }
            shots.append(
                ShotRecord(seat: PlayerSeat(index: seat)!, x: cell.x, y: cell.y, hit: ship != nil, sunk: sunk, atMilliseconds: 40 * shots.count + 7))
            seat = 1 - seat
        }
        let boards: [[String]?] = [0, 1].map { seat in
            if seat == unreadBoardSeat { return nil }
            let ships = Set(fleets[seat].ships.flatMap(\.cells))
            let fired = Set(shots.filter { $0.seat.index != seat }.map { Coordinate(x: $0.x, y: $0.y) })
            return Coordinate.all.map { cell in
                switch (ships.contains(cell), fired.contains(cell)) {
                case (true, true): "HIT"
                case (true, false): "SHIP"
                case (false, true): "MISS"
                case (false, false): "NONE"
                }
            }
        }
        let names = [first, second]
        return GameRecord(
            index: index, server: server, gameId: "g-\(index)-\(attempt)", gameName: "salvo golden \(index)",
            players: [0, 1].map { seat in
                PlayerRecord(
                    bot: names[seat], serverName: names[seat], playerId: "p-\(index)-\(seat)", boardSeed: seed(index, seat), finalBoard: boards[seat])
            },
            shots: shots, termination: termination, winner: PlayerSeat(index: winnerSeat), reason: nil,
            startedAt: start.addingTimeInterval(Double(index * 10 + attempt)), durationMilliseconds: Double(shots.count) * 40.5
        )
    }
}
