import BattleshipClient
import BattleshipRules
import Bots
import Foundation
import Testing

@testable import Tournament

/// Layout 3 of the journal: shots, times and boards short, and the stream that reads a
/// journal a block at a time (docs/journal.md).
@Suite("The compact journal (layout 3) and its stream")
struct CompactJournalTests {
    static func record(_ index: Int, shots: [ShotRecord]) -> GameRecord {
        var requests = RequestStatistics()
        requests.requests = 57
        requests.failures = 1
        requests.totalMilliseconds = 123.456789
        requests.maxMilliseconds = 9.75
        return GameRecord(
            index: index, server: "http://127.0.0.1:1", gameId: "g\(index)", gameName: "salvo \(index)",
            players: [
                PlayerRecord(
                    bot: "a", serverName: "a", playerId: "p1", boardSeed: 7,
                    finalBoard: ["SHIP", "HIT", "MISS"] + Array(repeating: "NONE", count: 97), requests: requests),
                PlayerRecord(bot: "b", serverName: "b", playerId: "p2", boardSeed: nil),
            ],
            shots: shots, termination: .win, winner: .one, reason: nil,
            startedAt: Date(timeIntervalSince1970: 1_700_000_000), durationMilliseconds: 12.5
        )
    }

    static let shots = [
        ShotRecord(seat: .one, x: 3, y: 7, hit: true, sunk: 0, atMilliseconds: 4),
        ShotRecord(seat: .two, x: 5, y: 2, hit: false, sunk: 0, atMilliseconds: 9),
        ShotRecord(seat: .one, x: 4, y: 4, hit: true, sunk: 3, atMilliseconds: 9),
        ShotRecord(seat: .two, x: 0, y: 9, hit: true, sunk: 5, atMilliseconds: 1_234_567),
    ]

    @Test("shots are two digits and a letter each (upper case for seat 1, s and a length for a sinking), times are offsets")
    func shotText() throws {
        let text = try #require(CompactShots.encode(Self.shots))
        #expect(String(decoding: text, as: UTF8.self) == "37h52M44s309S5")
        #expect(CompactShots.offsets(Self.shots) == [4, 5, 0, 1_234_558])
        #expect(CompactShots.decode(text, offsets: CompactShots.offsets(Self.shots)) == Self.shots)
        #expect(CompactShots.timesText([4, 5, 10, 130, 0, 61, 62, -3]) == "45a(130)0Z(62)(-3)")
        #expect(CompactShots.offsets(text: Array("45a(130)0Z(62)(-3)".utf8)) == [4, 5, 10, 130, 0, 61, 62, -3])
        #expect(CompactShots.offsets(text: Array("4(12".utf8)) == nil && CompactShots.offsets(text: Array("4-".utf8)) == nil)
        #expect(CompactShots.encode([ShotRecord(seat: .one, x: 10, y: 0, hit: false, sunk: 0, atMilliseconds: 0)]) == nil)
        #expect(CompactShots.decode(Array("37x".utf8), offsets: []) == nil)
    }

    @Test("a game's line holds its shots as text, its times as offsets, its boards as letters and its requests as four numbers, and reads back equal")
    func finishedLine() throws {
        let record = Self.record(4, shots: Self.shots)
        let line = JournalCodec.line(.finished(record))
        let text = String(decoding: line, as: UTF8.self)
        #expect(text.contains(#""shots":"37h52M44s309S5","times":"450(1234558)""#), "\(text)")
        #expect(text.contains(#""finalBoard":"SHM"# + String(repeating: ".", count: 97) + "\""))
        #expect(text.contains(#""requests":[57,1,123.456789,9.75]"#))
        let read = try line.dropLast().withUnsafeBufferPointer { try JournalCodec.entry($0) }
        #expect(read == .finished(record))
    }

    @Test("a board that is what the shots at it imply is written as where its ships were, 25 hex digits, and reads back equal")
    func boardMask() throws {
        var record = Self.record(8, shots: Self.shots)
        // Seat 0's ships on row 9 from (0, 9) and on (5, 2)…: the shots at it, (5, 2) and (0, 9), a hit and a miss as they were.
        var cells = Array(repeating: "NONE", count: 100)
        for x in 0..<5 { cells[90 + x] = "SHIP" }
        cells[90] = "HIT"
        cells[25] = "MISS"
        record.players[0].finalBoard = cells
        let line = JournalCodec.line(.finished(record))
        let text = String(decoding: line, as: UTF8.self)
        #expect(text.contains(#""finalBoard":"00000000000000000000003e0""#), "\(text)")
        #expect(try line.dropLast().withUnsafeBufferPointer { try JournalCodec.entry($0) } == .finished(record))
    }

