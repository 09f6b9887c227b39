import Foundation

/// Why the private Slurm cluster, or one of its jobs, did not do what a test asked; each says
/// what was wrong and where to look.
enum SlurmClusterError: Error, CustomStringConvertible {
    /// A program of slurm-wlm or munge is missing.
    case notInstalled(String)
    /// A daemon ended while the cluster started.
    case daemonExited(String, logs: String)
    /// The node did not become idle in time.
    case notReady(after: Duration, lastState: String, logs: String)
    /// A client command (sbatch, scontrol, ...) failed.
    case commandFailed(String, status: Int32, output: String)
    /// A client command printed something unexpected.
    case unexpectedOutput(String, output: String)
    /// A job did not reach the awaited condition in time.
    case jobTimedOut(String, waitingFor: String, after: Duration, records: [SlurmJobRecord], logs: String)
    /// `start()` was called a second time.
    case alreadyStarted
    /// The cluster was used after `stop()`.
    case stopped

    var description: String {
        switch self {
        case let .notInstalled(program):
            return
                "\(program) was not found on PATH or in /usr/sbin: the cluster tests need the Debian packages slurm-wlm and munge (run `make test-deps`)."
        case let .daemonExited(name, logs):
            return "The test cluster's \(name) ended while the cluster started.\n\(logs)"
        case let .notReady(timeout, lastState, logs):
            return "The test cluster's node was not idle within \(timeout) (sinfo last said: \(lastState)).\n\(logs)"
        case let .commandFailed(command, status, output):
            return "`\(command)` failed with status \(status): \(output.trimmingCharacters(in: .whitespacesAndNewlines))"
        case let .unexpectedOutput(command, output):
            return "`\(command)` printed something unexpected: \(output.trimmingCharacters(in: .whitespacesAndNewlines))"
        case let .jobTimedOut(jobID, condition, timeout, records, logs):
            let states = records.isEmpty ? "no records" : records.map(\.description).joined(separator: "; ")
            return "Slurm job \(jobID) was not \(condition) within \(timeout); its records: \(states).\n\(logs)"
        case .alreadyStarted:
            return "The test cluster was already started; start() runs once per cluster."
        case .stopped:
            return "The test cluster was used after stop()."
        }
    }
}
