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
        #expect(result.out.contains("paired: random minus parity = +31.800 shots per board, 95% interval [+29.096, +34.504] on 40 boards; significant"))
    }

    @Test("bot-check: a compliant bot passes every step with status 0; garbage fails its step with status 1")
    func botCheck() async throws {
        let good = try await SalvoExecutable.run(["bot-check", "python3 \(Self.root)/bots/python/random_bot.py", "--no-sandbox"])
        #expect(good.status == 0, "\(good.out)\(good.err)")
        let verdicts = good.out.split(separator: "\n").filter { $0.hasPrefix("PASS") || $0.hasPrefix("FAIL") }
        #expect(verdicts.count == 5 && verdicts.allSatisfy { $0.hasPrefix("PASS  ") }, "\(good.out)")
        #expect(good.out.hasSuffix("bot-check: passed\n"))

        let bad = try await SalvoExecutable.run(["bot-check", "python3 \(Self.root)/Tests/BotsTests/Fixtures/garbage_bot.py", "--no-sandbox"])
        #expect(bad.status == 1)
        #expect(bad.out.contains("The bot wrote \"fire at will\" where shot <x> <y> was expected"), "\(bad.out)")
        #expect(bad.out.hasSuffix("bot-check: FAILED\n"))
    }

    @Test("http-bench: with no time to run each connection sends once; the line counts what the server received")
    func httpBench() async throws {
        let server = try LoopbackServer { _ in .json("[]") }
        defer { server.stop() }
        let result = try await SalvoExecutable.run(["http-bench", server.baseURL + "/api/games", "--connections", "3", "--seconds", "0", "--threads", "1"])
        #expect(result.status == 0, "\(result.err)")
        let line = result.out.trimmingCharacters(in: .newlines)
        #expect(line.hasPrefix("3 requests in ") && line.hasSuffix(" µs CPU per request, 0 failed"), "\(line)")
        #expect(server.count("GET", "/api/games") == 3)
    }
}
