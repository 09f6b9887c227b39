import BattleshipRules
import Foundation
import GRDB
import Testing

@testable import BattleshipServer

/// The `shot` table lost its `(gameId, sequence)` key in version 2 of the schema; a database
/// of version 1 is carried over, and shots are read back in their numbered order either way.
@Suite("Store migration")
struct StoreMigrationTests {
    static let gameId = "0f6a8c1e-1111-4222-8333-944455556666"

    /// A database file migrated up to `version`, holding one joined game with `sequences`
    /// inserted in the order given (shot n is fired at cell n of the grid, by seat one for
    /// even n).
    static func database(upTo version: String, sequences: [Int]) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("salvo-\(UUID().uuidString).sqlite").path
        let queue = try DatabaseQueue(path: path)
        try GameStore.migrator.migrate(queue, upTo: version)
        let one = PlayerEntry(id: "1f6a8c1e-1111-4222-8333-944455556666", name: "ann", fleet: .seeded(1), boardSeed: 1)
        let two = PlayerEntry(id: "2f6a8c1e-1111-4222-8333-944455556666", name: "ben", fleet: .seeded(2), boardSeed: 2)
        try queue.write { db in
            // The columns of version 1, as that release wrote a new game.
            try db.execute(
                sql: "INSERT INTO game (id, name, createdAt, playerOneId, playerOneName, playerOneFleet, playerOneSeed) VALUES (?, ?, ?, ?, ?, ?, ?)",
                arguments: [gameId, "old", Date(), one.id, one.name, try GameRow.encode(one.fleet), "1"]
            )
            try GameStore.join(gameId: gameId, player: two)(db)
            for sequence in sequences {
                try GameStore.shot(gameId: gameId, sequence: sequence, seat: sequence % 2 == 0 ? .one : .two, cell: Coordinate.all[sequence])(db)
            }
        }
        return path
    }

    @Test("a version 1 database with shots stored out of order loads with every shot, in sequence")
    func versionOneCarriesOver() throws {
        // Inserted 2, 0, 1: only the sequence numbers give the order.
        let path = try Self.database(upTo: "v1", sequences: [2, 0, 1])
        let games = try GameStore(path: path).loadAll()
        let game = try #require(games.first)
        #expect(games.count == 1)
        #expect(game.detail.missilesLaunched == 3)
        // One, two, one have fired: it is seat two's turn; seat one fired at cells 0 and 2.
        let rules = try #require(game.rules)
        #expect(rules.isTurn(of: .two))
        let targetedByOne = Coordinate.all.prefix(3).filter { rules.board(of: .two).wasTargeted($0) }
        #expect(targetedByOne == [Coordinate.all[0], Coordinate.all[2]])
        #expect(rules.board(of: .one).wasTargeted(Coordinate.all[1]))
        let indexes = try DatabaseQueue(path: path).read { db in try db.indexes(on: "shot") }
        #expect(indexes.isEmpty)
        // Carried over to version 3, the old game is a public one.
        #expect(game.joinToken == nil && game.isListed)
    }

    @Test("a gap in a game's shots is refused as a damaged database, naming the game")
    func gapIsDamage() throws {
        let path = try Self.database(upTo: "v2: shots without an index", sequences: [0, 2])
        let error = #expect(throws: StoreDamage.self) { try GameStore(path: path).loadAll() }
        #expect(error?.description.contains(Self.gameId) == true)
    }
}
