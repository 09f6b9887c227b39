import BattleshipClient
import BattleshipRules
import Bots
import Foundation
import JSONCoding

/// A game's record: written and read here, member by member (docs/journal.md, `GameRecord`).
/// Seats are numbered 0 (the creator, who moved first) and 1. Version 1 wrote the same
/// members plus a `schemaVersion` of its own, which the reader skips.
extension JournalCodec {
    static func write(_ record: GameRecord, to json: inout JSONWriter) {
        json.beginObject()
        json.key("index")
        json.int(record.index)
        json.key("server")
        json.string(record.server)
        json.key("gameId")
        json.string(record.gameId)
        json.key("gameName")
        json.string(record.gameName)
        json.key("players")
        json.beginArray()
        for (seat, player) in record.players.enumerated() {
            write(player, shotsAt: record.shots.filter { $0.seat.index != seat }, to: &json)
        }
        json.endArray()
        // Layout 3: the shots as text and their times as offsets (CompactShots); the long form
        // of layout 2 only for shots that text cannot hold.
        if let compact = CompactShots.encode(record.shots) {
            json.key("shots")
            json.string(String(decoding: compact, as: UTF8.self))
            json.key("times")
            json.string(CompactShots.timesText(CompactShots.offsets(record.shots)))
        } else {
            json.key("shots")
            json.beginArray()
            for shot in record.shots {
                json.beginObject()
                json.key("seat")
                json.int(shot.seat.index)
                json.key("x")
                json.int(shot.x)
                json.key("y")
                json.int(shot.y)
                json.key("hit")
                json.bool(shot.hit)
                json.key("sunk")
                json.int(shot.sunk)
                json.key("atMilliseconds")
                json.int(shot.atMilliseconds)
                json.endObject()
            }
            json.endArray()
        }
        json.key("termination")
        json.string(record.termination.rawValue)
        if let winner = record.winner {
            json.key("winnerSeat")
            json.int(winner.index)
        }
        if let reason = record.reason {
            json.key("reason")
            json.string(reason)
        }
        if let kind = record.forfeitKind {
            json.key("forfeitKind")
            json.string(kind.rawValue)
        }
        if let tail = record.stderrTail {
            json.key("stderrTail")
            json.string(tail)
        }
        json.key("startedAt")
        json.string(dateText(record.startedAt))
        json.key("durationMilliseconds")
        json.double(record.durationMilliseconds)
        json.endObject()
    }

