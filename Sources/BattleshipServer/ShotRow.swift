import GRDB

/// A row of the `shot` table.
struct ShotRow: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "shot"

    var gameId: String
    var sequence: Int
    var seat: Int
    var x: Int
    var y: Int
}
