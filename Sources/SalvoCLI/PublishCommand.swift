import Arena
import ArgumentParser
import Foundation
import Orchestrator
import Reports

/// `salvo publish OUTPUT DEST`: a finished run's reports in a new folder that can be put on a
/// web server as it is (``Reports/PublicRedaction``).
struct PublishCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "publish",
        abstract: "Make a folder of a run's reports that can be published as it is.",
        discussion: """
            Writes DEST/index.html, results.json, replays/ and bots/ from OUTPUT's journal, as \
            `salvo report` does, but without anything that lets a reader act on a server or \
            learns about this machine: no journal, database or logs; no game or player ids \
            (results.json's gameId is empty; ids are cut out of forfeit reasons and stderr tails); \
            no server URLs; no absolute paths (the working folder becomes relative, the run's \
            folder its own name, the home folder ~). Every page is self-contained and loads \
            nothing from the network: copy DEST to a course web server, or open it from disk. \
            DEST must not exist yet, be empty, or be a folder salvo publish wrote: then it is \
            replaced whole, in one step, so a nightly cron can publish into the live folder.

            No bot's stderr and no `salvo rematch` command is on a public page. A run with \
            `bots_from:` lists the folders not entered with their reason in one line, and gets a \
            private page per student, DEST/private/TOKEN/index.html, with their build log, their \
            bot's forfeits and their stderr: TOKEN is derived from a secret kept outside DEST \
            (--secret, by default OUTPUT/publish-secret, made on first use), so each student's \
            link is unguessable and stays the same from one night to the next. The links are \
            written to OUTPUT/private-links.tsv for the instructor to hand out (docs/publishing.md). \
            A folder is usually its student's login, so the public pages name each submission by \
            its label (bot.yaml's `name:`) when that is unique and plain, else by a pseudonym \
            (entry-3fa2c1) that stays the same from night to night; --show-folders names them by \
            their folders.
            """
    )

    @Argument(help: "A run's output folder, e.g. reports/demo.")
    var output: String

    @Argument(help: "The folder to write, e.g. public/demo: new, empty, or one salvo publish wrote (replaced whole).")
    var destination: String

    @Option(
        help:
            "The file of the secret the private pages' links are derived from (default: OUTPUT/publish-secret, made when missing); keep it out of every published folder."
    )
    var secret: String?

    @Flag(
        help:
            "Name a class's submissions by their folders on the public pages (usually the students' logins); by default each is shown as its label, or a pseudonym."
    )
    var showFolders = false

    func validate() throws {
        let from = (output as NSString).standardizingPath
        let to = (destination as NSString).standardizingPath
        if from == to || to.hasPrefix(from + "/") {
            throw CommandFailure.destinationInsideOutput
        }
    }

    /// The file that marks a folder as salvo publish's, which a later publish may replace.
    func run() async throws {
        // An arena's season is published with the arena's secret and roster names: by `salvo
        // arena export`, so that its pseudonyms and private links are the arena's own.
        let parent = (URL(fileURLWithPath: output).standardizedFileURL.path as NSString).deletingLastPathComponent
        if secret == nil, FileManager.default.fileExists(atPath: parent + "/" + ArenaFolder.storeFile) {
            throw CommandFailure.arenaSeasonPublished(arena: parent, destination: destination)
        }
        let published: RunPublisher.Published = try RunPublisher(
            output: output, destination: destination, secretFile: secret, showsFolders: showFolders
        ).publish()
        if let links = published.linksPath {
            print(
                "Wrote \(published.privatePages) private pages under \(destination)/\(PrivateFeedback.folder); each student's link is in \(links): hand each student their own."
            )
        }
        let written = published.written
        print(
            "Published \(written.replayCount) replays, \(written.botPageCount) bot pages and \(destination)/\((written.index as NSString).lastPathComponent): copy \(destination) as it is\(published.replaced ? " (the folder's last reports were replaced whole)" : "")."
        )
    }
}