    static func readRecord(_ reader: inout JSONReader) throws(JSONError) -> GameRecord {
        var index: Int?
        var server: String?
        var gameId: String?
        var gameName: String?
        var players: [PlayerRecord]?
        var shots: [ShotRecord]?
        var termination: Termination?
        var winner: PlayerSeat?
        var reason: String?
        var forfeitKind: ForfeitKind?
        var stderrTail: String?
        var startedAt: Date?
        var duration: Double?
        var times: [Int] = []
        var compactShots = false
        var masks: [(String, Int)?] = []
        let start = try reader.beginObject()
        while let key = try reader.nextKeyView() {
            switch key {
            case "index": index = try reader.int()
            case "server": server = try reader.string()
            case "gameId": gameId = try reader.string()
            case "gameName": gameName = try reader.string()
            case "players":
                let read = try readArray(&reader) { reader throws(JSONError) in try readPlayer(&reader) }
                players = read.map(\.player)
                masks = read.map(\.mask)
            case "shots":
                if try reader.peekKind() == .string {
                    let offset = reader.valueOffset()
                    let text = try reader.string()
                    guard let codes = CompactShots.decode(text.utf8, offsets: []) else {
                        throw reader.invalidValue("shots that are not two digits and a letter each (m, h, or s and a length)", at: offset)
                    }
                    shots = codes
                    compactShots = true
                } else {
                    var list: [ShotRecord] = []
                    list.reserveCapacity(128)
                    try reader.beginArray()
                    while try reader.nextElement() { list.append(try readShot(&reader)) }
                    shots = list
                }
            case "times":
                let offset = reader.valueOffset()
                guard let list = CompactShots.offsets(text: try reader.string().utf8) else {
                    throw reader.invalidValue("times that are not one character or a (number) each", at: offset)
                }
                times = list
            case "termination": termination = try readCase(&reader, "termination")
            case "winnerSeat": winner = reader.readNull() ? nil : try seat(&reader)
            case "reason": reason = reader.readNull() ? nil : try reader.string()
            case "forfeitKind": forfeitKind = reader.readNull() ? nil : try readCase(&reader, "forfeit kind") as ForfeitKind
            case "stderrTail": stderrTail = reader.readNull() ? nil : try reader.string()
            case "startedAt":
                let offset = reader.valueOffset()
                guard let date = date(try reader.string()) else { throw reader.invalidValue("a time other than YYYY-MM-DDTHH:MM:SSZ", at: offset) }
                startedAt = date
            case "durationMilliseconds": duration = try reader.double()
            default: try reader.skipValue()
            }
        }
        var bothPlayers = try reader.required(players, "players", inObjectAt: start)
        if compactShots, var list = shots {
            // The times are offsets, each from the shot before.
            var time = 0
            for number in list.indices {
                time += number < times.count ? times[number] : 0
                list[number].atMilliseconds = time
            }
            shots = list
        }
        // Boards written as where the ships were: the rest comes from the shots.
        for (seat, mask) in masks.enumerated() {
            guard let (text, offset) = mask, bothPlayers.indices.contains(seat) else { continue }
            guard let board = CompactBoard.board(mask: text, shotsAt: (shots ?? []).filter { $0.seat.index != seat }) else {
                throw reader.invalidValue("a board that is neither 25 hex digits nor 100 letters", at: offset)
            }
            bothPlayers[seat].finalBoard = board
        }
        guard bothPlayers.count == 2 else { throw reader.invalidValue("a game with \(bothPlayers.count) players instead of 2", at: start) }
        return GameRecord(
            index: try reader.required(index, "index", inObjectAt: start),
            server: try reader.required(server, "server", inObjectAt: start),
            gameId: try reader.required(gameId, "gameId", inObjectAt: start),
            gameName: try reader.required(gameName, "gameName", inObjectAt: start),
            players: bothPlayers,
            shots: try reader.required(shots, "shots", inObjectAt: start),
            termination: try reader.required(termination, "termination", inObjectAt: start),
            winner: winner, reason: reason, forfeitKind: forfeitKind, stderrTail: stderrTail,
            startedAt: try reader.required(startedAt, "startedAt", inObjectAt: start),
            durationMilliseconds: try reader.required(duration, "durationMilliseconds", inObjectAt: start)
        )
    }

    static func write(_ player: PlayerRecord, shotsAt: [ShotRecord], to json: inout JSONWriter) {
        json.beginObject()
        json.key("bot")
        json.string(player.bot)
        json.optionalMember("version", player.version)
        json.key("serverName")
        json.string(player.serverName)
        json.key("playerId")
        json.string(player.playerId)
        // As text: a 64-bit seed is past what jq and JavaScript read exactly as a number.
        json.optionalMember("boardSeed", player.boardSeed.map { String($0) })
        json.optionalMember("placedFleet", player.placedFleet?.words)
        if let finalBoard = player.finalBoard {
            json.key("finalBoard")
            if let mask = CompactBoard.mask(finalBoard, shotsAt: shotsAt) {
                json.string(mask)
            } else if let compact = CompactBoard.encode(finalBoard) {
                json.string(compact)
            } else {
                json.beginArray()
                for cell in finalBoard { json.string(cell) }
                json.endArray()
            }
        }
        // Layout 3: requests, failures, total and longest milliseconds, in that order.
        json.key("requests")
        json.beginArray()
        json.int(player.requests.requests)
        json.int(player.requests.failures)
        json.double(player.requests.totalMilliseconds)
        json.double(player.requests.maxMilliseconds)
        json.endArray()
        json.endObject()
    }

    /// A seed written as decimal text (journals since the seed key), or as a bare number (the
    /// journals before); nil for `null`.
    static func readSeed(_ reader: inout JSONReader) throws(JSONError) -> UInt64? {
        if reader.readNull() { return nil }
        guard try reader.peekKind() == .string else { return try reader.uint64() }
        let offset = reader.valueOffset()
        guard let seed = UInt64(try reader.string()) else {
            throw reader.invalidValue("a seed that is not a whole number from 0 to 2^64-1", at: offset)
        }
        return seed
    }

