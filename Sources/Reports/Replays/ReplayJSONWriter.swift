import Foundation

/// Writes a ``ReplayDocument`` as JSON by hand: a replay page embeds one and a 10,000-game
/// report writes 10,000 of each, where `JSONEncoder` took most of the time. Keys come in the
/// order of the schema (reports/README.md). Pretty output puts one shot, cell list or ship
/// list per line, so a replay file reads top to bottom; compact output has no whitespace.
/// `JSONDecoder` reads either back to an equal document (tested).
public enum ReplayJSONWriter {
    /// A replay file: pretty-printed, one shot per line, keys in the schema's order.
    public static func file(_ replay: ReplayDocument) -> Data {
        Data(bytes(replay, pretty: true))
    }

    /// The JSON text of `replay`.
    static func encode(_ replay: ReplayDocument, pretty: Bool) -> String {
        String(decoding: bytes(replay, pretty: pretty), as: UTF8.self)
    }

    /// The JSON of `replay` as UTF-8 bytes, ending with a newline when `pretty`.
    static func bytes(_ replay: ReplayDocument, pretty: Bool) -> [UInt8] {
        var out = ByteBuffer(capacity: 256 + replay.shots.count * (pretty ? 80 : 70) + 1_200)
        let colon: StaticString = pretty ? ": " : ":"
        let comma: StaticString = pretty ? ", " : ","
        func newline() { if pretty { out.append("\n") } }
        func indent(_ level: Int) { if pretty { for _ in 0..<level { out.append("  ") } } }
        func key(_ level: Int, _ name: StaticString) {
            indent(level)
            out.append("\"")
            out.append(name)
            out.append("\"")
            out.append(colon)
        }
        func inlineKey(_ name: StaticString, first: Bool = false) {
            if !first { out.append(comma) }
            out.append("\"")
            out.append(name)
            out.append("\"")
            out.append(colon)
        }
        func next() {
            out.append(",")
            newline()
        }

        out.append("{")
        newline()
        key(1, "schemaVersion")
        out.append(replay.schemaVersion)
        next()
        key(1, "tournament")
        out.appendJSONString(replay.tournament)
        next()
        key(1, "index")
        out.append(replay.index)
        next()
        key(1, "gameId")
        out.appendJSONString(replay.gameId)
        next()
        key(1, "gameName")
        out.appendJSONString(replay.gameName)
        next()
        key(1, "server")
        out.appendJSONString(replay.server)
        next()
        key(1, "startedAt")
        out.appendJSONString(iso8601(replay.startedAt))
        next()
        key(1, "durationMilliseconds")
        out.append(replay.durationMilliseconds)
        next()
        key(1, "players")
        out.append("[")
        newline()
        for (position, player) in replay.players.enumerated() {
            indent(2)
            out.append("{")
            newline()
            key(3, "seat")
            out.append(player.seat)
            next()
            key(3, "bot")
            out.appendJSONString(player.bot)
            next()
            if let version = player.version {
                key(3, "version")
                out.appendJSONString(version)
                next()
            }
            key(3, "serverName")
            out.appendJSONString(player.serverName)
            if let seed = player.boardSeed {
                next()
                key(3, "boardSeed")
                out.appendJSONString(seed)
            }
            if let cells = player.shipCells {
                next()
                key(3, "shipCells")
                out.append("[")
                for (n, cell) in cells.enumerated() {
                    if n > 0 { out.append(comma) }
                    out.append("{")
                    inlineKey("x", first: true)
                    out.append(cell.x)
                    inlineKey("y")
                    out.append(cell.y)
                    out.append("}")
                }
                out.append("]")
            }
            if let ships = player.ships {
                next()
                key(3, "ships")
                out.append("[")
                for (n, ship) in ships.enumerated() {
                    if n > 0 { out.append(comma) }
                    out.append("{")
                    inlineKey("length", first: true)
                    out.append(ship.length)
                    inlineKey("x")
                    out.append(ship.x)
                    inlineKey("y")
                    out.append(ship.y)
                    inlineKey("orientation")
                    out.appendJSONString(ship.orientation)
                    out.append("}")
                }
                out.append("]")
            }
            if let source = player.shipsSource {
                next()
                key(3, "shipsSource")
                out.appendJSONString(source)
            }
            newline()
            indent(2)
            out.append("}")
            if position < replay.players.count - 1 { out.append(",") }
            newline()
        }
        indent(1)
        out.append("]")
        next()
        key(1, "shots")
        out.append("[")
        newline()
        for (position, shot) in replay.shots.enumerated() {
            indent(2)
            out.append("{")
            inlineKey("seat", first: true)
            out.append(shot.seat.index)
            inlineKey("x")
            out.append(shot.x)
            inlineKey("y")
            out.append(shot.y)
            inlineKey("result")
            out.appendJSONString(shot.result)
            inlineKey("sunk")
            out.append(shot.sunk)
            inlineKey("atMilliseconds")
            out.append(shot.atMilliseconds)
            out.append("}")
            if position < replay.shots.count - 1 { out.append(",") }
            newline()
        }
        indent(1)
        out.append("]")
        next()
        let outcome = replay.outcome
        key(1, "outcome")
        out.append("{")
        inlineKey("termination", first: true)
        out.appendJSONString(outcome.termination)
        if let seat = outcome.winnerSeat {
            inlineKey("winnerSeat")
            out.append(seat)
        }
        if let winner = outcome.winner {
            inlineKey("winner")
            out.appendJSONString(winner)
        }
        if let reason = outcome.reason {
            inlineKey("reason")
            out.appendJSONString(reason)
        }
        if let kind = outcome.forfeitKind {
            inlineKey("forfeitKind")
            out.appendJSONString(kind)
        }
        out.append("}")
        newline()
        out.append("}")
        newline()
        return out.bytes
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
        return String(year) + "-" + two(month) + "-" + two(day) + "T" + two(secondOfDay / 3600) + ":" + two(secondOfDay % 3600 / 60) + ":"
            + two(secondOfDay % 60) + "Z"
    }
}
