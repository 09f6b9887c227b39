import Arena
import ArchiveIntake
import ArgumentParser
import CurlHTTP
import Foundation
import JSONCoding
import Orchestrator
import SafeText
import Submissions

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
        let base = arena.hasSuffix("/") ? String(arena.dropLast()) : arena
        let archive = try Self.pack(folder)
        defer { SubmissionDiscovery.removeWorkFolder((archive as NSString).deletingLastPathComponent) }
        guard let bytes = FileManager.default.contents(atPath: archive) else { throw CommandFailure.unreadablePackedFolder(archive) }
        print("Packed \(folder): \(bytes.count) bytes")
        let client = CurlHTTPClient()
        defer { Task { await client.shutdown() } }
        let headers: HTTPHeaders = ["Authorization": "Bearer " + token, "Content-Type": "application/octet-stream"]
        let response: HTTPResponse
        do {
            response = try await client.execute(HTTPRequest(method: .post, url: base + "/api/submissions", headers: headers, body: Array(bytes)), timeout: .seconds(120))
        } catch {
            throw CommandFailure.arenaUnreachable(arena: arena, detail: "\(error)")
        }
        guard response.status == 202, var status = try? JSONFormat.decoder().decode(ArenaStatus.self, from: Data(response.body)) else {
            throw CommandFailure.uploadRefused(status: Int(response.status), detail: Self.error(in: response))
        }
        print("Upload \(status.id): \(status.state.rawValue)")
        if noWait { return }
        var shown = 0
        var state = status.state
        while true {
            for line in status.lines.dropFirst(shown) { print(TerminalText.visible(line.checkLine.text)) }
            shown = max(shown, status.lines.count)
            if status.state != state {
                state = status.state
                print("Upload \(status.id): \(state.rawValue)")
            }
            if status.final { break }
            try await Task.sleep(for: .seconds(1))
            let polled = try? await client.execute(HTTPRequest(url: base + "/api/submissions/\(status.id)", headers: ["Authorization": "Bearer " + token]), timeout: .seconds(30))
            guard let polled, polled.status == 200, let next = try? JSONFormat.decoder().decode(ArenaStatus.self, from: Data(polled.body)) else { continue }
            status = next
        }
        switch status.state {
        case .entered:
            print("Entered as version \(status.version ?? "?"); its games are played now. The leaderboard: \(base)/")
            let me = try? await client.execute(HTTPRequest(url: base + "/api/me", headers: ["Authorization": "Bearer " + token]), timeout: .seconds(30))
            if let me, me.status == 200, let object = try? JSONFormat.decoder().decode([String: String].self, from: Data(me.body)), let page = object["privatePage"] {
                print("Your private page (keep its address to yourself): \(base)/\(TerminalText.visible(page))")
            }
        default:
            print("Not entered (\(status.state.rawValue)): \(TerminalText.visible(status.reason ?? "no reason given"))")
            throw CommandFailure.notEntered
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

    /// The arena's `error` member, else the body as text.
    static func error(in response: HTTPResponse) -> String {
        if let object = try? JSONFormat.decoder().decode([String: String].self, from: Data(response.body)), let message = object["error"] {
            return TerminalText.visible(message)
        }
        return TerminalText.visible(String(decoding: response.body.prefix(300), as: UTF8.self))
    }
}
