import Foundation
import Tournament

/// The report's replays packed many to a file: `replays/pack-NNNN.js` holds the games whose
/// schedule index divided by ``gamesPerPack`` is NNNN, and the one viewer page
/// (``ReplayViewerPage``, `replays/viewer.html#game=N`) loads the pack of the game it is asked
/// for as a script, so it works opened from disk, where a page may not fetch files.
///
/// A pack is one call, `salvoReplayPack({...});`, of a JSON object (reports/README.md):
/// `{"pack":7,"names":["alice",…],"servers":["http://…"],"games":[GAME,…]}`, or, where that
/// pays (``deflatedShare``), of that object's text deflated (zlib, ``Deflate``) and in
/// base64: `{"pack":7,"size":BYTES,"deflate":"eJzt…"}`, which the viewer inflates with the
/// browser's `DecompressionStream`. Each GAME is an array in this order, with no key repeated:
///
/// `[index, gameId, gameName, server (a position in servers), startedAt (seconds since 1970,
/// UTC), durationMilliseconds, PLAYER0, PLAYER1, shots, times, termination (w, f or n),
/// winnerSeat or null, reason or null, forfeitKind or null]`
///
/// and each PLAYER `[bot (a position in names), serverName or null when it is the bot's name,
/// boardSeed (decimal text) or null, ships or null, shipCells or null, shipsSource or null,
/// version]`, the version (a season's submission's) only when there is one:
/// ships as four characters each (column, row, length, `h` or `v`), cells as two digits each
/// (column, row), shots and times as the journal writes them (``Tournament/CompactShots``).
/// A replay of today's schema (``ReplayDocument``) is rebuilt from it exactly, but for the
/// tournament's name, which the viewer page holds.
public enum ReplayPack {
    /// Games per pack: 1,000 games are about 0.65 MB of text, 0.4 MB deflated, read by a
    /// browser in a moment.
    public static let gamesPerPack = 1_000

    /// A pack is deflated when that makes it smaller than this share of its text.
    public static let deflatedShare = 0.8

    /// The pack holding the game `index`.
    public static func number(of index: Int) -> Int { index >= 0 ? index / gamesPerPack : -1 }

    /// The games of one pack, encoded one at a time (on any thread), written together.
    public struct Builder: Sendable {
        public let number: Int
        private var names: [String] = []
        private var nameNumbers: [String: Int] = [:]
        private var servers: [String] = []
        private var serverNumbers: [String: Int] = [:]
        private var games: [UInt8] = []
        public private(set) var count = 0

        public init(number: Int) {
            self.number = number
            games.reserveCapacity(900 * 256)
        }

        /// Adds `replay`, a game of this pack.
        public mutating func add(_ replay: ReplayDocument) {
            if count > 0 { games.append(UInt8(ascii: ",")) }
            count += 1
            var out = ByteBuffer(capacity: 1_024 + replay.shots.count * 6)
            out.append("[")
            out.append(replay.index)
            out.append(",")
            out.appendJSONString(replay.gameId)
            out.append(",")
            out.appendJSONString(replay.gameName)
            out.append(",")
            out.append(position(ofServer: replay.server))
            out.append(",")
            out.append(Int(replay.startedAt.timeIntervalSince1970.rounded(.down)))
            out.append(",")
            out.append(replay.durationMilliseconds)
            for seat in 0..<2 {
                out.append(",")
                guard replay.players.indices.contains(seat) else {
                    out.append("null")
                    continue
                }
                let player = replay.players[seat]
                out.append("[")
                out.append(position(ofName: player.bot))
                out.append(",")
                if player.serverName == player.bot { out.append("null") } else { out.appendJSONString(player.serverName) }
                out.append(",")
                if let seed = player.boardSeed { out.appendJSONString(seed) } else { out.append("null") }
                out.append(",")
                if let ships = player.ships, let text = ReplayPack.shipsText(ships) { out.appendJSONString(text) } else { out.append("null") }
                out.append(",")
                if let cells = player.shipCells, player.ships == nil || ReplayPack.shipsText(player.ships ?? []) == nil,
                    let text = ReplayPack.cellsText(cells)
                {
                    out.appendJSONString(text)
                } else {
                    out.append("null")
                }
                out.append(",")
                if let source = player.shipsSource { out.appendJSONString(source) } else { out.append("null") }
                if let version = player.version {
                    out.append(",")
                    out.appendJSONString(version)
                }
                out.append("]")
            }
            let records = replay.shots
            out.append(",")
            out.appendJSONString(CompactShots.encode(records).map { String(decoding: $0, as: UTF8.self) } ?? "")
            out.append(",")
            out.appendJSONString(CompactShots.timesText(CompactShots.offsets(records)))
            out.append(",")
            let outcome = replay.outcome
            switch outcome.termination {
            case "win": out.append("\"w\"")
            case "forfeit": out.append("\"f\"")
            default: out.append("\"n\"")
            }
            out.append(",")
            if let seat = outcome.winnerSeat { out.append(seat) } else { out.append("null") }
            out.append(",")
            if let reason = outcome.reason { out.appendJSONString(reason) } else { out.append("null") }
            out.append(",")
            if let kind = outcome.forfeitKind { out.appendJSONString(kind) } else { out.append("null") }
            out.append("]")
            games.append(contentsOf: out.bytes)
        }

