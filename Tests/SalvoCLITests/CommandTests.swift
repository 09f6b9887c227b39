import BattleshipClient
import BattleshipServer
import CurlHTTP
import Foundation
import Logging
import SalvoTestSupport
import Testing

/// The embedded server the commands talk to, stopped with ``withRunning(_:isolation:_:)``.
extension RunningServer: Stoppable {}

/// The `salvo` executable as a user runs it: real process, real server on loopback.
@Suite("salvo commands", .serialized, .timeLimit(.minutes(2)))
struct CommandTests {
    static var binary: String { SalvoExecutable.path }

    /// Runs `salvo ARGUMENTS` to the end, off the test pool; returns status, stdout, stderr.
    static func salvo(_ arguments: [String]) async throws -> (status: Int32, out: String, err: String) {
        let output = try await SalvoExecutable.run(arguments)
        return (output.status, output.out, output.err)
    }

    static func quietServer() async throws -> RunningServer {
        var logger = Logger(label: "test")
        logger.logLevel = .critical
        return try await SalvoServer.start(ServerConfiguration(port: 0, databasePath: nil), logger: logger)
    }

    @Test("lobby lists games with status and players; --status filters; show summarizes one game")
    func lobbyAndShow() async throws {
        try await withRunning(Self.quietServer()) { server in
            let (status, out, _) = try await Self.salvo(["lobby", "--server", server.baseURL])
            #expect(status == 0 && out.contains("0 games"))
            let gameId = try await CurlHTTPClient.withClient { http in
                // A patient deadline: the suites run in parallel on 2 cores, and this checks answers, not speed.
                let client = BattleshipAPIClient(baseURL: server.baseURL, http: http, configuration: .init(requestTimeout: .seconds(30)))
                return try await client.create(gameName: "lobby test", playerName: "ann").gameId
            }
            let listed = try await Self.salvo(["lobby", "--server", server.baseURL])
            #expect(listed.status == 0)
            #expect(listed.out.contains("lobby test") && listed.out.contains("WAITING") && listed.out.contains("ann") && listed.out.contains(gameId))
            let filtered = try await Self.salvo(["lobby", "--server", server.baseURL, "--status", "DONE"])
            #expect(filtered.status == 0 && !filtered.out.contains("lobby test"))
            let shown = try await Self.salvo(["show", gameId, "--server", server.baseURL])
            #expect(shown.status == 0 && shown.out.contains("WAITING for a second player"))
        }
    }

    @Test("a wrong URL, a dead server or an unknown id: one line on stderr and exit status 1")
    func errorsAreOneLine() async throws {
        try await withRunning(Self.quietServer()) { server in
            for arguments in [
                ["lobby", "--server", "http://127.0.0.1:1"],
                ["lobby", "--server", "not a url"],
                ["show", "00000000-0000-4000-8000-000000000000", "--server", server.baseURL],
                ["show", "nope", "--server", server.baseURL],
                ["games", "/nonexistent/run"],
            ] {
                let result = try await Self.salvo(arguments)
                #expect(result.status == 1, "\(arguments)")
                let lines = result.err.split(separator: "\n")
                #expect(lines.count == 1 && lines[0].hasPrefix("Error: "), "\(arguments): \(result.err)")
            }
        }
    }

    @Test("a malformed tournament file is refused with its line, and nothing is run")
    func malformedTournamentFile() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("bad-\(UUID().uuidString).yaml").path
        try "name: bad\nbots: [random, parity]\nconcurrency: -3\n".write(toFile: file, atomically: true, encoding: .utf8)
        let result = try await Self.salvo(["run", file])
        #expect(result.status == 1)
        #expect(result.err.contains("\(file):3: `concurrency` must be a whole number from 1 to 10000; got `-3`"))
    }
}

/// `salvo run` with 60 games in flight under open-file limits. The time limit only guards
/// against a hang: how long 60 games take depends on the machine.
@Suite("salvo run under open-file limits", .serialized, .timeLimit(.minutes(16)))
struct OpenFileLimitTests {
    /// A round robin of 60 games among four built-ins, all in flight at once, under `ulimit`.
    static func runUnderOpenFileLimit(_ ulimit: String) async throws -> SalvoOutput {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("salvo-files-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let file = directory + ".yaml"
        defer { try? FileManager.default.removeItem(atPath: file) }
        try "name: files\nbots: [random, hunt-target, parity, density]\ngames_per_pairing: 10\nconcurrency: 60\nseed: 3\n".write(
            toFile: file, atomically: true, encoding: .utf8)
        // A deadline against a hang only: how long 60 games take depends on the machine.
        return try await SalvoExecutable.run(["run", file, "--output", directory], timeout: .seconds(900), ulimit: ulimit)
    }

    @Test("a low soft limit on open files is raised: 60 games in flight all finish under `ulimit -Sn 128`")
    func softOpenFileLimitIsRaised() async throws {
        // 60 games hold about 240 sockets (both ends of each player's connection); at 128 the
        // embedded server and the client failed to open them and most games ended unrated.
        let output = try await Self.runUnderOpenFileLimit("-Sn 128")
        #expect(output.status == 0, "\(output.err)")
        #expect(output.out.contains("60 of 60 games rated"), "\(output.out)")
        #expect(!output.err.contains("ulimit -n"))
    }

    @Test("under a low hard limit the run plays fewer games at a time, says so, and still rates them all")
    func hardOpenFileLimitLowersConcurrency() async throws {
        let output = try await Self.runUnderOpenFileLimit("-n 200")
        #expect(output.status == 0, "\(output.err)")
        // (200 - 64 reserved) / 4 files per game with the embedded server.
        #expect(
            output.err.contains(
                "60 games in flight need about 240 open files, but this process may open 200 (ulimit -n); playing 34 at a time instead"),
            "\(output.err)")
        #expect(output.out.contains("60 of 60 games rated"), "\(output.out)")
    }
}

@Suite("salvo play", .serialized, .timeLimit(.minutes(2)))
struct PlayCommandTests {
    @Test("two `salvo play` processes, one creating and one joining, finish one game with one winner")
    func twoPlayersFinishAGame() async throws {
        try await withRunning(CommandTests.quietServer()) { server in
            // The creator runs in the background; its first line names the game.
            let creator = try TestProcess(
                CommandTests.binary,
                ["play", "density", "--server", server.baseURL, "--create", "play test", "--name", "ann", "--poll-interval", "20", "--timeout", "30"])
            for _ in 0..<1200 where !creator.outputText.contains("\n") && creator.isRunning {
                try await Task.sleep(for: .milliseconds(50))
            }
            let firstLine = creator.outputText
            let words = firstLine.split(separator: " ")
            let gameId = try #require(words.count >= 2 ? String(words[1]) : nil, "\(firstLine)")
            let joiner = try await CommandTests.salvo([
                "play", "parity", "--server", server.baseURL, "--join", gameId, "--name", "bob", "--poll-interval", "20", "--timeout", "30",
            ])
            let created = try await creator.finish(timeout: .seconds(120))
            #expect(joiner.status == 0 && created.status == 0)
            let endings = [joiner.out, created.out].map { text in text.split(separator: "\n").last.map(String.init) ?? "" }
            // Exactly one side won; the loser names the winner.
            #expect(endings.filter { $0.hasPrefix("won after") }.count == 1, "\(endings)")
            #expect(endings.filter { $0.hasPrefix("lost to ann") || $0.hasPrefix("lost to bob") }.count == 1, "\(endings)")
        }
    }
}
