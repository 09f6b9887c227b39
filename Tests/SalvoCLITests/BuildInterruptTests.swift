import Foundation
import SalvoTestSupport
import Testing

/// Ctrl-C while a submission builds, sent as SIGINT to the real `salvo` process: the build in
/// progress (and what it started) is killed at once, and the command ends soon, not when the
/// build would have. Each build would sleep 600 s, and starts a child of its own that would too.
@Suite("Ctrl-C during a build", .serialized, .timeLimit(.minutes(10)))
struct BuildInterruptTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    /// A fresh folder under /tmp; removed by the caller.
    static func folder(_ label: String) throws -> String {
        let folder = NSTemporaryDirectory() + "salvo-build-interrupt-\(label)-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    /// A submission at `folder` whose build hangs: two shells, one in the background, each with
    /// `marker` on its command line and a `sleep` of its own.
    static func hangingSubmission(at folder: String, marker: String) throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let build = "sh -c 'sleep 600; :' \(marker) & sh -c 'sleep 601; :' \(marker)"
        try "command: python3 bot.py\nbuild: \(build)\n".write(toFile: folder + "/bot.yaml", atomically: true, encoding: .utf8)
        try FileManager.default.copyItem(atPath: repository + "/bots/python/hunt_target_bot.py", toPath: folder + "/bot.py")
    }

    /// The living pids whose command line holds `marker` (a zombie's is empty), and starts
    /// with one of `prefixes` when given: the build's own two processes, not the sandbox's and
    /// shells' that carry the build's text.
    static func processes(holding marker: String, startingWith prefixes: [String] = [""]) -> [Int32] {
        ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap { name in
            guard let pid = Int32(name), let data = FileManager.default.contents(atPath: "/proc/\(name)/cmdline") else { return nil }
            let line = String(decoding: data, as: UTF8.self)
            return line.contains(marker) && prefixes.contains(where: line.hasPrefix) ? pid : nil
        }
    }

    /// The command lines' starts of the build's two processes.
    static let builders = ["sh\0-c\0sleep 600; :\0", "sh\0-c\0sleep 601; :\0"]

    /// Whether no process holding `marker` is left within 20 s (a process sent SIGKILL dies a
    /// moment later; a build left running would sleep 600 s).
    static func noneLeft(holding marker: String) async throws -> Bool {
        for _ in 0..<200 where !processes(holding: marker).isEmpty { try await Task.sleep(for: .milliseconds(100)) }
        return processes(holding: marker).isEmpty
    }

    /// Waits until both of the build's processes run (a minute at most, however loaded the
    /// machine), then sends `run` one Ctrl-C and awaits its end (20 s at most: the build
    /// would take 600).
    static func interruptWhileBuilding(_ run: TestProcess, marker: String) async throws -> SalvoOutput {
        for _ in 0..<600 where processes(holding: marker, startingWith: builders).count < 2 && run.isRunning {
            try await Task.sleep(for: .milliseconds(100))
        }
        #expect(processes(holding: marker, startingWith: builders).count == 2, "the build and its child run: \(run.errorText)")
        run.interrupt()
        return try await run.finish(timeout: .seconds(20))
    }

    @Test("salvo run: the build in progress is killed, the run stops incomplete (exit 2), leaves no build process, and records nothing of the build")
    func run() async throws {
        let folder = try Self.folder("run")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let marker = "salvo-slow-build-\(UUID().uuidString.prefix(8))"
        try Self.hangingSubmission(at: folder + "/subs/slow", marker: marker)
        try "name: interrupted\ngames_per_pairing: 2\nbots: [random, hunt-target]\nbots_from: subs\n".write(
            toFile: folder + "/class.yaml", atomically: true, encoding: .utf8)
        let run = try TestProcess(salvo: ["run", "class.yaml", "--output", "out"], workingDirectory: folder)
        defer { run.send(SIGKILL) }
        let stopped = try await Self.interruptWhileBuilding(run, marker: marker)
        #expect(!stopped.signalled && stopped.status == 2, "exited incomplete, not killed by the signal: \(stopped.err)")
        #expect(stopped.err.contains("stopped before the games, while the submissions were built"), "\(stopped.err)")
        #expect(try await Self.noneLeft(holding: marker), "no build process is left")
        #expect(!FileManager.default.fileExists(atPath: folder + "/out/journal.jsonl"), "nothing was played")
        let cache = (try? FileManager.default.contentsOfDirectory(atPath: folder + "/out/submissions/cache")) ?? []
        #expect(!cache.contains { $0.hasPrefix("slow@") }, "the stopped build is not recorded as failed: \(cache)")
    }

    @Test(
        "salvo bot-check, sandboxed or not: the build in progress is killed, the check exits 130 and leaves no build process",
        arguments: [false, true])
    func botCheck(unsandboxed: Bool) async throws {
        let folder = try Self.folder("check")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let marker = "salvo-slow-check-\(UUID().uuidString.prefix(8))"
        try Self.hangingSubmission(at: folder + "/slow", marker: marker)
        let run = try TestProcess(salvo: ["bot-check", folder + "/slow"] + (unsandboxed ? ["--no-sandbox"] : []))
        defer { run.send(SIGKILL) }
        let stopped = try await Self.interruptWhileBuilding(run, marker: marker)
        #expect(!stopped.signalled && stopped.status == 130, "exited, not killed by the signal: \(stopped.err)")
        #expect(stopped.err.contains("Stopping the check; Ctrl-C again to stop at once."), "\(stopped.err)")
        #expect(stopped.out.hasSuffix("bot-check: stopped (Ctrl-C)\n"), "\(stopped.out)")
        #expect(try await Self.noneLeft(holding: marker), "no build process is left")
    }
}
