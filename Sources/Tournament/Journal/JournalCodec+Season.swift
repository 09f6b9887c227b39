import Foundation
import JSONCoding

/// A season's `night` line (``SeasonNight``): its games as `[first, second, round]` triples,
/// three numbers each, since a class's first night lists thousands.
extension JournalCodec {
    static func write(_ night: SeasonNight, to json: inout JSONWriter) {
        json.beginObject()
        json.key("number")
        json.int(night.number)
        json.key("startedAt")
        json.string(dateText(night.startedAt))
        json.key("firstIndex")
        json.int(night.firstIndex)
        json.key("bots")
        writeEncoded(night.bots, to: &json)
        json.key("games")
        json.beginArray()
        for game in night.games {
            json.beginArray()
            json.int(game.first)
            json.int(game.second)
            json.int(game.round)
            json.endArray()
        }
        json.endArray()
        // Written only when it is not the old derivation, which journals before 0.4 imply by saying nothing.
        if night.fleetKeys != .fnv64 {
            json.key("fleetKeys")
            json.string(night.fleetKeys.rawValue)
        }
        if let swiss = night.swiss {
            json.key("swiss")
            json.beginObject()
            json.key("rounds")
            json.int(swiss.rounds)
            json.key("games")
            json.int(swiss.games)
            json.key("carried")
            json.int(swiss.carried)
            json.endObject()
        }
        if let matchmade = night.matchmade {
            json.key("matchmade")
            json.beginObject()
            json.key("method")
            json.string(matchmade.method.rawValue)
            json.key("carried")
            json.int(matchmade.carried)
            json.endObject()
        }
        json.endObject()
    }

    static func readNight(_ reader: inout JSONReader) throws(JSONError) -> SeasonNight {
        var number: Int?
        var startedAt: Date?
        var firstIndex: Int?
        var bots: [BotEntry]?
        var games: [SeasonNight.Game]?
        var swiss: SeasonNight.Swiss?
        var matchmade: SeasonNight.Matchmade?
        var fleetKeys = SeasonFleetKeys.fnv64
        let start = try reader.beginObject()
        while let key = try reader.nextKeyView() {
            let offset = reader.valueOffset()
            switch key {
            case "number": number = try reader.int()
            case "startedAt":
                guard let date = date(try reader.string()) else { throw reader.invalidValue("a night's start that is not a time in UTC", at: offset) }
                startedAt = date
            case "firstIndex": firstIndex = try reader.int()
            case "bots": bots = try decoded([BotEntry].self, &reader)
            case "games":
                games = try readArray(&reader) { reader throws(JSONError) in
                    let at = reader.valueOffset()
                    let numbers = try readArray(&reader) { reader throws(JSONError) in try reader.int() }
                    guard numbers.count == 3 else { throw reader.invalidValue("a night's game that is not [first, second, round]", at: at) }
                    return SeasonNight.Game(first: numbers[0], second: numbers[1], round: numbers[2])
                }
            case "fleetKeys":
                guard let keys = SeasonFleetKeys(rawValue: try reader.string()) else {
                    throw reader.invalidValue("a night's fleet keys that are neither \"names\" nor \"fnv1a-64\"", at: offset)
                }
                fleetKeys = keys
            case "swiss":
                var rounds: Int?
                var total: Int?
                var carried: Int?
                let object = try reader.beginObject()
                while let key = try reader.nextKeyView() {
                    switch key {
                    case "rounds": rounds = try reader.int()
                    case "games": total = try reader.int()
                    case "carried": carried = try reader.int()
                    default: try reader.skipValue()
                    }
                }
                swiss = SeasonNight.Swiss(
                    rounds: try reader.required(rounds, "rounds", inObjectAt: object), games: try reader.required(total, "games", inObjectAt: object),
                    carried: try reader.required(carried, "carried", inObjectAt: object)
                )
            case "matchmade":
                var method: SeasonNight.Matchmade.Method?
                var carried: Int?
                let object = try reader.beginObject()
                while let key = try reader.nextKeyView() {
                    let at = reader.valueOffset()
                    switch key {
                    case "method":
                        guard let known = SeasonNight.Matchmade.Method(rawValue: try reader.string()) else {
                            throw reader.invalidValue("a night's matchmaking that is neither \"adaptive\" nor \"settle\"", at: at)
                        }
                        method = known
                    case "carried": carried = try reader.int()
                    default: try reader.skipValue()
                    }
                }
                matchmade = SeasonNight.Matchmade(
                    method: try reader.required(method, "method", inObjectAt: object),
                    carried: try reader.required(carried, "carried", inObjectAt: object))
            default: try reader.skipValue()
            }
        }
        let night = SeasonNight(
            number: try reader.required(number, "number", inObjectAt: start),
            startedAt: try reader.required(startedAt, "startedAt", inObjectAt: start),
            firstIndex: try reader.required(firstIndex, "firstIndex", inObjectAt: start),
            bots: try reader.required(bots, "bots", inObjectAt: start),
            games: try reader.required(games, "games", inObjectAt: start), swiss: swiss, matchmade: matchmade, fleetKeys: fleetKeys
        )
        guard night.games.allSatisfy({ $0.first >= 0 && $0.first < night.bots.count && $0.second >= 0 && $0.second < night.bots.count }) else {
            throw reader.invalidValue("a night's game between bots it does not list", at: start)
        }
        return night
    }
}
