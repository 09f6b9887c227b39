import ArgumentParser
import Foundation
import Reports
import Tournament

/// `salvo replay GAME_ID --from DIR`: one game's replay, as JSON or as a viewer page.
struct ReplayCommand: AsyncParsableCommand {
    /// The replay's form.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case html
        case json
    }

    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Export one game's replay from a run's journal, as JSON or as a self-contained HTML viewer.",
        discussion: """
            GAME_ID is the server's game id or the game's schedule index (`salvo games DIR` \
            lists both). The replay goes to standard output unless --output is given.
            """
    )

    @Argument(help: "The game's id on the server, or its schedule index.")
    var gameId: String

    @Option(help: "The run's output folder, which holds journal.jsonl.")
    var from: String

    @Option(help: "html (a viewer page) or json.")
    var format: Format = .html

    @Option(help: "Write the replay to this file instead of standard output.")
    var output: String?

    func run() async throws {
        let source: JournalFileSource
        let found: GameRecord?
        do {
            source = try JournalFileSource(directory: from)
            found = try source.record(id: gameId)
        } catch {
            throw CLIError(error.description)
        }
        guard let record = found else {
            throw CLIError(ReportError.unknownGame(id: gameId, journal: from + "/journal.jsonl").description)
        }
        let replay = ReplayBuilder.replay(of: record, tournament: source.configuration.name)
        let data: Data
        switch format {
        case .json: data = ReportJSON.replayFile(replay)
        case .html: data = Data(ReplayPage.render(replay, indexLink: nil).utf8)
        }
        if let output {
            do {
                try data.write(to: URL(fileURLWithPath: output))
            } catch {
                throw CLIError(ReportError.cannotWrite(path: output, detail: error.localizedDescription).description)
            }
        } else {
            FileHandle.standardOutput.write(data)
        }
    }
}
