import Bots
import Foundation
import Orchestrator
import SafeText
import Sandbox
import Testing
import Tournament

/// The channels between the two processes of a mirrored pair (Fixtures/hostile/mirror_channel.py):
/// the kernel keyring read through `/proc/keys`, and record locks on a file of the shared
/// read-only `/usr`. Measured against the program's honest twin, which plays the same way
/// without a channel, on the same games: the same seed key, so the same fleets and the same
/// opponent's shots. Contained means no gain: the attacker needs at least 0.85 of its twin's
/// shots per win (issue 26; it needs exactly as many when the channel carries nothing).
@Suite("Mirror channels give no gain", .serialized, .timeLimit(.minutes(5)))
struct MirrorChannelTests {
    static let program = HostileBotTests.folder + "/mirror_channel.py"

    /// One seed key for every run: the games differ only by the bot's channel.
    static let seedKey = (0..<16).map { _ in String(format: "%02x", UInt8.random(in: 0...255)) }.joined()

    /// What a run measured: the mean shots per win of the program over all its games, and over
    /// the second games of the mirrored pairs (odd indexes), the only ones a channel from the
    /// first can help; and its log.
    struct Measure {
        let shots: Double
        let secondGameShots: Double
        let log: String
    }

    /// The program in `mode` over 16 games (8 mirrored pairs, one game at a time, processes
    /// reused: the setting where the channel helps most) against `random`, which it beats.
    static func shotsPerWin(_ mode: String, sandbox: SandboxSettings) async throws -> Measure {
        let spec = ExternalBotSpec(command: ["python3", program, mode], startupDeadline: .seconds(30), sandbox: sandbox)
        let bots = [BotEntry(name: "random", kind: .builtin(.random)), BotEntry(name: mode, kind: .external(spec))]
        let output = HostileBotTests.temporaryDirectory("mirror-\(mode)")
        try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: output + "/seed.key", contents: Data((seedKey + "\n").utf8), attributes: [.posixPermissions: 0o600])
        let config = TournamentConfig(
            name: "mirror", format: .gauntlet, bots: bots, gamesPerPairing: 16, concurrency: 1, seed: 3, outputDirectory: output)
        let summary = try await TournamentRun(configuration: config, options: .init(requestTimeout: .seconds(30), serverLogLevel: .critical)).run()
        let wins = summary.records.compactMap { record -> (index: Int, shots: Int)? in
            guard let winner = record.winner, record.player(winner).bot == mode else { return nil }
            return (record.index, record.shotCount(of: winner))
        }
        #expect(summary.records.count == 16)
        #expect(wins.count >= 12, "\(mode) won only \(wins.count) of 16 against random")
        func mean(_ shots: [Int]) -> Double { Double(shots.reduce(0, +)) / Double(max(shots.count, 1)) }
        let log = (try? String(contentsOfFile: output + "/logs/" + FileNameText.name(mode) + ".log", encoding: .utf8)) ?? ""
        return Measure(shots: mean(wins.map(\.shots)), secondGameShots: mean(wins.filter { $0.index % 2 == 1 }.map(\.shots)), log: log)
    }

    /// The honest twin's shots per win, sandboxed (the sandbox does not change its play).
    static let honest = Task { try await shotsPerWin("honest", sandbox: SandboxSettings()) }

    @Test("sandboxed, a channel through the kernel keyring or locks on /usr gives no gain over the honest twin", arguments: ["keyring", "flock"])
    func noGainSandboxed(_ mode: String) async throws {
        let twin = try await Self.honest.value
        let attacker = try await Self.shotsPerWin(mode, sandbox: SandboxSettings())
        #expect(attacker.shots / twin.shots >= 0.85, "\(mode): \(attacker.shots) shots per win against the twin's \(twin.shots)")
        #expect(
            attacker.secondGameShots / twin.secondGameShots >= 0.85,
            "\(mode): \(attacker.secondGameShots) shots per win in second games against the twin's \(twin.secondGameShots)")
        #expect(!attacker.log.contains(" SUCCEEDED "), "\(attacker.log.split(separator: "\n").filter { $0.contains("ATTACK") }.prefix(3))")
        #expect(attacker.log.contains("ATTACK mirror-\(mode) BLOCKED"), "the channel was never tried: \(attacker.log.prefix(400))")
    }

    @Test("the channels are real: unsandboxed, the same program wins in fewer shots than its twin", arguments: ["keyring", "flock"])
    func gainUnsandboxed(_ mode: String) async throws {
        let twin = try await Self.honest.value
        let attacker = try await Self.shotsPerWin(mode, sandbox: .none)
        // The second game of each pair, which the first game's process tells where its fleet is.
        #expect(
            attacker.secondGameShots / twin.secondGameShots < 0.85,
            "\(mode): \(attacker.secondGameShots) shots per win in second games against the twin's \(twin.secondGameShots)")
        #expect(attacker.shots < twin.shots, "\(mode): \(attacker.shots) shots per win against the twin's \(twin.shots)")
        #expect(attacker.log.contains("ATTACK mirror-\(mode) SUCCEEDED"), "\(attacker.log.prefix(400))")
    }
}
