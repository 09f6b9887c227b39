import BattleshipRules
import Foundation
import GRDB
import JSONCoding

/// A row of the `game` table.
struct GameRow: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "game"

    var id: String
    var name: String
    var createdAt: Date
    var playerOneId: String
    var playerOneName: String
    var playerOneFleet: String
    var playerOneSeed: String?
    var playerTwoId: String?
    var playerTwoName: String?
    var playerTwoFleet: String?
    var playerTwoSeed: String?
    /// The `joinToken` of an unlisted game (migration v3); nil for a public one.
    var joinToken: String?

    init(_ game: ServerGame) {
        id = game.id
        name = game.name
        createdAt = game.createdAt
        playerOneId = game.playerOne.id
        playerOneName = game.playerOne.name
        playerOneFleet = (try? Self.encode(game.playerOne.fleet)) ?? "[]"
        playerOneSeed = game.playerOne.boardSeed.map(String.init)
        joinToken = game.joinToken
    }

    static func encode(_ fleet: Fleet) throws -> String {
        String(decoding: try JSONFormat.encoder(pretty: false).encode(fleet), as: UTF8.self)
    }

    static func decode(_ text: String) throws -> Fleet {
        try JSONFormat.decoder().decode(Fleet.self, from: Data(text.utf8))
    }

    /// Rebuilds the game, replaying `shots` in order through the rules.
    func makeGame(shots: [ShotRow]) throws -> ServerGame {
        let one = PlayerEntry(
            id: playerOneId, name: playerOneName, fleet: try Self.decode(playerOneFleet), boardSeed: playerOneSeed.flatMap { UInt64($0) })
        var game = ServerGame(id: id, name: name, createdAt: createdAt, playerOne: one, joinToken: joinToken)
        if let playerTwoId, let playerTwoName, let playerTwoFleet {
            game.join(
                PlayerEntry(
                    id: playerTwoId, name: playerTwoName, fleet: try Self.decode(playerTwoFleet), boardSeed: playerTwoSeed.flatMap { UInt64($0) }))
        }
        if var rules = game.rules {
            for shot in shots {
                guard let seat = PlayerSeat(rawValue: shot.seat) else { continue }
                try rules.fire(by: seat, at: Coordinate(x: shot.x, y: shot.y))
            }
            game.update(rules)
        }
        return game
    }
}
