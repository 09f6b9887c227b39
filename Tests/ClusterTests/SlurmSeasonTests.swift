import Foundation
import Reports
import SalvoTestSupport
import Testing

/// A season on a real Slurm cluster (``SlurmCluster``): the files of `salvo cluster slurm`,
/// written once and submitted again every night as a course would, with real submissions built
/// in the sandbox. Each night's merged season equals the same nights played on one machine.
@Suite("A season on a real Slurm cluster", .serialized, .timeLimit(.minutes(8)))
struct SlurmSeasonTests {
    @Test(
        "the same submit.sh every night: two nights in 2 shards each, merged by the afterok job, equal the nights played whole; the second night plays only the new version's games"
    )
    func seasonOnSlurm() async throws {
        let folder = try ClassFolder.make(["alice", "bob", "carl"])

        // Night 1 on one machine, for the answer; the cluster's folder gets its seed key.
        let whole1 = try await Self.wholeNight(folder)
        #expect(whole1.status == 0, "\(whole1.err)")
        try FileManager.default.createDirectory(atPath: folder + "/out", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: folder + "/whole/seed.key", toPath: folder + "/out/seed.key")

        let cluster = try SlurmCluster()
        defer { cluster.stop() }
        try await cluster.start()
        let made = try await SalvoExecutable.run(
            ["cluster", "slurm", "season.yaml", "--shards", "2", "--output", "out", "--cpus", "1", "--salvo", SalvoExecutable.path],
            workingDirectory: folder
        )
        #expect(made.status == 0, "\(made.err)")

        let night1 = try await Self.submitNight(cluster, folder)
        #expect(night1.contains("Merged 2 shards: 12 of 12 games rated."), "\(night1)")
        #expect(try Self.season(folder + "/out") == Self.season(folder + "/whole"))

        // Night 2: alice resubmits. The same files, submitted again, play only her new version's games.
        try ClassFolder.resubmit("alice", in: folder, note: "version 2")
        let whole2 = try await Self.wholeNight(folder)
        #expect(whole2.status == 0, "\(whole2.err)")
        let night2 = try await Self.submitNight(cluster, folder)
        #expect(night2.contains("Merged 2 shards: 6 of 6 games rated."), "\(night2)")
        let shardLogs = try (0..<2).map { try String(contentsOfFile: folder + "/out/cluster/logs/shard-\($0).out", encoding: .utf8) }
        #expect(shardLogs.joined().contains("Season night 2: 1 new version (alice); 6 games to play"), "\(shardLogs)")
        #expect(try Self.season(folder + "/out") == Self.season(folder + "/whole"))
    }

    /// The season's results, cut (``ComparableResults``), less what differs between two output
    /// folders of the same season: where each version's build lies, and when each night began.
    static func season(_ folder: String) throws -> ResultsDocument {
        var document = try ComparableResults.of(folder)
        let names = document.configuration.bots.map(\.name)
        #expect(names == ["random", "alice", "bob", "carl"])
        document.configuration.bots = []
        for number in document.season?.nights.indices ?? 0..<0 {
            document.season?.nights[number].startedAt = Date(timeIntervalSince1970: 0)
        }
        return document
    }

    static func wholeNight(_ folder: String) async throws -> SalvoOutput {
        try await SalvoExecutable.run(["run", "season.yaml", "--output", "whole"], timeout: .seconds(240), workingDirectory: folder)
    }

    /// Submits the season's night with `submit.sh`, waits for its shards and its merge to
    /// complete, and returns the merge's log of this night.
    static func submitNight(_ cluster: SlurmCluster, _ folder: String) async throws -> String {
        let submitted = try await cluster.run("sh", [folder + "/out/cluster/slurm/submit.sh"])
        // "shards: job 5; merge: job 6 (starts after every shard succeeded)"
        let ids = submitted.split(whereSeparator: { !$0.isNumber }).map(String.init)
        try #require(ids.count == 2, "\(submitted)")
        let tasks = try await cluster.wait(for: ids[0], timeout: .seconds(200))
        #expect(tasks.map(\.arrayTaskID) == [0, 1])
        #expect(tasks.allSatisfy { $0.state == "COMPLETED" }, "\(tasks) \(cluster.logTails())")
        let merge = try await cluster.wait(for: ids[1], timeout: .seconds(120))
        #expect(merge.map(\.state) == ["COMPLETED"], "\(merge)")
        let log = (try? String(contentsOfFile: folder + "/out/cluster/logs/merge.out", encoding: .utf8)) ?? ""
        // Slurm appends to the log: this night's merge is its last.
        return log.components(separatedBy: "Merged ").last.map { "Merged " + $0 } ?? log
    }
}
