/// The limits, one table: the keys of a tournament file and of a submission's `bot.yaml`,
/// and the members the journal, results.json and the resume settings name them by. A new
/// limit is a member of ``ResourceLimits``, a line here, and where the sandbox applies it.
extension ResourceLimits {
    /// One key: its name, the whole numbers it takes, the limit it sets and its unit in bytes
    /// (1 for counts and seconds).
    public struct FileKey: @unchecked Sendable {  // a key path is immutable
        public let key: String
        /// The member naming the limit in the journal and results.json, in bytes, seconds or a
        /// count (`memoryBytes`): the property's name, as Codable writes it.
        public let member: String
        public let range: ClosedRange<Int>
        public let limit: WritableKeyPath<ResourceLimits, Int?>
        public let unit: Int

        /// The member in snake case (`memory_bytes`), as the resume settings' lines name it.
        public var snakeCaseMember: String {
            member.reduce(into: "") { text, character in
                if character.isUppercase { text += "_" + character.lowercased() } else { text.append(character) }
            }
        }
    }

    /// `memory_mb`, `cpu_seconds`, `processes`, `open_files`, `file_size_mb`, `tmp_mb`.
    public static let fileKeys: [FileKey] = [
        FileKey(key: "memory_mb", member: "memoryBytes", range: 16...65_536, limit: \.memoryBytes, unit: 1 << 20),
        FileKey(key: "cpu_seconds", member: "cpuSeconds", range: 1...86_400, limit: \.cpuSeconds, unit: 1),
        FileKey(key: "processes", member: "processes", range: 1...100_000, limit: \.processes, unit: 1),
        FileKey(key: "open_files", member: "openFiles", range: 16...65_536, limit: \.openFiles, unit: 1),
        FileKey(key: "file_size_mb", member: "fileSizeBytes", range: 1...1_048_576, limit: \.fileSizeBytes, unit: 1 << 20),
        FileKey(key: "tmp_mb", member: "tmpBytes", range: 1...65_536, limit: \.tmpBytes, unit: 1 << 20),
    ]

    /// Sets the limit of `key` to `value` in the key's unit (MiB for `_mb` keys); nil for none.
    public mutating func set(_ key: FileKey, to value: Int?) {
        self[keyPath: key.limit] = value.map { $0 * key.unit }
    }
}
