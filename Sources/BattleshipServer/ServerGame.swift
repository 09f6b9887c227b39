import BattleshipAPI
import BattleshipRules
import Foundation

/// A player of a game on the server: the id handed out, the name, and the fleet placed for them.
struct PlayerEntry: Sendable, Hashable {
    let id: String
    let name: String
    let fleet: Fleet
    /// The `boardSeed` the fleet came from, when the client sent one.
    let boardSeed: UInt64?
}

/// A game as the server keeps it in memory: who plays, and the rules' state once both are in.
struct ServerGame: Sendable {
    let id: String
    let name: String
    let createdAt: Date
    let playerOne: PlayerEntry
    /// The `joinToken` the game was created with: it is then unlisted, and seats only a join
    /// that carries the same token. nil for a public game.
    let joinToken: String?
    private(set) var playerTwo: PlayerEntry?
    /// The rules' state, from the moment the second player joins.
    private(set) var rules: Game?

    init(id: String, name: String, createdAt: Date, playerOne: PlayerEntry, joinToken: String? = nil) {
        self.id = id
        self.name = name
        self.createdAt = createdAt
        self.playerOne = playerOne
        self.joinToken = joinToken
    }

    /// Whether `GET /games` shows the game: every game but an unlisted one.
    var isListed: Bool { joinToken == nil }

    var status: GameStatus {
        guard let rules else { return .waiting }
        return rules.isOver ? .done : .playing
    }

    /// `IN PROGRESS`, or the winner's name.
    var winnerName: String {
        switch rules?.winner {
        case .one: playerOne.name
        case .two: playerTwo?.name ?? WireConstants.inProgress
        case nil: WireConstants.inProgress
        }
    }

    /// The seat of the player with id `playerId` (compared without case), if they play here.
    func seat(of playerId: String) -> PlayerSeat? {
        let id = playerId.lowercased()
        if id == playerOne.id { return .one }
        if let playerTwo, id == playerTwo.id { return .two }
        return nil
    }

    var summary: GameSummary {
        GameSummary(id: id, name: name, status: status)
    }

    var detail: GameDetail {
        GameDetail(
            id: id, name: name, player1: playerOne.name, player2: playerTwo?.name ?? "",
            winner: winnerName, missilesLaunched: rules?.shotCount ?? 0
        )
    }

    /// Seats the second player; the creator moves first.
    mutating func join(_ player: PlayerEntry) {
        playerTwo = player
        rules = Game(fleetOne: playerOne.fleet, fleetTwo: player.fleet, firstMover: .one)
    }

    /// Replaces the rules' state after a shot was validated and applied to a copy.
    mutating func update(_ game: Game) {
        rules = game
    }
}
