import Foundation
import JSONCoding
import Tournament

extension ReplayPack {
    /// The replays a pack file holds, in its order, rebuilt in the replay schema
    /// (``ReplayDocument``) for the run `tournament`; nil when `file` is not a pack. For tools
    /// and tests: the viewer reads packs in the browser.
    public static func replays(in file: Data, tournament: String) -> [ReplayDocument]? {
        let prefix = Data("salvoReplayPack(".utf8)
        let suffix = Data(");\n".utf8)
        guard file.starts(with: prefix), file.count > prefix.count + suffix.count, file.suffix(suffix.count) == suffix else { return nil }
        var json = Data(file.dropFirst(prefix.count).dropLast(suffix.count))
        let decoder = JSONFormat.decoder()
        // A deflated pack: its object's text, inflated.
        if let outer = try? decoder.decode(Deflated.self, from: json) {
            guard let deflated = Data(base64Encoded: outer.deflate), let inflated = Deflate.decompress([UInt8](deflated), size: outer.size) else {
                return nil
            }
            json = Data(inflated)
        }
        guard let pack = try? decoder.decode(Packed.self, from: json) else { return nil }
        var replays: [ReplayDocument] = []
        for game in pack.games {
            guard pack.servers.indices.contains(game.server), let times = CompactShots.offsets(text: game.times.utf8) else { return nil }
            var players: [ReplayDocument.Player] = []
            for player in game.players {
                guard pack.names.indices.contains(player.name) else { return nil }
                let bot = pack.names[player.name]
                let ships = player.ships.flatMap(Self.ships)
                var cells = player.cells.flatMap(Self.cells)
                if cells == nil, let ships {
                    cells = ships.flatMap { ship in
                        (0..<ship.length).map { step in
                            ReplayDocument.Cell(
                                x: ship.x + (ship.orientation == "horizontal" ? step : 0), y: ship.y + (ship.orientation == "vertical" ? step : 0))
                        }
                    }.sorted()
                }
                players.append(
                    ReplayDocument.Player(
                        seat: players.count, bot: bot, serverName: player.serverName ?? bot, boardSeed: player.boardSeed,
                        shipCells: cells, ships: ships, shipsSource: player.shipsSource, version: player.version
                    ))
            }
            guard let shots = CompactShots.decode(game.shots.utf8, offsets: times) else { return nil }
            replays.append(
                ReplayDocument(
                    tournament: tournament, index: game.index, gameId: game.gameId, gameName: game.gameName, server: pack.servers[game.server],
                    startedAt: Date(timeIntervalSince1970: TimeInterval(game.startedAt)), durationMilliseconds: game.durationMilliseconds,
                    players: players,
                    shots: shots,
                    outcome: ReplayDocument.Outcome(
                        termination: ["w": "win", "f": "forfeit"][game.termination] ?? "no-result", winnerSeat: game.winnerSeat,
                        winner: game.winnerSeat.flatMap { players.indices.contains($0) ? players[$0].bot : nil },
                        reason: game.reason, forfeitKind: game.forfeitKind
                    )
                ))
        }
        return replays
    }

    /// A deflated pack's object: its text's size and its deflated bytes in base64.
    private struct Deflated: Decodable {
        var size: Int
        var deflate: String
    }

    /// A pack's object (the pack's number is not needed to read it back).
    private struct Packed: Decodable {
        var names: [String]
        var servers: [String]
        var games: [Game]
    }

    /// One GAME array of a pack, in its order (see ``ReplayPack``).
    private struct Game: Decodable {
        var index: Int, gameId: String, gameName: String, server: Int, startedAt: Int, durationMilliseconds: Int
        var players: [Player]
        var shots: String, times: String, termination: String
        var winnerSeat: Int?, reason: String?, forfeitKind: String?

        init(from decoder: any Decoder) throws {
            var items = try decoder.unkeyedContainer()
            guard items.count == 14 else {
                throw DecodingError.dataCorruptedError(in: items, debugDescription: "a packed game has 14 items")
            }
            index = try items.decode(Int.self)
            gameId = try items.decode(String.self)
            gameName = try items.decode(String.self)
            server = try items.decode(Int.self)
            startedAt = try items.decode(Int.self)
            durationMilliseconds = try items.decode(Int.self)
            players = [try items.decode(Player.self), try items.decode(Player.self)]
            shots = try items.decode(String.self)
            times = try items.decode(String.self)
            termination = try items.decode(String.self)
            winnerSeat = try items.decodeIfPresent(Int.self)
            reason = try items.decodeIfPresent(String.self)
            forfeitKind = try items.decodeIfPresent(String.self)
        }
    }

    /// One PLAYER array of a packed game, in its order; six items, or seven with a version.
    private struct Player: Decodable {
        var name: Int
        var serverName: String?, boardSeed: String?, ships: String?, cells: String?, shipsSource: String?, version: String?

        init(from decoder: any Decoder) throws {
            var items = try decoder.unkeyedContainer()
            guard items.count == 6 || items.count == 7 else {
                throw DecodingError.dataCorruptedError(in: items, debugDescription: "a packed player has 6 or 7 items")
            }
            name = try items.decode(Int.self)
            serverName = try items.decodeIfPresent(String.self)
            boardSeed = try items.decodeIfPresent(String.self)
            ships = try items.decodeIfPresent(String.self)
            cells = try items.decodeIfPresent(String.self)
            shipsSource = try items.decodeIfPresent(String.self)
            version = items.isAtEnd ? nil : try items.decodeIfPresent(String.self)
        }
    }

    static func ships(_ text: String) -> [ReplayDocument.Ship]? {
        let digits = Array(text.utf8)
        guard digits.count % 4 == 0 else { return nil }
        return stride(from: 0, to: digits.count, by: 4).map { start in
            ReplayDocument.Ship(
                length: Int(digits[start + 2]) - 48, x: Int(digits[start]) - 48, y: Int(digits[start + 1]) - 48,
                orientation: digits[start + 3] == UInt8(ascii: "h") ? "horizontal" : "vertical"
            )
        }
    }

    static func cells(_ text: String) -> [ReplayDocument.Cell]? {
        let digits = Array(text.utf8)
        guard digits.count % 2 == 0 else { return nil }
        return stride(from: 0, to: digits.count, by: 2).map { ReplayDocument.Cell(x: Int(digits[$0]) - 48, y: Int(digits[$0 + 1]) - 48) }
    }
}
