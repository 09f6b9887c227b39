/// A sharded job for a cluster engine: what each shard runs, what runs after all of them,
/// and where. ``SlurmScripts`` and ``KubernetesManifests`` write it in their engine's terms;
/// the engine alone schedules it.
public struct ClusterJob: Hashable, Sendable {
    /// The job's name: letters, digits and dashes (a Kubernetes object name and a Slurm job name).
    public let name: String
    /// How many shards.
    public let shards: Int
    /// The folder the commands run in: relative paths in them are relative to it.
    public let workingDirectory: String
    /// The command of one shard, without its `--shard auto`, which is appended.
    public let shardCommand: [String]
    /// The command that runs once every shard has succeeded.
    public let mergeCommand: [String]
    /// Where the engine writes each task's output.
    public let logDirectory: String

    public init(name: String, shards: Int, workingDirectory: String, shardCommand: [String], mergeCommand: [String], logDirectory: String) {
        self.name = Self.objectName(name)
        self.shards = shards
        self.workingDirectory = workingDirectory
        self.shardCommand = shardCommand
        self.mergeCommand = mergeCommand
        self.logDirectory = logDirectory
    }

    /// `text` as a name both engines take: lowercase letters, digits and dashes, starting
    /// and ending with a letter or digit, at most 40 characters (room for suffixes within
    /// Kubernetes' 63).
    public static func objectName(_ text: String) -> String {
        var name = ""
        for character in text.lowercased() {
            if character.isASCII, character.isLetter || character.isNumber {
                name.append(character)
            } else if !name.hasSuffix("-") {
                name.append("-")
            }
        }
        name = String(name.prefix(40))
        while name.hasPrefix("-") { name.removeFirst() }
        while name.hasSuffix("-") { name.removeLast() }
        return name.isEmpty ? "salvo" : name
    }

    /// A shard's whole command.
    public var shardCommandLine: [String] { shardCommand + ["--shard", "auto"] }
}
