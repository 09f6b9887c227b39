import Foundation

/// One line of `scontrol show job -o`: a job, one task of an array job, or the still pending
/// rest of an array job (then `arrayTask` is a range such as `1-2`).
struct SlurmJobRecord: Sendable, Equatable, CustomStringConvertible {
    /// `JobId`: each array task has a job id of its own.
    let jobID: String
    /// `ArrayJobId`, for the tasks of an array job: the id that sbatch printed.
    let arrayJobID: String?
    /// `ArrayTaskId`: one index, or the indexes still pending.
    let arrayTask: String?
    /// `JobState`: PENDING, RUNNING, COMPLETED, FAILED, CANCELLED, ...
    let state: String
    /// `Reason`: why it is pending or how it ended (`Dependency`, `DependencyNeverSatisfied`, `None`).
    let reason: String
    /// `ExitCode`: the script's exit status and the signal that ended it, as `3:0`.
    let exitCode: String

    /// The task's index, once the task has a record of its own.
    var arrayTaskID: Int? { arrayTask.flatMap { Int($0) } }

    /// The states a job does not leave (Slurm's "base states" of a job that has ended).
    static let finishedStates: Set<String> = [
        "COMPLETED", "FAILED", "CANCELLED", "TIMEOUT", "NODE_FAIL", "PREEMPTED", "BOOT_FAIL", "DEADLINE", "OUT_OF_MEMORY",
    ]

    var isFinished: Bool { Self.finishedStates.contains(state) }

    var description: String {
        let task = arrayTask.map { "\(arrayJobID ?? "?")_\($0) (job \(jobID))" } ?? "job \(jobID)"
        return "\(task): \(state), reason \(reason), exit code \(exitCode)"
    }

    /// Reads one `-o` line; nil for a line that names no job.
    init?(line: String) {
        var fields: [String: String] = [:]
        for token in line.split(separator: " ") {
            guard let equals = token.firstIndex(of: "=") else { continue }
            let key = String(token[..<equals])
            if fields[key] == nil { fields[key] = String(token[token.index(after: equals)...]) }
        }
        guard let jobID = fields["JobId"], let state = fields["JobState"] else { return nil }
        self.jobID = jobID
        arrayJobID = fields["ArrayJobId"]
        arrayTask = fields["ArrayTaskId"]
        self.state = state
        reason = fields["Reason"] ?? ""
        exitCode = fields["ExitCode"] ?? ""
    }

    /// The records of `scontrol show job -o` output, by array index, then job id.
    static func records(in output: String) -> [SlurmJobRecord] {
        output.split(separator: "\n").compactMap { SlurmJobRecord(line: String($0)) }.sorted {
            ($0.arrayTaskID ?? -1, Int($0.jobID) ?? 0) < ($1.arrayTaskID ?? -1, Int($1.jobID) ?? 0)
        }
    }
}
