import Foundation
import SalvoTestSupport
import Testing
import Yams

/// `salvo cluster slurm|k8s`: the files an engine runs, read back as the engine would read
/// them (the shell's parser, a YAML parser) and checked for what makes the job a sharded
/// tournament. The Slurm cluster test runs them for real.
@Suite("Cluster job files")
struct ClusterFilesTests {
    static func folder() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("salvo-clusterfiles-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder + "/bots", withIntermediateDirectories: true)
        try "name: Class_2026\nbots: [random, density]\ngames_per_pairing: 12\n".write(
            toFile: folder + "/class.yaml", atomically: true, encoding: .utf8)
        return folder
    }

    static func shellParses(_ path: String, shell: String) throws -> Bool {
        try TestProcess(shell, ["-n", path]).finishBlocking().status == 0
    }

    @Test("slurm: an array of N tasks running `--shard auto`, a merge that waits for all of them (afterok), scripts the shell accepts")
    func slurm() async throws {
        let folder = try Self.folder()
        let made = try await SalvoExecutable.run(
            [
                "cluster", "slurm", "class.yaml", "--shards", "5", "--output", "out", "--cpus", "3", "--sbatch-arg=--time=2:00:00", "--sbatch-arg",
                "--account=cs101",
            ],
            workingDirectory: folder
        )
        #expect(made.status == 0, "\(made.err)")
        let scripts = folder + "/out/cluster/slurm/"
        let shards = try String(contentsOfFile: scripts + "shards.sbatch", encoding: .utf8)
        #expect(shards.contains("#SBATCH --array=0-4\n") && shards.contains("#SBATCH --cpus-per-task=3\n") && shards.contains("#SBATCH --requeue\n"))
        #expect(shards.contains("#SBATCH --job-name=salvo-class-2026\n"))
        // The site's options, in both jobs, after Salvo's own.
        #expect(shards.contains("#SBATCH --requeue\n#SBATCH --time=2:00:00\n#SBATCH --account=cs101\n"), "\(shards)")
        #expect(shards.contains("\ncd \(folder)\n"))
        #expect(shards.contains("run \(folder)/class.yaml --output \(folder)/out --shard auto\n"))
        #expect(shards.contains("exec \(SalvoExecutable.path)") || shards.contains("/salvo run "))
        let merge = try String(contentsOfFile: scripts + "merge.sbatch", encoding: .utf8)
        #expect(merge.contains("merge \(folder)/out\n"))
        #expect(merge.contains("#SBATCH --time=2:00:00\n#SBATCH --account=cs101\n"), "\(merge)")
        let submit = try String(contentsOfFile: scripts + "submit.sh", encoding: .utf8)
        #expect(
            submit.contains("sbatch --parsable shards.sbatch")
                && submit.contains("--dependency=afterok:\"$shards\" --kill-on-invalid-dep=yes merge.sbatch"))
        #expect(
            try Self.shellParses(scripts + "shards.sbatch", shell: "/bin/bash") && Self.shellParses(scripts + "merge.sbatch", shell: "/bin/bash")
                && Self.shellParses(scripts + "submit.sh", shell: "/bin/sh"))
        #expect(FileManager.default.isExecutableFile(atPath: scripts + "submit.sh"))
    }

    @Test("k8s: an Indexed Job with N completions, retries per index, SALVO_SHARD_COUNT, paths relative to the mounted folder; a merge Job")
    func kubernetes() async throws {
        let folder = try Self.folder()
        let made = try await SalvoExecutable.run(
            [
                "cluster", "k8s", "class.yaml", "--shards", "6", "--output", "out", "--image", "registry.example/salvo:1", "--claim", "class-pvc",
                "--parallelism", "2", "--memory", "3Gi", "--storage-class", "nfs",
            ],
            workingDirectory: folder
        )
        #expect(made.status == 0, "\(made.err)")
        let manifests = folder + "/out/cluster/k8s/"
        let job = try #require(try Yams.load(yaml: String(contentsOfFile: manifests + "shards-job.yaml", encoding: .utf8)) as? [String: Any])
        let spec = try #require(job["spec"] as? [String: Any])
        #expect(job["kind"] as? String == "Job" && job["apiVersion"] as? String == "batch/v1")
        #expect(spec["completionMode"] as? String == "Indexed" && spec["completions"] as? Int == 6 && spec["parallelism"] as? Int == 2)
        #expect(spec["backoffLimitPerIndex"] as? Int == 3)
        let pod = try #require((spec["template"] as? [String: Any])?["spec"] as? [String: Any])
        let container = try #require((pod["containers"] as? [[String: Any]])?.first)
        #expect(container["command"] as? [String] == ["salvo", "run", "class.yaml", "--output", "out", "--shard", "auto"])
        #expect(container["workingDir"] as? String == "/salvo" && container["image"] as? String == "registry.example/salvo:1")
        #expect((container["env"] as? [[String: Any]])?.first { $0["name"] as? String == "SALVO_SHARD_COUNT" }?["value"] as? String == "6")
        // Requests and limits, and what bubblewrap needs of the pod: seccomp unconfined, no privilege escalation.
        let resources = try #require(container["resources"] as? [String: [String: String]])
        #expect(resources["requests"] == ["cpu": "2", "memory": "3Gi"] && resources["limits"] == ["cpu": "2", "memory": "3Gi"], "\(resources)")
        let security = try #require(container["securityContext"] as? [String: Any])
        #expect(security["allowPrivilegeEscalation"] as? Bool == false && (security["seccompProfile"] as? [String: String])?["type"] == "Unconfined")
        let claim = ((pod["volumes"] as? [[String: Any]])?.first?["persistentVolumeClaim"] as? [String: Any])?["claimName"] as? String
        #expect(claim == "class-pvc")
        let merge = try #require(try Yams.load(yaml: String(contentsOfFile: manifests + "merge-job.yaml", encoding: .utf8)) as? [String: Any])
        let mergeContainer =
            (((merge["spec"] as? [String: Any])?["template"] as? [String: Any])?["spec"] as? [String: Any])?["containers"] as? [[String: Any]]
        #expect(mergeContainer?.first?["command"] as? [String] == ["salvo", "merge", "out"])
        #expect(try Self.shellParses(manifests + "submit.sh", shell: "/bin/bash"))
        let submit = try String(contentsOfFile: manifests + "submit.sh", encoding: .utf8)
        #expect(
            submit.contains("kubectl wait --for=condition=Complete \"job/$1\"") && submit.contains("kubectl wait --for=condition=Failed \"job/$1\""))
        let claimFile = try #require(try Yams.load(yaml: String(contentsOfFile: manifests + "claim.yaml", encoding: .utf8)) as? [String: Any])
        let claimSpec = try #require(claimFile["spec"] as? [String: Any])
        #expect(
            claimFile["kind"] as? String == "PersistentVolumeClaim" && (claimFile["metadata"] as? [String: Any])?["name"] as? String == "class-pvc")
        #expect(claimSpec["accessModes"] as? [String] == ["ReadWriteMany"] && claimSpec["storageClassName"] as? String == "nfs")
        // The manifests against the official schemas (kubernetes-validate, strict).
        for manifest in ["shards-job.yaml", "merge-job.yaml", "claim.yaml"] {
            let errors = try await KubernetesSchema().errors(in: URL(fileURLWithPath: manifests + manifest))
            #expect(errors.isEmpty, "\(manifest): \(errors)")
        }

        let elsewhere = try Self.folder() + "/class.yaml"
        let outside = try await SalvoExecutable.run(
            ["cluster", "k8s", elsewhere, "--shards", "2", "--output", "out", "--image", "i", "--claim", "c"], workingDirectory: folder)
        #expect(outside.status != 0 && outside.err.contains("is outside this folder, which the pods see as /salvo"), "\(outside.err)")

        // A bot whose program lies outside the folder: the pods would not have it.
        try "name: far\nbots:\n  - density\n  - name: far\n    command: [python3, /tmp/elsewhere/bot.py]\n".write(
            toFile: folder + "/far.yaml", atomically: true, encoding: .utf8)
        let far = try await SalvoExecutable.run(
            ["cluster", "k8s", "far.yaml", "--shards", "1", "--output", "far", "--image", "i", "--claim", "c"], workingDirectory: folder)
        #expect(far.status == 1 && far.err.contains("bot far names /tmp/elsewhere/bot.py, which is outside this folder"), "\(far.err)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/far"))
        // Inside, or the image's python3: accepted.
        try "name: near\nbots:\n  - density\n  - name: near\n    command: [/usr/bin/python3, bots/bot.py]\n".write(
            toFile: folder + "/near.yaml", atomically: true, encoding: .utf8)
        let near = try await SalvoExecutable.run(
            ["cluster", "k8s", "near.yaml", "--shards", "1", "--output", "near", "--image", "i", "--claim", "c"], workingDirectory: folder)
        #expect(near.status == 0, "\(near.err)")
    }

    @Test("a load job: each shard runs `salvo load` with its share, and --require grades the merged whole, not each shard")
    func loadJob() async throws {
        let folder = try Self.folder()
        let made = try await SalvoExecutable.run(
            [
                "cluster", "slurm", "--load", "--shards", "4", "--output", "load", "--", "--server", "http://10.0.0.5:8080", "--games", "10000",
                "--require", "p99<50ms,errors=0",
            ],
            workingDirectory: folder
        )
        #expect(made.status == 0, "\(made.err)")
        let shards = try String(contentsOfFile: folder + "/load/cluster/slurm/shards.sbatch", encoding: .utf8)
        #expect(shards.contains("load --server http://10.0.0.5:8080 --games 10000 --output \(folder)/load --shard auto\n"), "\(shards)")
        let merge = try String(contentsOfFile: folder + "/load/cluster/slurm/merge.sbatch", encoding: .utf8)
        #expect(merge.contains("merge \(folder)/load --require 'p99<50ms,errors=0'\n"), "\(merge)")
        let neither = try await SalvoExecutable.run(["cluster", "slurm", "--shards", "4", "--output", "x"], workingDirectory: folder)
        #expect(neither.status != 0 && neither.err.contains("either a tournament file, or --load"))
    }

    @Test("an SPRT match is refused before any file is written")
    func sprtRefused() async throws {
        let folder = try Self.folder()
        try "name: match\nbots: [random, density]\nsprt: {elo0: 0, elo1: 50}\n".write(
            toFile: folder + "/match.yaml", atomically: true, encoding: .utf8)
        let made = try await SalvoExecutable.run(["cluster", "slurm", "match.yaml", "--shards", "2", "--output", "out"], workingDirectory: folder)
        #expect(made.status != 0 && made.err.contains("cannot be sharded"), "\(made.err)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/out"))
    }

    @Test("a Swiss tournament is refused in one line, for both engines, before any file is written")
    func swissRefused() async throws {
        let folder = try Self.folder()
        try "name: class\nformat: swiss\nrounds: 3\nbots: [random, density, parity]\n".write(
            toFile: folder + "/class.yaml", atomically: true, encoding: .utf8)
        for engine in [["slurm"], ["k8s", "--image", "i", "--claim", "c"]] {
            let made = try await SalvoExecutable.run(
                ["cluster"] + engine + ["class.yaml", "--shards", "2", "--output", "out"], workingDirectory: folder)
            let lines = made.err.split(separator: "\n")
            #expect(made.status != 0 && lines.count == 1, "\(made.err)")
            #expect(made.err.contains("cannot be sharded: each Swiss round is paired from the results of the rounds before"), "\(made.err)")
        }
        #expect(!FileManager.default.fileExists(atPath: folder + "/out"))
    }
}
