import Foundation

/// Jobs on the private cluster: submitting, reading their records, waiting for them to end.
/// There is no accounting database: a finished job is known from the record slurmctld keeps
/// for `MinJobAge` (an hour here), read with `scontrol show job -o`.
extension SlurmCluster {
    /// Runs the Slurm client `command` (sbatch, scontrol, sinfo, ...) against this cluster and
    /// returns what it printed; throws ``SlurmClusterError/commandFailed(_:status:output:)`` when
    /// it exits non-zero.
    @discardableResult
    func run(
        _ command: String, _ arguments: [String], environment extra: [String: String] = [:],
        workingDirectory: URL? = nil, timeout: Duration = .seconds(30)
    ) async throws -> String {
        guard !isStopped else { throw SlurmClusterError.stopped }
        let program = ClusterCommand(
            executable: try Self.program(command), arguments: arguments,
            environment: environment.merging(extra) { $1 }, workingDirectory: workingDirectory
        )
        let output = try await program.run(timeout: timeout)
        guard output.status == 0 else {
            throw SlurmClusterError.commandFailed(
                ([command] + arguments).joined(separator: " "), status: output.status, output: output.standardError + output.standardOutput)
        }
        return output.standardOutput
    }

    /// `sbatch --parsable ARGUMENTS SCRIPT`; returns the job id (for an array job, the id of
    /// the whole array). `environment` is added to the one sbatch passes on to the job; the job
    /// runs in `workingDirectory`, by default ``jobsDirectory``.
    func submit(_ script: URL, arguments: [String] = [], environment extra: [String: String] = [:], workingDirectory: URL? = nil) async throws
        -> String
    {
        let output = try await run(
            "sbatch", ["--parsable"] + arguments + [script.path], environment: extra, workingDirectory: workingDirectory ?? jobsDirectory)
        // --parsable prints "ID" or "ID;CLUSTER".
        let id = output.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ";").first.map(String.init) ?? ""
        guard !id.isEmpty, id.allSatisfy(\.isNumber) else {
            throw SlurmClusterError.unexpectedOutput("sbatch --parsable \(script.path)", output: output)
        }
        return id
    }

    /// The records of `jobID` now: one per array task that has started, plus one for the
    /// tasks still pending together.
    func records(of jobID: String) async throws -> [SlurmJobRecord] {
        SlurmJobRecord.records(in: try await run("scontrol", ["show", "job", "-o", jobID]))
    }

    /// Polls the records of `jobID` until `condition` holds of them, and returns them; throws
    /// ``SlurmClusterError/jobTimedOut(_:waitingFor:after:records:logs:)`` (naming `what`, with
    /// the records and slurmctld's log tail) after `timeout`.
    func wait(
        for jobID: String, until what: String, timeout: Duration = .seconds(60),
        _ condition: ([SlurmJobRecord]) -> Bool
    ) async throws -> [SlurmJobRecord] {
        let deadline = ContinuousClock.now + timeout
        while true {
            let records = try await records(of: jobID)
            if !records.isEmpty && condition(records) { return records }
            if ContinuousClock.now >= deadline {
                throw SlurmClusterError.jobTimedOut(jobID, waitingFor: what, after: timeout, records: records, logs: logTails())
            }
            try await Task.sleep(for: .milliseconds(250))
        }
    }

    /// Waits until `jobID` (every task of an array job) has ended, and returns each record,
    /// by array index: its final state (COMPLETED, FAILED, CANCELLED, ...), reason and exit code.
    func wait(for jobID: String, timeout: Duration = .seconds(60)) async throws -> [SlurmJobRecord] {
        try await wait(for: jobID, until: "finished", timeout: timeout) { $0.allSatisfy(\.isFinished) }
    }

    /// `scancel JOB`.
    func cancel(_ jobID: String) async throws {
        try await run("scancel", [jobID])
    }
}
