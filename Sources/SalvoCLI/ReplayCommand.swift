import ArgumentParser
import Foundation
import Reports
import Tournament

/// `salvo replay GAME_ID --from DIR`: one game's replay, as JSON or as a viewer page;
/// `salvo replay --all --from DIR --output OUT`: every game, as replay files and CSV tables
/// (``Reports/GameExporter``). DIR is a run's folder or a folder `salvo publish` wrote.
struct ReplayCommand: AsyncParsableCommand {
    /// The replay's form.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case html
        case json
    }

    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Export one game's replay, as JSON or as a self-contained HTML viewer, or every game as replay files and CSV tables.",
        discussion: """
            DIR is a run's output folder (its journal.jsonl) or a folder `salvo publish` wrote \
            (its results.json and replays/; only what it holds is used: public names, no ids). \
            GAME_ID is the game's schedule index, or the server's game id where DIR keeps it \
            (`salvo games DIR` lists both for a run). The replay goes to standard output unless \
            --output is given.

            With --all, every game is written into the folder --output (made when missing; it \
            must be empty or an earlier export): games.csv (a row per game), shots.csv (a row \
            per shot) and replays/NNNN.json (each game's replay); a season's every game, its \
            earlier versions' too. reports/README.md describes the columns.
            """
    )

    @Argument(help: "The game's schedule index, or its id on the server.")
    var gameId: String?

    @Option(help: "A run's output folder (which holds journal.jsonl), or a folder salvo publish wrote.")
    var from: String

    @Flag(help: "Export every game into the folder given with --output: games.csv, shots.csv and replays/NNNN.json.")
    var all = false

    @Option(help: "html (a viewer page, the default) or json; with --all, the replays are JSON.")
    var format: Format?

    @Option(help: "Write the replay to this file instead of standard output; with --all, the folder to export into.")
    var output: String?

    func validate() throws {
        if all {
            guard gameId == nil else { throw CommandFailure.gameAndAll }
            guard output != nil else { throw CommandFailure.allWithoutOutput }
            guard format != .html else { throw CommandFailure.allAsHTML }
        } else if gameId == nil {
            throw CommandFailure.noGameChosen
        }
    }

    func run() async throws {
        let archive: GameArchive = try GameArchive.open(directory: from)
        if all, let output {
            try exportAll(archive, to: output)
            return
        }
        let id = gameId ?? ""
        let found: ReplayDocument? = try archive.replay(id: id)
        guard let replay = found else {
            throw archive.unknownGame(id: id)
        }
        let data: Data
        switch format ?? .html {
        case .json: data = ReplayJSONWriter.file(replay)
        case .html: data = Data(ReplayPage.render(replay, indexLink: nil).utf8)
        }
        if let output {
            do {
                try data.write(to: URL(fileURLWithPath: output))
            } catch {
                throw ReportError.cannotWrite(path: output, detail: error.localizedDescription)
            }
        } else {
            FileHandle.standardOutput.write(data)
        }
    }

    /// `--all`: every game into `output`; says what it wrote.
    func exportAll(_ archive: GameArchive, to output: String) throws {
        let exported: GameExporter.Exported = try GameExporter.export(from: archive, to: output)
        if exported.missing > 0 {
            FileHandle.standardError.write(
                Data(
                    "Warning: \(exported.missing) games of \(archive.file) have no replay in \(from)/replays and are not exported; publish the run again, or export from the run's own folder.\n"
                        .utf8))
        }
        print(
            "Exported \(exported.games) games (\(exported.moves) moves): \(output)/\(GamesCSV.fileName), \(output)/\(ShotsCSV.fileName) (a row per move) and \(exported.games) replays in \(output)/replays/."
        )
    }
}
