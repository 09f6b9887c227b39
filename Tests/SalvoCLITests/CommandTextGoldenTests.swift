import ArgumentParser
import Foundation
import SalvoTestSupport
import Testing

@testable import SalvoCLI

/// Every command's `--help`, and the errors a user meets first, against golden files
/// (Tests/SalvoCLITests/Golden): a change to what a user reads shows in review. To accept a
/// change on purpose, run with `SALVO_UPDATE_GOLDEN=1` (the files are rewritten and the test
/// fails once, so an update is never silent), then review the diff:
///
///     SALVO_UPDATE_GOLDEN=1 swift test --skip-build --filter CommandTextGoldenTests
@Suite("--help and error texts against golden files")
struct CommandTextGoldenTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    /// Every command and subcommand a user can run, as typed after `salvo` ("" for `salvo`
    /// itself): the root command's subcommands, recursively, so a command added to
    /// `Salvo.configuration` without a golden file fails ``help(_:)``.
    static let commands = paths(of: Salvo.self)

    /// The golden file of `command`'s --help in help/: salvo.txt, run.txt, cluster-slurm.txt.
    static func helpFile(_ command: String) -> String {
        (command.isEmpty ? "salvo" : command.replacingOccurrences(of: " ", with: "-")) + ".txt"
    }

    /// `command` and, depth first, each of its subcommands, their names after `prefix`.
    static func paths(of command: any ParsableCommand.Type, prefix: [String] = []) -> [String] {
        [prefix.joined(separator: " ")] + command.configuration.subcommands.flatMap { paths(of: $0, prefix: prefix + [$0._commandName]) }
    }

    /// Compares `text` with the golden file `name`, or rewrites it when updating.
    static func check(_ text: String, against name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let url = folder.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["SALVO_UPDATE_GOLDEN"] == "1" {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
            Issue.record("Rewrote \(name); review the diff and run again without SALVO_UPDATE_GOLDEN.", sourceLocation: sourceLocation)
            return
        }
        let expected = (try? String(contentsOf: url, encoding: .utf8)) ?? "(no golden file \(name): run with SALVO_UPDATE_GOLDEN=1)"
        #expect(
            text == expected, "\(name) differs from its golden file; if intended, regenerate with SALVO_UPDATE_GOLDEN=1 and review the diff",
            sourceLocation: sourceLocation)
    }

    @Test("every command's --help matches its golden file", arguments: commands)
    func help(_ command: String) async throws {
        let words = command.split(separator: " ").map(String.init)
        let result = try await SalvoExecutable.run(words + ["--help"], environment: ["COLUMNS": "100"])
        #expect(result.status == 0 && result.err.isEmpty, "\(result.err)")
        try Self.check(result.out, against: "help/" + Self.helpFile(command))
    }

    @Test("the command list is the root command's, recursively, and every help golden file is a command's")
    func everyGoldenIsACommand() throws {
        #expect(Self.commands.first == "" && Self.commands.contains("cluster slurm") && Self.commands.contains("arena export"), "\(Self.commands)")
        #expect(Set(Self.commands).count == Self.commands.count, "\(Self.commands)")
        let goldens = try FileManager.default.contentsOfDirectory(atPath: Self.folder.appendingPathComponent("help").path)
        let named = Set(Self.commands.map(Self.helpFile))
        #expect(Set(goldens).subtracting(named).isEmpty, "golden files of no command: \(Set(goldens).subtracting(named).sorted())")
    }

    /// The mistakes a new user makes first: what they typed, and what they should read.
    static let mistakes: [(name: String, arguments: [String])] = [
        ("unknown-command", ["bogus"]),
        ("run-missing-file", ["run", "missing.yaml"]),
        ("run-bad-file", ["run", "bad.yaml"]),
        ("run-unknown-bot", ["run", "unknown-bot.yaml"]),
        ("replay-no-journal", ["replay", "3", "--from", "nowhere"]),
        ("report-no-journal", ["report", "nowhere"]),
        ("submit-no-folder", ["submit", "nowhere", "--arena", "http://127.0.0.1:9", "--token", "salvo_x"]),
        ("load-bad-require", ["load", "--server", "embedded", "--games", "1", "--require", "p95<fast"]),
        ("arena-serve-no-arena", ["arena", "serve", "nowhere"]),
    ]

    @Test(
        "the first mistakes' errors match their golden files: status 1 or 64, one message on stderr, nothing on stdout",
        arguments: mistakes.map(\.name))
    func errors(_ name: String) async throws {
        let arguments = try #require(Self.mistakes.first { $0.name == name }).arguments
        let folder = NSTemporaryDirectory() + "salvo-mistakes-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "name: bad\nbots: [random, hunt-target\n".write(toFile: folder + "/bad.yaml", atomically: true, encoding: .utf8)
        try "name: unknown\nbots: [random, hunt-targte]\n".write(toFile: folder + "/unknown-bot.yaml", atomically: true, encoding: .utf8)
        let result = try await SalvoExecutable.run(arguments, workingDirectory: folder, environment: ["COLUMNS": "100"])
        #expect([1, 64].contains(result.status), "status \(result.status)")
        #expect(result.out.isEmpty, "\(result.out)")
        try Self.check("$ salvo \(arguments.joined(separator: " "))\nstatus \(result.status)\n" + result.err, against: "errors/\(name).txt")
    }
}
