import BattleshipAPI
import BattleshipClient
import Foundation

extension JournalEntry {
    /// The entry as one line of JSON, newline included, with the bytes `JSONEncoder` writes
    /// (keys sorted, slashes unescaped, dates in ISO 8601) for everything the journal holds
    /// (tested): `JSONEncoder` cost a tournament about 2% of its CPU, nearly all of it on the
    /// `finished` lines, which are written by hand here. The `started` line, once a run,
    /// still goes through `encoder`.
    func jsonLine(encoder: JSONEncoder) throws -> [UInt8] {
        var out: [UInt8] = []
        switch self {
        case .started:
            out = Array(try encoder.encode(self))
        case .created(let index, let server, let gameId, let creatorPlayerId):
            out.reserveCapacity(160)
            out.append("{\"created\":{\"creatorPlayerId\":")
            JSONWriter.appendQuoted(creatorPlayerId, to: &out)
            out.append(",\"gameId\":")
            JSONWriter.appendQuoted(gameId, to: &out)
            out.append(",\"index\":")
            JSONWriter.appendDecimal(index, to: &out)
            out.append(",\"server\":")
            JSONWriter.appendQuoted(server, to: &out)
            out.append("}}")
        case .joined(let index, let joinerPlayerId):
            out.append("{\"joined\":{\"index\":")
            JSONWriter.appendDecimal(index, to: &out)
            out.append(",\"joinerPlayerId\":")
            JSONWriter.appendQuoted(joinerPlayerId, to: &out)
            out.append("}}")
        case .finished(let record):
            out.reserveCapacity(2_400 + record.shots.count * 64)
            out.append("{\"finished\":{\"_0\":")
            record.appendJSON(to: &out)
            out.append("}}")
        }
        out.append(UInt8(ascii: "\n"))
        return out
    }
}

extension GameRecord {
    /// The record as `JSONEncoder` writes it with sorted keys: nil members left out.
    fileprivate func appendJSON(to out: inout [UInt8]) {
        out.append("{\"durationMilliseconds\":")
        out.appendJSONNumber(durationMilliseconds)
        if let forfeitKind {
            out.append(",\"forfeitKind\":")
            JSONWriter.appendQuoted(forfeitKind, to: &out)
        }
        out.append(",\"gameId\":")
        JSONWriter.appendQuoted(gameId, to: &out)
        out.append(",\"gameName\":")
        JSONWriter.appendQuoted(gameName, to: &out)
        out.append(",\"index\":")
        JSONWriter.appendDecimal(index, to: &out)
        out.append(",\"players\":[")
        for (position, player) in players.enumerated() {
            if position > 0 { out.append(UInt8(ascii: ",")) }
            player.appendJSON(to: &out)
        }
        out.append("]")
        if let reason {
            out.append(",\"reason\":")
            JSONWriter.appendQuoted(reason, to: &out)
        }
        out.append(",\"schemaVersion\":")
        JSONWriter.appendDecimal(schemaVersion, to: &out)
        out.append(",\"server\":")
        JSONWriter.appendQuoted(server, to: &out)
        out.append(",\"shots\":[")
        for (position, shot) in shots.enumerated() {
            if position > 0 { out.append(UInt8(ascii: ",")) }
            out.append("{\"atMilliseconds\":")
            JSONWriter.appendDecimal(shot.atMilliseconds, to: &out)
            out.append(shot.hit ? ",\"hit\":true,\"seat\":" : ",\"hit\":false,\"seat\":")
            JSONWriter.appendDecimal(shot.seat, to: &out)
            out.append(",\"sunk\":")
            JSONWriter.appendDecimal(shot.sunk, to: &out)
            out.append(",\"x\":")
            JSONWriter.appendDecimal(shot.x, to: &out)
            out.append(",\"y\":")
            JSONWriter.appendDecimal(shot.y, to: &out)
            out.append("}")
        }
        out.append("],\"startedAt\":")
        JSONWriter.appendQuoted(startedAt.formatted(.iso8601), to: &out)
        out.append(",\"termination\":")
        JSONWriter.appendQuoted(termination.rawValue, to: &out)
        if let winnerSeat {
            out.append(",\"winnerSeat\":")
            JSONWriter.appendDecimal(winnerSeat, to: &out)
        }
        out.append("}")
    }
}

extension PlayerRecord {
    fileprivate func appendJSON(to out: inout [UInt8]) {
        out.append("{")
        if let boardSeed {
            out.append("\"boardSeed\":")
            JSONWriter.appendDecimal(boardSeed, to: &out)
            out.append(",")
        }
        out.append("\"bot\":")
        JSONWriter.appendQuoted(bot, to: &out)
        if let finalBoard {
            out.append(",\"finalBoard\":[")
            for (position, cell) in finalBoard.enumerated() {
                if position > 0 { out.append(UInt8(ascii: ",")) }
                JSONWriter.appendQuoted(cell, to: &out)
            }
            out.append("]")
        }
        out.append(",\"playerId\":")
        JSONWriter.appendQuoted(playerId, to: &out)
        out.append(",\"requests\":{\"failures\":")
        JSONWriter.appendDecimal(requests.failures, to: &out)
        out.append(",\"maxMilliseconds\":")
        out.appendJSONNumber(requests.maxMilliseconds)
        out.append(",\"requests\":")
        JSONWriter.appendDecimal(requests.requests, to: &out)
        out.append(",\"totalMilliseconds\":")
        out.appendJSONNumber(requests.totalMilliseconds)
        out.append("},\"serverName\":")
        JSONWriter.appendQuoted(serverName, to: &out)
        out.append("}")
    }
}

extension [UInt8] {
    fileprivate mutating func append(_ literal: StaticString) {
        literal.withUTF8Buffer { append(contentsOf: $0) }
    }

    /// A finite `Double` as `JSONEncoder` writes it: its shortest description, without a
    /// trailing `.0`. (Latencies and durations are never NaN or infinite.)
    fileprivate mutating func appendJSONNumber(_ value: Double) {
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        append(contentsOf: text.utf8)
    }
}
