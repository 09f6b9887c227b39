import Foundation
import LoopbackTestServer
import SalvoTestSupport
import Testing

/// `salvo bench`, `salvo bot-check` and `salvo http-bench` as a user runs them.
@Suite("salvo bench, bot-check, http-bench", .serialized, .timeLimit(.minutes(3)))
struct ToolCommandTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    /// The printed table's row of `bot`, without the games/s column (which is the machine's).
    static func row(_ bot: String, in out: String) -> [String]? {
        guard let line = out.split(separator: "\n").first(where: { $0.hasPrefix(bot + " ") }) else { return nil }
        var columns = line.split(separator: " ").map(String.init)
        guard columns.count == 10 else { return nil }
        columns.remove(at: 8)
        return columns
    }

    @Test("bench: the same seed gives the same strengths, the paired comparison and no forfeits")
    func bench() async throws {
        let result = try await SalvoExecutable.run(["bench", "random", "parity", "--games", "40", "--seed", "3"])
        #expect(result.status == 0, "\(result.err)")
        #expect(Self.row("random", in: result.out) == ["random", "40", "94.60", "[", "92.87,", "96.33]", "95.5", "100", "0"], "\(result.out)")
        #expect(Self.row("parity", in: result.out) == ["parity", "40", "62.80", "[", "60.80,", "64.80]", "63.0", "77", "0"], "\(result.out)")
        #expect(
            result.out.contains("paired: random minus parity = +31.800 shots per board, 95% interval [+29.096, +34.504] on 40 boards; significant"))
    }

    /// In a `salvo` process of its own, which no other suite's threads disturb. A bot that
    /// waited on a thread of its own (a dispatch queue per bot, the design before
    /// ``Bots/ProcessEventLoop``) would add 120 threads here.
    @Test("bench: 120 external bots thinking at once hold no thread each in salvo")
    func benchThreads() async throws {
        let marks = FileManager.default.temporaryDirectory.appendingPathComponent("salvo-bench-threads-\(getpid())").path
        try FileManager.default.createDirectory(atPath: marks, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: marks) }
        let bot = "/bin/sh \(Self.root)/Tests/BotsTests/Fixtures/thinking_player.sh \(marks)"
        let salvo = try TestProcess(salvo: [
            "bench", bot, "--games", "120", "--jobs", "120", "--no-sandbox", "--quiet", "--move-deadline", "60000", "--startup-deadline", "60000",
        ])
        let deadline = ContinuousClock.now + .seconds(120)
        var thinking = 0
        while thinking < 120 && ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
            thinking = (try? FileManager.default.contentsOfDirectory(atPath: marks).count) ?? 0
        }
        // Every bot has reached its first turn and thinks for 3 s from then.
        let status = (try? String(contentsOfFile: "/proc/\(salvo.pid)/status", encoding: .utf8)) ?? ""
        let threads = status.split(separator: "\n").first { $0.hasPrefix("Threads:") }.flatMap { Int($0.split(separator: "\t").last ?? "") }
        let result = try await salvo.finish()
        #expect(thinking == 120, "only \(thinking) of 120 bots reached their turn")
        #expect(result.status == 0, "\(result.err)")
        #expect(result.out.contains(" 120 "), "every game played: \(result.out)")
        let count = try #require(threads)
        #expect(count < 40, "salvo had \(count) threads while 120 bots thought")
    }

    @Test("bot-check: the Python and C placing examples pass every step, the placement step included, sandboxed")
    func botCheckPlacers() async throws {
        // The C example is built in a folder of its own, as a submission would be.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("salvo-c-placer-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let compile = try await SalvoExecutable.run(
            ["-std=c99", "-O2", "-Wall", "-Werror", "-o", folder + "/placing_bot", Self.root + "/bots/c/placing_bot.c"], executable: "/usr/bin/cc")
        try #require(compile.status == 0, "\(compile.err)")
        for command in ["python3 \(Self.root)/bots/python/placing_bot.py", folder + "/placing_bot"] {
            let result = try await SalvoExecutable.run(["bot-check", command])
            #expect(result.status == 0, "\(command): \(result.out)\(result.err)")
            let verdicts = result.out.split(separator: "\n").filter { $0.hasPrefix("PASS") || $0.hasPrefix("FAIL") }
            #expect(verdicts.count == 8 && verdicts.allSatisfy { $0.hasPrefix("PASS  ") }, "\(result.out)")
            #expect(verdicts.contains { $0.hasPrefix("PASS  placement: place-fleet") }, "\(result.out)")
        }
    }

    @Test("bot-check: a compliant bot passes every step with status 0; garbage fails its step with status 1")
    func botCheck() async throws {
        let good = try await SalvoExecutable.run(["bot-check", "python3 \(Self.root)/bots/python/random_bot.py", "--no-sandbox"])
        #expect(good.status == 0, "\(good.out)\(good.err)")
        let verdicts = good.out.split(separator: "\n").filter { $0.hasPrefix("PASS") || $0.hasPrefix("FAIL") }
        #expect(verdicts.count == 7 && verdicts.allSatisfy { $0.hasPrefix("PASS  ") }, "\(good.out)")
        #expect(good.out.hasSuffix("bot-check: passed\n"))

        let bad = try await SalvoExecutable.run(["bot-check", "python3 \(Self.root)/Tests/BotsTests/Fixtures/garbage_bot.py", "--no-sandbox"])
        #expect(bad.status == 1)
        #expect(bad.out.contains("The bot wrote \"fire at will\" where shot <x> <y> was expected"), "\(bad.out)")
        #expect(bad.out.hasSuffix("bot-check: FAILED\n"))

        // A line of escape sequences is quoted with every control and format character spelled out.
        let escaper = try await SalvoExecutable.run(["bot-check", "python3 \(Self.root)/Tests/BotsTests/Fixtures/escape_bot.py", "--no-sandbox"])
        #expect(escaper.status == 1)
        #expect(
            !escaper.out.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 || $0.value == 0x202E }, "\(escaper.out.debugDescription)")
        #expect(
            escaper.out.contains(#"The bot wrote "\u{1b}]0;pwned\u{7}\u{1b}[31mred\u{1b}[2J\u{202e}override" where shot <x> <y> was expected"#),
            "\(escaper.out)")
    }

    @Test("http-bench: with no time to run each connection sends once; the line counts what the server received")
    func httpBench() async throws {
        let server = try LoopbackServer { _ in .json("[]") }
        defer { server.stop() }
        let result = try await SalvoExecutable.run([
            "http-bench", server.baseURL + "/api/games", "--connections", "3", "--seconds", "0", "--threads", "1",
        ])
        #expect(result.status == 0, "\(result.err)")
        let line = result.out.trimmingCharacters(in: .newlines)
        #expect(line.hasPrefix("3 requests in ") && line.hasSuffix(" µs CPU per request, 0 failed"), "\(line)")
        #expect(server.count("GET", "/api/games") == 3)
    }
}
