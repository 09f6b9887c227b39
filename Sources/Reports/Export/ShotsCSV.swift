import Foundation

/// `shots.csv` of an export (`salvo replay --all`): one row per accepted shot of every game,
/// games in schedule order, shots in the order fired, so a game's rows are its moves. Pure;
/// RFC 4180 as ``GamesCSV`` (every field a safe cell, CRLF, empty for missing).
///
/// Columns: `game` (the schedule index: games.csv's `game`), `move` (the shot's place among
/// both seats' shots, 1 for a game's first: the viewer's "Move 12 of 87"), `seat` (0 or 1, who
/// fired; the shot lands on the other seat's board), `bot` and `version` (the firing seat's;
/// `version` a season submission's, else empty), `x` (the column) and `y` (the row), 0–9, `result` (`miss`, `hit` or `sunk`), `sunk` (the length of
/// the ship the shot sank, empty when it sank none), `time_ms` (milliseconds since the game
/// started, as the replay's `atMilliseconds`).
public enum ShotsCSV {
    /// The file's name in an export.
    public static let fileName = "shots.csv"

    /// The header's fields.
    public static let header = ["game", "move", "seat", "bot", "version", "x", "y", "result", "sunk", "time_ms"]

    /// The header line, CRLF-terminated.
    public static var headerLine: String { GamesCSV.line(header) }

    /// The fields of every shot of `replay`, one array per shot, before quoting.
    public static func fields(_ replay: ReplayDocument) -> [[String]] {
        let game = String(replay.index)
        let players = replay.players.map { (bot: $0.bot, version: $0.version ?? "") }
        return replay.shots.enumerated().map { number, shot in
            let seat = shot.seat.index
            let player = players.indices.contains(seat) ? players[seat] : (bot: "", version: "")
            return [
                game, String(number + 1), String(seat), player.bot, player.version, String(shot.x), String(shot.y), shot.result,
                shot.sunk > 0 ? String(shot.sunk) : "", String(shot.atMilliseconds),
            ]
        }
    }

    /// The rows of `replay`'s shots as CSV lines, each CRLF-terminated.
    public static func rows(_ replay: ReplayDocument) -> String {
        fields(replay).map(GamesCSV.line).joined()
    }
}
