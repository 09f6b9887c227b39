import BattleshipAPI
import BattleshipClient
import Foundation

extension JournalEntry {
    /// The entry as one line of JSON, newline included, with the bytes `JSONEncoder` writes
    /// (keys sorted, slashes unescaped, dates in ISO 8601) for everything the journal holds
    /// (tested): `JSONEncoder` cost a tournament about 2% of its CPU, nearly all of it on the
    /// `finished` lines, which are written with ``JSONWriter`` here. The `started` line, once
    /// a run, still goes through `encoder`.
    func jsonLine(encoder: JSONEncoder) throws -> [UInt8] {
        switch self {
        case .started:
            return Array(try encoder.encode(self)) + [UInt8(ascii: "\n")]
        case .created(let index, let server, let gameId, let creatorPlayerId):
            return Self.line("created") { json in
                json.key("creatorPlayerId")
                json.string(creatorPlayerId)
                json.key("gameId")
                json.string(gameId)
                json.key("index")
                json.int(index)
                json.key("server")
                json.string(server)
            }
        case .joined(let index, let joinerPlayerId):
            return Self.line("joined") { json in
                json.key("index")
                json.int(index)
                json.key("joinerPlayerId")
                json.string(joinerPlayerId)
            }
        case .finished(let record):
            return Self.line("finished") { json in
                json.key("_0")
                record.write(to: &json)
            }
        }
    }

    /// `{"NAME":{MEMBERS}}` and a newline: an enum case as `JSONEncoder` writes it.
    private static func line(_ name: StaticString, members: (inout JSONWriter) -> Void) -> [UInt8] {
        var json = JSONWriter(capacity: 256)
        json.beginObject()
        json.key(name)
        json.beginObject()
        members(&json)
        json.endObject()
        json.endObject()
        return json.bytes + [UInt8(ascii: "\n")]
    }
}

extension GameRecord {
    /// The record as `JSONEncoder` writes it with sorted keys: nil members left out.
    fileprivate func write(to json: inout JSONWriter) {
        json.beginObject()
        json.key("durationMilliseconds")
        json.double(durationMilliseconds)
        if let forfeitKind {
            json.key("forfeitKind")
            json.string(forfeitKind)
        }
        json.key("gameId")
        json.string(gameId)
        json.key("gameName")
        json.string(gameName)
        json.key("index")
        json.int(index)
        json.key("players")
        json.beginArray()
        for player in players { player.write(to: &json) }
        json.endArray()
        if let reason {
            json.key("reason")
            json.string(reason)
        }
        json.key("schemaVersion")
        json.int(schemaVersion)
        json.key("server")
        json.string(server)
        json.key("shots")
        json.beginArray()
        for shot in shots {
            json.beginObject()
            json.key("atMilliseconds")
            json.int(shot.atMilliseconds)
            json.key("hit")
            json.bool(shot.hit)
            json.key("seat")
            json.int(shot.seat)
            json.key("sunk")
            json.int(shot.sunk)
            json.key("x")
            json.int(shot.x)
            json.key("y")
            json.int(shot.y)
            json.endObject()
        }
        json.endArray()
        json.key("startedAt")
        json.string(startedAt.formatted(.iso8601))
        json.key("termination")
        json.string(termination.rawValue)
        if let winnerSeat {
            json.key("winnerSeat")
            json.int(winnerSeat)
        }
        json.endObject()
    }
}

extension PlayerRecord {
    fileprivate func write(to json: inout JSONWriter) {
        json.beginObject()
        json.optionalMember("boardSeed", boardSeed)
        json.key("bot")
        json.string(bot)
        if let finalBoard {
            json.key("finalBoard")
            json.beginArray()
            for cell in finalBoard { json.string(cell) }
            json.endArray()
        }
        json.key("playerId")
        json.string(playerId)
        json.key("requests")
        json.beginObject()
        json.key("failures")
        json.int(requests.failures)
        json.key("maxMilliseconds")
        json.double(requests.maxMilliseconds)
        json.key("requests")
        json.int(requests.requests)
        json.key("totalMilliseconds")
        json.double(requests.totalMilliseconds)
        json.endObject()
        json.key("serverName")
        json.string(serverName)
        json.endObject()
    }
}
