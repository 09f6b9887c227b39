import BattleshipAPI
import BattleshipClient
import BattleshipRules
import Bots
import Foundation

/// Plays one scheduled game through the API: one bot's player creates it, the other's joins,
/// each polls `/status` and fires when it is its turn, and the game's record is returned.
///
/// A bot's fault is a forfeit, a server or network failure or a stall is "no result": both
/// are outcomes in the record, never errors. Only a journal that cannot be written throws.
struct GameRunner: Sendable {
    let config: TournamentConfig
    let serverURL: String
    let client: BattleshipAPIClient
    let journal: Journal
    let logDirectory: String?

    func play(_ game: ScheduledGame) async throws -> GameRecord {
        let startedAt = Date()
        let start = ContinuousClock.now
        let bots = [config.bots[game.creator], config.bots[game.joiner]]
        let names = ServerNames.pair(creator: bots[0].name, joiner: bots[1].name)
        let gameName = ServerNames.game(tournament: config.name, index: game.index)
        var players = [
            PlayerRecord(bot: bots[0].name, serverName: names.creator, playerId: "", boardSeed: game.creatorSeed),
            PlayerRecord(bot: bots[1].name, serverName: names.joiner, playerId: "", boardSeed: game.joinerSeed),
        ]
        // Each player is a client of its own, so each side's requests are counted apart.
        let clients = [client.sibling(), client.sibling()]
        func record(_ gameId: String, _ shots: [ShotRecord], _ termination: Termination, winner: Int?, reason: String?, forfeitKind: String? = nil) -> GameRecord {
            for seat in 0..<2 { players[seat].requests = clients[seat].statistics }
            return GameRecord(
                index: game.index, server: serverURL, gameId: gameId, gameName: gameName, players: players, shots: shots,
                termination: termination, winnerSeat: winner, reason: reason, forfeitKind: forfeitKind, startedAt: startedAt,
                durationMilliseconds: (ContinuousClock.now - start).inMilliseconds
            )
        }

        // Create and join; the ids go to the journal at once.
        let gameId: String
        do {
            let created = try await clients[0].create(gameName: gameName, playerName: names.creator, boardSeed: game.creatorSeed)
            gameId = created.gameId
            players[0].playerId = created.playerId
            try await journal.append(.created(index: game.index, server: serverURL, gameId: gameId, creatorPlayerId: created.playerId))
        } catch let error as BattleshipClientError {
            return record("", [], .noResult, winner: nil, reason: "Creating the game failed: \(error)")
        }
        do {
            let joined = try await clients[1].join(gameId: gameId, playerName: names.joiner, boardSeed: game.joinerSeed)
            players[1].playerId = joined.playerId
            try await journal.append(.joined(index: game.index, joinerPlayerId: joined.playerId))
        } catch let error as BattleshipClientError {
            return record(gameId, [], .noResult, winner: nil, reason: "Joining the game failed: \(error)")
        }

        // Start both bots; one that cannot start forfeits.
        var seatBots: [any Bot] = []
        for seat in 0..<2 {
            var bot = bots[seat].makeBot(seed: Schedule.mix(config.seed, UInt64(game.index), UInt64(seat) &+ 0xB07), logDirectory: logDirectory)
            do {
                try await bot.start(GameStart(movesFirst: seat == 0))
            } catch {
                await bot.finish(.abandoned(reason: error.description))
                for var started in seatBots { await started.finish(.abandoned(reason: "the opponent could not start")) }
                return record(gameId, [], .forfeit, winner: 1 - seat, reason: "\(bots[seat].name): \(error.description)", forfeitKind: error.kind)
            }
            seatBots.append(bot)
        }

        let log = ShotLog(start: start)
        let interval = Duration.milliseconds(config.pollIntervalMilliseconds)
        let pollers = (0..<2).map { TurnPoller(client: clients[$0], gameId: gameId, playerId: players[$0].playerId, interval: interval) }
        let ends = await playBothSeats(gameId: gameId, playerIds: [players[0].playerId, players[1].playerId], clients: clients, bots: seatBots, pollers: pollers, log: log)
        let shots = await log.shots

        // Both boards for the replay: where the ships were.
        for seat in 0..<2 {
            if let board = try? await clients[seat].board(gameId: gameId, playerId: players[seat].playerId) {
                players[seat].finalBoard = board.playerBoard.map(\.status)
            }
        }

        let outcome = Self.outcome(ends: ends.map(\.end), names: [names.creator, names.joiner], botNames: [bots[0].name, bots[1].name])
        for (seat, end) in ends.enumerated() {
            var bot = end.bot
            let told: GameOutcome = outcome.winner == seat ? .won : (outcome.termination == .win ? .lost : .abandoned(reason: outcome.reason ?? "stopped"))
            await bot.finish(told)
        }
        return record(gameId, shots, outcome.termination, winner: outcome.winner, reason: outcome.reason, forfeitKind: outcome.forfeitKind)
    }

