import BattleshipRules
import Foundation

/// The API's behaviour in the mutant server: a compact, independent implementation of
/// ../shared/API-REFERENCE.md (with the reference's bugs fixed), bent by one ``MutantFault``.
actor MutantAPI {
    let fault: MutantFault
    private var games: [String: MutantGame] = [:]
    private var order: [String] = []
    private var random = SystemRandomNumberGenerator()
    private static let reserved: Set<String> = ["in progress", "done", "waiting", "playing", "winner", "ship", "hit", "miss", "none"]

    init(fault: MutantFault) {
        self.fault = fault
    }

    func list() -> MutantReply {
        let rows = order.compactMap { games[$0] }.map { game in
            let status = fault == .listsPlayingAsWaiting && game.status == "PLAYING" ? "WAITING" : game.status
            return "{\"id\":\(q(game.id)),\"name\":\(q(game.name)),\"status\":\(q(status))}"
        }
        return .json("[" + rows.joined(separator: ",") + "]")
    }

    func detail(_ id: String) -> MutantReply {
        guard Self.isGUID(id) else { return .error("Must provide a valid GUID") }
        guard let game = games[id.lowercased()] else {
            return fault == .unknownGameAnswers200 ? .json("{}") : .error("Game with the given id does not exist")
        }
        return .json(
            "{\"id\":\(q(game.id)),\"missilesLaunched\":\(game.shots),\"name\":\(q(game.name)),\"player1\":\(q(game.creator.name)),\"player2\":\(q(game.joiner?.name ?? "")),\"winner\":\(q(winnerText(game)))}"
        )
    }

    func create(_ fields: [String: MutantField]) -> MutantReply {
        if fault == .createFails { return .error("Could not save the game", status: 500) }
        let gameName = Self.name(fields["gameName"])
        let playerName = Self.name(fields["playerName"])
        guard Self.isAlphanumeric(gameName), Self.isAlphanumeric(playerName) else { return .error("Names must be alphanumeric") }
        guard !Self.reserved.contains(gameName.lowercased()), !Self.reserved.contains(playerName.lowercased()) else {
            return .error("Name is not valid")
        }
        let creator = MutantGame.Player(id: Self.newId(), name: playerName)
        let game = MutantGame(id: Self.newId(), name: gameName, creator: creator, oceans: [OceanBoard(fleet: Fleet.random(using: &random))])
        games[game.id] = game
        order.append(game.id)
        return .json("{\"gameId\":\(q(game.id)),\"playerId\":\(q(creator.id))}")
    }

    func join(_ id: String, _ fields: [String: MutantField]) -> MutantReply {
        let found = existing(id)
        guard case .success(var game) = found else { return failure(found) }
        if fault == .joinFails { return .error("Could not save the join", status: 500) }
        let playerName = Self.name(fields["playerName"])
        guard Self.isAlphanumeric(playerName) else { return .error("Player name must be alphanumeric") }
        guard !Self.reserved.contains(playerName.lowercased()) else { return .error("Name is not valid") }
        guard game.joiner == nil else { return .error("The game cannot be joined") }
        let joiner = MutantGame.Player(id: Self.newId(), name: playerName)
        game.joiner = joiner
        game.oceans.append(OceanBoard(fleet: Fleet.random(using: &random)))
        game.turn = fault == .joinerMovesFirst ? 1 : 0
        games[game.id] = game
        return .json("{\"playerId\":\(q(joiner.id))}")
    }

    func guess(_ id: String, _ fields: [String: MutantField]) -> MutantReply {
        let found = existing(id)
        guard case .success(var game) = found else { return failure(found) }
        guard game.status == "PLAYING" else { return .error("Game is not in play.") }
        guard let playerId = fields["playerId"]?.text, Self.isGUID(playerId) else { return playerIdError(fields["playerId"]) }
        guard let seat = game.seat(of: playerId) else { return .error("The player does not belong to this game") }
        if fault == .guessFails { return .error("Could not save the guess", status: 500) }
        guard let x = fields["xPos"]?.coordinate, let y = fields["yPos"]?.coordinate else { return .error("X and/or Y coordinates are invalid") }
        let cell = Coordinate(x: x, y: y)
        guard cell.isOnGrid else {
            guard fault == .acceptsOffGridGuess else { return .error("X and/or Y coordinates are invalid") }
            game.shots += 1
            game.turn = 1 - seat
            games[game.id] = game
            return .json("{\"hit\":false,\"shipSunk\":0}")
        }
        let outOfTurn = game.turn != seat
        if outOfTurn, fault != .appliesOutOfTurnGuesses, fault != .refusesButAppliesOutOfTurnGuesses { return .error("Not your turn") }
        var target = game.oceans[1 - seat]
        if target.wasTargeted(cell) {
            if fault == .teapot, target.ownerView[cell.index] == .hit {
                game.winner = seat
                game.renamedWinner = "Teapot"
                games[game.id] = game
                return .error("I am a teapot", status: 418)
            }
            return .error("That cell was already targeted; choose another")
        }
        guard let result = try? target.fire(at: cell) else { return .error("X and/or Y coordinates are invalid") }
        game.oceans[1 - seat] = target
        game.shots += 1
        if target.isDefeated {
            game.winner = seat
        } else {
            game.turn = 1 - seat
        }
        games[game.id] = game
        if outOfTurn, fault == .refusesButAppliesOutOfTurnGuesses { return .error("Not your turn") }
        let sunk = fault == .wrongSunkLength && result.sunkLength > 0 ? 1 : result.sunkLength
        return .json("{\"hit\":\(result.isHit),\"shipSunk\":\(sunk)}")
    }

    func status(_ id: String, _ fields: [String: MutantField]) -> MutantReply {
        let found = existing(id)
        guard case .success(let game) = found else { return failure(found) }
        guard let playerId = fields["playerId"]?.text, Self.isGUID(playerId) else { return playerIdError(fields["playerId"]) }
        let key = fault == .renamedTurnKey ? "isMyTurn" : "isYourTurn"
        guard game.joiner != nil else { return .json("{\"\(key)\":false,\"winner\":\"IN PROGRESS\"}") }
        guard let seat = game.seat(of: playerId) else { return .error("The player does not belong to this game") }
        var yourTurn = game.winner == nil && game.turn == seat
        if fault == .loserToldToMove, let winner = game.winner, winner != seat { yourTurn = true }
        return .json("{\"\(key)\":\(yourTurn),\"winner\":\(q(winnerText(game)))}")
    }

    func board(_ id: String, _ fields: [String: MutantField]) -> MutantReply {
        let found = existing(id)
        guard case .success(let game) = found else { return failure(found) }
        guard game.joiner != nil else { return .error("Game is not in play.") }
        guard let playerId = fields["playerId"]?.text, Self.isGUID(playerId) else { return playerIdError(fields["playerId"]) }
        guard let seat = game.seat(of: playerId) else { return .error("The player does not belong to this game") }
        let own = game.oceans[seat].ownerView
        let opponent = fault == .leaksOpponentShips ? game.oceans[1 - seat].ownerView : game.oceans[1 - seat].opponentView
        func list(_ cells: [CellState]) -> String {
            "["
                + cells.enumerated().map { "{\"xPos\":\($0.offset % 10),\"yPos\":\($0.offset / 10),\"status\":\"\($0.element.rawValue)\"}" }.joined(
                    separator: ",") + "]"
        }
        return .json("{\"opponentBoard\":\(list(opponent)),\"playerBoard\":\(list(own))}")
    }

    // MARK: Helpers

    private enum Lookup {
        case success(MutantGame)
        case failure(MutantReply)
    }

    private func existing(_ id: String) -> Lookup {
        guard Self.isGUID(id) else { return .failure(.error("Must provide a valid GUID")) }
        guard let game = games[id.lowercased()] else {
            return .failure(fault == .unknownGameAnswers200 ? .json("{}") : .error("A game with that id does not exist"))
        }
        return .success(game)
    }

    private func failure(_ lookup: Lookup) -> MutantReply {
        if case .failure(let reply) = lookup { return reply }
        return .error("unreachable")
    }

    private func playerIdError(_ sent: MutantField?) -> MutantReply {
        if fault == .numericPlayerIdCrashes, case .number? = sent {
            return MutantReply(
                status: 500, body: "<!DOCTYPE html><html><body><pre>TypeError: playerId.match is not a function</pre></body></html>",
                contentType: "text/html; charset=utf-8")
        }
        return fault == .plainTextPlayerIdError || fault == .numericPlayerIdCrashes
            ? MutantReply(status: 400, body: "Player id is not a valid GUID", contentType: "text/html; charset=utf-8")
            : .error("Player id is not a valid GUID")
    }

    private func winnerText(_ game: MutantGame) -> String {
        if let renamed = game.renamedWinner { return renamed }
        guard let winner = game.winner, let player = game.player(winner) else { return "IN PROGRESS" }
        return fault == .winnerIsPlayerId ? player.id : player.name
    }

    private func q(_ text: String) -> String { MutantReply.quote(text) }

    private static func name(_ value: MutantField?) -> String {
        value?.text ?? ""
    }

    private static func isAlphanumeric(_ name: String) -> Bool {
        !name.isEmpty
            && name.utf8.allSatisfy { byte in
                (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || byte == 0x20
            }
    }

    static func isGUID(_ text: String) -> Bool {
        text.range(of: "^[0-9a-f]{8}-[0-9a-f]{4}-[1-5][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$", options: [.regularExpression, .caseInsensitive])
            != nil
    }

    private static func newId() -> String {
        UUID().uuidString.lowercased()
    }
}
