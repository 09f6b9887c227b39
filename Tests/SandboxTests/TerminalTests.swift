import Foundation
import SalvoTestSupport
import Testing

/// A runner started from a terminal (here a pseudo-terminal that `script` from util-linux
/// gives `salvo run` as its controlling terminal): a sandboxed bot finds no terminal to type
/// into, while the same bot unsandboxed opens it.
@Suite("The runner's terminal", .serialized, .timeLimit(.minutes(3)))
struct TerminalTests {
    /// The terminal prober (Fixtures/hostile/tty_probe.py) against density, run under a terminal;
    /// the prober's log.
    static func proberLog(sandbox: Bool) async throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("salvo-terminal-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try """
        name: terminal
        format: gauntlet
        games_per_pairing: 2
        bots:
          - density
          - name: prober
            command: python3 \(HostileBotTests.folder)/tty_probe.py
            startup_timeout_ms: 30000
        \(sandbox ? "" : "    sandbox: none")
        """.write(toFile: folder + "/t.yaml", atomically: true, encoding: .utf8)
        let command = "'\(SalvoExecutable.path)' run t.yaml --output out"
        let run = try await SalvoExecutable.run(["-qec", command, "/dev/null"], workingDirectory: folder, executable: "/usr/bin/script")
        #expect(run.status == 0, "\(run.out) \(run.err)")
        return (try? String(contentsOfFile: folder + "/out/logs/prober.log", encoding: .utf8)) ?? ""
    }

    @Test("sandboxed, a bot finds no terminal at /dev/tty though the runner has one; unsandboxed, it opens the runner's")
    func noTerminal() async throws {
        let sandboxed = try await Self.proberLog(sandbox: true)
        #expect(sandboxed.contains("ATTACK dev-tty BLOCKED"), "\(sandboxed)")
        let unsandboxed = try await Self.proberLog(sandbox: false)
        #expect(unsandboxed.contains("ATTACK dev-tty SUCCEEDED opened /dev/tty"), "the attack must be real: \(unsandboxed)")
    }
}
