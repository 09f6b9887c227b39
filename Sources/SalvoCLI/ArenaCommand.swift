import Arena
import ArgumentParser
import Foundation

/// `salvo arena init|roster|serve|status`: a class's arena, a competition that plays as
/// students upload (docs/arena.md).
struct ArenaCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "arena",
        abstract: "A class's arena: students upload at any hour, their bots play as they come.",
        subcommands: [ArenaInitCommand.self, ArenaRosterCommand.self, ArenaServeCommand.self, ArenaStatusCommand.self, ArenaExportCommand.self]
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
            print("Arena in \(folder): \(students.students.count) student\(students.students.count == 1 ? "" : "s"); their tokens are in \(folder)/\(ArenaFolder.tokensFile) (hand each student their own), the settings in \(folder)/\(ArenaFolder.settingsFile)")
        } catch let problem as ArenaRoster.Problem {
            throw CommandFailure.badRoster(path: roster, problem: problem.description)
        }
    }
}

/// `salvo arena roster DIR --add LOGIN | --revoke LOGIN | --new-token LOGIN`.
struct ArenaRosterCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "roster",
        abstract: "List an arena's students, or add one, revoke a token, or give a new one."
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

    func validate() throws {
        guard [add, revoke, newToken].compactMap({ $0 }).count <= 1 else { throw ValidationError("Please give at most one of --add, --revoke and --new-token.") }
        if name != nil, add == nil { throw ValidationError("Please give --name with --add.") }
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
        } else {
            for student in try arena.store.students() {
                print("\(student.login)\t\(student.name)\t\(student.revokedAt == nil ? "active" : "revoked")")
            }
        }
    }
}