    /// Runs both players until the server names a winner, a bot faults, the server fails, or
    /// nothing happens for the stall timeout. Returns each seat's end and bot, in seat order.
    private func playBothSeats(gameId: String, playerIds: [String], clients: [BattleshipAPIClient], bots: [any Bot], pollers: [TurnPoller], log: ShotLog) async -> [(end: SeatEnd, bot: any Bot)] {
        await log.touch()
        let stall = Duration.milliseconds(Int(config.stallTimeoutSeconds * 1_000))
        return await withTaskGroup(of: (seat: Int, end: SeatEnd, bot: (any Bot)?).self) { group in
            for seat in 0..<2 {
                group.addTask {
                    let (end, bot) = await playSeat(seat, gameId: gameId, playerId: playerIds[seat], client: clients[seat], bot: bots[seat], poller: pollers[seat], opponentPoller: pollers[1 - seat], log: log)
                    return (seat, end, bot)
                }
            }
            group.addTask {
                // The watchdog: no accepted shot for the stall timeout ends the game.
                while !Task.isCancelled {
                    let idle = ContinuousClock.now - (await log.lastProgress)
                    if idle >= stall { return (-1, .failed("No progress for \(config.stallTimeoutSeconds) s: the game stalled"), nil) }
                    try? await Task.sleep(for: min(stall - idle, .seconds(1)))
                }
                return (-1, .cancelled, nil)
            }
            var ends: [Int: (SeatEnd, any Bot)] = [:]
            var stalled: SeatEnd?
            while let (seat, end, bot) = await group.next() {
                if seat < 0 {
                    if case .failed = end { stalled = end; group.cancelAll() }
                    continue
                }
                // After a stall, whatever a seat reports on its way out (a bot killed by the
                // cancellation looks crashed) is the stall's consequence, not a fault.
                ends[seat] = (stalled ?? end, bot ?? bots[seat])
                switch end {
                case .finished: if ends.count == 2 { group.cancelAll() }
                case .forfeit, .failed, .cancelled: group.cancelAll()
                }
            }
            return (0..<2).map { seat in
                let (end, bot) = ends[seat] ?? (.cancelled, bots[seat])
                if let stalled, case .cancelled = end { return (stalled, bot) }
                return (end, bot)
            }
        }
    }

    /// One player's loop: wait for the turn, hear the opponent's shots, fire, record.
    private func playSeat(_ seat: Int, gameId: String, playerId: String, client: BattleshipAPIClient, bot: any Bot, poller: TurnPoller, opponentPoller: TurnPoller, log: ShotLog) async -> (SeatEnd, any Bot) {
        var bot = bot
        var cursor = 0
        var hasFired = false
        do {
            if seat == 1 && !config.wakeLocalOpponent {
                // Pure polling: both players start at the same instant here, and two pollers
                // in phase each poll just before the other's shot lands, so every hand-off
                // would take a whole interval. Remote players' phases are independent; half
                // an interval apart is their mean case. Seat 0 moves first, so this delays
                // nothing.
                try await Task.sleep(for: .milliseconds(config.pollIntervalMilliseconds) / 2)
            }
            while true {
                // After our shot, a local opponent wakes us when it has fired: no need to poll
                // before that (with pure polling, we poll at once, as a remote client would).
                switch try await poller.waitForTurn(waitFirst: hasFired && config.wakeLocalOpponent) {
                case .finished(let winner):
                    return (.finished(winner: winner), bot)
                case .yourTurn:
                    let heard = await log.opponentShots(of: seat, from: cursor)
                    cursor = heard.cursor
                    for shot in heard.shots {
                        try await bot.opponentFired(at: Coordinate(x: shot.x, y: shot.y), result: ShotResult(hit: shot.hit, sunkLength: shot.sunk))
                    }
                    let cell = try await bot.nextShot()
                    let outcome = try await client.guess(gameId: gameId, playerId: playerId, at: cell)
                    hasFired = true
                    await log.append(seat: seat, cell: cell, result: outcome.result)
                    if config.wakeLocalOpponent { opponentPoller.wake() }
                    try await bot.record(cell, result: outcome.result)
                }
            }
        } catch let fault as BotFault {
            return (.forfeit(fault), bot)
        } catch is CancellationError {
            return (.cancelled, bot)
        } catch {
            return (Task.isCancelled ? .cancelled : .failed("\(error)"), bot)
        }
    }

    /// The game's outcome from how each seat ended.
    static func outcome(ends: [SeatEnd], names: [String], botNames: [String]) -> (termination: Termination, winner: Int?, reason: String?, forfeitKind: String?) {
        for seat in 0..<2 {
            if case .forfeit(let fault) = ends[seat] {
                return (.forfeit, 1 - seat, "\(botNames[seat]) forfeits (\(fault.kind)): \(fault.description)", fault.kind)
            }
        }
        for seat in 0..<2 {
            if case .failed(let reason) = ends[seat] { return (.noResult, nil, reason, nil) }
        }
        for seat in 0..<2 {
            if case .finished(let winner) = ends[seat] {
                if let index = names.firstIndex(where: { $0 == winner }) { return (.win, index, nil, nil) }
                return (.noResult, nil, "The server named an unknown winner `\(winner)`", nil)
            }
        }
        return (.noResult, nil, "The game was stopped before it ended", nil)
    }
}
