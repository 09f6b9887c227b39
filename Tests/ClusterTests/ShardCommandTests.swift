import Foundation
import LoadTest
import SalvoTestSupport
import Testing
import Tournament

/// `salvo run --shard` and `salvo merge` as a cluster engine runs them: real processes, the
/// shard taken from the environment, pods that run twice, tasks killed and requeued.
@Suite("Shards on the command line", .serialized, .timeLimit(.minutes(5)))
struct ShardCommandTests {
    /// A folder with a tournament file of 4 built-in bots, 8 games per pairing: 48 games.
    static func tournament(_ label: String) throws -> (folder: String, file: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("salvo-shardcli-\(label)-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let file = folder + "/class.yaml"
        try """
        name: class
        games_per_pairing: 8
        concurrency: 2
        seed: 5
        bots: [random, hunt-target, parity, density]
        """.write(toFile: file, atomically: true, encoding: .utf8)
        return (folder, file)
    }

    /// Gives each output folder the same seed key (as copying seed.key does), so that runs into
    /// different folders play the same fleets and can be compared.
    static func shareKey(_ outputs: String...) throws {
        for output in outputs { try FixedSeedKey.write(into: output) }
    }

    static func finished(_ journal: String) -> [GameRecord] {
        ((try? Journal.read(path: journal)) ?? []).compactMap { entry in
            if case .finished(let record) = entry { record } else { nil }
        }
    }

    @Test(
        "an Indexed Job: three pods find their shard in JOB_COMPLETION_INDEX, one index runs twice at once, and the merge is the tournament of one process"
    )
    func indexedJob() async throws {
        let (folder, file) = try Self.tournament("indexed")
        try Self.shareKey(folder + "/whole", folder + "/out")
        let whole = try await SalvoExecutable.run(["run", file, "--output", folder + "/whole"])
        #expect(whole.status == 0, "\(whole.err)")
        let output = folder + "/out"
        func pod(_ index: Int) async throws -> SalvoOutput {
            try await SalvoExecutable.run(
                ["run", file, "--output", output, "--shard", "auto"], environment: ["JOB_COMPLETION_INDEX": String(index), "SALVO_SHARD_COUNT": "3"])
        }
        async let first = pod(0)
        async let second = pod(1)
        async let twin = pod(1)
        async let third = pod(2)
        let pods = try await [first, second, twin, third]
        #expect(pods[0].status == 0 && pods[3].status == 0, "\(pods[0].err) \(pods[3].err)")
        // Two pods of index 1 at once: both succeed one after the other, or the second is refused by the folder lock.
        for pod in pods[1...2] where pod.status != 0 {
            #expect(pod.err.contains("shards/1 is in use by another salvo process"), "\(pod.err)")
        }
        #expect(pods[1...2].contains { $0.status == 0 })
        #expect(pods[1].err.contains("Tournament class, shard 1/3") || pods[2].err.contains("Tournament class, shard 1/3"))
        // The index run again later (a retried pod) finds its journal complete and plays nothing.
        let before = Self.finished(output + "/shards/1/journal.jsonl").count
        let retried = try await pod(1)
        #expect(retried.status == 0)
        #expect(Self.finished(output + "/shards/1/journal.jsonl").count == before)

        let merge = try await SalvoExecutable.run(["merge", output])
        #expect(merge.status == 0, "\(merge.err)")
        #expect(merge.out.contains("Merged 3 shards: 48 of 48 games rated."))
        #expect(try ComparableResults.of(output) == ComparableResults.of(folder + "/whole"))
    }

    @Test("a shard killed with SIGKILL is resumed by the merge's rerun line pasted in another folder, and the merge is the tournament of one process")
    func killedShardResumes() async throws {
        let (folder, file) = try Self.tournament("killed")
        let output = folder + "/out"
        try Self.shareKey(output, folder + "/whole")
        let journal = output + "/shards/0/journal.jsonl"
        // Relative paths, as a user in the course's folder types them.
        let process = try TestProcess(salvo: ["run", "class.yaml", "--output", "out", "--shard", "0/2"], workingDirectory: folder)
        let deadline = Date().addingTimeInterval(60)
        while Self.finished(journal).count < 3, process.isRunning, Date() < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
        process.send(SIGKILL)
        _ = try await process.finish()
        let killedAt = Self.finished(journal).count
        #expect(killedAt >= 3 && killedAt < 24, "the shard ended before it could be killed (\(killedAt) games)")

        let incomplete = try await SalvoExecutable.run(["merge", output])
        #expect(incomplete.status == 2, "incomplete, not an error: \(incomplete.err)")
        #expect(incomplete.err.contains("shard 1/2: 24 games"), "\(incomplete.err)")
        let rerun = try #require(incomplete.err.split(separator: "\n").first { $0.contains("shard 0/2:") }?.components(separatedBy: "rerun: ").last)
        #expect(rerun.hasPrefix("cd \(folder) && /") && rerun.hasSuffix(" run \(file) --shard 0/2 --output \(output) --games 8 --seed 5"), "\(rerun)")

        // The line as printed, pasted into a shell in another folder, continues shard 0.
        let pasted = try await SalvoExecutable.run(["-c", rerun], workingDirectory: "/", executable: "/bin/sh")
        #expect(pasted.status == 0, "\(pasted.out) \(pasted.err)")
        let shard1 = try await SalvoExecutable.run(["run", file, "--output", output, "--shard", "1/2"])
        #expect(shard1.status == 0, "\(shard1.err)")
        let rated = Self.finished(journal).filter { $0.termination != .noResult }
        #expect(rated.count == 24 && Set(rated.map(\.index)).count == 24, "each of the shard's games once")
        let merge = try await SalvoExecutable.run(["merge", output])
        #expect(merge.status == 0, "\(merge.err)")
        let whole = try await SalvoExecutable.run(["run", file, "--output", folder + "/whole"])
        #expect(whole.status == 0)
        #expect(try ComparableResults.of(output) == ComparableResults.of(folder + "/whole"))
    }

    @Test("a load test in 2 shards: each runs its share, the merge adds them up exactly, and --require grades the whole with exit code 3")
    func loadShards() async throws {
        let (folder, _) = try Self.tournament("load")
        let output = folder + "/load"
        let first = try await SalvoExecutable.run([
            "load", "--server", "embedded", "--games", "25", "--concurrency", "4", "--shard", "0/2", "--output", output,
        ])
        #expect(first.status == 0, "\(first.err)")
        let missing = try await SalvoExecutable.run(["merge", output])
        #expect(missing.status != 0 && missing.err.contains("1 of 2 load shards") && missing.err.contains("shards 1"), "\(missing.err)")
        let second = try await SalvoExecutable.run([
            "load", "--server", "embedded", "--games", "25", "--concurrency", "4", "--shard", "1/2", "--output", output,
        ])
        #expect(second.status == 0, "\(second.err)")

        func report(_ path: String) throws -> LoadReport {
            try JSONDecoder().decode(LoadReport.self, from: Data(contentsOf: URL(fileURLWithPath: path + "/load.json")))
        }
        let shards = try [report(output + "/shards/0"), report(output + "/shards/1")]
        #expect(shards.map(\.settings.games) == [13, 12], "25 games split 13 and 12")
        #expect(shards.map(\.shard) == ["0/2", "1/2"])
        let merge = try await SalvoExecutable.run(["merge", output, "--require", "errors=0,p50<0.001ms"])
        #expect(merge.status == 3, "\(merge.out) \(merge.err)")
        // The shards ran one after the other: the rates are over both their times, with a warning.
        let lines = merge.err.split(separator: "\n")
        #expect(lines.count == 2 && lines[0].hasPrefix("salvo: warning: the shards did not all run at the same time"), "\(merge.err)")
        #expect(lines.last?.hasPrefix("requirement p50<0.001ms: broken, measured ") == true, "\(merge.err)")
        let merged = try report(output)
        #expect(merged.timingWarning != nil)
        // The merged load.json carries the merge's verdicts.
        #expect(merged.requirements?.verdict == .broken && merged.requirements?.checks.map(\.verdict) == [.met, .broken])
        #expect(abs(merged.elapsedSeconds - (shards[0].elapsedSeconds + shards[1].elapsedSeconds)) < 0.01, "\(merged.elapsedSeconds)")
        #expect(merged.shards == 2 && merged.games.finished == 25 && merged.settings.games == 25)
        #expect(merged.total.requests == shards.map(\.total.requests).reduce(0, +))
        // The merged percentiles are those of both shards' requests together.
        var all = shards[0].measurements!
        all.merge(shards[1].measurements!)
        var total = EndpointStatistics()
        for figures in all.endpoints.values { total.merge(figures) }
        #expect(merged.total.latency.p99 == Double(total.latency.valueAtPercentile(99)) / 1000)
        #expect(merged.total.latency.p50 == Double(total.latency.valueAtPercentile(50)) / 1000)
        let kept = try await SalvoExecutable.run(["merge", output, "--require", "errors=0,games/s>0"])
        #expect(kept.status == 0 && kept.out.contains("Requirements kept: errors=0, games/s>0"), "\(kept.err)")
    }

    @Test("--shard auto with no cluster engine around, and a shard out of range, are refused in one line before anything is written")
    func refusals() async throws {
        let (folder, file) = try Self.tournament("refused")
        let auto = try await SalvoExecutable.run(["run", file, "--output", folder + "/out", "--shard", "auto"])
        #expect(auto.status != 0)
        #expect(auto.err.contains("--shard auto found no shard in the environment") && auto.err.split(separator: "\n").count == 1, "\(auto.err)")
        let range = try await SalvoExecutable.run(["run", file, "--output", folder + "/out", "--shard", "3/3"])
        #expect(range.status != 0)
        #expect(range.err.contains("shard 3 does not exist among 3"), "\(range.err)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/out"))
        let nothing = try await SalvoExecutable.run(["merge", folder])
        #expect(nothing.status != 0 && nothing.err.contains("No shard of \(folder) has started"), "\(nothing.err)")
        // 6 pairings of 8 games: 24 mirrored pairs, the smallest parts there are.
        let tooMany = try await SalvoExecutable.run(["run", file, "--output", folder + "/out", "--shard", "0/25"])
        #expect(tooMany.status == 1 && tooMany.err.contains("25 shards are more than its 24 mirrored pairs"), "\(tooMany.err)")
        let tooManyJobs = try await SalvoExecutable.run(["cluster", "slurm", file, "--shards", "25", "--output", folder + "/out"])
        #expect(
            tooManyJobs.status == 1 && tooManyJobs.err.contains("--shards 25 is more than this tournament's 24 mirrored pairs"), "\(tooManyJobs.err)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/out"))
    }

    @Test("salvo cluster slurm makes the tasks' log folder itself, and its manual lines cancel the merge when a task fails")
    func slurmFilesByHand() async throws {
        let (folder, file) = try Self.tournament("byhand")
        let written = try await SalvoExecutable.run(["cluster", "slurm", file, "--shards", "24", "--output", folder + "/out"])
        #expect(written.status == 0, "\(written.err)")
        var isFolder: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: folder + "/out/cluster/logs", isDirectory: &isFolder) && isFolder.boolValue)
        // How to submit is a note (stderr); the files written are the result (stdout).
        #expect(written.out.hasPrefix("Wrote \(folder)/out/cluster/slurm/"), "\(written.out)")
        let manual = written.err.components(separatedBy: "or by hand:\n").last ?? ""
        #expect(manual.contains("jobid=$(sbatch --parsable \(folder)/out/cluster/slurm/shards.sbatch)"), "\(written.err)")
        #expect(
            manual.contains("sbatch --dependency=afterok:${jobid%%;*} --kill-on-invalid-dep=yes \(folder)/out/cluster/slurm/merge.sbatch"),
            "\(written.err)")
        let sbatch = try String(contentsOfFile: folder + "/out/cluster/slurm/shards.sbatch", encoding: .utf8)
        #expect(sbatch.contains("\nexport SALVO_SHARD_COUNT=24\n"), "\(sbatch)")
    }
}
