import Foundation
import JSONCoding
import SalvoVersion

/// The journal's file layout, version 3: one JSON object per line, its kind in `type`, every
/// member named (docs/journal.md lists them all). The first line, `started`, carries the
/// `schemaVersion`. Each part's writer and reader sit side by side, in this file and its
/// `JournalCodec+…` extensions, by hand, except the configuration, which is
/// ``TournamentConfig``'s `Codable` encoding (`JournalCodec+Codable.swift`);
/// ``JournalCodecV1`` reads journals of the first layout. Version 3
/// writes a game's shots, times and boards short (``CompactShots``, ``CompactBoard``); its
/// reader reads version 2's long forms too, member by member, so a journal of version 2, or
/// one begun in version 2 and continued in 3, reads as one.
///
/// ```
/// {"type":"started","schemaVersion":2,"salvoVersion":"0.3.0 (4f1c2a9b8e7d)","name":"demo","configurationDigest":"…","totalGames":240,"configuration":{…}}
/// {"type":"created","index":0,"server":"http://127.0.0.1:40123","gameId":"…","creatorPlayerId":"…"}
/// {"type":"joined","index":0,"joinerPlayerId":"…"}
/// {"type":"finished","game":{…}}
/// {"type":"night","night":{"number":2,"startedAt":"…","firstIndex":90,"bots":[…],"games":[[0,3,0],…]}}
/// ```
public enum JournalCodec {
    /// The layout version this codec writes.
    public static let schemaVersion = 3
    /// The oldest layout with a `type` member, which this codec also reads.
    public static let oldestReadableVersion = 2

    /// `entry` as one line of JSON, newline included.
    public static func line(_ entry: JournalEntry) -> [UInt8] {
        var json = JSONWriter(capacity: 512)
        json.beginObject()
        json.key("type")
        switch entry {
        case .started(let start):
            json.string("started")
            json.key("schemaVersion")
            json.int(schemaVersion)
            json.key("salvoVersion")
            json.string(SalvoVersion.text)
            json.key("name")
            json.string(start.name)
            json.key("configurationDigest")
            json.string(start.configurationDigest)
            json.key("totalGames")
            json.int(start.totalGames)
            json.key("configuration")
            writeEncoded(start.configuration, to: &json)
            if !start.unenforced.isEmpty {
                json.key("unenforced")
                json.beginArray()
                for sentence in start.unenforced { json.string(sentence) }
                json.endArray()
            }
        case .created(let index, let server, let gameId, let creatorPlayerId):
            json.string("created")
            json.key("index")
            json.int(index)
            json.key("server")
            json.string(server)
            json.key("gameId")
            json.string(gameId)
            json.key("creatorPlayerId")
            json.string(creatorPlayerId)
        case .joined(let index, let joinerPlayerId):
            json.string("joined")
            json.key("index")
            json.int(index)
            json.key("joinerPlayerId")
            json.string(joinerPlayerId)
        case .finished(let record):
            json.string("finished")
            json.key("game")
            write(record, to: &json)
        case .night(let night):
            json.string("night")
            json.key("night")
            write(night, to: &json)
        }
        json.endObject()
        return json.bytes + [UInt8(ascii: "\n")]
    }

    /// The entry one line holds (its newline left out). Members may come in any order, and
    /// members this version does not know are skipped.
    public static func entry(_ line: UnsafeBufferPointer<UInt8>) throws(JSONError) -> JournalEntry {
        try JSONReader.read(line) { reader throws(JSONError) in
            var type: String?
            var version: Int?
            var name: String?
            var digest: String?
            var totalGames: Int?
            var configuration: TournamentConfig?
            var record: GameRecord?
            var night: SeasonNight?
            var unenforced: [String] = []
            var index: Int?
            var server: String?
            var gameId: String?
            var creatorPlayerId: String?
            var joinerPlayerId: String?
            let start = try reader.beginObject()
            while let key = try reader.nextKeyView() {
                switch key {
                case "type": type = try reader.string()
                case "schemaVersion": version = try reader.int()
                case "name": name = try reader.string()
                case "configurationDigest": digest = try reader.string()
                case "totalGames": totalGames = try reader.int()
                case "configuration": configuration = try decoded(TournamentConfig.self, &reader)
                case "unenforced": unenforced = try readArray(&reader) { reader throws(JSONError) in try reader.string() }
                case "game": record = try readRecord(&reader)
                case "night": night = try readNight(&reader)
                case "index": index = try reader.int()
                case "server": server = try reader.string()
                case "gameId": gameId = try reader.string()
                case "creatorPlayerId": creatorPlayerId = try reader.string()
                case "joinerPlayerId": joinerPlayerId = try reader.string()
                default: try reader.skipValue()
                }
            }
            switch try reader.required(type, "type", inObjectAt: start) {
            case "started":
                let version = try reader.required(version, "schemaVersion", inObjectAt: start)
                guard (oldestReadableVersion...schemaVersion).contains(version) else {
                    throw reader.invalidValue(
                        "a journal of layout version \(version), which this Salvo (version \(schemaVersion)) cannot read; use the Salvo that wrote it",
                        at: start)
                }
                return .started(
                    JournalStart(
                        name: try reader.required(name, "name", inObjectAt: start),
                        configurationDigest: try reader.required(digest, "configurationDigest", inObjectAt: start),
                        totalGames: try reader.required(totalGames, "totalGames", inObjectAt: start),
                        configuration: try reader.required(configuration, "configuration", inObjectAt: start),
                        unenforced: unenforced
                    ))
            case "created":
                return .created(
                    index: try reader.required(index, "index", inObjectAt: start),
                    server: try reader.required(server, "server", inObjectAt: start),
                    gameId: try reader.required(gameId, "gameId", inObjectAt: start),
                    creatorPlayerId: try reader.required(creatorPlayerId, "creatorPlayerId", inObjectAt: start)
                )
            case "joined":
                return .joined(
                    index: try reader.required(index, "index", inObjectAt: start),
                    joinerPlayerId: try reader.required(joinerPlayerId, "joinerPlayerId", inObjectAt: start)
                )
            case "finished":
                return .finished(try reader.required(record, "game", inObjectAt: start))
            case "night":
                return .night(try reader.required(night, "night", inObjectAt: start))
            case let other:
                throw reader.invalidValue("an entry of unknown type `\(other)` (expected started, night, created, joined or finished)", at: start)
            }
        }
    }

    /// The reader of the lines of a journal whose first line is `firstLine`: this codec's, or
    /// version 1's when that line is in the first layout.
    public static func decoder(firstLine: [UInt8]) -> @Sendable (UnsafeBufferPointer<UInt8>) throws(JSONError) -> JournalEntry {
        let current = firstLine.withUnsafeBufferPointer { isCurrentLayout($0) }
        return current ? JournalCodec.entry : JournalCodecV1.entry
    }

    /// Whether `line` is in this layout (a `type` member opens it), rather than version 1's.
    static func isCurrentLayout(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        line.starts(with: typePrefix)
    }

    private static let typePrefix = Array(#"{"type":"#.utf8)
}
