import BattleshipRules
import Foundation
import GRDB
import SalvoTestSupport
import Synchronization
import Testing

@testable import BattleshipServer

/// The tournament runner's embedded server answers writes before they are committed; what it
/// acknowledged must still all be in the database once it has stopped, in order.
@Suite("Write-behind")
struct WriteBehindTests {
    @Test("every acknowledged create, join and guess of a write-behind server is in its file after stop, in order")
    func everythingReachesTheFile() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("salvo-\(UUID().uuidString).sqlite").path
        let targets = Fleet.seeded(20).ships.flatMap(\.cells)
        let water = openWater(Fleet.seeded(10))
        let games = try await withRunning(TestServer.start(databasePath: path, writeBehind: true)) { first in
            var games: [(game: String, one: String, two: String)] = []
            for round in 0..<3 {
                games.append(try await first.startGame(seedOne: UInt64(10 + round), seedTwo: UInt64(20 + round)))
            }
            // Game 0 is played to the end: player one sinks every ship, player two fires at open water.
            for (index, target) in targets.enumerated() {
                #expect(try await first.guess(games[0].game, games[0].one, target).status == 200)
                if index < targets.count - 1 {
                    #expect(try await first.guess(games[0].game, games[0].two, water[index]).status == 200)
                }
            }
            // Game 1 gets three shots; game 2 none.
            for index in 0..<3 {
                #expect(try await first.guess(games[1].game, index % 2 == 0 ? games[1].one : games[1].two, water[index]).status == 200)
            }
            return games
        }

        // A durable server on the same file sees it all.
        try await withRunning(TestServer.start(databasePath: path)) { second in
            let finished = try await second.get("/api/games/\(games[0].game)").json
            #expect(finished["winner"] as? String == "alice")
            #expect(finished["missilesLaunched"] as? Int == 2 * targets.count - 1)
            #expect(try await second.get("/api/games/\(games[1].game)").json["missilesLaunched"] as? Int == 3)
            #expect(try await second.get("/api/games/\(games[2].game)").json["missilesLaunched"] as? Int == 0)
            // The shots came back in order: game 1's next move is player two's.
            #expect(try await second.status(games[1].game, games[1].two).json["isYourTurn"] as? Bool == true)
            let board = try await second.board(games[1].game, games[1].one)
            #expect(board.shots.filter { $0 != "NONE" }.count == 2)
        }
    }
}

@Suite("Group commit")
struct GroupCommitTests {
    @Test("queued writes are committed in the order given, and flush returns only when all are in")
    func queuedWritesInOrder() async throws {
        let database = try DatabaseQueue()
        try await database.write { db in try db.execute(sql: "CREATE TABLE item (n INTEGER NOT NULL)") }
        let commits = GroupCommit(writer: database)
        for n in 0..<2_000 {
            commits.submit { db in try db.execute(sql: "INSERT INTO item (n) VALUES (?)", arguments: [n]) }
        }
        await commits.flush()
        let stored = try await database.read { db in try Int.fetchAll(db, sql: "SELECT n FROM item ORDER BY rowid") }
        let inOrder = stored.elementsEqual(0..<2_000)
        #expect(stored.count == 2_000)
        #expect(inOrder)
    }

    @Test("queued writes wait for company: 500 of them and a flush are one commit", .timeLimit(.minutes(1)))
    func queuedWritesShareOneCommit() async throws {
        let database = try DatabaseQueue()
        try await database.write { db in try db.execute(sql: "CREATE TABLE item (n INTEGER NOT NULL)") }
        let commits = CommitCounter()
        database.add(transactionObserver: commits)
        // A timer that never fires in this test: only the awaited flush starts a commit, at once.
        let group = GroupCommit(writer: database, queuedWriteDelay: .seconds(3_600))
        for n in 0..<500 {
            group.submit { db in try db.execute(sql: "INSERT INTO item (n) VALUES (?)", arguments: [n]) }
        }
        await group.flush()
        #expect(commits.count == 1)
        #expect(try await database.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM item") } == 500)
    }

    @Test("queued writes are committed by the timer when nobody flushes", .timeLimit(.minutes(1)))
    func timerCommits() async throws {
        let database = try DatabaseQueue()
        try await database.write { db in try db.execute(sql: "CREATE TABLE item (n INTEGER NOT NULL)") }
        let group = GroupCommit(writer: database, queuedWriteDelay: .milliseconds(20))
        for round in 0..<3 {
            group.submit { db in try db.execute(sql: "INSERT INTO item (n) VALUES (?)", arguments: [round]) }
            // Nobody flushes: only the timer can commit the row. The deadline is a hang guard.
            let deadline = ContinuousClock.now + .seconds(30)
            var stored: [Int] = []
            while stored.count < round + 1, ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(5))
                stored = try await database.read { db in try Int.fetchAll(db, sql: "SELECT n FROM item ORDER BY rowid") }
            }
            #expect(stored == Array(0...round), "round \(round)")
        }
    }

    @Test("a queued write that fails is reported and does not take its batch down; awaited writes get their own error")
    func failuresStayAlone() async throws {
        let database = try DatabaseQueue()
        try await database.write { db in try db.execute(sql: "CREATE TABLE item (n INTEGER NOT NULL UNIQUE)") }
        let lost = LostWrites()
        let commits = GroupCommit(writer: database) { error in lost.record(error) }
        commits.submit { db in try db.execute(sql: "INSERT INTO item (n) VALUES (1)") }
        commits.submit { db in try db.execute(sql: "INSERT INTO item (n) VALUES (1)") }
        commits.submit { db in try db.execute(sql: "INSERT INTO item (n) VALUES (2)") }
        await #expect(throws: DatabaseError.self) {
            try await commits.perform { db in try db.execute(sql: "INSERT INTO item (n) VALUES (2)") }
        }
        await commits.flush()
        let stored = try await database.read { db in try Int.fetchAll(db, sql: "SELECT n FROM item ORDER BY rowid") }
        #expect(stored == [1, 2])
        #expect(lost.count == 1)
    }
}

/// Counts the commits of the database it observes.
private final class CommitCounter: TransactionObserver, Sendable {
    private let commits = Mutex(0)
    var count: Int { commits.withLock { $0 } }
    func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool { true }
    func databaseDidChange(with event: DatabaseEvent) {}
    func databaseDidCommit(_ db: Database) { commits.withLock { $0 += 1 } }
    func databaseDidRollback(_ db: Database) {}
}

/// Errors handed to `onLostWrite`.
private final class LostWrites: Sendable {
    private let errors = Mutex<[String]>([])
    func record(_ error: any Error) { errors.withLock { $0.append("\(error)") } }
    var count: Int { errors.withLock { $0.count } }
}
