import BattleshipRules
import Foundation
import GRDB

/// The server's durable storage: one SQLite file in WAL mode (or an in-memory database),
/// written before any change is acknowledged, or, with write-behind, queued for the next
/// commit while the change is acknowledged at once (see ``ServerConfiguration/writeBehind``).
///
/// Tables: `game` (one row per game, both players and their fleets) and `shot` (every
/// accepted guess, in the order accepted, numbered per game by `sequence`). A game's state
/// is rebuilt by replaying its shots.
///
/// The `shot` table has no index: rows are appended in rowid order, so a commit writes the
/// table's last page or two. (Version 1 keyed it by `(gameId, sequence)`; every game in
/// flight then dirtied its own page of that index, some 60 pages per commit in a tournament.)
/// Shots are read only at start-up, all at once, where their order and numbering are checked.
final class GameStore: Sendable {
    private let writer: any DatabaseWriter
    private let commits: GroupCommit
    /// Whether changes are queued for the next commit instead of awaited (``saveLater(_:)``).
    let writesBehind: Bool

    /// Opens (creating if needed) the database at `path`, or an in-memory one when `path` is nil.
    /// With `fsync`, every commit waits for the disk (`synchronous=FULL`). With `writeBehind`,
    /// the owner saves through ``saveLater(_:)``, and a queued change that cannot be written
    /// goes to `onLostWrite`. Each commit's time and number of writes go to `onCommit`.
    init(
        path: String?, fsync: Bool = false, writeBehind: Bool = false, onLostWrite: @escaping @Sendable (any Error) -> Void = { _ in },
        onCommit: GroupCommit.CommitObserver? = nil
    ) throws {
        writesBehind = writeBehind
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
        // Write-behind changes wait up to 10 ms for company: a few large commits instead of
        // one or two writes per commit (see GroupCommit). A crash can lose those 10 ms too.
        commits = GroupCommit(
            writer: writer, queuedWriteDelay: writeBehind ? .milliseconds(10) : .zero, onLostWrite: onLostWrite,
            onCommit: onCommit
        )
    }

    static var migrator: DatabaseMigrator {
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
        migrator.registerMigration("v2: shots without an index") { db in
            try createShotTable(db, named: "shotLog")
            try db.execute(
                sql: "INSERT INTO shotLog (gameId, sequence, seat, x, y) SELECT gameId, sequence, seat, x, y FROM shot ORDER BY gameId, sequence")
            try db.drop(table: "shot")
            try db.rename(table: "shotLog", to: "shot")
        }
        migrator.registerMigration("v3: unlisted games") { db in
            try db.alter(table: "game") { table in table.add(column: "joinToken", .text) }
        }
        return migrator
    }

    private static func createShotTable(_ db: Database, named name: String) throws {
        try db.create(table: name) { table in
            table.column("gameId", .text).notNull().references("game", onDelete: .cascade)
            table.column("sequence", .integer).notNull()
            table.column("seat", .integer).notNull()
            table.column("x", .integer).notNull()
            table.column("y", .integer).notNull()
        }
    }

    /// Every game, in creation order, with its shots replayed.
    func loadAll() throws -> [ServerGame] {
        try writer.read { db in
            var shotsByGame: [String: [ShotRow]] = [:]
            for shot in try ShotRow.order(Column.rowID).fetchAll(db) {
                let count = shotsByGame[shot.gameId]?.count ?? 0
                guard shot.sequence == count else {
                    throw StoreDamage(description: "shot \(shot.sequence) of game \(shot.gameId) follows \(count) shots; the database is damaged")
                }
                shotsByGame[shot.gameId, default: []].append(shot)
            }
            return try GameRow.order(Column("rowid")).fetchAll(db).map { row in
                try row.makeGame(shots: shotsByGame[row.id] ?? [])
            }
        }
    }

    /// Writes `change` and returns once it is committed.
    func save(_ change: @escaping GroupCommit.Operation) async throws {
        try await commits.perform(change)
    }

    /// Queues `change` for the next commit and returns at once (write-behind).
    func saveLater(_ change: @escaping GroupCommit.Operation) {
        commits.submit(change)
    }

    /// Returns once every change handed in so far is committed.
    func flush() async {
        await commits.flush()
    }

    /// The change that saves a new game with its creator.
    static func insertion(of game: ServerGame) -> GroupCommit.Operation {
        let row = GameRow(game)
        return { db in try row.insert(db) }
    }

    /// The change that saves the second player of game `gameId`.
    static func join(gameId: String, player: PlayerEntry) throws -> GroupCommit.Operation {
        let fleet = try GameRow.encode(player.fleet)
        return { db in
            try db.execute(
                sql: "UPDATE game SET playerTwoId = ?, playerTwoName = ?, playerTwoFleet = ?, playerTwoSeed = ? WHERE id = ?",
                arguments: [player.id, player.name, fleet, player.boardSeed.map(String.init), gameId]
            )
        }
    }

    /// The change that saves an accepted shot, the `sequence`-th of its game (counting from 0).
    static func shot(gameId: String, sequence: Int, seat: PlayerSeat, cell: Coordinate) -> GroupCommit.Operation {
        // A cached prepared statement: this is the server's most frequent write.
        let arguments: StatementArguments = [gameId, sequence, seat.rawValue, cell.x, cell.y]
        return { db in
            try db.cachedStatement(sql: "INSERT INTO shot (gameId, sequence, seat, x, y) VALUES (?, ?, ?, ?, ?)")
                .execute(arguments: arguments)
        }
    }
}
