import ArgumentParser
import Foundation
import Tournament

/// `salvo games [DIR]`: the games a run played, from its journal (seed 000's "My Games").
struct GamesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "games",
        abstract: "List the games a tournament run played, with their ids and outcomes.",
        discussion: "Reads DIR/journal.jsonl; the ids let `salvo show` look a game up on its server."
    )

    @Argument(help: "A run's output folder, e.g. reports/demo.")
    var directory = "reports/demo"

    @Flag(help: "Print the games as a JSON array (index, gameId, bots, termination, winner, winnerShots, moves, reason, server) instead of a table.")
    var json = false

    /// A game as `--json` prints it; `termination` is `win`, `forfeit`, `no-result` or `in-flight`.
    /// `winnerShots` is the winner's own shots (as results.json's); `moves` both seats' shots
    /// together, the game's length (Salvo 0.3 printed it as `shots`).
    struct Row: Encodable {
        var index: Int
        var gameId: String
        var bots: [String]
        var termination: String
        var winner: String?
        var winnerShots: Int?
        var moves: Int?
        var reason: String?
        var server: String
    }

    func run() async throws {
        let path = directory + "/journal.jsonl"
        guard FileManager.default.fileExists(atPath: path) else {
            throw CommandFailure.noJournal(path: path)
        }
        let entries: [JournalEntry] = try Journal.read(path: path)
        var rows: [Int: [String]] = [:]
        var jsonRows: [Int: Row] = [:]
        var order: [Int] = []
        for entry in entries {
            switch entry {
            case .created(let index, let server, let gameId, _):
                if rows[index] == nil { order.append(index) }
                rows[index] = [String(index), gameId, "", "in flight or abandoned", server]
                jsonRows[index] = Row(index: index, gameId: gameId, bots: [], termination: "in-flight", server: server)
            case .finished(let record):
                if rows[record.index] == nil { order.append(record.index) }
                jsonRows[record.index] = Row(
                    index: record.index, gameId: record.gameId, bots: record.players.map(\.bot), termination: record.termination.rawValue,
                    winner: record.winner.map { record.player($0).bot }, winnerShots: record.winner.map { record.shotCount(of: $0) },
                    moves: record.shots.count, reason: record.reason, server: record.server
                )
                let players = record.players.map(\.bot).joined(separator: " vs ")
                let outcome: String
                switch record.termination {
                // One word per quantity (docs/output.md): "shots" counts one player's, here the
                // winner's, as the replay and the standings' shots/win; both seats' together are
                // the game's moves.
                case .win:
                    let own = record.winner.map { record.shotCount(of: $0) } ?? 0
                    outcome =
                        "won by \(record.winner.map { record.player($0).bot } ?? "?"), who sank the fleet in \(own) shots (\(record.shots.count) moves)"
                case .forfeit: outcome = "forfeit: \(record.reason ?? "")"
                case .noResult: outcome = "no result: \(record.reason ?? "")"
                }
                rows[record.index] = [String(record.index), record.gameId, players, outcome, record.server]
            case .started, .joined, .night:
                break
            }
        }
        if json {
            try JSONOutput.print(order.compactMap { jsonRows[$0] })
            return
        }
        print(TextTable.render(header: ["game", "id", "bots", "outcome", "server"], rows: order.compactMap { rows[$0] }))
    }
}
