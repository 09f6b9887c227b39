import Foundation
import SafeText

/// The current standings as CSV for grading (RFC 4180): a header, then one row per entry in
/// the standings' order, lines ending in CRLF, every field through ``SafeText/CSVText/cell(_:)``
/// (quoted when it must be; a field a spreadsheet would run as a formula neutralised). `salvo report DIR --csv` writes it to
/// `DIR/standings.csv`, beside results.json.
///
/// Columns: `rank,name,login,version,rating,interval_low,interval_high,tied_ranks,games,wins,losses,forfeits,note`.
/// `login` is a submission's folder (its identity, usually the student's login: the column a
/// grade sheet joins on), empty for a listed bot. `rating` and the interval are Elo to 0.1,
/// empty when no fit was possible; `tied_ranks` is the statistical tie the entry is part of
/// (``ResultsDocument/Standing/tie``): `3 to 5` when ranks 3 to 5 cannot be told apart at 95% (words, not `3-5`, which a spreadsheet reads as a date),
/// empty when it is separated from both neighbours or has no rating (and in a roster row
/// without a rank); `version` is the entry's current version (a season's submission,
/// ``ResultsDocument/Standing/version``), empty for a listed bot; `forfeits` counts its
/// forfeits of every kind; `note` is empty but for an arena's roster students who
/// never entered (``neverEntered``). It is the instructor's file: `salvo publish` writes none.
///
/// ```swift
/// let csv = StandingsCSV.text(document.standings)
/// // "rank,name,login,version,rating,...\r\n1,alice,alice,3f9c2a1b7d04,1612.4,1580.1,1644.7,1-2,20,15,5,0,\r\n..."
/// ```
public enum StandingsCSV {
    /// The file's name beside results.json.
    public static let fileName = "standings.csv"

    /// The header's fields.
    public static let header = [
        "rank", "name", "login", "version", "rating", "interval_low", "interval_high", "tied_ranks", "games", "wins", "losses", "forfeits",
        "note",
    ]

    /// A class's roster, for a grade book: each login's name, in the roster's order.
    public typealias Roster = [(login: String, name: String)]

    /// What `note` says of a roster student with no row in the standings.
    public static let neverEntered = "never entered: no version played, no rank"

    /// The CSV of `standings`. With `roster` (an arena's), a submission's `name` is its
    /// student's roster name beside the login, and every roster student who has no row in the
    /// standings gets one after them: no rank, no figures, `note` saying why, so that a grade
    /// book joined on `login` drops nobody.
    public static func text(_ standings: [ResultsDocument.Standing], roster: Roster? = nil) -> String {
        let names = Dictionary((roster ?? []).map { ($0.login.lowercased(), $0.name) }, uniquingKeysWith: { first, _ in first })
        var rows = [header]
        var ranked: Set<String> = []
        for standing in standings {
            let login = standing.version == nil ? "" : standing.bot
            if !login.isEmpty { ranked.insert(login.lowercased()) }
            rows.append([
                String(standing.rank), names[login.lowercased()] ?? standing.bot, login, standing.version ?? "",
                elo(standing.rating?.value), elo(standing.rating?.lower), elo(standing.rating?.upper),
                standing.tie.map { "\($0.first) to \($0.last)" } ?? "",
                String(standing.games), String(standing.wins), String(standing.losses), String(standing.forfeitCount), "",
            ])
        }
        for student in roster ?? [] where !ranked.contains(student.login.lowercased()) {
            rows.append(["", student.name, student.login, "", "", "", "", "", "0", "0", "0", "0", neverEntered])
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
    public static func write(_ standings: [ResultsDocument.Standing], roster: Roster? = nil, folder: String) throws(ReportError) -> String {
        let path = (folder as NSString).appendingPathComponent(fileName)
        do {
            try Data(text(standings, roster: roster).utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw .cannotWrite(path: path, detail: error.localizedDescription)
        }
        return path
    }
}
