import BattleshipAPI
import BattleshipRules
import Bots
import Foundation
import JSONCoding

/// Plays one whole game of a load run through the API, both players in one task.
///
/// Player one creates the game, player two looks at the lobby (one game in
/// ``LoadSettings/listEvery``) and joins. Then the players take turns: the player whose turn
/// it should be polls `/status` at once and, told it is its turn, fires its bot's shot. This
/// is what two players do that wake each other in-process: the one that just fired would only
/// learn that the opponent has not moved yet, so it waits to be woken, and the opponent polls
/// as soon as the guess is answered. With both in one task the wake-up costs nothing;
/// `salvo run` plays its games the same way (`SeatsInOneTask` in Tournament). When a poll shows a winner,
/// the other player polls once to learn it too, both read their boards (as a runner does for
/// the replay) and player two reads the game's detail.
struct LoadGame {
    let index: Int
    let settings: LoadSettings
    let requester: LoadRequester

    /// The ship cells of the standard fleet: the hits a winner must have.
    static let fleetCells = Fleet.standardLengths.reduce(0, +)
    /// Polls in a row that give neither player the turn before the game counts as failed.
    static let maxPollsWithoutTurn = 100
    static let names = ["one", "two"]

    /// Plays the game; nil when the run ended before its first request was sent.
    func play() async -> LoadGameOutcome? {
        let seeds = (0..<2).map { GameSeeds.board(run: settings.seed, game: index * 2 + $0) }
        let created: CreateGameResponse
        do throws(LoadRequester.Failure) {
            created = try await requester.send(
                .create,
                requester.request(
                    .create, path: "/games",
                    body: CreateGameRequest(gameName: "load \(settings.seed) \(index)", playerName: Self.names[0], boardSeed: seeds[0]).jsonBytes),
                as: CreateGameResponse.self
            )
        } catch {
            switch error {
            case .stopped: return nil
            case .failed(let reason): return .failed(reason: reason)
            }
        }
        do throws(LoadRequester.Failure) {
            return try await playToTheEnd(created, seeds: seeds)
        } catch {
            switch error {
            case .stopped: return .abandoned
            case .failed(let reason): return .failed(reason: reason)
            }
        }
    }

    private func playToTheEnd(_ created: CreateGameResponse, seeds: [UInt64]) async throws(LoadRequester.Failure) -> LoadGameOutcome {
        let game = "/games/" + PathSegment.encode(created.gameId)
        if settings.listEvery > 0, index % settings.listEvery == 0 {
            _ = try await requester.send(.list, requester.request(.list, path: "/games"), as: [GameSummary].self)
        }
        let joined = try await requester.send(
            .join,
            requester.request(.join, path: game + "/join", body: JoinGameRequest(playerName: Self.names[1], boardSeed: seeds[1]).jsonBytes),
            as: JoinGameResponse.self
        )
        let playerIds = [created.playerId, joined.playerId]
        let statusRequests = playerIds.map { requester.request(.status, path: game + "/status", body: PlayerRequest(playerId: $0).jsonBytes) }

        var bots: [any Bot] = []
        for seat in 0..<2 {
            var bot = settings.bot.makeBot(seed: GameSeeds.bot(run: settings.seed, game: index * 2 + seat))
            try? await bot.start(GameStart(movesFirst: seat == 0))
            bots.append(bot)
        }
        var guesses = [0, 0]
        var hits = [0, 0]
        var seat = 0
        var pollsWithoutTurn = 0
        let winner: String
        while true {
            let status = try await requester.send(.status, statusRequests[seat], as: TurnStatus.self)
            if status.winner != WireConstants.inProgress {
                winner = status.winner
                break
            }
            guard status.isYourTurn else {
                // Not what a correct server says after the opponent's answered guess: ask the
                // other player, as a polling client would, but not forever.
                pollsWithoutTurn += 1
                if pollsWithoutTurn >= Self.maxPollsWithoutTurn {
                    throw .failed("The server gave neither player the turn in \(pollsWithoutTurn) polls")
                }
                seat = 1 - seat
                continue
            }
            pollsWithoutTurn = 0
            guard guesses[seat] < Coordinate.gridSize * Coordinate.gridSize else {
                throw .failed("Player \(Self.names[seat]) fired at every cell and the server named no winner")
            }
            let cell: Coordinate
            do {
                cell = try await bots[seat].nextShot()
            } catch {
                throw .failed("The \(settings.bot.rawValue) bot failed: \(error)")
            }
            let reply = try await requester.send(
                .guess,
                requester.request(.guess, path: game + "/guess", body: GuessRequest(playerId: playerIds[seat], xPos: cell.x, yPos: cell.y).jsonBytes),
                as: GuessResponse.self
            )
            guesses[seat] += 1
            if reply.hit { hits[seat] += 1 }
            try? await bots[seat].record(cell, result: ShotResult(hit: reply.hit, sunkLength: reply.shipSunk))
            seat = 1 - seat
        }

        // The player who saw the end was the one about to move; the other learns it too.
        let other = try await requester.send(.status, statusRequests[1 - seat], as: TurnStatus.self)
        for seat in 0..<2 {
            _ = try await requester.send(
                .board, requester.request(.board, path: game + "/board", body: PlayerRequest(playerId: playerIds[seat]).jsonBytes),
                as: BoardView.self
            )
        }
        let detail = try await requester.send(.detail, requester.request(.detail, path: game), as: GameDetail.self)

        let winnerSeat = Self.names.firstIndex(of: winner)
        let consistent = winnerSeat.map { hits[$0] == Self.fleetCells } == true && other.winner == winner && detail.winner == winner
        return .finished(
            winnerSeat: winnerSeat,
            winnerGuesses: winnerSeat.map { guesses[$0] } ?? 0,
            winnerHits: winnerSeat.map { hits[$0] } ?? 0,
            consistent: consistent
        )
    }
}
