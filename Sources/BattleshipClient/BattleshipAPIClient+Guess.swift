import BattleshipAPI
import BattleshipRules

extension BattleshipAPIClient {
    /// Fires at `target`: `POST /api/games/:id/guess`. Never sends the same shot twice if
    /// it may have landed.
    ///
    /// On the reference server a second shot at a hit cell forfeits the game (`418 I am a
    /// teapot`), so a guess is not retried blindly:
    /// - when the server could not be reached, the request was not sent and is sent again,
    ///   under the configuration's retry policy;
    /// - when the outcome is unknown (connection lost, deadline passed, 5xx, unreadable
    ///   reply), the client waits one backoff delay, reads `/board` and looks at the
    ///   target's cell of `opponentBoard`: `HIT` or `MISS` means the shot landed, and that
    ///   result is returned with ``GuessOutcome/isReconciled`` set (a sinking is reported as
    ///   a plain hit); `NONE` means it did not, and it is sent again if the policy allows,
    ///   else the original error is thrown;
    /// - a 4xx refusal (`Not your turn`, `418`) is thrown at once.
    ///
    /// The caller must not guess a cell it already fired at: that is what makes a `HIT` or
    /// `MISS` on the board proof that this guess landed.
    ///
    /// - Throws: ``BattleshipClientError``; when reading the board fails too, the guess's
    ///   own error.
    public func guess(gameId: String, playerId: String, at target: Coordinate) async throws(BattleshipClientError) -> GuessOutcome {
        let call = call(
            .post, "/games/\(PathSegment.encode(gameId))/guess",
            body: GuessRequest(playerId: playerId, xPos: target.x, yPos: target.y),
            priority: .guess, isIdempotent: false
        )
        let start = ContinuousClock.now
        var failedAttempts = 0
        while true {
            do {
                let reply = try await send(call, as: GuessResponse.self)
                return GuessOutcome(result: ShotResult(hit: reply.hit, sunkLength: reply.shipSunk), isReconciled: false)
            } catch {
                guard error != .cancelled, error.isTransient || error.mayHaveTakenEffect else { throw error }
                failedAttempts += 1
                let wait = nextDelay(afterFailedAttempts: failedAttempts, since: start)
                if !error.mayHaveTakenEffect {
                    guard let wait else { throw error }
                    try await pause(wait)
                    continue
                }
                // Give a slow server time to finish the shot before looking at the board.
                try await pause(wait ?? configuration.retryPolicy.baseDelay)
                if let landed = try await landedResult(gameId: gameId, playerId: playerId, at: target, failure: error) {
                    return GuessOutcome(result: landed, isReconciled: true)
                }
                guard wait != nil else { throw error }
            }
        }
    }

    /// The result of an earlier shot at `target` as `/board` shows it, or nil if the cell
    /// was not shot at.
    private func landedResult(
        gameId: String, playerId: String, at target: Coordinate, failure: BattleshipClientError
    ) async throws(BattleshipClientError) -> ShotResult? {
        let view: BoardView
        do {
            view = try await board(gameId: gameId, playerId: playerId, priority: .guess)
        } catch {
            throw error == .cancelled ? error : failure
        }
        let cell = view.opponentBoard.first { $0.xPos == target.x && $0.yPos == target.y }
        switch cell.flatMap({ CellState(rawValue: $0.status) }) {
        case .hit: return .hit
        case .miss: return .miss
        case .some(.none), .some(.ship): return nil
        case nil:
            throw .undecodable(
                operation: "POST /api/games/\(gameId)/board",
                reason: "the opponent board has no readable cell \(target)"
            )
        }
    }
}
