import ArgumentParser
import Cluster
import Foundation
import Tournament

/// `salvo cluster slurm|k8s FILE --shards N --output OUT`: the files that run a tournament's
/// shards on a cluster engine, and merge them after (docs/cluster.md).
struct ClusterCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cluster",
        abstract: "Write the files that run a tournament's shards on Slurm or Kubernetes.",
        subcommands: [SlurmCommand.self, KubernetesCommand.self]
    )

    /// What both engines' commands take.
    struct JobOptions: ParsableArguments {
        @Argument(help: "The tournament file (YAML); none with --load.")
        var file: String?

        @Flag(
            help:
                "Shard a load test instead of a tournament: give the arguments of `salvo load` after `--`, e.g. `-- --server http://10.0.0.5:8080 --games 100000 --rate 4000 --require p99<50ms` (--games and --rate are the whole load's; --require grades the merge)."
        )
        var load = false

        @Argument(parsing: .postTerminator, help: "With --load: the arguments of `salvo load`, after `--`.")
        var loadArguments: [String] = []

        @Option(help: "How many shards: array tasks on Slurm, completion indexes on Kubernetes.")
        var shards: Int

        @Option(help: "The tournament's output folder, on storage every node shares; the shards write into OUTPUT/shards/I/.")
        var output: String

        @Option(help: "Games in flight in each shard (default: the file's).")
        var concurrency: Int?

        @Flag(help: "Run external bots without the bubblewrap sandbox (trusted bots only).")
        var noSandbox = false

        func validate() throws {
            guard (file == nil) == load, load || loadArguments.isEmpty else {
                throw CommandFailure.fileOrLoad
            }
            if loadArguments.contains(where: { $0.hasPrefix("--output") || $0.hasPrefix("--shard") }) {
                throw CommandFailure.loadArgumentsSetByJob
            }
            guard shards >= 1, shards <= Shard.maximumCount else { throw CommandFailure.shardsRange }
            if let concurrency, concurrency < 1 { throw CommandFailure.atLeastOne("--concurrency") }
        }

        /// The job's name: the tournament's, or `load`.
        func name() throws -> String {
            guard file != nil else { return "salvo-load" }
            return "salvo-" + (try tournament()).name
        }

        /// The tournament, read and checked now, so a bad file fails here and not on the nodes.
        /// A `bots_from:` folder is not entered (nothing is built here): a season's night is
        /// opened, and its submissions entered once, by the first of its shards to run
        /// (docs/cluster.md), so the count of shards is not checked against it.
        func tournament() throws -> TournamentConfig {
            guard let file else { throw CommandFailure.noTournamentFile }
            let read: TournamentFile = try TournamentFileParser().read(fileAt: file)
            let config = read.config
            let scheduler = config.scheduler
            if let obstacle = scheduler.whyNotShardable {
                throw CommandFailure.cannotShard(obstacle: obstacle)
            }
            let pairs = (scheduler.sharding?.mirroredPairCount ?? 1)
            if shards > pairs, read.botsFrom == nil {
                throw CommandFailure.tooManyShards(shards: shards, pairs: pairs)
            }
            return config
        }

        /// The job, its paths as given by `path`.
        func job(name: String, salvo: String, workingDirectory: String, path: (String) throws -> String) throws -> ClusterJob {
            var run: [String]
            var merge = [salvo, "merge", try path(output)]
            if let file {
                run = [salvo, "run", try path(file), "--output", try path(output)]
                if let concurrency { run += ["--concurrency", String(concurrency)] }
                if noSandbox { run.append("--no-sandbox") }
            } else {
                var words = loadArguments
                // The requirements grade the whole load, in the merge: a shard that missed them
                // would fail its task, and the merge would never start.
                if let at = words.firstIndex(of: "--require"), at + 1 < words.count {
                    merge += words[at...(at + 1)]
                    words.removeSubrange(at...(at + 1))
                } else if let at = words.firstIndex(where: { $0.hasPrefix("--require=") }) {
                    merge.append(words.remove(at: at))
                }
                run = [salvo, "load"] + words + ["--output", try path(output)]
                if let concurrency { run += ["--concurrency", String(concurrency)] }
            }
            return ClusterJob(
                name: name, shards: shards, workingDirectory: workingDirectory,
                shardCommand: run, mergeCommand: merge, logDirectory: try path(output) + "/cluster/logs"
            )
        }
    }

    struct SlurmCommand: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "slurm",
            abstract: "Write an sbatch array job (one task per shard) and a merge job that depends on it.",
            discussion: """
                Writes OUTPUT/cluster/slurm/shards.sbatch, merge.sbatch and submit.sh, and prints \
                how to submit them. Every path in them is absolute: the nodes must see this folder, \
                the tournament file, the bots and salvo at the same paths (a shared file system).
                """
        )

        @OptionGroup var job: JobOptions
        @OptionGroup var console: OutputOptions

        @Option(help: "The salvo executable the nodes run (default: this one).")
        var salvo: String?

        @Option(help: "CPUs for each task (--cpus-per-task).")
        var cpus = 2

        @Option(
            name: .customLong("sbatch-arg"), parsing: .unconditionalSingleValue,
            help:
                "An option of sbatch for both jobs, as your site needs it (repeatable): --sbatch-arg=--time=2:00:00 --sbatch-arg=--account=cs101 --sbatch-arg=--partition=short --sbatch-arg=--mem=4G."
        )
        var sbatchArguments: [String] = []

        func validate() throws {
            guard cpus >= 1 else { throw CommandFailure.atLeastOne("--cpus") }
            for argument in sbatchArguments where !argument.hasPrefix("-") || argument.contains("\n") {
                throw CommandFailure.sbatchArgument(argument)
            }
        }

        func run() async throws {
            let name = try job.name()
            let here = FileManager.default.currentDirectoryPath
            let absolute = { (path: String) in URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: here + "/")).standardizedFileURL.path }
            let spec = try job.job(name: name, salvo: salvo.map(absolute) ?? MergedTournament.thisExecutable, workingDirectory: here, path: absolute)
            let folder = absolute(job.output) + "/cluster/slurm"
            let paths = try ClusterFile.write(SlurmScripts.files(for: spec, cpusPerTask: cpus, siteOptions: sbatchArguments), into: folder)
            // Slurm opens each task's --output before the task starts, in a folder that must exist.
            do {
                try FileManager.default.createDirectory(atPath: spec.logDirectory, withIntermediateDirectories: true)
            } catch {
                throw CommandFailure.cannotCreateLogFolder(path: spec.logDirectory, detail: error.localizedDescription)
            }
            print("Wrote \(paths.joined(separator: ", ")).")
            console.notes.say("Submit with:\n  \(folder)/\(SlurmScripts.submitScript)")
            console.notes.say("or by hand:\n" + SlurmScripts.manualLines(folder: folder).map { "  " + $0 }.joined(separator: "\n"))
            console.notes.say("To play shard I again on its own: sbatch --array=I \(folder)/\(SlurmScripts.shardsScript)")
        }
    }

    struct KubernetesCommand: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "k8s",
            abstract: "Write a Kubernetes Indexed Job (one pod per shard) and a merge Job.",
            discussion: """
                Writes OUTPUT/cluster/k8s/shards-job.yaml, merge-job.yaml and submit.sh. The pods \
                mount the claim at --mount and work there: this folder's contents (the tournament \
                file, the bots, the output) must be on that volume, and every path is written \
                relative to this folder. The image must hold salvo and what the bots run \
                (docs/cluster.md shows one).
                """
        )

        @OptionGroup var job: JobOptions
        @OptionGroup var console: OutputOptions

        @Option(help: "The container image with salvo in it.")
        var image: String

        @Option(help: "The PersistentVolumeClaim every pod mounts (ReadWriteMany).")
        var claim: String

        @Option(help: "Where the pods mount the claim.")
        var mount = "/salvo"

        @Option(help: "CPUs each pod requests.")
        var cpus = 2

        @Option(help: "Pods running at once (default: one per shard).")
        var parallelism: Int?

        @Option(help: "Memory each pod requests and may use, in Kubernetes' notation.")
        var memory = "2Gi"

        @Option(help: "The size the claim asks for (claim.yaml), in Kubernetes' notation.")
        var storage = "10Gi"

        @Option(help: "The claim's storage class (default: the cluster's). It must allow ReadWriteMany.")
        var storageClass: String?

        func validate() throws {
            guard cpus >= 1 else { throw CommandFailure.atLeastOne("--cpus") }
            if let parallelism, parallelism < 1 { throw CommandFailure.atLeastOne("--parallelism") }
            guard mount.hasPrefix("/") else { throw CommandFailure.mountPath }
        }

        func run() async throws {
            let name = try job.name()
            let here = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).standardizedFileURL.path
            let relative = { (path: String) throws -> String in
                let full = URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: here + "/")).standardizedFileURL.path
                guard full.hasPrefix(here + "/") else {
                    throw CommandFailure.outsideFolder(path: path, mount: mount)
                }
                return String(full.dropFirst(here.count + 1))
            }
            let spec = try job.job(name: name, salvo: "salvo", workingDirectory: mount, path: relative)
            let folder = here + "/" + (try relative(job.output)) + "/cluster/k8s"
            if job.file != nil {
                try Self.checkBotsInside(try job.tournament(), here: here, mount: mount)
            }
            let resources = KubernetesManifests.Resources(
                cpus: cpus, memory: memory, storage: storage, storageClass: storageClass, sandboxed: !job.noSandbox)
            let files = KubernetesManifests.files(
                for: spec, image: image, volume: .init(claim: claim, mountPath: mount), resources: resources, parallelism: parallelism)
            let paths = try ClusterFile.write(files, into: folder)
            print("Wrote \(paths.joined(separator: ", ")).")
            console.notes.say(
                "Create the claim once (kubectl apply -f \(folder)/\(KubernetesManifests.claimManifest)), copy this folder onto it, then apply with:\n  \(folder)/\(KubernetesManifests.submitScript)"
            )
        }

        /// Refuses a bot whose command or folder names a path outside `here`, which the pods
        /// will not have; the image's own system folders are allowed.
        static func checkBotsInside(_ config: TournamentConfig, here: String, mount: String) throws {
            let system = ["/usr/", "/bin/", "/sbin/", "/lib/", "/lib64/"]
            for bot in config.bots {
                guard case .external(let spec) = bot.kind else { continue }
                for word in spec.command + (spec.folder.map { [$0] } ?? []) where word.contains("/") {
                    let full = URL(fileURLWithPath: word, relativeTo: URL(fileURLWithPath: here + "/")).standardizedFileURL.path
                    if full.hasPrefix(here + "/") || full == here || system.contains(where: full.hasPrefix) { continue }
                    throw CommandFailure.botOutsideFolder(bot: bot.name, word: word, mount: mount)
                }
            }
        }
    }
}
