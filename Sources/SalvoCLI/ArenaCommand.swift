import Arena
import ArgumentParser
import Foundation
import SafeText

/// `salvo arena init|roster|serve|status|export|settle`: a class's arena, a competition that plays as
/// students upload (docs/arena.md).
struct ArenaCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "arena",
        abstract: "A class's arena: students upload at any hour, their bots play as they come.",
        subcommands: [
            ArenaInitCommand.self, ArenaRosterCommand.self, ArenaServeCommand.self, ArenaStatusCommand.self, ArenaExportCommand.self,
            ArenaSettleCommand.self,
        ]
    )

    /// The arena in `folder` and its settings, or the error that says what to do.
    static func open(_ folder: String) throws -> (ArenaFolder, ArenaSettings) {
        return (try ArenaFolder(at: folder), try ArenaSettings.read(arena: folder))
    }
}

/// `salvo arena init DIR --roster FILE`.
struct ArenaInitCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Make an arena in a folder: arena.yaml, its roster, and a token for each student.",
        discussion: """
            The roster has one login a line, or CSV lines `login,name`. Each student's token is \
            written once, to DIR/tokens.tsv (readable by you alone): hand each student their own. \
            The arena keeps only a hash of each token.
            """
    )

    @Argument(help: "The arena's folder (made if missing).")
    var folder: String

    @Option(help: "The roster: one login a line, or CSV `login,name`.")
    var roster: String

    func run() async throws {
        guard let data = FileManager.default.contents(atPath: roster) else {
            throw CommandFailure.unreadableRoster(roster)
        }
        do {
            let students = try ArenaRoster.read(String(decoding: data, as: UTF8.self))
            _ = try ArenaFolder.create(at: folder, roster: students)
            print(
                "Arena in \(folder): \(students.students.count) student\(students.students.count == 1 ? "" : "s"); their tokens are in \(folder)/\(ArenaFolder.tokensFile) (hand each student their own), the settings in \(folder)/\(ArenaFolder.settingsFile)"
            )
        } catch let problem as ArenaRoster.Problem {
            throw CommandFailure.badRoster(path: roster, problem: problem.description)
        }
    }
}

/// `salvo arena roster DIR --add LOGIN | --revoke LOGIN | --new-token LOGIN | --rename LOGIN NAME | --give-uploads LOGIN N`.
struct ArenaRosterCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "roster",
        abstract: "List an arena's students, or add one, revoke a token, give a new one, rename one, or give uploads back."
    )

    @Argument(help: "The arena's folder.")
    var folder: String

    @Option(help: "Add this login, with a new token (appended to tokens.tsv).")
    var add: String?

    @Option(help: "The name to show for --add (the login when none).")
    var name: String?

    @Option(help: "Revoke this login's token: it is refused from now on.")
    var revoke: String?

    @Option(name: .customLong("new-token"), help: "Give this login a new token (appended to tokens.tsv); the old one stops working.")
    var newToken: String?

    @Option(
        parsing: .upToNextOption,
        help: ArgumentHelp("Show this login under a new name from the next batch on: --rename LOGIN NAME.", valueName: "login name"))
    var rename: [String] = []

    @Option(
        name: .customLong("give-uploads"), parsing: .upToNextOption,
        help: ArgumentHelp(
            "Give this login back N uploads of their last 24 hours' quota, the newest first: --give-uploads LOGIN N.", valueName: "login n"))
    var giveUploads: [String] = []

    func validate() throws {
        let given = [add, revoke, newToken].compactMap { $0 }.count + (rename.isEmpty ? 0 : 1) + (giveUploads.isEmpty ? 0 : 1)
        guard given <= 1 else { throw CommandFailure.rosterChanges }
        if name != nil, add == nil { throw CommandFailure.nameWithoutAdd }
        if !rename.isEmpty, rename.count != 2 { throw CommandFailure.renameArguments }
        if !giveUploads.isEmpty, giveUploads.count != 2 || Int(giveUploads[1]).map({ $0 < 1 }) ?? true {
            throw CommandFailure.giveUploadsArguments
        }
    }

    func run() async throws {
        let arena = try ArenaFolder(at: folder)
        if let add {
            _ = try arena.addStudent(login: add, name: name)
            print("Added \(add); their token is the last line of \(folder)/\(ArenaFolder.tokensFile)")
        } else if let revoke {
            try arena.store.revoke(login: revoke)
            print("Revoked \(revoke)'s token; give a new one with --new-token \(revoke)")
        } else if let newToken {
            _ = try arena.newToken(login: newToken)
            print("New token for \(newToken), the last line of \(folder)/\(ArenaFolder.tokensFile); the old one no longer works")
        } else if rename.count == 2 {
            try arena.store.rename(login: rename[0], to: rename[1])
            print("\(rename[0]) is shown as \(TerminalText.visible(rename[1])) from the next batch on")
        } else if giveUploads.count == 2, let count = Int(giveUploads[1]) {
            let given = try arena.store.giveUploads(login: giveUploads[0], count: count)
            print(
                "Gave \(giveUploads[0]) back \(given) upload\(given == 1 ? "" : "s") of their last 24 hours\(given < count ? " (all they had counted)" : "")"
            )
        } else {
            for student in try arena.store.students() {
                print("\(student.login)\t\(student.name)\t\(student.revokedAt == nil ? "active" : "revoked")")
            }
        }
    }
}
