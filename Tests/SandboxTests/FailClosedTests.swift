import Foundation
import SalvoTestSupport
import Testing

/// Where bubblewrap cannot run, no external bot starts unsandboxed by accident: each command
/// refuses in one line, and only an explicit opt-out runs the bot. bwrap is hidden for real:
/// `salvo` runs in a mount namespace of its own where /usr/bin/bwrap is /dev/null.
@Suite("Failing closed without bubblewrap", .serialized, .timeLimit(.minutes(2)))
struct FailClosedTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    /// `salvo ARGUMENTS` with bwrap hidden, from the project's root.
    static func withoutBubblewrap(_ arguments: [String]) async throws -> SalvoOutput {
        let quoted = ([SalvoExecutable.path] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        return try await SalvoExecutable.run(
            ["-c", "mount --bind /dev/null /usr/bin/bwrap && exec \(quoted)"],
            workingDirectory: root, executable: "/usr/bin/unshare", prefix: ["--mount", "--propagation", "private", "/bin/sh"]
        )
    }

    static let message = "External bots run in a bubblewrap sandbox, but `bwrap` is not installed."

    @Test("salvo run, bench and bot-check refuse to start an external bot in one line naming the fix; nothing is played")
    func refuses() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("salvo-closed-\(UUID().uuidString)").path
        let file = folder + ".yaml"
        try "name: closed\nbots:\n  - density\n  - name: py\n    command: python3 bots/python/random_bot.py\n".write(
            toFile: file, atomically: true, encoding: .utf8)
        for arguments in [
            ["run", file, "--output", folder],
            ["bench", "python3 bots/python/random_bot.py", "--games", "2"],
            ["bot-check", "python3 bots/python/random_bot.py"],
        ] {
            let output = try await Self.withoutBubblewrap(arguments)
            #expect(output.status == 1, "\(arguments)")
            #expect(output.err.hasPrefix("Error: " + Self.message), "\(arguments): \(output.err)")
            #expect(output.err.contains("--no-sandbox") && output.err.split(separator: "\n").count == 1)
        }
        #expect(!FileManager.default.fileExists(atPath: folder + "/journal.jsonl"))
    }

    @Test("the explicit opt-outs run the bot, with a warning on stderr: --no-sandbox on each command, and `sandbox: none` in the file")
    func optOuts() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("salvo-open-\(UUID().uuidString)").path
        let file = folder + ".yaml"
        try "name: open\nsandbox: none\nbots:\n  - density\n  - name: py\n    command: python3 bots/python/random_bot.py\n".write(
            toFile: file, atomically: true, encoding: .utf8)
        let run = try await Self.withoutBubblewrap(["run", file, "--output", folder])
        #expect(run.status == 0, "\(run.err)")
        #expect(run.out.contains("2 of 2 games rated"))
        let check = try await Self.withoutBubblewrap(["bot-check", "python3 bots/python/random_bot.py", "--no-sandbox"])
        #expect(check.status == 0 && check.out.contains("bot-check: passed"), "\(check.err)")
        let bench = try await Self.withoutBubblewrap(["bench", "python3 bots/python/random_bot.py", "--games", "2", "--no-sandbox", "--quiet"])
        #expect(bench.status == 0, "\(bench.err)")
        // Each says so on the terminal, not only in the report.
        for output in [run, check, bench] {
            #expect(output.err.contains("salvo: warning: external bots run unsandboxed"), "\(output.err)")
        }
    }
}
