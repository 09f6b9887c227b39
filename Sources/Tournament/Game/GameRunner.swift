import BattleshipAPI
import BattleshipClient
import BattleshipRules
import Bots
import DurationUnits
import Foundation

/// Plays one scheduled game through the API: one bot's player creates it, the other's joins,
/// both seats are played to the end (in one task, ``SeatsInOneTask``; with pure polling as
/// two independent players, ``PollingSeats``), and the game's record is returned.
///
/// A bot's fault is a forfeit; a server or network failure, a stall, or a sandbox that cannot
/// start a bot (a fault of the host) is "no result": both are outcomes in the record, never
/// errors. The game writes nothing itself: it tells `events` when it was created and joined
/// (the runner journals those at once) and returns its record. Only `events` throws.
struct GameRunner: Sendable {
    let config: TournamentConfig
    let serverURL: String
    let client: BattleshipAPIClient
    let logDirectory: String?
    let launcher: any BotLauncher
    /// Each external bot's own launcher for the run, by bot name (``Bots/BotLauncher/forOneBot()``):
    /// its caps on memory and processes count all its processes together.
    var launchers: [String: any BotLauncher] = [:]
    /// The waiting processes of each external bot that reuses them, by bot name.
    let pools: [String: BotProcessPool]
    /// What each placing built-in remembers of its opponents over the run, by bot name.
    var memories: [String: OpponentMemory] = [:]
    /// Whether the game is created unlisted, with a join token (``TournamentRunner/privateGames``).
    let privateGames: Bool

    /// Both bots started, or the record of a game that ended before (a bot that could not start).
    private enum BotsStart {
        case started(SeatPair<any Bot>)
        case ended(Played)
    }

    /// A game's record, and whether it has no result because the host failed a bot.
    struct Played: Sendable {
        var record: GameRecord
        var hostFault: Bool
    }