    @Test("shots the short form cannot hold keep layout 2's long form, and read back equal")
    func longFormKept() throws {
        let odd = Self.record(5, shots: [ShotRecord(seat: .two, x: 11, y: -1, hit: false, sunk: 0, atMilliseconds: 3)])
        let line = JournalCodec.line(.finished(odd))
        #expect(String(decoding: line, as: UTF8.self).contains(#""shots":[{"seat":1,"x":11,"y":-1"#))
        #expect(try line.dropLast().withUnsafeBufferPointer { try JournalCodec.entry($0) } == .finished(odd))
    }

    @Test("a layout-2 line, with shots, boards and requests in their long forms, reads as the same record")
    func layoutTwoReads() throws {
        let record = Self.record(6, shots: Self.shots)
        let v2 =
            #"{"type":"finished","game":{"index":6,"server":"http://127.0.0.1:1","gameId":"g6","gameName":"salvo 6","players":[{"bot":"a","serverName":"a","playerId":"p1","boardSeed":"7","finalBoard":["SHIP","HIT","MISS""#
            + String(repeating: #","NONE""#, count: 97)
            + #"],"requests":{"requests":57,"failures":1,"totalMilliseconds":123.456789,"maxMilliseconds":9.75}},{"bot":"b","serverName":"b","playerId":"p2","requests":{"requests":0,"failures":0,"totalMilliseconds":0,"maxMilliseconds":0}}],"#
            + #""shots":[{"seat":0,"x":3,"y":7,"hit":true,"sunk":0,"atMilliseconds":4},{"seat":1,"x":5,"y":2,"hit":false,"sunk":0,"atMilliseconds":9},"#
            + #"{"seat":0,"x":4,"y":4,"hit":true,"sunk":3,"atMilliseconds":9},{"seat":1,"x":0,"y":9,"hit":true,"sunk":5,"atMilliseconds":1234567}],"#
            + #""termination":"win","winnerSeat":0,"startedAt":"2023-11-14T22:13:20Z","durationMilliseconds":12.5}}"#
        let read = try Array(v2.utf8).withUnsafeBufferPointer { try JournalCodec.entry($0) }
        #expect(read == .finished(record))
        let started = Array(
            #"{"type":"started","schemaVersion":2,"name":"n","configurationDigest":"d","totalGames":1,"configuration":{"name":"n","bots":[]}}"#.utf8)
        guard case .started(let start) = try started.withUnsafeBufferPointer({ try JournalCodec.entry($0) }) else {
            Issue.record("not a started line")
            return
        }
        #expect(start.name == "n")
    }

    @Test("the stream reads every entry after the first in order, with locations that read the same lines again, over many blocks")
    func stream() async throws {
        let path = JournalTests.temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        let journal = try Journal(path: path)
        let config = TournamentConfig(name: "s", bots: [BotEntry(name: "a", kind: .builtin(.random)), BotEntry(name: "b", kind: .builtin(.random))])
        try await journal.append(.started(JournalStart(name: "s", configurationDigest: "d", totalGames: 6_000, configuration: config)))
        // About 6 MB: more than one block of the stream.
        let records = (0..<6_000).map { Self.record($0, shots: Array(repeating: Self.shots, count: 20).flatMap { $0 }) }
        for record in records { try await journal.append(.finished(record)) }

        let stream = try JournalStream(path: path)
        #expect(stream.version == 3)
        guard case .started(let start) = stream.first else {
            Issue.record("the first entry is not the start")
            return
        }
        #expect(start.configuration.name == "s")
        var seen: [GameRecord] = []
        var locations: [JournalStream.Location] = []
        try stream.forEach { entry, location in
            if case .finished(let record) = entry {
                seen.append(record)
                locations.append(location)
            }
        }
        #expect(seen == records)
        let picked = [5_999, 0, 2_500, 2_501, 17]
        let again = try stream.entries(at: picked.map { locations[$0] })
        #expect(again == picked.map { JournalEntry.finished(records[$0]) })
    }

    @Test("the stream leaves out a last line cut short, and names the line of damage before it")
    func streamDamage() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("stream-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let config = TournamentConfig(name: "s", bots: [])
        let head = JournalCodec.line(.started(JournalStart(name: "s", configurationDigest: "d", totalGames: 2, configuration: config)))
        let good = JournalCodec.line(.finished(Self.record(0, shots: Self.shots)))
        let cut = Array(JournalCodec.line(.finished(Self.record(1, shots: Self.shots))).prefix(40))
        try Data(head + good + cut).write(to: URL(fileURLWithPath: folder + "/cut.jsonl"))
        var count = 0
        try JournalStream(path: folder + "/cut.jsonl").forEach { _, _ in count += 1 }
        #expect(count == 1)

        try Data(head + cut + [UInt8(ascii: "\n")] + good).write(to: URL(fileURLWithPath: folder + "/damaged.jsonl"))
        #expect { try JournalStream(path: folder + "/damaged.jsonl").forEach { _, _ in } } throws: { error in
            guard case JournalStream.Failure.damaged(let line, _) = error else { return false }
            return line == 2
        }
    }
}
