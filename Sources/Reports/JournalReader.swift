import BattleshipAPI
import BattleshipClient
import Dispatch
import Foundation
import Tournament

/// Reads a run's journal as `Journal.read` does (same entries, same rule that only a last
/// line cut short by a kill may be incomplete), but fast: `finished` lines, nearly all of a
/// journal's bytes, go through the shared ``JSONReader`` on all cores; other lines and anything the
/// reader does not expect go through `JSONDecoder`. Only what reports need is kept: the
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
            if let record = try? JSONReader.read(line, { reader throws(JSONError) in try finished(&reader) }) {
                return .finished(record)
            }
            // Not the shape expected: let the decoder judge.
        } else if line.starts(with: createdPrefix) || line.starts(with: joinedPrefix) {
            if (try? JSONReader.read(line, { reader throws(JSONError) in try reader.skipValue() })) != nil { return nil }
        }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let entry = try decoder.decode(JournalEntry.self, from: Data(line))
        switch entry {
        case .started, .finished: return entry
        case .created, .joined: return nil
        }
    }

    /// `{"finished":{"_0":RECORD}}`, the way `JSONEncoder` writes the case.
    static func finished(_ reader: inout JSONReader) throws(JSONError) -> GameRecord {
        var record: GameRecord?
        let start = try reader.beginObject()
        while let key = try reader.nextKeyView() {
            guard key == "finished" else { throw reader.invalidValue("a finished line with the key \(key.string)", at: start) }
            try reader.beginObject()
            while let key = try reader.nextKeyView() {
                guard key == "_0" else { throw reader.invalidValue("a finished line with the key \(key.string)", at: start) }
                record = try Self.record(&reader)
            }
        }
        return try reader.required(record, "finished", inObjectAt: start)
    }

    /// A `GameRecord` object, with the keys `JSONEncoder` writes for it.
    static func record(_ reader: inout JSONReader) throws(JSONError) -> GameRecord {
        var schemaVersion: Int?, index: Int?, server: String?, gameId: String?, gameName: String?
        var players: [PlayerRecord]?, shots: [ShotRecord]?, termination: Termination?
        var winnerSeat: Int?, reason: String?, forfeitKind: String?, startedAt: Date?, duration: Double?
        let start = try reader.beginObject()
        while let key = try reader.nextKeyView() {
            switch key {
            case "schemaVersion": schemaVersion = try reader.int()
            case "index": index = try reader.int()
            case "server": server = try reader.string()
            case "gameId": gameId = try reader.string()
            case "gameName": gameName = try reader.string()
            case "players":
                var list: [PlayerRecord] = []
                try reader.beginArray()
                while try reader.nextElement() { list.append(try player(&reader)) }
                players = list
            case "shots":
                var list: [ShotRecord] = []
                list.reserveCapacity(128)
                try reader.beginArray()
                while try reader.nextElement() { list.append(try shot(&reader)) }
                shots = list
            case "termination":
                let offset = reader.valueOffset()
                guard let value = Termination(rawValue: try reader.string()) else { throw reader.invalidValue("unknown termination", at: offset) }
                termination = value
            case "winnerSeat": winnerSeat = reader.readNull() ? nil : try reader.int()
            case "reason": reason = reader.readNull() ? nil : try reader.string()
            case "forfeitKind": forfeitKind = reader.readNull() ? nil : try reader.string()
            case "startedAt":
                let offset = reader.valueOffset()
                guard let date = date(try reader.string()) else { throw reader.invalidValue("not a date JSONEncoder writes", at: offset) }
                startedAt = date
            case "durationMilliseconds": duration = try reader.double()
            default: try reader.skipValue()
            }
        }
        var record = GameRecord(
            index: try reader.required(index, "index", inObjectAt: start),
            server: try reader.required(server, "server", inObjectAt: start),
            gameId: try reader.required(gameId, "gameId", inObjectAt: start),
            gameName: try reader.required(gameName, "gameName", inObjectAt: start),
            players: try reader.required(players, "players", inObjectAt: start),
            shots: try reader.required(shots, "shots", inObjectAt: start),
            termination: try reader.required(termination, "termination", inObjectAt: start),
            winnerSeat: winnerSeat, reason: reason, forfeitKind: forfeitKind,
            startedAt: try reader.required(startedAt, "startedAt", inObjectAt: start),
            durationMilliseconds: try reader.required(duration, "durationMilliseconds", inObjectAt: start)
        )
        record.schemaVersion = try reader.required(schemaVersion, "schemaVersion", inObjectAt: start)
        return record
    }

    static func player(_ reader: inout JSONReader) throws(JSONError) -> PlayerRecord {
        var bot: String?, serverName: String?, playerId: String?, boardSeed: UInt64?, finalBoard: [String]?
        var requests = RequestStatistics()
        let start = try reader.beginObject()
        while let key = try reader.nextKeyView() {
            switch key {
            case "bot": bot = try reader.string()
            case "serverName": serverName = try reader.string()
            case "playerId": playerId = try reader.string()
            case "boardSeed": boardSeed = reader.readNull() ? nil : try reader.uint64()
            case "finalBoard":
                if reader.readNull() { break }
                var cells: [String] = []
                cells.reserveCapacity(100)
                try reader.beginArray()
                while try reader.nextElement() { cells.append(try reader.string()) }
                finalBoard = cells
            case "requests":
                try reader.beginObject()
                while let key = try reader.nextKeyView() {
                    switch key {
                    case "requests": requests.requests = try reader.int()
                    case "failures": requests.failures = try reader.int()
                    case "totalMilliseconds": requests.totalMilliseconds = try reader.double()
                    case "maxMilliseconds": requests.maxMilliseconds = try reader.double()
                    default: try reader.skipValue()
                    }
                }
            default: try reader.skipValue()
            }
        }
        return PlayerRecord(
            bot: try reader.required(bot, "bot", inObjectAt: start),
            serverName: try reader.required(serverName, "serverName", inObjectAt: start),
            playerId: try reader.required(playerId, "playerId", inObjectAt: start),
            boardSeed: boardSeed, finalBoard: finalBoard, requests: requests
        )
    }

    static func shot(_ reader: inout JSONReader) throws(JSONError) -> ShotRecord {
        var seat: Int?, x: Int?, y: Int?, hit: Bool?, sunk: Int?, at: Int?
        let start = try reader.beginObject()
        while let key = try reader.nextKeyView() {
            switch key {
            case "seat": seat = try reader.int()
            case "x": x = try reader.int()
            case "y": y = try reader.int()
            case "hit": hit = try reader.bool()
            case "sunk": sunk = try reader.int()
            case "atMilliseconds": at = try reader.int()
            default: try reader.skipValue()
            }
        }
        return ShotRecord(
            seat: try reader.required(seat, "seat", inObjectAt: start),
            x: try reader.required(x, "x", inObjectAt: start),
            y: try reader.required(y, "y", inObjectAt: start),
            hit: try reader.required(hit, "hit", inObjectAt: start),
            sunk: try reader.required(sunk, "sunk", inObjectAt: start),
            atMilliseconds: try reader.required(at, "atMilliseconds", inObjectAt: start)
        )
    }

    /// `2026-11-23T13:20:05Z`, the form `JSONEncoder`'s `.iso8601` writes; nil for other
    /// forms (the line then goes to `JSONDecoder`).
    static func date(_ text: String) -> Date? {
        let b = Array(text.utf8)
        guard b.count == 20, b[4] == 0x2D, b[7] == 0x2D, b[10] == 0x54, b[13] == 0x3A, b[16] == 0x3A, b[19] == 0x5A else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for i in range {
                guard b[i] >= 0x30 && b[i] <= 0x39 else { return nil }
                value = value * 10 + Int(b[i] - 0x30)
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
              let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
              (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61 else { return nil }
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
