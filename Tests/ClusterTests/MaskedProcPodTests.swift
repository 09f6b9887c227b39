import Foundation
import SalvoTestSupport
import Testing

/// A default Kubernetes pod masks parts of /proc (tmpfs over /proc/acpi, /dev/null over
/// /proc/kcore...), and then no new /proc can be mounted in a user namespace, which bubblewrap
/// needs. Reproduced here in a mount namespace of the test's own: the run refuses before the
/// first game, in one line that names the bot, bubblewrap's words and the fix, and nothing is
/// charged to a bot (docs/cluster.md).
@Suite("A pod whose /proc is masked", .serialized, .timeLimit(.minutes(3)))
struct MaskedProcPodTests {
    @Test(
        "the sandbox's up-front start refuses the run in one line before any game; no game is played or forfeited",
        .enabled(if: geteuid() == 0 && FileManager.default.fileExists(atPath: "/proc/acpi")))
    func refusedBeforePlay() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("salvo-masked-proc-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
        try """
        name: pod
        bots:
          - density
          - name: python random
            command: [python3, \(root)/bots/python/random_bot.py]

        """.write(toFile: folder + "/pod.yaml", atomically: true, encoding: .utf8)
        // As a container runtime masks /proc: a read-only tmpfs over one of its folders.
        let masked = "mount -t tmpfs -o ro tmpfs /proc/acpi && exec \"$0\" \"$@\""
        let run = try await SalvoExecutable.run(
            ["run", folder + "/pod.yaml", "--output", folder + "/out"],
            executable: "/usr/bin/unshare", prefix: ["-m", "/bin/sh", "-c", masked, SalvoExecutable.path]
        )
        #expect(run.status == 1, "\(run.out)\(run.err)")
        let lines = run.err.split(separator: "\n").filter { !$0.hasPrefix("salvo: warning") }
        #expect(lines.count == 1, "\(run.err)")
        #expect(
            run.err.contains("The sandbox cannot start bot python random") && run.err.contains("Can't mount proc")
                && run.err.contains("procMount: Unmasked"), "\(run.err)")
        let journal = (try? String(contentsOfFile: folder + "/out/journal.jsonl", encoding: .utf8)) ?? ""
        #expect(!journal.contains("\"finished\""), "a game was played or forfeited: \(journal)")
    }
}
