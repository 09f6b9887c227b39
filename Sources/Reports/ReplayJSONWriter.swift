import Foundation

/// Writes a ``ReplayDocument`` as JSON by hand: a replay page embeds one and a 10,000-game
/// report writes 10,000 of each, where `JSONEncoder` took most of the time. Keys come in the
/// order of the schema (reports/README.md). Pretty output puts one shot, cell list or ship
/// list per line, so a replay file reads top to bottom; compact output has no whitespace.
/// `JSONDecoder` reads either back to an equal document (tested).
enum ReplayJSONWriter {
    static func encode(_ replay: ReplayDocument, pretty: Bool) -> String {
        var out = ""
        out.reserveCapacity(pretty ? 12_000 : 9_000)
        let newline = pretty ? "\n" : ""
        let colon = pretty ? ": " : ":"
        let comma = pretty ? ", " : ","
        func indent(_ level: Int) -> String { pretty ? String(repeating: "  ", count: level) : "" }
        func field(_ level: Int, _ key: String, _ value: String, last: Bool = false) {
            out += indent(level) + "\"" + key + "\"" + colon + value + (last ? "" : ",") + newline
        }
        func string(_ text: String) -> String { quoted(text) }

        out += "{" + newline
        field(1, "schemaVersion", String(replay.schemaVersion))
        field(1, "tournament", string(replay.tournament))
        field(1, "index", String(replay.index))
        field(1, "gameId", string(replay.gameId))
        field(1, "gameName", string(replay.gameName))
        field(1, "server", string(replay.server))
        field(1, "startedAt", string(iso8601(replay.startedAt)))
        field(1, "durationMilliseconds", String(replay.durationMilliseconds))
        out += indent(1) + "\"players\"" + colon + "[" + newline
        for (position, player) in replay.players.enumerated() {
            out += indent(2) + "{" + newline
            var fields: [(String, String)] = [("seat", String(player.seat)), ("bot", string(player.bot)), ("serverName", string(player.serverName))]
            if let seed = player.boardSeed { fields.append(("boardSeed", string(seed))) }
            if let cells = player.shipCells {
                fields.append(("shipCells", "[" + cells.map { "{\"x\"" + colon + String($0.x) + comma + "\"y\"" + colon + String($0.y) + "}" }.joined(separator: comma) + "]"))
            }
            if let ships = player.ships {
                fields.append(("ships", "[" + ships.map { ship in
                    "{\"length\"" + colon + String(ship.length) + comma + "\"x\"" + colon + String(ship.x) + comma + "\"y\"" + colon + String(ship.y)
                        + comma + "\"orientation\"" + colon + string(ship.orientation) + "}"
                }.joined(separator: comma) + "]"))
            }
            if let source = player.shipsSource { fields.append(("shipsSource", string(source))) }
            for (n, (key, value)) in fields.enumerated() { field(3, key, value, last: n == fields.count - 1) }
            out += indent(2) + "}" + (position == replay.players.count - 1 ? "" : ",") + newline
        }
        out += indent(1) + "]," + newline
        out += indent(1) + "\"shots\"" + colon + "[" + newline
        for (position, shot) in replay.shots.enumerated() {
            out += indent(2) + "{\"seat\"" + colon + String(shot.seat) + comma + "\"x\"" + colon + String(shot.x) + comma
            out += "\"y\"" + colon + String(shot.y) + comma + "\"result\"" + colon + string(shot.result) + comma
            out += "\"sunk\"" + colon + String(shot.sunk) + comma + "\"atMilliseconds\"" + colon + String(shot.atMilliseconds) + "}"
            out += (position == replay.shots.count - 1 ? "" : ",") + newline
        }
        out += indent(1) + "]," + newline
        let outcome = replay.outcome
        var parts = ["\"termination\"" + colon + string(outcome.termination)]
        if let seat = outcome.winnerSeat { parts.append("\"winnerSeat\"" + colon + String(seat)) }
        if let winner = outcome.winner { parts.append("\"winner\"" + colon + string(winner)) }
        if let reason = outcome.reason { parts.append("\"reason\"" + colon + string(reason)) }
        if let kind = outcome.forfeitKind { parts.append("\"forfeitKind\"" + colon + string(kind)) }
        out += indent(1) + "\"outcome\"" + colon + "{" + parts.joined(separator: comma) + "}" + newline
        out += "}" + newline
        return out
    }

    /// `text` as a JSON string: quotes, backslashes and control characters escaped, the rest
    /// as is (UTF-8).
    static func quoted(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }) else { return "\"" + text + "\"" }
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// `2026-11-23T13:20:05Z`: whole seconds in UTC, as `JSONEncoder`'s `.iso8601` writes.
    static func iso8601(_ date: Date) -> String {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down))
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = seconds - days * 86_400
        // Civil date from days (Howard Hinnant's algorithm).
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        func two(_ value: Int) -> String { value < 10 ? "0" + String(value) : String(value) }
        return String(year) + "-" + two(month) + "-" + two(day) + "T" + two(secondOfDay / 3600) + ":" + two(secondOfDay % 3600 / 60) + ":" + two(secondOfDay % 60) + "Z"
    }
}
