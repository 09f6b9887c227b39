import Foundation
import GRDB

/// An arena's durable state, one SQLite file (`DIR/arena.sqlite`, WAL): its roster with each
/// student's token hash (never the token), and every upload with its state
/// (``ArenaSubmission``), written before any change is acknowledged. Tables join by
/// migration; none is ever edited once shipped.
///
/// ```swift
/// let store = try ArenaStore(path: "class/arena.sqlite")
/// try store.add(login: "alice", name: "Alice", tokenHash: ArenaToken.hash(token))
/// try store.login(forTokenHash: ArenaToken.hash(token))   // "alice"
/// ```
public final class ArenaStore: Sendable {
    /// One row of the roster.
    public struct Student: Codable, Hashable, Sendable, FetchableRecord, PersistableRecord {
        public static let databaseTableName = "student"
        public var login: String
        public var name: String
        /// SHA-256 of the student's current token (``ArenaToken/hash(_:)``).
        public var tokenHash: String
        public var addedAt: Date
        /// When the token was revoked; nil while it is valid.
        public var revokedAt: Date?
        /// The name the public pages show the student under (their roster name, or a
        /// pseudonym), as the last publication gave it; nil before their first entry.
        public var publicName: String?

        public enum Columns {
            public static let login = Column("login")
            public static let tokenHash = Column("tokenHash")
        }
    }

    private let writer: any DatabaseWriter

    /// Opens (creating if needed) the store at `path`, or an in-memory one when nil.
    public init(path: String?) throws(ArenaError) {
        do {
            writer = try path.map { try DatabasePool(path: $0) } ?? DatabaseQueue()
            try Self.migrator.migrate(writer)
        } catch {
            throw .store(path: path ?? ":memory:", detail: "\(error)")
        }
    }

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: the roster") { db in
            try db.create(table: "student") { table in
                table.primaryKey("login", .text).collate(.nocase)
                table.column("name", .text).notNull()
                table.column("tokenHash", .text).notNull().unique()
                table.column("addedAt", .datetime).notNull()
                table.column("revokedAt", .datetime)
            }
        }
        migrator.registerMigration("v2: the uploads") { db in
            try db.create(table: "submission") { table in
                table.autoIncrementedPrimaryKey("id")
                table.column("login", .text).notNull().indexed()
                table.column("receivedAt", .datetime).notNull()
                table.column("state", .text).notNull().indexed()
                table.column("reason", .text)
                table.column("lines", .blob).notNull()
                table.column("archive", .text).notNull()
                table.column("archiveBytes", .integer).notNull()
                table.column("version", .text)
                table.column("updatedAt", .datetime).notNull()
            }
        }
        migrator.registerMigration("v3: when each check began and ended") { db in
            try db.alter(table: "submission") { table in
                table.add(column: "checkStartedAt", .datetime)
                table.add(column: "checkedAt", .datetime)
            }
        }
        migrator.registerMigration("v4: archives pruned to their student's budget") { db in
            try db.alter(table: "submission") { table in
                table.add(column: "archivePruned", .boolean).notNull().defaults(to: false)
            }
        }
        migrator.registerMigration("v5: uploads the instructor gave back") { db in
            try db.alter(table: "submission") { table in
                table.add(column: "givenBack", .boolean).notNull().defaults(to: false)
            }
        }
        migrator.registerMigration("v6: the students' public names") { db in
            try db.alter(table: "student") { table in
                table.add(column: "publicName", .text)
            }
        }
        return migrator
    }

    /// Records the public names a publication gave (login to name); students it did not name
    /// keep theirs.
    public func setPublicNames(_ names: [String: String]) throws(ArenaError) {
        guard !names.isEmpty else { return }
        try write { db in
            for var student in try Student.fetchAll(db) {
                guard let name = names[student.login] ?? names.first(where: { $0.key.lowercased() == student.login.lowercased() })?.value,
                    name != student.publicName
                else { continue }
                student.publicName = name
                try student.update(db)
            }
        }
    }

    /// Renames `login` on the roster: the name the season's pages show from the next batch on.
    public func rename(login: String, to name: String) throws(ArenaError) {
        try write { db in
            guard var student = try Student.fetchOne(db, key: login) else { throw ArenaError.notListed(login) }
            student.name = name
            try student.update(db)
        }
    }

    /// Adds `login`; refused when the roster already has it (in any case).
    public func add(login: String, name: String, tokenHash: String, at date: Date = Date()) throws(ArenaError) {
        try write { db in
            guard try Student.fetchOne(db, key: login) == nil else { throw ArenaError.alreadyListed(login) }
            try Student(login: login, name: name, tokenHash: tokenHash, addedAt: date, revokedAt: nil, publicName: nil).insert(db)
        }
    }

    /// Revokes `login`'s token: it is refused from now on, until a new one is given.
    public func revoke(login: String, at date: Date = Date()) throws(ArenaError) {
        try write { db in
            guard var student = try Student.fetchOne(db, key: login) else { throw ArenaError.notListed(login) }
            student.revokedAt = date
            try student.update(db)
        }
    }

    /// Gives `login` a new token (its hash), which replaces the old one, revoked or not.
    public func replaceToken(login: String, tokenHash: String) throws(ArenaError) {
        try write { db in
            guard var student = try Student.fetchOne(db, key: login) else { throw ArenaError.notListed(login) }
            student.tokenHash = tokenHash
            student.revokedAt = nil
            try student.update(db)
        }
    }

    /// The login whose valid token has `tokenHash`; nil for an unknown or revoked one.
    public func login(forTokenHash tokenHash: String) throws(ArenaError) -> String? {
        try read { db in
            try Student.filter(Student.Columns.tokenHash == tokenHash).fetchOne(db).flatMap { $0.revokedAt == nil ? $0.login : nil }
        }
    }

    /// The roster, by login.
    public func students() throws(ArenaError) -> [Student] {
        try read { db in try Student.order(Student.Columns.login).fetchAll(db) }
    }

    func write(_ body: (Database) throws -> Void) throws(ArenaError) {
        do {
            try writer.write(body)
        } catch let error as ArenaError {
            throw error
        } catch {
            throw .store(path: writer.path, detail: "\(error)")
        }
    }

    func read<Value>(_ body: (Database) throws -> Value) throws(ArenaError) -> Value {
        do {
            return try writer.read(body)
        } catch {
            throw .store(path: writer.path, detail: "\(error)")
        }
    }
}
