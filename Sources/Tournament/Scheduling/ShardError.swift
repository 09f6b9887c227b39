/// Why a `--shard` could not be told, in one line that says what to give instead.
public enum ShardError: Error, Hashable, Sendable, CustomStringConvertible {
    case unreadable(String)
    case badCount(Int)
    case indexOutOfRange(index: Int, count: Int)
    case badVariable(name: String, value: String)
    case missingVariable(have: String, need: String)
    case noEngine

    public var description: String {
        switch self {
        case .unreadable(let text):
            "--shard \(text) is not of the form I/N (for example 0/4, the first of four) or auto"
        case .badCount(let count):
            "a tournament cannot be split into \(count) shards; give from 1 to \(Shard.maximumCount)"
        case .indexOutOfRange(let index, let count):
            "shard \(index) does not exist among \(count): shards are numbered from 0 to \(count - 1)"
        case .badVariable(let name, let value):
            "\(name)=\(value) is not a whole number"
        case .missingVariable(let have, let need):
            "\(have) is set but \(need) is not: set it to the number of shards (the files of `salvo cluster` do; an array's own task count changes when one task is resubmitted, so it is not used)"
        case .noEngine:
            "--shard auto found no shard in the environment: it reads SLURM_ARRAY_TASK_ID and SALVO_SHARD_COUNT (a Slurm array job) or JOB_COMPLETION_INDEX and SALVO_SHARD_COUNT (a Kubernetes Indexed Job); give --shard I/N by hand elsewhere"
        }
    }
}
