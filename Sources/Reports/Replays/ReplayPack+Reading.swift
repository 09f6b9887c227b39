import Foundation
import Tournament

extension ReplayPack {
    /// The replays a pack file holds, in its order, rebuilt in the replay schema
    /// (``ReplayDocument``) for the run `tournament`; nil when `file` is not a pack. For tools
    /// and tests: the viewer reads packs in the browser.
    public static func replays(in file: Data, tournament: String) -> [ReplayDocument]? {
        let prefix = Data("salvoReplayPack(".utf8), suffix = Data(");\n".utf8)
        guard file.starts(with: prefix), file.count > prefix.count + suffix.count, file.suffix(suffix.count) == suffix else { return nil }
        var json = Data(file.dropFirst(prefix.count).dropLast(suffix.count))
        // A deflated pack: its object's text, inflated.
        if let outer = try? JSONSerialization.jsonObject(with: json) as? [String: Any], let text = outer["deflate"] as? String {
            guard let size = outer["size"] as? Int, let deflated = Data(base64Encoded: text),
                  let inflated = Deflate.decompress([UInt8](deflated), size: size) else { return nil }
            json = Data(inflated)
        }
        guard let pack = try? JSONSerialization.jsonObject(with: json) as? [String: Any],
              let names = pack["names"] as? [String], let servers = pack["servers"] as? [String],
              let games = pack["games"] as? [[Any]] else { return nil }
        var replays: [ReplayDocument] = []
        for game in games {
            guard game.count == 14, let index = game[0] as? Int, let gameId = game[1] as? String, let gameName = game[2] as? String,
                  let server = (game[3] as? Int).flatMap({ servers.indices.contains($0) ? servers[$0] : nil }),
                  let started = game[4] as? Int, let duration = game[5] as? Int,
                  let shotText = game[8] as? String, let times = (game[9] as? String).flatMap({ CompactShots.offsets(text: $0.utf8) }), let termination = game[10] as? String else { return nil }
            var players: [ReplayDocument.Player] = []
            for seat in 0..<2 {
                guard let player = game[6 + seat] as? [Any], player.count == 6 || player.count == 7, let number = player[0] as? Int, names.indices.contains(number) else { return nil }
                let bot = names[number]
                let ships = (player[3] as? String).flatMap(Self.ships)
                var cells = (player[4] as? String).flatMap(Self.cells)
                if cells == nil, let ships {
                    cells = ships.flatMap { ship in
                        (0..<ship.length).map { step in
                            ReplayDocument.Cell(x: ship.x + (ship.orientation == "horizontal" ? step : 0), y: ship.y + (ship.orientation == "vertical" ? step : 0))
                        }
                    }.sorted()
                }
                players.append(ReplayDocument.Player(
                    seat: seat, bot: bot, serverName: player[1] as? String ?? bot, boardSeed: player[2] as? String,
                    shipCells: cells, ships: ships, shipsSource: player[5] as? String,
                    version: player.count == 7 ? player[6] as? String : nil
                ))
            }
            guard let shots = CompactShots.decode(shotText.utf8, offsets: times) else { return nil }
            let winnerSeat = game[11] as? Int
            replays.append(ReplayDocument(
                tournament: tournament, index: index, gameId: gameId, gameName: gameName, server: server,
                startedAt: Date(timeIntervalSince1970: TimeInterval(started)), durationMilliseconds: duration, players: players,
                shots: shots,
                outcome: ReplayDocument.Outcome(
                    termination: ["w": "win", "f": "forfeit"][termination] ?? "no-result", winnerSeat: winnerSeat,
                    winner: winnerSeat.flatMap { players.indices.contains($0) ? players[$0].bot : nil },
                    reason: game[12] as? String, forfeitKind: game[13] as? String
                )
            ))
        }
        return replays
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
