import Foundation
import SalvoTestSupport
import Testing

/// The files of `salvo cluster slurm`, submitted as a user submits them (their submit.sh) to a
/// real single-node Slurm cluster (``SlurmCluster``): the array's tasks play the shards, the
/// afterok job merges them, and the tournament is the one a single process plays.
@Suite("Tournaments on a real Slurm cluster", .serialized, .timeLimit(.minutes(6)))
struct SlurmShardingTests {
    @Test(
        "the generated array job with 2 tasks (submitted by the printed lines) and then 3 (by submit.sh), and its merge job, give the tournament of one process; one task resubmitted alone replays its shard"
    )
    func shardsOnSlurm() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("salvo-slurm-shards-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try """
        name: slurmy
        games_per_pairing: 4
        concurrency: 4
        seed: 9
        bots: [random, hunt-target, parity, density]
        """.write(toFile: folder + "/class.yaml", atomically: true, encoding: .utf8)
        let whole = try await SalvoExecutable.run(["run", "class.yaml", "--output", "whole"], workingDirectory: folder)
        #expect(whole.status == 0, "\(whole.err)")

        let cluster = try SlurmCluster()
        defer { cluster.stop() }
        try await cluster.start()
        for shards in [2, 3] {
            let output = "out\(shards)"
            // The whole run's seed key, copied (docs/seeds.md), so that the shards play its fleets.
            try FileManager.default.createDirectory(atPath: folder + "/" + output, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: folder + "/whole/seed.key", toPath: folder + "/\(output)/seed.key")
            let made = try await SalvoExecutable.run(
                ["cluster", "slurm", "class.yaml", "--shards", String(shards), "--output", output, "--cpus", "1", "--salvo", SalvoExecutable.path],
                workingDirectory: folder
            )
            #expect(made.status == 0, "\(made.err)")
            let ids: [String]
            if shards == 2 {
                // The lines printed "by hand", run as printed (docs/cluster.md walked both ways).
                let lines = try #require(
                    made.err.components(separatedBy: "or by hand:\n").last?.split(separator: "\n").prefix(2).map {
                        $0.trimmingCharacters(in: .whitespaces)
                    })
                // "Submitted batch job M" (the merge), then the array's id.
                let submitted = try await cluster.run("sh", ["-c", "set -e\n" + lines.joined(separator: "\n") + "\necho \"${jobid%%;*}\""])
                let numbers = submitted.split(whereSeparator: { !$0.isNumber }).map(String.init)
                try #require(numbers.count == 2, "\(submitted)")
                ids = [numbers[1], numbers[0]]
            } else {
                let submitted = try await cluster.run("sh", [folder + "/\(output)/cluster/slurm/submit.sh"])
                // "shards: job 5; merge: job 6 (starts after every shard succeeded)"
                ids = submitted.split(whereSeparator: { !$0.isNumber }).map(String.init)
                try #require(ids.count == 2, "\(submitted)")
            }
            let tasks = try await cluster.wait(for: ids[0], timeout: .seconds(150))
            #expect(tasks.map(\.arrayTaskID) == Array(0..<shards))
            #expect(tasks.allSatisfy { $0.state == "COMPLETED" }, "\(tasks) \(cluster.logTails())")
            let merge = try await cluster.wait(for: ids[1], timeout: .seconds(60))
            #expect(merge.map(\.state) == ["COMPLETED"], "\(merge)")

            // Each task found its own shard in Slurm's environment, and the merge saw them all.
            for shard in 0..<shards {
                let log = (try? String(contentsOfFile: folder + "/\(output)/cluster/logs/shard-\(shard).out", encoding: .utf8)) ?? ""
                #expect(log.contains("Tournament slurmy, shard \(shard)/\(shards)"), "\(log)")
            }
            let mergeLog = (try? String(contentsOfFile: folder + "/\(output)/cluster/logs/merge.out", encoding: .utf8)) ?? ""
            #expect(mergeLog.contains("Merged \(shards) shards: 24 of 24 games rated."), "\(mergeLog)")
            #expect(try ComparableResults.of(folder + "/" + output) == ComparableResults.of(folder + "/whole"))
        }

        // One task resubmitted the usual Slurm way (its own array is `--array=1`: one task, from
        // 1) after its shard's folder was lost: it is still shard 1 of 3, and the merge is whole again.
        try FileManager.default.removeItem(atPath: folder + "/out3/shards/1")
        let id = try await cluster.submit(URL(fileURLWithPath: folder + "/out3/cluster/slurm/shards.sbatch"), arguments: ["--array=1"])
        let task = try await cluster.wait(for: id, timeout: .seconds(150))
        #expect(task.map(\.state) == ["COMPLETED"], "\(task) \(cluster.logTails())")
        let log = (try? String(contentsOfFile: folder + "/out3/cluster/logs/shard-1.out", encoding: .utf8)) ?? ""
        #expect(log.components(separatedBy: "Tournament slurmy, shard 1/3").count == 3, "played as shard 1/3 twice: \(log)")
        let merged = try await SalvoExecutable.run(["merge", "out3"], workingDirectory: folder)
        #expect(merged.status == 0 && merged.out.contains("Merged 3 shards: 24 of 24 games rated."), "\(merged.err)")
        #expect(try ComparableResults.of(folder + "/out3") == ComparableResults.of(folder + "/whole"))
    }
}
