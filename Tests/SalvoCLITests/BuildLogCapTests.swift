import Foundation
import SalvoTestSupport
import Testing

/// A build that prints megabytes, in `salvo run` and `salvo publish`: the log kept on the
/// output folder's disk is capped at its first and last 512 KiB, and a publication copies no
/// more, even of a log kept whole by a Salvo from before the cap.
@Suite("Build logs within their cap", .serialized, .timeLimit(.minutes(5)))
struct BuildLogCapTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
    /// 1 MiB kept, and the lines the runner writes around it.
    static let most = (1 << 20) + (64 << 10)

    @Test("a build printing 5 MB keeps 1 MiB with a line of what was cut; publish copies a capped log, and caps one that was kept whole")
    func capped() async throws {
        let folder = NSTemporaryDirectory() + "salvo-loud-\(UUID().uuidString.prefix(8))"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/subs/loud", withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: Self.repository + "/bots/submissions-example/python-random/bot.py", toPath: folder + "/subs/loud/bot.py")
        try "build: printf 'BUILD-HEAD\\n'; yes build-line | head -c 5000000; printf '\\nBUILD-TAIL\\n'\ncommand: python3 bot.py\n"
            .write(toFile: folder + "/subs/loud/bot.yaml", atomically: true, encoding: .utf8)
        try "name: loud\ngames_per_pairing: 2\nbots: [random]\nbots_from: subs\n".write(
            toFile: folder + "/loud.yaml", atomically: true, encoding: .utf8)
        let run = try await SalvoExecutable.run(["run", "loud.yaml", "--output", "out"], timeout: .seconds(240), workingDirectory: folder)
        #expect(run.status == 0, "\(run.err)")

        let logs = try FileManager.default.contentsOfDirectory(atPath: folder + "/out/submissions/logs")
        let name = try #require(logs.first { $0.hasPrefix("loud@") && $0.hasSuffix(".build.log") }, "\(logs)")
        let path = folder + "/out/submissions/logs/" + name
        let kept = try String(contentsOfFile: path, encoding: .utf8)
        #expect(kept.utf8.count <= Self.most, "\(kept.utf8.count) bytes kept")
        #expect(kept.contains("\nBUILD-HEAD\nbuild-line\n"))
        #expect(kept.contains("\n[… 4.0 MB of build output cut here (3951447 bytes) …]\n"))
        #expect(kept.contains("build-line\nbuild\nBUILD-TAIL\n# build succeeded in "))

        // A log kept whole by a Salvo from before the cap: publish copies its head and tail.
        let whole = "$ make\n" + String(repeating: "old-line\n", count: 400_000) + "OLD-TAIL\n"
        try whole.write(toFile: path, atomically: true, encoding: .utf8)
        let publish = try await SalvoExecutable.run(["publish", "out", "pub"], workingDirectory: folder)
        #expect(publish.status == 0, "\(publish.err)")
        let privateFolder = folder + "/pub/private"
        let tokens = try FileManager.default.contentsOfDirectory(atPath: privateFolder).filter { !$0.hasSuffix(".html") }
        let published = try tokens.compactMap { token -> String? in
            let log = privateFolder + "/" + token + "/build.log"
            return FileManager.default.fileExists(atPath: log) ? try String(contentsOfFile: log, encoding: .utf8) : nil
        }
        #expect(published.count == 1, "\(tokens)")
        let copy = try #require(published.first)
        #expect(copy.utf8.count <= Self.most, "\(copy.utf8.count) bytes published")
        #expect(copy.hasPrefix("$ make\nold-line\n"))
        #expect(copy.contains(" MB of build output cut here ("))
        #expect(copy.hasSuffix("old-line\nOLD-TAIL\n"))
    }
}
