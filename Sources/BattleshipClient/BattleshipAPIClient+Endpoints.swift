import BattleshipAPI

extension BattleshipAPIClient {
    /// Every game on the server: `GET /api/games`. Retried on transient failures.
    public func listGames() async throws(BattleshipClientError) -> [GameSummary] {
        let call = Call(method: .get, path: "/api/games", body: nil, priority: .poll, isIdempotent: true)
        return try await withRetries { () async throws(BattleshipClientError) in try await send(call, as: [GameSummary].self) }
    }

    /// The extensions of the API the server offers: `GET /api/extensions`. A server without
    /// that endpoint (any 4xx answer) offers none; a server that cannot be reached throws.
    public func extensions() async throws(BattleshipClientError) -> ServerExtensions {
        let call = Call(method: .get, path: "/api/extensions", body: nil, priority: .poll, isIdempotent: true)
        do {
            return try await withRetries { () async throws(BattleshipClientError) in try await send(call, as: ServerExtensions.self) }
        } catch {
            guard case .rejected = error else { throw error }
            return .none
        }
    }

    /// One game's names, players, winner and shot count: `GET /api/games/:id`. Retried on
    /// transient failures.
    public func detail(gameId: String) async throws(BattleshipClientError) -> GameDetail {
        let call = Call(method: .get, path: "/api/games/\(PathSegment.encode(gameId))", body: nil, priority: .poll, isIdempotent: true)
        return try await withRetries { () async throws(BattleshipClientError) in try await send(call, as: GameDetail.self) }
    }

    /// Creates a game with its creator as player 1: `POST /api/games`.
    ///
    /// Re-sent only when the server could not be reached (the request was not sent), since a
    /// second creation would leave a stray game behind.
    ///
    /// - Parameter boardSeed: Salvo's extension: the server derives the creator's fleet
    ///   from it. Other servers ignore it.
    public func create(
        gameName: String, playerName: String, boardSeed: UInt64? = nil, joinToken: String? = nil, fleet: FleetPlacement? = nil
    ) async throws(BattleshipClientError) -> CreateGameResponse {
        let body = CreateGameRequest(gameName: gameName, playerName: playerName, boardSeed: boardSeed, joinToken: joinToken, fleet: fleet)
        let call = call(.post, "/games", body: body, priority: .guess, isIdempotent: false)
        return try await withRetries(shouldRetry: Self.wasNotSent) { () async throws(BattleshipClientError) in
            try await send(call, as: CreateGameResponse.self)
        }
    }

    /// Joins a waiting game as player 2: `POST /api/games/:id/join`. Re-sent only when the
    /// server could not be reached.
    public func join(
        gameId: String, playerName: String, boardSeed: UInt64? = nil, joinToken: String? = nil, fleet: FleetPlacement? = nil
    ) async throws(BattleshipClientError) -> JoinGameResponse {
        let body = JoinGameRequest(playerName: playerName, boardSeed: boardSeed, joinToken: joinToken, fleet: fleet)
        let call = call(.post, "/games/\(PathSegment.encode(gameId))/join", body: body, priority: .guess, isIdempotent: false)
        return try await withRetries(shouldRetry: Self.wasNotSent) { () async throws(BattleshipClientError) in
            try await send(call, as: JoinGameResponse.self)
        }
    }

    /// Whose turn it is and who won: `POST /api/games/:id/status`. Retried on transient
    /// failures. Read `winner` before `isYourTurn`: the reference server tells the loser it
    /// is their turn after the game ended. ``TurnPoller`` does this.
    public func status(gameId: String, playerId: String) async throws(BattleshipClientError) -> TurnStatus {
        let call = call(
            .post, "/games/\(PathSegment.encode(gameId))/status",
            body: PlayerRequest(playerId: playerId), priority: .poll, isIdempotent: true
        )
        return try await withRetries { () async throws(BattleshipClientError) in try await send(call, as: TurnStatus.self) }
    }

    /// The player's own ocean and their shots at the opponent: `POST /api/games/:id/board`.
    /// Retried on transient failures.
    public func board(gameId: String, playerId: String) async throws(BattleshipClientError) -> BoardView {
        try await board(gameId: gameId, playerId: playerId, priority: .poll)
    }

    func board(gameId: String, playerId: String, priority: RateLimiter.Priority) async throws(BattleshipClientError) -> BoardView {
        let call = call(
            .post, "/games/\(PathSegment.encode(gameId))/board",
            body: PlayerRequest(playerId: playerId), priority: priority, isIdempotent: true
        )
        return try await withRetries { () async throws(BattleshipClientError) in try await send(call, as: BoardView.self) }
    }

    /// Whether a failure means the request never left: only then may a non-idempotent
    /// request be sent again without asking the server first.
    static func wasNotSent(_ error: BattleshipClientError) -> Bool {
        if case .unreachable = error { return true }
        return false
    }
}
