import Foundation
import SafeText

/// The current standings as CSV for grading (RFC 4180): a header, then one row per entry in
/// the standings' order, lines ending in CRLF, every field through ``SafeText/CSVText/cell(_:)``
/// (quoted when it must be; a field a spreadsheet would run as a formula neutralised). `salvo report DIR --csv` writes it to
/// `DIR/standings.csv`, beside results.json.
///
/// Columns: `rank,name,login,version,rating,interval_low,interval_high,games,wins,losses,forfeits`.
/// `login` is a submission's folder (its identity, usually the student's login: the column a
/// grade sheet joins on), empty for a listed bot. `rating` and the interval are Elo to 0.1,
/// empty when no fit was possible; `version` is the entry's current version (a season's
/// submission, ``ResultsDocument/Standing/version``), empty for a listed bot; `forfeits`
/// counts its forfeits of every kind. It is the instructor's file: `salvo publish` writes none.
///
/// ```swift
/// let csv = StandingsCSV.text(document.standings)
/// // "rank,name,login,version,rating,...\r\n1,alice,alice,3f9c2a1b7d04,1612.4,1580.1,1644.7,20,15,5,0\r\n..."
/// ```
public enum StandingsCSV {
    /// The file's name beside results.json.
    public static let fileName = "standings.csv"

    /// The header's fields.
    public static let header = ["rank", "name", "login", "version", "rating", "interval_low", "interval_high", "games", "wins", "losses", "forfeits"]

    /// The CSV of `standings`.
    public static func text(_ standings: [ResultsDocument.Standing]) -> String {
        var rows = [header]
        for standing in standings {
            rows.append([
                String(standing.rank), standing.bot, standing.version == nil ? "" : standing.bot, standing.version ?? "",
                elo(standing.rating?.value), elo(standing.rating?.lower), elo(standing.rating?.upper),
                String(standing.games), String(standing.wins), String(standing.losses), String(standing.forfeitCount),
            ])
        }
        return rows.map { $0.map(CSVText.cell).joined(separator: ",") }.joined(separator: "\r\n") + "\r\n"
    }

    /// An Elo figure to 0.1, or empty.
    static func elo(_ value: Double?) -> String {
        guard let value, value.isFinite else { return "" }
        return String(format: "%.1f", value)
    }

    /// Writes the CSV of `standings` to `FOLDER/standings.csv`; the path written. The report
    /// writes it as it writes results.json (``ReportWriter/Options/csv``), from the standings
    /// it has just counted, so no large results.json is read back; the arena after each batch.
    @discardableResult
    public static func write(_ standings: [ResultsDocument.Standing], folder: String) throws(ReportError) -> String {
        let path = (folder as NSString).appendingPathComponent(fileName)
        do {
            try Data(text(standings).utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw .cannotWrite(path: path, detail: error.localizedDescription)
        }
        return path
    }
}
