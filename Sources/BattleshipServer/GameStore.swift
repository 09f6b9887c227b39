import BattleshipRules
import Foundation
import GRDB

/// The server's durable storage: one SQLite file in WAL mode (or an in-memory database),
/// written before any change is acknowledged.
///
/// Tables: `game` (one row per game, both players and their fleets) and `shot` (every
/// accepted guess in order). A game's state is rebuilt by replaying its shots.
final class GameStore: Sendable {
    private let writer: any DatabaseWriter
    private let commits: GroupCommit

    /// Opens (creating if needed) the database at `path`, or an in-memory one when `path` is nil.
    /// With `fsync`, every commit waits for the disk (`synchronous=FULL`).
    init(path: String?, fsync: Bool = false) throws {
        if let path {
            var configuration = Configuration()
            configuration.prepareDatabase { db in
                // WAL with synchronous=NORMAL: a commit is in the log file before write() returns,
                // so it survives a kill of the process; FULL adds an fsync per commit.
                try db.execute(sql: fsync ? "PRAGMA synchronous = FULL" : "PRAGMA synchronous = NORMAL")
            }
            writer = try DatabasePool(path: path, configuration: configuration)
        } else {
            writer = try DatabaseQueue()
        }
        try Self.migrator.migrate(writer)
        commits = GroupCommit(writer: writer)
    }

    private static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.create(table: "game") { table in
                table.primaryKey("id", .text)
                table.column("name", .text).notNull()
                table.column("createdAt", .datetime).notNull()
                table.column("playerOneId", .text).notNull()
                table.column("playerOneName", .text).notNull()
                table.column("playerOneFleet", .jsonText).notNull()
                table.column("playerOneSeed", .text)
                table.column("playerTwoId", .text)
                table.column("playerTwoName", .text)
                table.column("playerTwoFleet", .jsonText)
                table.column("playerTwoSeed", .text)
            }
            try db.create(table: "shot") { table in
                table.column("gameId", .text).notNull().references("game", onDelete: .cascade)
                table.column("sequence", .integer).notNull()
                table.column("seat", .integer).notNull()
                table.column("x", .integer).notNull()
                table.column("y", .integer).notNull()
                table.primaryKey(["gameId", "sequence"])
            }
        }
        return migrator
    }

    /// Every game, in creation order, with its shots replayed.
    func loadAll() throws -> [ServerGame] {
        try writer.read { db in
            var shotsByGame: [String: [ShotRow]] = [:]
            for shot in try ShotRow.order(Column("gameId"), Column("sequence")).fetchAll(db) {
                shotsByGame[shot.gameId, default: []].append(shot)
            }
            return try GameRow.order(Column("rowid")).fetchAll(db).map { row in
                try row.makeGame(shots: shotsByGame[row.id] ?? [])
            }
        }
    }

    /// Saves a new game with its creator.
    func insert(_ game: ServerGame) async throws {
        let row = GameRow(game)
        try await commits.perform { db in try row.insert(db) }
    }

    /// Saves the second player of game `gameId`.
    func recordJoin(gameId: String, player: PlayerEntry) async throws {
        let fleet = try GameRow.encode(player.fleet)
        try await commits.perform { db in
            try db.execute(
                sql: "UPDATE game SET playerTwoId = ?, playerTwoName = ?, playerTwoFleet = ?, playerTwoSeed = ? WHERE id = ?",
                arguments: [player.id, player.name, fleet, player.boardSeed.map(String.init), gameId]
            )
        }
    }

    /// Saves an accepted shot, the `sequence`-th of its game (counting from 0).
    func recordShot(gameId: String, sequence: Int, seat: PlayerSeat, cell: Coordinate) async throws {
        // A cached prepared statement: this is the server's most frequent write.
        let arguments: StatementArguments = [gameId, sequence, seat.rawValue, cell.x, cell.y]
        try await commits.perform { db in
            try db.cachedStatement(sql: "INSERT INTO shot (gameId, sequence, seat, x, y) VALUES (?, ?, ?, ?, ?)")
                .execute(arguments: arguments)
        }
    }
}
