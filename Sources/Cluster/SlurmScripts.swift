import SafeText

/// The files that run a ``ClusterJob`` on Slurm: an array job with one task per shard
/// (`shards.sbatch`), a merge job that starts only once every task has succeeded
/// (`merge.sbatch`, submitted with `--dependency=afterok` and `--kill-on-invalid-dep=yes`, so
/// that a failed task cancels it rather than leave it pending forever), and `submit.sh`, which
/// submits both. Each task finds its shard in `SLURM_ARRAY_TASK_ID`, of the `SALVO_SHARD_COUNT` the
/// file sets (`--shard auto`), so that `sbatch --array=I shards.sbatch` reruns shard I alone. A
/// requeued or rerun task continues its shard's journal.
///
/// ```swift
/// for file in SlurmScripts.files(for: job, cpusPerTask: 2) { try file.text.write(toFile: folder + "/" + file.name, …) }
/// ```
public enum SlurmScripts {
    public static let shardsScript = "shards.sbatch"
    public static let mergeScript = "merge.sbatch"
    public static let submitScript = "submit.sh"

    /// The files of `job`; `siteOptions` (`--time=2:00:00`, `--account=cs101`, `--partition=short`,
    /// `--mem=4G`, ...) go into both jobs as `#SBATCH` lines, after Salvo's own, so they win.
    public static func files(for job: ClusterJob, cpusPerTask: Int, siteOptions: [String] = []) -> [ClusterFile] {
        let work = ShellText.word(job.workingDirectory)
        let site = siteOptions.map { "\n#SBATCH " + $0 }.joined()
        let shards = """
            #!/bin/bash
            # One task per shard of \(job.name): written by `salvo cluster slurm`; submit with submit.sh.
            #SBATCH --job-name=\(job.name)
            #SBATCH --array=0-\(job.shards - 1)
            #SBATCH --cpus-per-task=\(cpusPerTask)
            #SBATCH --output=\(job.logDirectory)/shard-%a.out
            #SBATCH --open-mode=append
            #SBATCH --requeue\(site)
            set -euo pipefail
            cd \(work)
            # --shard auto reads SLURM_ARRAY_TASK_ID, of SALVO_SHARD_COUNT: the count is written here,
            # since Slurm's own SLURM_ARRAY_TASK_COUNT is 1 when one task is resubmitted (--array=I).
            export SALVO_SHARD_COUNT=\(job.shards)
            exec \(ShellText.line(job.shardCommandLine))

            """
        let merge = """
            #!/bin/bash
            # The merge of \(job.name)'s shards: submitted by submit.sh to start after every task succeeded.
            #SBATCH --job-name=\(job.name)-merge
            #SBATCH --output=\(job.logDirectory)/merge.out
            #SBATCH --open-mode=append\(site)
            set -euo pipefail
            cd \(work)
            exec \(ShellText.line(job.mergeCommand))

            """
        return [
            ClusterFile(name: shardsScript, text: shards, executable: false),
            ClusterFile(name: mergeScript, text: merge, executable: false),
            ClusterFile(name: submitScript, text: submit(job), executable: true),
        ]
    }

    /// What `submit.sh` does, as lines to type in a shell from any folder: the array job, then
    /// the merge, which is cancelled rather than left pending if a task fails.
    public static func manualLines(folder: String) -> [String] {
        let quoted = { (name: String) in ShellText.word(folder + "/" + name) }
        return [
            "jobid=$(sbatch --parsable \(quoted(shardsScript)))",
            "sbatch --dependency=afterok:${jobid%%;*} --kill-on-invalid-dep=yes \(quoted(mergeScript))",
        ]
    }

    /// The shell script that submits both jobs and prints their ids.
    static func submit(_ job: ClusterJob) -> String {
        """
        #!/bin/sh
        # Submits \(job.name): the shards as an array job, then the merge, which waits for all of them (afterok).
        set -eu
        cd "$(dirname "$0")"
        mkdir -p \(ShellText.word(job.logDirectory))
        shards=$(sbatch --parsable \(shardsScript))
        shards=${shards%%;*}
        merge=$(sbatch --parsable --dependency=afterok:"$shards" --kill-on-invalid-dep=yes \(mergeScript))
        merge=${merge%%;*}
        echo "shards: job $shards; merge: job $merge (starts after every shard succeeded)"

        """
    }
}
