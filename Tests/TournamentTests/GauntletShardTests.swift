import Foundation
import SalvoTestSupport
import Testing

@testable import Tournament

/// Shards of a gauntlet of `bots_from:` submissions (not a season) enter the submissions one
/// at a time, each claiming the output folder while it does, so that two shards never build
/// into `OUTPUT/submissions` at once (docs/cluster.md).
@Suite("A gauntlet of submissions in shards", .serialized, .timeLimit(.minutes(6)))
struct GauntletShardTests {
    @Test("a shard waits while the output folder is held, entering nothing, then enters and plays; with the other shard, the merge is whole")
    func shardWaitsToEnter() async throws {
        let directory = try ClassFolder.make(["alice", "bob"])
        try """
        name: gauntlet
        format: gauntlet
        games_per_pairing: 2
        concurrency: 2
        seed: 4
        bots: [random]
        bots_from: subs
        """.write(toFile: directory + "/gauntlet.yaml", atomically: true, encoding: .utf8)

        // Another process's claim, as a shard entering the submissions or a merge holds it.
        let held = try FolderLock.acquire(directory + "/out")
        let shard = try TestProcess(salvo: ["run", "gauntlet.yaml", "--output", "out", "--shard", "0/2"], workingDirectory: directory)
        let deadline = ContinuousClock.now + .seconds(120)
        var said = ""
        while shard.isRunning, ContinuousClock.now < deadline, !said.contains("Waiting for out") {
            try await Task.sleep(for: .milliseconds(50))
            said = shard.errorText
        }
        #expect(said.contains("Waiting for out, held by pid \(getpid())"), "\(said)")
        // Held a while longer: still waiting, nothing entered.
        try await Task.sleep(for: .seconds(1))
        #expect(shard.isRunning)
        #expect(!FileManager.default.fileExists(atPath: directory + "/out/submissions"))
        held.release()
        let ended = try await shard.finish(timeout: .seconds(120))
        #expect(ended.status == 0)
        said = ended.err
        let waited = try #require(said.range(of: "Waiting for out"))
        let entered = try #require(said.range(of: "Submissions: 2 entered"), "\(said)")
        #expect(waited.lowerBound < entered.lowerBound)

        let other = try await SalvoExecutable.run(
            ["run", "gauntlet.yaml", "--output", "out", "--shard", "1/2"], timeout: .seconds(240), workingDirectory: directory)
        #expect(other.status == 0, "\(other.err)")
        #expect(!other.err.contains("Waiting for out"), "\(other.err)")
        let merged = try await SalvoExecutable.run(["merge", "out"], timeout: .seconds(120), workingDirectory: directory)
        #expect(merged.status == 0 && merged.out.contains("Merged 2 shards: 4 of 4 games rated."), "\(merged.out)\(merged.err)")
    }
}
