import Arena
import ArgumentParser
import Foundation
import Orchestrator

/// `salvo arena export DIR OUT`: the arena's season as a published folder, exactly as
/// `salvo publish` makes one (the same private links as the arena's own pages).
struct ArenaExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write an arena's season as a published folder (as salvo publish does).",
        discussion: """
            OUT is new, empty, or a folder salvo wrote: then it is replaced whole. The private \
            pages keep the links the arena gives its students; the instructor's list of them is \
            DIR/season/private-links.tsv.
            """
    )

    @Argument(help: "The arena's folder.")
    var folder: String

    @Argument(help: "The folder to write.")
    var destination: String

    func run() async throws {
        let (arena, settings) = try ArenaCommand.open(folder)
        let published = try ArenaSettings.publisher(arena: folder, settings: settings, into: destination, roster: arena.store.students()).publish()
        print(
            "Exported \(published.written.replayCount) replays, \(published.written.botPageCount) bot pages and \(published.privatePages) private pages to \(destination)\(published.linksPath.map { "; the private links are in \($0)" } ?? "")"
        )
    }
}
