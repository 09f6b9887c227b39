import Foundation
import SalvoTestSupport
import Testing

/// bots/SUBMITTING.md's arena section as a student follows it: its commands, run as they are
/// written (the arena's address, the token and the folder put in), against a real `salvo arena
/// serve`.
@Suite("SUBMITTING.md's arena commands", .serialized, .timeLimit(.minutes(6)))
struct SubmittingDocTests {
    struct NoSection: Error, CustomStringConvertible {
        var description: String { "bots/SUBMITTING.md has no `## In an arena` section with a ```sh block" }
    }

    /// The shell block of the section headed `## In an arena`.
    static func arenaCommands() throws -> String {
        let text = try String(contentsOfFile: ClassFolder.examples + "/../SUBMITTING.md", encoding: .utf8)
        guard let section = text.components(separatedBy: "\n## ").first(where: { $0.hasPrefix("In an arena") }),
            let block = section.components(separatedBy: "```sh\n").dropFirst().first?.components(separatedBy: "\n```").first
        else {
            throw NoSection()
        }
        return block
    }

    @Test("the section's commands check, submit (entered) and upload by curl (taken) a real bot to a real arena")
    func commandsWork() async throws {
        let folder = NSTemporaryDirectory() + "salvo-submitting-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: folder + "/bin", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.copyItem(atPath: ClassFolder.examples + "/python-random", toPath: folder + "/my-bot")
        try FileManager.default.createSymbolicLink(atPath: folder + "/bin/salvo", withDestinationPath: SalvoExecutable.path)
        let tokens = try await ArenaProcess.make(
            at: folder + "/cs101", roster: "alice\n", settings: "name: cs101\nbots: [random]\ngames_per_pairing: 1\ncheck_games: 2\n")
        let (server, url) = try await ArenaProcess.serve(folder + "/cs101")
        defer { server.terminate() }
        let commands = try Self.arenaCommands()
        #expect(commands.contains("salvo submit my-bot --arena https://arena.example.edu/") && commands.contains("salvo bot-check my-bot"))
        let script =
            "set -e\n"
            + commands
            .replacingOccurrences(of: "https://arena.example.edu/", with: url)
            .replacingOccurrences(of: "salvo_...", with: tokens["alice"] ?? "")
        let path = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let run = try await TestProcess.run(
            "/bin/sh", ["-c", script], timeout: .seconds(300), workingDirectory: folder, environment: ["PATH": folder + "/bin:" + path])
        #expect(run.status == 0, "\(run.out)\(run.err)")
        #expect(run.out.contains("bot-check: passed"), "\(run.out)")
        #expect(run.out.contains("Entered as version "), "\(run.out)")
        #expect(run.out.contains("\"state\":\"queued\""), "the curl upload was not taken: \(run.out)")
        server.interrupt()
        _ = try await server.finish(timeout: .seconds(60))
    }
}
