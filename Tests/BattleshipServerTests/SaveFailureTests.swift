import BattleshipRules
import Foundation
import GRDB
import SalvoTestSupport
import Testing

/// The server under contention and under a store that cannot save, on a real SQLite file.
@Suite("Joins under contention, saves that fail")
struct SaveFailureTests {
    @Test("of 16 concurrent joins of one waiting game exactly one wins; the game's second player is that one")
    func concurrentJoins() async throws {
        try await withRunning(TestServer.start()) { server in
            let created = try await server.create(game: "contested")
            let replies = try await withThrowingTaskGroup(of: (String, RawResponse).self) { group in
                for index in 0..<16 {
                    group.addTask {
                        let name = "joiner \(index)"
                        return (name, try await server.post("/api/games/\(created.game)/join", ["playerName": name]))
                    }
                }
                return try await group.reduce(into: [(String, RawResponse)]()) { $0.append($1) }
            }
            let winners = replies.filter { $0.1.status == 200 }
            #expect(winners.count == 1)
            #expect(replies.filter { $0.1.status == 400 && $0.1.message == "The game cannot be joined" }.count == 15, "\(replies.map { $0.1.text })")
            let detail = try await server.get("/api/games/\(created.game)").json
            #expect(detail["player2"] as? String == winners.first?.0)
            // The winner's id is the one seated: it may ask for its board, which a stranger may not.
            let playerId = try #require(winners.first?.1.json["playerId"] as? String)
            #expect(try await server.post("/api/games/\(created.game)/board", ["playerId": playerId]).status == 200)
        }
    }

    /// Makes every `statement` on `table` fail in SQLite itself, as a full disk would.
    static func refuse(_ statement: String, on table: String, in database: DatabaseQueue) async throws {
        try await database.write { db in
            try db.execute(
                sql: "CREATE TRIGGER refuse_\(statement) BEFORE \(statement) ON \(table) BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END")
        }
    }

    static func allow(_ statement: String, in database: DatabaseQueue) async throws {
        try await database.write { db in try db.execute(sql: "DROP TRIGGER refuse_\(statement)") }
    }

    static let couldNotSave = "The server could not save the change; try again"

    @Test(
        "a create, join or guess the store cannot save is refused with 503 and leaves memory as it was; the same request succeeds once saving works")
    func unsavedChangesLeaveMemoryUnchanged() async throws {
        let path = DurabilityTests.temporaryDatabase()
        defer { try? FileManager.default.removeItem(atPath: path) }
        try await withRunning(TestServer.start(databasePath: path)) { server in
            let database = try DatabaseQueue(path: path)

            // Create: no game appears in the lobby.
            try await Self.refuse("INSERT", on: "game", in: database)
            let create = try await server.post("/api/games", ["gameName": "unsaved", "playerName": "alice"])
            #expect(create.status == 503 && create.message == Self.couldNotSave)
            #expect(try await server.get("/api/games").text == "[]")
            try await Self.allow("INSERT", in: database)
            let created = try await server.create(seed: 5)

            // Join: the game still waits, and the same join succeeds afterwards.
            try await Self.refuse("UPDATE", on: "game", in: database)
            let join = try await server.post("/api/games/\(created.game)/join", ["playerName": "bob", "boardSeed": 6])
            #expect(join.status == 503 && join.message == Self.couldNotSave)
            #expect(try await server.get("/api/games/\(created.game)").json["player2"] as? String == "")
            #expect(try await server.status(created.game, created.player).json["isYourTurn"] as? Bool == false)
            try await Self.allow("UPDATE", in: database)
            let joiner = try await server.join(created.game, seed: 6)

            // Guess: no missile counted, the cell not shot, still the creator's turn.
            try await Self.refuse("INSERT", on: "shot", in: database)
            let cell = Coordinate(x: 4, y: 4)
            let guess = try await server.guess(created.game, created.player, cell)
            #expect(guess.status == 503 && guess.message == Self.couldNotSave)
            #expect(try await server.get("/api/games/\(created.game)").json["missilesLaunched"] as? Int == 0)
            #expect(try await server.board(created.game, created.player).shots.allSatisfy { $0 == "NONE" })
            #expect(try await server.status(created.game, created.player).json["isYourTurn"] as? Bool == true)
            #expect(try await server.status(created.game, joiner).json["isYourTurn"] as? Bool == false)
            try await Self.allow("INSERT", in: database)
            #expect(try await server.guess(created.game, created.player, cell).status == 200)
            #expect(try await server.get("/api/games/\(created.game)").json["missilesLaunched"] as? Int == 1)
        }
    }
}