        /// The pack file's text: the pack's JSON object deflated and in base64 when that is
        /// under ``deflatedShare`` of its size (a thousand games: about 61%), else as it is.
        public func bytes() -> [UInt8] {
            let plain = object()
            if let deflated = Deflate.compress(plain) {
                let text = Data(deflated).base64EncodedString()
                if Double(text.utf8.count) < ReplayPack.deflatedShare * Double(plain.count) {
                    var out = ByteBuffer(capacity: text.utf8.count + 128)
                    out.append("salvoReplayPack({\"pack\":")
                    out.append(number)
                    out.append(",\"size\":")
                    out.append(plain.count)
                    out.append(",\"deflate\":\"")
                    out.append(text)
                    out.append("\"});\n")
                    return out.bytes
                }
            }
            return Array("salvoReplayPack(".utf8) + plain + Array(");\n".utf8)
        }

        /// The pack's JSON object.
        func object() -> [UInt8] {
            var out = ByteBuffer(capacity: games.count + 4_096)
            out.append("{\"pack\":")
            out.append(number)
            out.append(",\"names\":[")
            for (position, name) in names.enumerated() {
                if position > 0 { out.append(",") }
                out.appendJSONString(name)
            }
            out.append("],\"servers\":[")
            for (position, server) in servers.enumerated() {
                if position > 0 { out.append(",") }
                out.appendJSONString(server)
            }
            out.append("],\"games\":[\n")
            out.append(bytes: games)
            out.append("\n]}")
            return out.bytes
        }

        private mutating func position(ofName name: String) -> Int {
            if let known = nameNumbers[name] { return known }
            names.append(name)
            nameNumbers[name] = names.count - 1
            return names.count - 1
        }

        private mutating func position(ofServer server: String) -> Int {
            if let known = serverNumbers[server] { return known }
            servers.append(server)
            serverNumbers[server] = servers.count - 1
            return servers.count - 1
        }
    }

    /// `0052h`…: each ship as column, row, length and orientation; nil when one does not fit.
    static func shipsText(_ ships: [ReplayDocument.Ship]) -> String? {
        var text = ""
        for ship in ships {
            guard (0...9).contains(ship.x), (0...9).contains(ship.y), (1...9).contains(ship.length),
                ship.orientation == "horizontal" || ship.orientation == "vertical"
            else { return nil }
            text += "\(ship.x)\(ship.y)\(ship.length)" + (ship.orientation == "horizontal" ? "h" : "v")
        }
        return text
    }

    /// `0001…`: each cell as column and row; nil when one is off the grid.
    static func cellsText(_ cells: [ReplayDocument.Cell]) -> String? {
        var text = ""
        for cell in cells {
            guard (0...9).contains(cell.x), (0...9).contains(cell.y) else { return nil }
            text += "\(cell.x)\(cell.y)"
        }
        return text
    }
}