    /// Plays `game`, telling `events` of its steps as they happen (the game waits for it).
    func play(_ game: ScheduledGame, events: (GameEvent) async throws -> Void) async throws -> Played {
        let startedAt = Date()
        let start = ContinuousClock.now
        let bots = SeatPair(one: config.bots[game.creator], two: config.bots[game.joiner])
        let names = ServerNames.pair(creator: bots.one.name, joiner: bots.two.name)
        let serverNames = SeatPair(one: names.creator, two: names.joiner)
        let gameName = ServerNames.game(tournament: config.name, index: game.index)
        var players = SeatPair(
            one: PlayerRecord(bot: bots.one.name, serverName: names.creator, playerId: "", boardSeed: game.creatorSeed, version: bots.one.version),
            two: PlayerRecord(bot: bots.two.name, serverName: names.joiner, playerId: "", boardSeed: game.joinerSeed, version: bots.two.version)
        )
        // Each player is a client of its own, so each side's requests are counted apart.
        let clients = SeatPair { _ in client.sibling() }
        func record(_ gameId: String, _ shots: [ShotRecord], _ verdict: GameVerdict) -> Played {
            for seat in PlayerSeat.allCases { players[seat].requests = clients[seat].statistics }
            let record = GameRecord(
                index: game.index, server: serverURL, gameId: gameId, gameName: gameName, players: players.inSeatOrder, shots: shots,
                termination: verdict.termination, winner: verdict.winner, reason: verdict.reason, forfeitKind: verdict.forfeitKind,
                stderrTail: verdict.stderrTail, startedAt: startedAt, durationMilliseconds: (ContinuousClock.now - start).milliseconds
            )
            return Played(record: record, hostFault: verdict.hostFault)
        }

        // Starts both bots; one that cannot start, or (with bot placement) places no valid
        // fleet, forfeits. Returns the bots, or the game's record when one failed.
        func startBots(_ gameId: String) async -> BotsStart {
            var started: [any Bot] = []
            for seat in PlayerSeat.allCases {
                var bot = bots[seat].makeBot(
                    seed: game.botSeed(seat), logDirectory: logDirectory, launcher: launchers[bots[seat].name] ?? launcher,
                    pool: pools[bots[seat].name], mirrorGroup: game.mirrorGroup, memory: memories[bots[seat].name],
                    timeControl: config.timeControl
                )
                do throws(BotFault) {
                    try await bot.start(GameStart(movesFirst: seat == .one, opponent: config.tellOpponent ? bots[seat.opponent].name : nil))
                    if config.placement == .bots { players[seat].placedFleet = try await bot.placeFleet(seed: players[seat].boardSeed ?? 0) }
                } catch {
                    let tail = await Self.stderrTail(of: bot)
                    await bot.finish(.abandoned(reason: error.description))
                    for var other in started { await other.finish(.abandoned(reason: "the opponent could not start")) }
                    // The sandbox failed, not the bot: the game is played again.
                    if error.isHostFault {
                        return .ended(
                            record(
                                gameId, [], GameVerdict(termination: .noResult, reason: "\(bots[seat].name): \(error.description)", hostFault: true)))
                    }
                    var verdict = GameVerdict(
                        termination: .forfeit, winner: seat.opponent, reason: "\(bots[seat].name): \(error.description)", forfeitKind: error.kind)
                    verdict.stderrTail = tail
                    return .ended(record(gameId, [], verdict))
                }
                started.append(bot)
            }
            return .started(SeatPair(one: started[0], two: started[1]))
        }
        /// Ends the bots of a game that could not be set up on the server.
        func abandon(_ started: SeatPair<any Bot>?, _ reason: String) async {
            guard let started else { return }
            for seat in PlayerSeat.allCases {
                var bot = started[seat]
                await bot.finish(.abandoned(reason: reason))
            }
        }

        // With bot placement the bots start first: the fleets go with the create and the
        // join. A placed fleet replaces the seat's seed on the server; a bot that places none
        // gets the fleet of its seed, as with server placement.
        var placedFirst: SeatPair<any Bot>?
        if config.placement == .bots {
            switch await startBots("") {
            case .started(let started): placedFirst = started
            case .ended(let played): return played
            }
        }
        func fleetRequest(_ seat: PlayerSeat) -> (seed: UInt64?, fleet: FleetPlacement?) {
            guard config.placement == .bots else { return (players[seat].boardSeed, nil) }
            let fleet = players[seat].placedFleet ?? Fleet.seeded(players[seat].boardSeed ?? 0)
            return (nil, FleetPlacement(fleet))
        }

        // Create and join; the ids go to the runner (and its journal) at once. A private
        // game's token goes to the joiner only: it is in no journal line and no report.
        let joinToken = privateGames ? Self.newJoinToken() : nil
        let gameId: String
        do {
            let (seed, fleet) = fleetRequest(.one)
            let created = try await clients.one.create(
                gameName: gameName, playerName: names.creator, boardSeed: seed, joinToken: joinToken, fleet: fleet)
            gameId = created.gameId
            players.one.playerId = created.playerId
            try await events(.created(gameId: gameId, creatorPlayerId: created.playerId))
        } catch let error as BattleshipClientError {
            await abandon(placedFirst, "the game could not be created")
            // A stopped game is not a failed one: the stop goes on up, as a cancellation.
            if error == .cancelled { throw CancellationError() }
            return record("", [], GameVerdict(termination: .noResult, reason: "Creating the game failed: \(error)"))
        }
        do {
            let (seed, fleet) = fleetRequest(.two)
            let joined = try await clients.two.join(gameId: gameId, playerName: names.joiner, boardSeed: seed, joinToken: joinToken, fleet: fleet)
            players.two.playerId = joined.playerId
            try await events(.joined(joinerPlayerId: joined.playerId))
        } catch BattleshipClientError.rejected(_, let message) where message == ErrorMessage.cannotJoin {
            await abandon(placedFirst, "the game could not be joined")
            let reason =
                "\(TournamentRunner.seatTakenReason): the game was joined before its second player could (a public lobby on a shared server; docs/server.md)"
            return record(gameId, [], GameVerdict(termination: .noResult, reason: reason))
        } catch let error as BattleshipClientError {
            await abandon(placedFirst, "the game could not be joined")
            if error == .cancelled { throw CancellationError() }
            return record(gameId, [], GameVerdict(termination: .noResult, reason: "Joining the game failed: \(error)"))
        }

        let seatBots: SeatPair<any Bot>
        if let placedFirst {
            seatBots = placedFirst
        } else {
            switch await startBots(gameId) {
            case .started(let started): seatBots = started
            case .ended(let played): return played
            }
        }

        let log = ShotLog(start: start)
        let playerIds = SeatPair { players[$0].playerId }
        let seats = SeatPair { LocalSeat(seat: $0, gameId: gameId, playerId: playerIds[$0], client: clients[$0], bot: seatBots[$0]) }
        // Both seats are ours: one task plays them, unless pure polling asks for two
        // independent players (docs/client.md).
        let (onePlayer, pollInterval) = (config.wakeLocalOpponent, config.pollInterval)
        let ends = await StallWatchdog(timeout: config.stallTimeout, log: log).watch {
            onePlayer
                ? await SeatsInOneTask(seats: seats, pollInterval: pollInterval, log: log).play()
                : await PollingSeats(seats: seats, pollInterval: pollInterval, log: log).play()
        }
        let shots = await log.shots

        // Both boards for the replay: where the ships were.
        for seat in PlayerSeat.allCases {
            if let board = try? await clients[seat].board(gameId: gameId, playerId: playerIds[seat]) {
                players[seat].finalBoard = board.playerBoard.map(\.status)
            }
        }

        var verdict = GameVerdict.judge(ends: SeatPair { ends[$0].end }, serverNames: serverNames, botNames: SeatPair { bots[$0].name })
        if verdict.termination == .forfeit, let loser = verdict.winner?.opponent {
            verdict.stderrTail = await Self.stderrTail(of: ends[loser].bot)
        }
        for seat in PlayerSeat.allCases {
            var bot = ends[seat].bot
            await bot.finish(verdict.outcome(for: seat))
        }
        return record(gameId, shots, verdict)
    }

    /// 128 random bits as 32 hex digits, from the system's secure source.
    private static func newJoinToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<4).map { _ in
            let hex = String(UInt32.random(in: .min ... .max, using: &generator), radix: 16)
            return String(repeating: "0", count: 8 - hex.count) + hex
        }.joined()
    }

    /// The end of an external bot's stderr in this game, read before it is finished; nil for a
    /// built-in.
    private static func stderrTail(of bot: any Bot) async -> String? {
        guard let external = bot as? ExternalBot else { return nil }
        return await external.stderrTail()
    }
}
