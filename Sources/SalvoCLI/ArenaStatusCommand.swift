import Arena
import ArgumentParser
import Foundation
import SafeText

/// `salvo arena status DIR`: the instructor's view of an arena: the queue, the last uploads
/// with their states and reasons, and the season's standings.
struct ArenaStatusCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Show an arena's queue, last uploads, failures and standings."
    )

    @Argument(help: "The arena's folder.")
    var folder: String

    @Option(help: "How many of the last uploads to list.")
    var last = 20

    func run() async throws {
        let (arena, settings) = try ArenaCommand.open(folder)
        let waiting = try arena.store.submissions(in: [.receiving, .queued, .building, .checking, .waiting])
        // The host's faults first: a disk too full refuses uploads and holds the checks.
        let disk = ArenaDisk(arena: arena.path, settings: settings)
        if let shortage = disk.checkShortage {
            print(
                "Disk: \(disk.uploadShortage == nil ? "the checks wait" : "uploads are refused (507, nobody charged) and the checks wait"): \(shortage)"
            )
        }
        print("Queue: \(waiting.isEmpty ? "empty" : waiting.map { "\($0.id ?? 0) \($0.login) (\($0.state.rawValue))" }.joined(separator: ", "))")
        let rows = try arena.store.recentSubmissions(limit: last)
        let formatter = ISO8601DateFormatter()
        let uploads = rows.map { row in
            let reason = (row.reason ?? "").split(separator: "\n").first.map(String.init) ?? ""
            // From its arrival to the end of its check: how long its student waited to know.
            let checked = row.checkedAt.map { String(format: "%.1f s", $0.timeIntervalSince(row.receivedAt)) } ?? ""
            return [
                String(row.id ?? 0), row.login, formatter.string(from: row.receivedAt), row.state.rawValue, checked, row.version ?? "",
                TerminalText.shortened(reason, to: 100),
            ]
        }
        print(
            rows.isEmpty
                ? "No uploads yet."
                : "Last uploads:\n"
                    + TerminalText.visible(
                        TextTable.render(header: ["Upload", "Login", "Received", "State", "Checked in", "Version", "Reason"], rows: uploads)))
        // The instructor's view: logins, not the public names.
        let standings = try ArenaStandings(folder: settings.tournament.config.outputDirectory).document(tournament: settings.tournament.config.name)
        if standings.standings.isEmpty {
            print("Standings: no games yet.")
        } else {
            let lines = standings.standings.map { standing in
                [
                    String(standing.rank), standing.tie.map { "\($0.first)–\($0.last)" } ?? "", standing.bot,
                    standing.rating.map { String(format: "%.0f", $0.value) } ?? "-",
                    standing.rating.map { String(format: "±%.0f", ($0.upper - $0.lower) / 2) } ?? "-", String(standing.games),
                    String(format: "%.1f", standing.scorePercent),
                ]
            }
            print(
                "Standings (\(standings.games) rated games; ranks tied at 95% show the tie's span):\n"
                    + TerminalText.visible(TextTable.render(header: ["#", "Tied", "Login", "Elo", "95%", "Games", "Score %"], rows: lines)))
        }
    }
}
