import BattleshipClient
import BattleshipRules
import Bots
import Foundation
import SalvoVersion
import Synchronization
import Testing

@testable import Tournament

@Suite("The journal")
struct JournalTests {
    static func temporaryPath() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("journal-\(UUID().uuidString)/journal.jsonl").path
    }

    static func record(_ index: Int) -> GameRecord {
        GameRecord(
            index: index, server: "http://127.0.0.1:1", gameId: "g\(index)", gameName: "salvo \(index)",
            players: [
                PlayerRecord(bot: "a", serverName: "a", playerId: "p1", boardSeed: 1),
                PlayerRecord(bot: "b", serverName: "b", playerId: "p2", boardSeed: nil),
            ],
            shots: [ShotRecord(seat: .one, x: 1, y: 2, hit: true, sunk: 0, atMilliseconds: 5)],
            termination: .win, winner: .one, reason: nil, startedAt: Date(timeIntervalSince1970: 1_700_000_000), durationMilliseconds: 12.5
        )
    }

    @Test("entries read back in order, equal to what was written, across reopenings")
    func roundTrip() async throws {
        let path = Self.temporaryPath()
        let entries: [JournalEntry] = [
            .started(JournalStart(name: "t", configurationDigest: "abc", totalGames: 2, configuration: Self.configuration)),
            .created(index: 0, server: "http://127.0.0.1:1", gameId: "g0", creatorPlayerId: "p1"),
            .joined(index: 0, joinerPlayerId: "p2"),
            .finished(Self.record(0)),
        ]
        let journal = try Journal(path: path)
        for entry in entries.prefix(2) { try await journal.append(entry) }
        let reopened = try Journal(path: path)
        for entry in entries.dropFirst(2) { try await reopened.append(entry) }
        #expect(try Journal.read(path: path) == entries)
    }

    /// A configuration that sets every setting away from its default.
    static let configuration = TournamentConfig(
        name: "every-setting", format: .gauntlet,
        bots: [
            BotEntry(name: "density", kind: .builtin(.density)),
            BotEntry(
                name: "Ünïcode \"bot\"\t/",
                kind: .external(
                    ExternalBotSpec(
                        command: ["/usr/bin/python3", "a b/bot.py", ""], moveDeadline: .milliseconds(2_500), startupDeadline: .seconds(9)))),
            BotEntry(
                name: "caged",
                kind: .external(
                    ExternalBotSpec(
                        command: ["java", "-jar", "bot.jar"],
                        limits: ResourceLimits(
                            memoryBytes: 512 << 20, cpuSeconds: nil, processes: 200, openFiles: 1_024, fileSizeBytes: 1 << 20, tmpBytes: nil),
                        folder: "/srv/class/alice", sandbox: SandboxSettings(isEnabled: true, readOnlyPaths: ["/opt/java", "/opt/x y"])
                    ))),
            BotEntry(name: "trusted", kind: .external(ExternalBotSpec(command: ["./trusted"], sandbox: .none))),
        ],
        gamesPerPairing: 6, concurrency: 64, pollInterval: .milliseconds(120), rateLimit: 250.5, server: .url("http://10.0.0.5:8080"),
        seed: .max, outputDirectory: "/tmp/every setting", stallTimeout: .milliseconds(30_500), wakeLocalOpponent: false,
        sprt: SPRTSettings(elo0: -5, elo1: 10.25, alpha: 0.1, beta: 0.2)
    )

    @Test("every kind of entry reads back equal to what was written: escapes, Unicode, extreme numbers, every setting")
    func everyValueRoundTrips() throws {
        var requests = RequestStatistics()
        requests.requests = 65
        requests.failures = 2
        requests.totalMilliseconds = 307.56298799999985
        requests.maxMilliseconds = 18.0
        var tiny = RequestStatistics()
        tiny.totalMilliseconds = 0.00001
        tiny.maxMilliseconds = 1e17
        let forfeit = GameRecord(
            index: 7, server: "http://127.0.0.1:8080/api/", gameId: "e2e211b4-2901-4f4e-9a83-af73d2904831", gameName: "salvo bench 7",
            players: [
                PlayerRecord(
                    bot: "Ünïcode \"bot\"", serverName: "bot one", playerId: "p1", boardSeed: .max, finalBoard: Array(repeating: "MISS", count: 100),
                    requests: requests),
                PlayerRecord(bot: "b/c", serverName: "b", playerId: "p2", boardSeed: nil, finalBoard: nil, requests: tiny),
            ],
            shots: [
                ShotRecord(seat: .one, x: 9, y: 0, hit: true, sunk: 5, atMilliseconds: 0),
                ShotRecord(seat: .two, x: 0, y: 9, hit: false, sunk: 0, atMilliseconds: 1_234_567),
            ],
            termination: .forfeit, winner: .two, reason: "line 1:\tsaid \"A11\"\nthen quit \\ ok", forfeitKind: .malformed,
            startedAt: Date(timeIntervalSince1970: 1_795_462_739), durationMilliseconds: 1_325.583676
        )
        var noResult = Self.record(3)
        noResult.termination = .noResult
        noResult.winner = nil
        noResult.reason = "stalled"
        noResult.durationMilliseconds = 40
        noResult.shots = []
        var defaults = TournamentConfig(
            name: "d", bots: [BotEntry(name: "r", kind: .builtin(.random)), BotEntry(name: "p", kind: .external(ExternalBotSpec(command: ["p"])))])
        defaults.outputDirectory = "reports/d"
        let entries: [JournalEntry] = [
            .started(JournalStart(name: "t", configurationDigest: "abc", totalGames: 2, configuration: Self.configuration)),
            .started(JournalStart(name: "d", configurationDigest: "0", totalGames: 2, configuration: defaults)),
            .started(
                JournalStart(
                    name: "d", configurationDigest: "0", totalGames: 2, configuration: defaults,
                    unenforced: ["no cgroups can be made here", "not running as root"])),
            .created(index: 12, server: "http://127.0.0.1:1", gameId: "g0", creatorPlayerId: "p1"),
            .joined(index: 12, joinerPlayerId: "p2"),
            .finished(Self.record(0)), .finished(forfeit), .finished(noResult),
        ]
        for entry in entries {
            let line = JournalCodec.line(entry)
            #expect(line.last == UInt8(ascii: "\n"))
            #expect(!line.dropLast().contains(UInt8(ascii: "\n")), "one entry, one line")
            let read = try line.dropLast().withUnsafeBufferPointer { try JournalCodec.entry($0) }
            #expect(read == entry)
        }
    }

    @Test("the started line names its type, schema version and the Salvo that wrote it first, and every member by name")
    func startedLineLayout() {
        let config = TournamentConfig(
            name: "pin",
            bots: [BotEntry(name: "r", kind: .builtin(.random)), BotEntry(name: "x", kind: .external(ExternalBotSpec(command: ["./x"])))], seed: 5,
            outputDirectory: "out")
        let line = String(
            decoding: JournalCodec.line(.started(JournalStart(name: "pin", configurationDigest: "d", totalGames: 2, configuration: config))),
            as: UTF8.self)
        #expect(
            line
                == #"{"type":"started","schemaVersion":3,"salvoVersion":"\#(SalvoVersion.text)","name":"pin","configurationDigest":"d","totalGames":2,"configuration":{"bots":[{"builtin":"random","name":"r"},{"command":["./x"],"limits":{"cpuSeconds":60,"fileSizeBytes":null,"memoryBytes":1073741824,"openFiles":256,"processes":64,"tmpBytes":67108864},"moveTimeoutMs":1000,"name":"x","restart":"reuse","sandbox":"bubblewrap","startupTimeoutMs":5000}],"concurrency":8,"format":"round-robin","gamesPerPairing":2,"name":"pin","output":"out","pollIntervalMs":500,"seed":"5","seedDerivation":"hmac-sha256","server":"embedded","stallTimeoutMs":60000,"timeControl":"10+0.1","wakeLocalOpponent":true}}"#
                + "\n")
        #expect(!line.contains("\"_0\""))
    }

    @Test("a board seed is written as decimal text, exact past 2^53 for jq and JavaScript, and a bare number from older journals still reads")
    func seedsAsText() throws {
        var record = Self.record(3)
        record.players[0].boardSeed = 10_217_704_370_751_033_971
        let line = JournalCodec.line(.finished(record))
        let text = String(decoding: line, as: UTF8.self)
        #expect(text.contains(#""boardSeed":"10217704370751033971""#), "\(text)")
        let parsed = try JSONSerialization.jsonObject(with: Data(line)) as? [String: Any]
        let players = (parsed?["game"] as? [String: Any])?["players"] as? [[String: Any]]
        #expect(players?[0]["boardSeed"] as? String == "10217704370751033971")
        let read = try line.withUnsafeBufferPointer { try JournalCodec.entry($0) }
        guard case .finished(let back) = read else {
            Issue.record("not a finished line")
            return
        }
        #expect(back.players[0].boardSeed == 10_217_704_370_751_033_971 && back.players[1].boardSeed == nil)

        let older = Array(text.replacingOccurrences(of: #""boardSeed":"10217704370751033971""#, with: #""boardSeed":10217704370751033971"#).utf8)
        let olderRead = try older.withUnsafeBufferPointer { try JournalCodec.entry($0) }
        guard case .finished(let old) = olderRead else {
            Issue.record("not a finished line")
            return
        }
        #expect(old.players[0].boardSeed == 10_217_704_370_751_033_971)
    }

    @Test("a journal of a newer layout is refused, saying which version it is")
    func newerLayoutRefused() {
        let line = Array(
            #"{"type":"started","schemaVersion":4,"name":"n","configurationDigest":"d","totalGames":1,"configuration":{"name":"n","bots":[]}}"#.utf8)
        #expect { try line.withUnsafeBufferPointer { try JournalCodec.entry($0) } } throws: { "\($0)".contains("layout version 4") }
    }

    @Test("a line cut short by a kill is dropped, and later appends start on a clean line")
    func truncatedTail() async throws {
        let path = Self.temporaryPath()
        let journal = try Journal(path: path)
        try await journal.append(.created(index: 0, server: "s", gameId: "g0", creatorPlayerId: "p"))
        let handle = try #require(FileHandle(forWritingAtPath: path))
        handle.seekToEndOfFile()
        handle.write(Data("{\"type\":\"finished\",\"game\":{\"index\":".utf8))
        try handle.close()
        #expect(try Journal.read(path: path).count == 1)
        let reopened = try Journal(path: path)
        try await reopened.append(.joined(index: 0, joinerPlayerId: "q"))
        #expect(
            try Journal.read(path: path) == [
                .created(index: 0, server: "s", gameId: "g0", creatorPlayerId: "p"), .joined(index: 0, joinerPlayerId: "q"),
            ])
    }

    @Test("a whole last line that lost only its newline is kept, as the resume counted it, and later appends start on a new line")
    func wholeLastLineWithoutNewline() async throws {
        let path = Self.temporaryPath()
        let journal = try Journal(path: path)
        try await journal.append(.created(index: 0, server: "s", gameId: "g0", creatorPlayerId: "p"))
        try await journal.append(.finished(Self.record(0)))
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        try bytes.dropLast().write(to: URL(fileURLWithPath: path))
        // What a resume reads counts the game as finished...
        #expect(try Journal.read(path: path).last == .finished(Self.record(0)))
        // ...so the journal must keep it when reopened for appending.
        let reopened = try Journal(path: path)
        try await reopened.append(.joined(index: 1, joinerPlayerId: "q"))
        #expect(
            try Journal.read(path: path) == [
                .created(index: 0, server: "s", gameId: "g0", creatorPlayerId: "p"), .finished(Self.record(0)),
                .joined(index: 1, joinerPlayerId: "q"),
            ])
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes + JournalCodec.line(.joined(index: 1, joinerPlayerId: "q")))
    }

    @Test("appends from many tasks at once land whole, each exactly once, in groups")
    func concurrentAppends() async throws {
        let path = Self.temporaryPath()
        let journal = try Journal(path: path)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for task in 0..<40 {
                group.addTask {
                    for step in 0..<5 {
                        try await journal.append(.joined(index: task * 5 + step, joinerPlayerId: "p\(task)-\(step)"))
                    }
                }
            }
            try await group.waitForAll()
        }
        let indices = try Journal.read(path: path).map { entry -> Int in
            guard case .joined(let index, let player) = entry else { return -1 }
            return player == "p\(index / 5)-\(index % 5)" ? index : -1
        }
        #expect(indices.sorted() == Array(0..<200))
    }

    @Test("queued lines land in order among appended ones, each callback runs once its line is on disk, and flush waits for them all")
    func queuedLines() async throws {
        let path = Self.temporaryPath()
        let journal = try Journal(path: path)
        let seen = Shared<[Int]>([])
        let onDiskWhenCalled = Shared(true)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                for index in 0..<150 {
                    try journal.enqueue(.joined(index: index, joinerPlayerId: "q")) {
                        let lines = (try? Journal.read(path: path)) ?? []
                        let there = lines.contains(.joined(index: index, joinerPlayerId: "q"))
                        onDiskWhenCalled.value.withLock { $0 = $0 && there }
                        seen.value.withLock { $0.append(index) }
                    }
                    if index % 10 == 0 { await Task.yield() }
                }
            }
            group.addTask {
                for index in 0..<20 { try await journal.append(.joined(index: 1000 + index, joinerPlayerId: "a")) }
            }
            try await group.waitForAll()
        }
        try await journal.flush()
        #expect(seen.value.withLock { $0 } == Array(0..<150))
        #expect(onDiskWhenCalled.value.withLock { $0 })
        let lines = try Journal.read(path: path)
        let queued = lines.compactMap { entry -> Int? in
            if case .joined(let index, "q") = entry { index } else { nil }
        }
        #expect(queued == Array(0..<150))
        #expect(lines.count == 170)
    }

    @Test("once a write fails, the queued line's callback never runs and every later call throws the failure, naming the journal")
    func failedWriteIsSticky() async throws {
        let path = Self.temporaryPath()
        let journal = try Journal(path: path)
        try await journal.append(.joined(index: 0, joinerPlayerId: "p"))
        // The journal's descriptor, found by its path, is made read-only under it: writes fail.
        let descriptors = try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").compactMap(Int32.init)
        let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        let descriptor = try #require(
            descriptors.first { (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\($0)")) == resolved })
        let readOnly = open("/dev/null", O_RDONLY)
        #expect(dup2(readOnly, descriptor) == descriptor)
        close(readOnly)
        let called = Mutex(false)
        try journal.enqueue(.joined(index: 1, joinerPlayerId: "p")) { called.withLock { $0 = true } }
        await #expect(throws: Journal.Failure.self) { try await journal.flush() }
        #expect(!called.withLock { $0 })
        #expect(throws: Journal.Failure.self) { try journal.enqueue(.joined(index: 2, joinerPlayerId: "p")) }
        do {
            try await journal.append(.joined(index: 3, joinerPlayerId: "p"))
            Issue.record("an append after a failed write went through")
        } catch {
            // A `Journal.Failure` by its type (typed throws).
            #expect(error.description.contains("cannot write the journal \(path)"))
        }
        #expect(try Journal.read(path: path) == [.joined(index: 0, joinerPlayerId: "p")])
    }

    @Test("damage before the last line is an error that names the line")
    func damagedMiddle() throws {
        let path = Self.temporaryPath()
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data("not json\n{}\n".utf8).write(to: URL(fileURLWithPath: path))
        #expect { try Journal.read(path: path) } throws: { "\($0)".contains("journal.jsonl:1:") }
    }
}

/// A value that the journal's callbacks and the test's tasks share.
private final class Shared<Value: Sendable>: Sendable {
    let value: Mutex<Value>

    init(_ value: Value) {
        self.value = Mutex(value)
    }
}
