import BattleshipAPI
import BattleshipRules
import Foundation

/// The API's behaviour, independent of HTTP: validation in the reference server's order,
/// the reference's error texts, and Salvo's fixes of its bugs.
///
/// Every game lives in memory and in the ``GameStore``. A change is written to the store
/// before it is applied in memory and acknowledged (with write-behind: queued for the store),
/// and changes to one game are serialized, so two concurrent guesses can never both apply.
actor GameService {
    private let store: GameStore
    private var games: [String: ServerGame] = [:]
    private var creationOrder: [String] = []
    private var lockWaiters: [String: [CheckedContinuation<Void, Never>]] = [:]
    private var random = SystemRandomNumberGenerator()
    /// Whether the extensions are honoured: a create's `joinToken` makes an unlisted game, and
    /// a `fleet` places the player's ships.
    private let honoursJoinTokens: Bool
    /// The games by status for `/metrics`, when the server has metrics.
    private let census: GameCensus?

    /// Loads every stored game.
    init(store: GameStore, honoursJoinTokens: Bool = true, census: GameCensus? = nil) throws {
        self.store = store
        self.honoursJoinTokens = honoursJoinTokens
        self.census = census
        for game in try store.loadAll() {
            games[game.id] = game
            creationOrder.append(game.id)
        }
        census?.reset(to: games.values.lazy.map(\.status))
    }

    /// The number of games held.
    var gameCount: Int { games.count }

    // MARK: Reads

    /// `GET /games`: every game in creation order, but the unlisted ones (`joinToken`).
    func list() -> [GameSummary] {
        creationOrder.compactMap { id in games[id].flatMap { $0.isListed ? $0.summary : nil } }
    }

    /// `GET /games/:id`.
    func detail(gameId: String) throws(APIError) -> GameDetail {
        guard NameRules.isGUID(gameId) else { throw .invalidGameId }
        guard let game = games[gameId.lowercased()] else { throw .unknownGameOnDetail }
        return game.detail
    }

    /// `POST /games/:id/status`. While the game waits for a second player, any well-formed
    /// player id is told it is not its turn; after the end nobody is.
    func status(gameId: String, fields: RequestFields) throws(APIError) -> TurnStatus {
        let game = try existingGame(gameId)
        let playerId = try Self.playerId(in: fields)
        guard let rules = game.rules else {
            return TurnStatus(isYourTurn: false, winner: WireConstants.inProgress)
        }
        guard let seat = game.seat(of: playerId) else { throw .playerNotInGame }
        return TurnStatus(isYourTurn: rules.isTurn(of: seat), winner: game.winnerName)
    }

    /// `POST /games/:id/board`: the player's own ocean and their shots at the opponent.
    func board(gameId: String, fields: RequestFields) throws(APIError) -> (own: [CellState], shots: [CellState]) {
        let game = try existingGame(gameId)
        guard let rules = game.rules else { throw .notInPlay }
        let playerId = try Self.playerId(in: fields)
        guard let seat = game.seat(of: playerId) else { throw .playerNotInGame }
        return (rules.board(of: seat).ownerView, rules.board(of: seat.opponent).opponentView)
    }

    // MARK: Writes

    /// `POST /games`: a new game with its creator as player 1.
    func create(fields: RequestFields) async throws(APIError) -> CreateGameResponse {
        let gameName = fields["gameName"]?.nameText ?? ""
        let playerName = fields["playerName"]?.nameText ?? ""
        guard NameRules.isAlphanumeric(gameName), NameRules.isAlphanumeric(playerName) else { throw .namesNotAlphanumeric }
        guard !NameRules.isReserved(gameName), !NameRules.isReserved(playerName) else { throw .reservedName }
        guard gameName.count <= NameRules.maximumLength, playerName.count <= NameRules.maximumLength else {
            throw .nameTooLong(player: false)
        }
        let seed = try Self.boardSeed(in: fields)
        let token = honoursJoinTokens ? try Self.joinToken(in: fields) : nil
        let player = try makePlayer(name: playerName, seed: seed, fields: fields)
        let game = ServerGame(id: Self.newId(), name: gameName, createdAt: Date(), playerOne: player, joinToken: token)
        try await persist(GameStore.insertion(of: game))
        games[game.id] = game
        creationOrder.append(game.id)
        census?.created()
        return CreateGameResponse(playerId: player.id, gameId: game.id)
    }

    /// `POST /games/:id/join`: seats the second player; the game starts.
    func join(gameId: String, fields: RequestFields) async throws(APIError) -> JoinGameResponse {
        _ = try existingGame(gameId)
        let id = gameId.lowercased()
        await lock(id)
        defer { unlock(id) }
        guard var game = games[id] else { throw .unknownGame }
        if let token = game.joinToken, fields["joinToken"]?.nameText != token { throw .joinTokenRequired }
        let playerName = fields["playerName"]?.nameText ?? ""
        guard NameRules.isAlphanumeric(playerName) else { throw .playerNameNotAlphanumeric }
        guard !NameRules.isReserved(playerName) else { throw .reservedName }
        guard playerName.count <= NameRules.maximumLength else { throw .nameTooLong(player: true) }
        guard game.status == .waiting else { throw .cannotJoin }
        let seed = try Self.boardSeed(in: fields)
        let player = try makePlayer(name: playerName, seed: seed, fields: fields)
        guard let change = try? GameStore.join(gameId: id, player: player) else { throw .storageFailure }
        try await persist(change)
        game.join(player)
        games[id] = game
        census?.moved(from: .waiting, to: game.status)
        return JoinGameResponse(playerId: player.id)
    }

    /// `POST /games/:id/guess`. Validation order as the reference: game exists, game is
    /// playing, player id is a GUID, the player belongs, coordinates, turn; then Salvo's
    /// own check that the cell was not targeted before.
    func guess(gameId: String, fields: RequestFields) async throws(APIError) -> GuessResponse {
        _ = try existingGame(gameId)
        let id = gameId.lowercased()
        await lock(id)
        defer { unlock(id) }
        guard let game = games[id] else { throw .unknownGame }
        guard game.status == .playing, var rules = game.rules else { throw .notInPlay }
        let playerId = try Self.playerId(in: fields)
        guard let seat = game.seat(of: playerId) else { throw .playerNotInGame }
        guard let x = fields["xPos"]?.parsedInteger, let y = fields["yPos"]?.parsedInteger else { throw .invalidCoordinates }
        let cell = Coordinate(x: x, y: y)
        let result: ShotResult
        do {
            result = try rules.fire(by: seat, at: cell)
        } catch {
            switch error {
            case .offGrid: throw .invalidCoordinates
            case .notYourTurn: throw .notYourTurn
            case .alreadyTargeted: throw .alreadyTargeted
            case .gameOver, .shipOffGrid, .shipsOverlap, .wrongShipLengths: throw .notInPlay
            }
        }
        try await persist(GameStore.shot(gameId: id, sequence: rules.shotCount - 1, seat: seat, cell: cell))
        var updated = game
        updated.update(rules)
        games[id] = updated
        census?.moved(from: game.status, to: updated.status)
        return GuessResponse(hit: result.isHit, shipSunk: result.sunkLength)
    }

    // MARK: Helpers

    /// Saves `change` before the caller applies it in memory: awaits the commit, or with
    /// write-behind queues it without suspending, so the write and its in-memory change
    /// happen in one step of the actor.
    private func persist(_ change: @escaping GroupCommit.Operation) async throws(APIError) {
        if store.writesBehind {
            store.saveLater(change)
            return
        }
        do {
            try await store.save(change)
        } catch {
            throw .storageFailure
        }
    }

    private func existingGame(_ gameId: String) throws(APIError) -> ServerGame {
        guard NameRules.isGUID(gameId) else { throw .invalidGameId }
        guard let game = games[gameId.lowercased()] else { throw .unknownGame }
        return game
    }

    private static func playerId(in fields: RequestFields) throws(APIError) -> String {
        guard case .string(let id)? = fields["playerId"], NameRules.isGUID(id) else { throw .invalidPlayerId }
        return id
    }

    private static func boardSeed(in fields: RequestFields) throws(APIError) -> UInt64? {
        guard let value = fields["boardSeed"], value != .null else { return nil }
        guard let seed = value.seed else { throw .invalidBoardSeed }
        return seed
    }

    /// The `joinToken` of a create, if any: 16 to 128 letters, digits, `-` or `_`.
    private static func joinToken(in fields: RequestFields) throws(APIError) -> String? {
        guard let value = fields["joinToken"], value != .null else { return nil }
        guard let token = value.nameText, (16...128).contains(token.count),
            token.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") })
        else {
            throw .invalidJoinToken
        }
        return token
    }

    /// A new player with the fleet it placed (the `fleet` extension), else the one `seed`
    /// gives, else one at random.
    private func makePlayer(name: String, seed: UInt64?, fields: RequestFields) throws(APIError) -> PlayerEntry {
        if honoursJoinTokens, let placed = try FleetField.fleet(in: fields) {
            guard seed == nil else { throw .fleetWithSeed }
            return PlayerEntry(id: Self.newId(), name: name, fleet: placed, boardSeed: nil)
        }
        let fleet = seed.map { Fleet.seeded($0) } ?? Fleet.random(using: &random)
        return PlayerEntry(id: Self.newId(), name: name, fleet: fleet, boardSeed: seed)
    }

    private static func newId() -> String {
        UUID().uuidString.lowercased()
    }

    /// Waits until no other write on game `id` is in progress.
    private func lock(_ id: String) async {
        guard lockWaiters[id] != nil else {
            lockWaiters[id] = []
            return
        }
        await withCheckedContinuation { continuation in
            lockWaiters[id, default: []].append(continuation)
        }
    }

    /// Hands the lock of game `id` to the next waiting write, if any.
    private func unlock(_ id: String) {
        guard var queue = lockWaiters[id], !queue.isEmpty else {
            lockWaiters[id] = nil
            return
        }
        let next = queue.removeFirst()
        lockWaiters[id] = queue
        next.resume()
    }
}
