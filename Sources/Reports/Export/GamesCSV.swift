import Foundation
import SafeText

/// `games.csv` of an export (`salvo replay --all`): one row per game, in schedule order, for a
/// notebook (pandas' `read_csv` reads it as it is) or a spreadsheet. Pure: rows from
/// ``ExportedGame``s; ``GameExporter`` writes them.
///
/// RFC 4180 as ``StandingsCSV``: a header, lines ending in CRLF, UTF-8 without a byte-order
/// mark, every field through ``SafeText/CSVText/cell(_:)`` (quoted when it must be; a text a
/// spreadsheet would run as a formula, one starting with `=`, `+`, `-`, `@`, a tab or a CR,
/// read back with a leading `'`). One type per column; a missing value is an empty field.
///
/// Columns (reports/README.md, "Exporting every game"): `game` (the schedule index, the key
/// shots.csv's `game` joins on), `game_id`, `game_name`, `started_at` (ISO 8601, UTC, whole
/// seconds), `duration_ms`, `seat0_bot`, `seat0_version`, `seat1_bot`, `seat1_version`,
/// `termination`, `winner_seat`, `winner`, `forfeit_kind`, `reason`, `moves` (both seats'
/// shots together, results.json's `moves`), `seat0_shots`, `seat1_shots`, `winner_shots` (the
/// winner's own shots: its shots to win when it sank the fleet), `attempts`, `counts_in_standings`
/// (`true`/`false`), `night` (a season's), `replay` (the replay's file, relative to the export).
public enum GamesCSV {
    /// The file's name in an export.
    public static let fileName = "games.csv"

    /// The header's fields.
    public static let header = [
        "game", "game_id", "game_name", "started_at", "duration_ms", "seat0_bot", "seat0_version", "seat1_bot", "seat1_version",
        "termination", "winner_seat", "winner", "forfeit_kind", "reason", "moves", "seat0_shots", "seat1_shots", "winner_shots",
        "attempts", "counts_in_standings", "night", "replay",
    ]

    /// The header line, CRLF-terminated.
    public static var headerLine: String { line(header) }

    /// The fields of `game`'s row, in the header's order, before quoting.
    public static func fields(_ game: ExportedGame) -> [String] {
        let entry = game.entry
        let replay = game.replay
        func player(_ seat: Int) -> ReplayDocument.Player? { replay.players.indices.contains(seat) ? replay.players[seat] : nil }
        func bot(_ seat: Int) -> String { player(seat)?.bot ?? (entry.players.indices.contains(seat) ? entry.players[seat] : "") }
        func version(_ seat: Int) -> String {
            player(seat)?.version ?? entry.versions.flatMap { $0.indices.contains(seat) ? $0[seat] : nil } ?? ""
        }
        func shots(_ seat: Int) -> Int { replay.shots.count { $0.seat.index == seat } }
        let winnerShots = entry.winnerSeat.map { String(shots($0)) } ?? ""
        return [
            String(replay.index), replay.gameId, replay.gameName, ReplayJSONWriter.iso8601(replay.startedAt), String(replay.durationMilliseconds),
            bot(0), version(0), bot(1), version(1),
            entry.termination, entry.winnerSeat.map(String.init) ?? "", entry.winner ?? "", entry.forfeitKind ?? "", entry.reason ?? "",
            String(replay.shots.count), String(shots(0)), String(shots(1)), winnerShots,
            String(entry.attempts), entry.countsInStandings == false ? "false" : "true", entry.night.map(String.init) ?? "",
            ReportLayout.replayJSON(index: replay.index),
        ]
    }

    /// `game`'s row as a CSV line, CRLF-terminated.
    public static func row(_ game: ExportedGame) -> String { line(fields(game)) }

    /// `fields` as one line: each a safe cell, CRLF at the end.
    static func line(_ fields: [String]) -> String {
        fields.map(CSVText.cell).joined(separator: ",") + "\r\n"
    }
}