    /// A player; a board written as where the ships were comes back as its text and offset,
    /// to be read with the game's shots.
    static func readPlayer(_ reader: inout JSONReader) throws(JSONError) -> (player: PlayerRecord, mask: (String, Int)?) {
        var bot: String?
        var serverName: String?
        var playerId: String?
        var boardSeed: UInt64?
        var finalBoard: [String]?
        var placedFleet: Fleet?
        var mask: (String, Int)?
        var requests = RequestStatistics()
        var version: String?
        let start = try reader.beginObject()
        while let key = try reader.nextKeyView() {
            switch key {
            case "bot": bot = try reader.string()
            case "version": version = try reader.string()
            case "serverName": serverName = try reader.string()
            case "playerId": playerId = try reader.string()
            case "boardSeed": boardSeed = try readSeed(&reader)
            case "placedFleet":
                let offset = reader.valueOffset()
                let text = try reader.string()
                guard let ships = Fleet.ships(words: text.split(separator: " ")), let fleet = try? Fleet(standard: ships) else {
                    throw reader.invalidValue("a placed fleet that is not the standard fleet as words", at: offset)
                }
                placedFleet = fleet
            case "finalBoard":
                if reader.readNull() { break }
                if try reader.peekKind() == .string {
                    let offset = reader.valueOffset()
                    let text = try reader.string()
                    if text.utf8.count == 25 {
                        mask = (text, offset)
                        break
                    }
                    guard let cells = CompactBoard.decode(text) else {
                        throw reader.invalidValue("a board that is neither 25 hex digits nor 100 letters S, H, M and .", at: offset)
                    }
                    finalBoard = cells
                    break
                }
                var cells: [String] = []
                cells.reserveCapacity(100)
                try reader.beginArray()
                while try reader.nextElement() { cells.append(try reader.string()) }
                finalBoard = cells
            case "requests" where try reader.peekKind() == .array:
                let offset = try reader.beginArray()
                let shape = "requests as [requests, failures, total ms, longest ms]"
                guard try reader.nextElement() else { throw reader.invalidValue(shape, at: offset) }
                requests.requests = try reader.int()
                guard try reader.nextElement() else { throw reader.invalidValue(shape, at: offset) }
                requests.failures = try reader.int()
                guard try reader.nextElement() else { throw reader.invalidValue(shape, at: offset) }
                requests.totalMilliseconds = try reader.double()
                guard try reader.nextElement() else { throw reader.invalidValue(shape, at: offset) }
                requests.maxMilliseconds = try reader.double()
                guard try !reader.nextElement() else { throw reader.invalidValue(shape, at: offset) }
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
        let player = PlayerRecord(
            bot: try reader.required(bot, "bot", inObjectAt: start),
            serverName: try reader.required(serverName, "serverName", inObjectAt: start),
            playerId: try reader.required(playerId, "playerId", inObjectAt: start),
            boardSeed: boardSeed, placedFleet: placedFleet, finalBoard: finalBoard, requests: requests, version: version
        )
        return (player, mask)
    }

    static func readShot(_ reader: inout JSONReader) throws(JSONError) -> ShotRecord {
        var shotSeat: PlayerSeat?
        var x: Int?
        var y: Int?
        var hit: Bool?
        var sunk: Int?
        var at: Int?
        let start = try reader.beginObject()
        while let key = try reader.nextKeyView() {
            switch key {
            case "seat": shotSeat = try seat(&reader)
            case "x": x = try reader.int()
            case "y": y = try reader.int()
            case "hit": hit = try reader.bool()
            case "sunk": sunk = try reader.int()
            case "atMilliseconds": at = try reader.int()
            default: try reader.skipValue()
            }
        }
        return ShotRecord(
            seat: try reader.required(shotSeat, "seat", inObjectAt: start),
            x: try reader.required(x, "x", inObjectAt: start),
            y: try reader.required(y, "y", inObjectAt: start),
            hit: try reader.required(hit, "hit", inObjectAt: start),
            sunk: try reader.required(sunk, "sunk", inObjectAt: start),
            atMilliseconds: try reader.required(at, "atMilliseconds", inObjectAt: start)
        )
    }

    /// A seat written as 0 or 1.
    private static func seat(_ reader: inout JSONReader) throws(JSONError) -> PlayerSeat {
        let offset = reader.valueOffset()
        let number = try reader.int()
        guard let seat = PlayerSeat(index: number) else { throw reader.invalidValue("a seat other than 0 or 1: \(number)", at: offset) }
        return seat
    }
}
