import BattleshipClient
import Dispatch
import Foundation
import Tournament

/// Reads a run's journal as `Journal.read` does (same entries, same rule that only a last
/// line cut short by a kill may be incomplete), but fast: `finished` lines, nearly all of a
/// journal's bytes, go through ``JSONScanner`` on all cores; other lines and anything the
/// scanner does not expect go through `JSONDecoder`. Only what reports need is kept: the
/// first line's configuration and every game record.
enum JournalReader {
    /// Why a line could not be read: its 1-based number and the decoder's message.
    struct Damaged: Error {
        let line: Int
        let detail: String
    }

    /// The entries of interest of the journal in `data`: `started` and `finished`, in order.
    static func read(_ data: Data) throws(Damaged) -> [JournalEntry] {
        let lines: [Range<Int>] = data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            var lines: [Range<Int>] = []
            var start = 0
            while start < bytes.count {
                var end = start
                while end < bytes.count && bytes[end] != 0x0A { end += 1 }
                if end > start { lines.append(start..<end) }
                start = end + 1
            }
            return lines
        }
        let cutShortAllowed = data.last != 0x0A
        let chunkCount = max(1, min(lines.count / 256, ProcessInfo.processInfo.activeProcessorCount * 4))
        let chunkSize = (lines.count + chunkCount - 1) / chunkCount
        let results = ChunkResults(count: chunkCount)
        DispatchQueue.concurrentPerform(iterations: chunkCount) { chunk in
            data.withUnsafeBytes { raw in
                let bytes = raw.bindMemory(to: UInt8.self)
                var entries: [JournalEntry] = []
                let range = (chunk * chunkSize)..<min(lines.count, (chunk + 1) * chunkSize)
                entries.reserveCapacity(range.count)
                for number in range {
                    do {
                        if let entry = try entry(UnsafeBufferPointer(rebasing: bytes[lines[number]])) { entries.append(entry) }
                    } catch {
                        if number == lines.count - 1 && cutShortAllowed { break }
                        results.set(chunk, .failure(Damaged(line: number + 1, detail: "\(error)")))
                        return
                    }
                }
                results.set(chunk, .success(entries))
            }
        }
        var all: [JournalEntry] = []
        for chunk in 0..<chunkCount {
            switch results.get(chunk) {
            case .success(let entries): all.append(contentsOf: entries)
            case .failure(let damaged): throw damaged
            case nil: break
            }
        }
        return all
    }

    static let finishedPrefix = Array(#"{"finished":{"_0":"#.utf8)
    static let createdPrefix = Array(#"{"created""#.utf8)
    static let joinedPrefix = Array(#"{"joined""#.utf8)

    /// One line: an entry if it is `started` or `finished`, nil for the others (checked for
    /// syntax only); throws when it is not a journal entry.
    static func entry(_ line: UnsafeBufferPointer<UInt8>) throws -> JournalEntry? {
        if line.starts(with: finishedPrefix) {
            var scanner = JSONScanner(line)
            var record: GameRecord?
            do {
                try scanner.object { scanner, key in
                    guard key == "finished" else { throw JSONScanner.Malformed() }
                    try scanner.object { scanner, key in
                        guard key == "_0" else { throw JSONScanner.Malformed() }
                        record = try Self.record(&scanner)
                    }
                }
                if let record, scanner.isAtEnd { return .finished(record) }
            } catch {}
            // Not the shape expected: let the decoder judge.
        } else if line.starts(with: createdPrefix) || line.starts(with: joinedPrefix) {
            var scanner = JSONScanner(line)
            if (try? scanner.skipValue()) != nil, scanner.isAtEnd { return nil }
        }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let entry = try decoder.decode(JournalEntry.self, from: Data(line))
        switch entry {
        case .started, .finished: return entry
        case .created, .joined: return nil
        }
    }

    /// A `GameRecord` object, with the keys `JSONEncoder` writes for it.
    static func record(_ scanner: inout JSONScanner) throws -> GameRecord {
        var schemaVersion: Int?, index: Int?, server: String?, gameId: String?, gameName: String?
        var players: [PlayerRecord]?, shots: [ShotRecord]?, termination: Termination?
        var winnerSeat: Int?, reason: String?, forfeitKind: String?, startedAt: Date?, duration: Double?
        try scanner.object { scanner, key in
            switch key {
            case "schemaVersion": schemaVersion = try scanner.int()
            case "index": index = try scanner.int()
            case "server": server = try scanner.string()
            case "gameId": gameId = try scanner.string()
            case "gameName": gameName = try scanner.string()
            case "players":
                var list: [PlayerRecord] = []
                try scanner.array { scanner in list.append(try player(&scanner)) }
                players = list
            case "shots":
                var list: [ShotRecord] = []
                list.reserveCapacity(128)
                try scanner.array { scanner in list.append(try shot(&scanner)) }
                shots = list
            case "termination":
                guard let value = Termination(rawValue: try scanner.string()) else { throw JSONScanner.Malformed() }
                termination = value
            case "winnerSeat": winnerSeat = scanner.null() ? nil : try scanner.int()
            case "reason": reason = scanner.null() ? nil : try scanner.string()
            case "forfeitKind": forfeitKind = scanner.null() ? nil : try scanner.string()
            case "startedAt": startedAt = try date(try scanner.string())
            case "durationMilliseconds": duration = try scanner.double()
            default: try scanner.skipValue()
            }
        }
        guard let schemaVersion, let index, let server, let gameId, let gameName, let players, let shots,
              let termination, let startedAt, let duration else { throw JSONScanner.Malformed() }
        var record = GameRecord(
            index: index, server: server, gameId: gameId, gameName: gameName, players: players, shots: shots,
            termination: termination, winnerSeat: winnerSeat, reason: reason, forfeitKind: forfeitKind,
            startedAt: startedAt, durationMilliseconds: duration
        )
        record.schemaVersion = schemaVersion
        return record
    }

    static func player(_ scanner: inout JSONScanner) throws -> PlayerRecord {
        var bot: String?, serverName: String?, playerId: String?, boardSeed: UInt64?, finalBoard: [String]?
        var requests = RequestStatistics()
        try scanner.object { scanner, key in
            switch key {
            case "bot": bot = try scanner.string()
            case "serverName": serverName = try scanner.string()
            case "playerId": playerId = try scanner.string()
            case "boardSeed": boardSeed = scanner.null() ? nil : try scanner.uint64()
            case "finalBoard":
                if scanner.null() { break }
                var cells: [String] = []
                cells.reserveCapacity(100)
                try scanner.array { scanner in cells.append(try scanner.string()) }
                finalBoard = cells
            case "requests":
                try scanner.object { scanner, key in
                    switch key {
                    case "requests": requests.requests = try scanner.int()
                    case "failures": requests.failures = try scanner.int()
                    case "totalMilliseconds": requests.totalMilliseconds = try scanner.double()
                    case "maxMilliseconds": requests.maxMilliseconds = try scanner.double()
                    default: try scanner.skipValue()
                    }
                }
            default: try scanner.skipValue()
            }
        }
        guard let bot, let serverName, let playerId else { throw JSONScanner.Malformed() }
        return PlayerRecord(bot: bot, serverName: serverName, playerId: playerId, boardSeed: boardSeed, finalBoard: finalBoard, requests: requests)
    }

    static func shot(_ scanner: inout JSONScanner) throws -> ShotRecord {
        var seat: Int?, x: Int?, y: Int?, hit: Bool?, sunk: Int?, at: Int?
        try scanner.object { scanner, key in
            switch key {
            case "seat": seat = try scanner.int()
            case "x": x = try scanner.int()
            case "y": y = try scanner.int()
            case "hit": hit = try scanner.bool()
            case "sunk": sunk = try scanner.int()
            case "atMilliseconds": at = try scanner.int()
            default: try scanner.skipValue()
            }
        }
        guard let seat, let x, let y, let hit, let sunk, let at else { throw JSONScanner.Malformed() }
        return ShotRecord(seat: seat, x: x, y: y, hit: hit, sunk: sunk, atMilliseconds: at)
    }

    /// `2026-11-23T13:20:05Z`, the form `JSONEncoder`'s `.iso8601` writes; other forms throw
    /// (and the line goes to `JSONDecoder`).
    static func date(_ text: String) throws -> Date {
        let b = Array(text.utf8)
        guard b.count == 20, b[4] == 0x2D, b[7] == 0x2D, b[10] == 0x54, b[13] == 0x3A, b[16] == 0x3A, b[19] == 0x5A else { throw JSONScanner.Malformed() }
        func number(_ range: Range<Int>) throws -> Int {
            var value = 0
            for i in range {
                guard b[i] >= 0x30 && b[i] <= 0x39 else { throw JSONScanner.Malformed() }
                value = value * 10 + Int(b[i] - 0x30)
            }
            return value
        }
        let (year, month, day) = (try number(0..<4), try number(5..<7), try number(8..<10))
        let (hour, minute, second) = (try number(11..<13), try number(14..<16), try number(17..<19))
        guard (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61 else { throw JSONScanner.Malformed() }
        // Days from the civil date (Howard Hinnant's algorithm).
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra - 719_468
        return Date(timeIntervalSince1970: Double(days * 86_400 + hour * 3600 + minute * 60 + second))
    }
}

/// Per-chunk results of the parallel read, written once each from the worker threads.
private final class ChunkResults: @unchecked Sendable {
    private let lock = NSLock()
    private var results: [Result<[JournalEntry], JournalReader.Damaged>?]

    init(count: Int) {
        results = Array(repeating: nil, count: count)
    }

    func set(_ chunk: Int, _ result: Result<[JournalEntry], JournalReader.Damaged>) {
        lock.lock()
        results[chunk] = result
        lock.unlock()
    }

    func get(_ chunk: Int) -> Result<[JournalEntry], JournalReader.Damaged>? {
        lock.lock()
        defer { lock.unlock() }
        return results[chunk]
    }
}
