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

    func run() async throws {
        let path = directory + "/journal.jsonl"
        guard FileManager.default.fileExists(atPath: path) else {
            throw CLIError("No journal at \(path): give the output folder of a `salvo run`")
        }
        let entries: [JournalEntry]
        do {
            entries = try Journal.read(path: path)
        } catch {
            throw CLIError("\(error)")
        }
        var rows: [Int: [String]] = [:]
        var order: [Int] = []
        for entry in entries {
            switch entry {
            case .created(let index, let server, let gameId, _):
                if rows[index] == nil { order.append(index) }
                rows[index] = [String(index), gameId, "", "in flight or abandoned", server]
            case .finished(let record):
                if rows[record.index] == nil { order.append(record.index) }
                let players = record.players.map(\.bot).joined(separator: " vs ")
                let outcome: String
                switch record.termination {
                case .win: outcome = "won by \(record.winner.map { record.player($0).bot } ?? "?") in \(record.shots.count) shots"
                case .forfeit: outcome = "forfeit: \(record.reason ?? "")"
                case .noResult: outcome = "no result: \(record.reason ?? "")"
                }
                rows[record.index] = [String(record.index), record.gameId, players, outcome, record.server]
            case .started, .joined:
                break
            }
        }
        print(TextTable.render(header: ["game", "id", "bots", "outcome", "server"], rows: order.compactMap { rows[$0] }))
    }
}
