import ArchiveIntake
import Arena
import ArgumentParser
import CurlHTTP
import Foundation
import Orchestrator
import SafeText
import Submissions
import Synchronization

/// `salvo submit FOLDER --arena URL [--token T]`: a student's upload to a class's arena. The
/// folder is copied as `bot-check` and a tournament read it, packed as a .tar.gz, uploaded,
/// and followed: each line of the arena's check is printed as it happens. Exit 0 when the
/// version is entered; 1 when it is refused or late (with the reason), or when the arena could
/// not be reached or did not take it (with what it said).
struct SubmitCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "submit",
        abstract: "Upload your bot's folder to a class's arena and follow its check.",
        discussion: """
            The token is the one your instructor gave you, with --token or in SALVO_TOKEN (which \
            keeps it out of your shell's history). The arena builds and checks the folder exactly \
            as `salvo bot-check` does; run that first to find problems without using an upload.

              SALVO_TOKEN=... salvo submit my-bot --arena https://arena.example.edu/
            """
    )

    @Argument(help: "Your bot's folder, with its bot.yaml.")
    var folder: String

    @Option(help: "The arena's address, e.g. https://arena.example.edu/.")
    var arena: String

    @Option(help: "Your arena token (default: the environment's SALVO_TOKEN).")
    var token: String?

    @Flag(help: "Upload, print the upload's id, and return without following its check.")
    var noWait = false

    func run() async throws {
        guard let token = token ?? ProcessInfo.processInfo.environment["SALVO_TOKEN"], !token.isEmpty else {
            throw CommandFailure.noToken
        }
        guard FileManager.default.fileExists(atPath: folder + "/" + SubmissionManifest.fileName) else {
            throw CommandFailure.submitNoManifest(folder: folder)
        }
        let archive = try Self.pack(folder)
        defer { SubmissionDiscovery.removeWorkFolder((archive as NSString).deletingLastPathComponent) }
        guard let bytes = FileManager.default.contents(atPath: archive) else { throw CommandFailure.unreadablePackedFolder(archive) }
        print("Packed \(folder): \(bytes.count) bytes")
        // The client is shut down, awaited, however the upload ends.
        try await CurlHTTPClient.withClient { http in
            let client = ArenaClient(base: arena, token: token, http: http)
            let status: ArenaStatus
            do throws(ArenaClient.Failure) {
                status = try await client.upload(Array(bytes)) { seconds in
                    print("The arena is busy; sending again in \(seconds) s")
                    fflush(nil)
                }
            } catch {
                switch error {
                case .unreachable(let detail): throw CommandFailure.arenaUnreachable(arena: arena, detail: detail)
                case .refused(let code, let message): throw CommandFailure.uploadRefused(status: code, detail: TerminalText.visible(message))
                }
            }
            print("Upload \(status.id): \(status.state.rawValue)")
            if noWait { return }
            for line in status.lines { print(TerminalText.visible(line.checkLine.text)) }
            let shown = Mutex(status.lines.count)
            let state = Mutex(status.state)
            let done = await client.follow(status) { next in
                for line in next.lines.dropFirst(shown.withLock { $0 }) { print(TerminalText.visible(line.checkLine.text)) }
                shown.withLock { $0 = max($0, next.lines.count) }
                if state.withLock({ $0 }) != next.state {
                    state.withLock { $0 = next.state }
                    print("Upload \(next.id): \(next.state.rawValue)")
                }
                fflush(nil)
            }
            let me = await client.me()
            switch done.state {
            case .entered:
                print("Entered as version \(done.version ?? "?"); its games are played now. The leaderboard: \(client.base)/")
                if let name = me?["publicName"] { print("On the public pages and the leaderboard your bot is: \(TerminalText.visible(name))") }
            default:
                print("Not entered (\(done.state.rawValue)): \(TerminalText.visible(done.reason ?? "no reason given"))")
            }
            if let page = me?["page"] {
                print("Your page, every upload with its check (keep its address to yourself): \(client.base)/\(TerminalText.visible(page))")
            }
            if done.state != .entered { throw CommandFailure.notEntered }
        }
    }

    /// The folder copied as a tournament reads it and packed; the archive's path, in a temporary folder of its own.
    static func pack(_ folder: String) throws -> String {
        let work = try BotCheckCommand.workFolder()
        do {
            try SubmissionDiscovery.copyAsRead(folder, to: work + "/bot")
            try ArchivePacker.pack(folder: work + "/bot", to: work + "/bot.tar.gz")
        } catch {
            SubmissionDiscovery.removeWorkFolder(work)
            throw CommandFailure.cannotPack(folder: folder, detail: "\(error)")
        }
        return work + "/bot.tar.gz"
    }
}
