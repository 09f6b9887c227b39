/// The limit keys of a tournament file and of a submission's `bot.yaml`, one table for both.
extension ResourceLimits {
    /// One key: its name, the whole numbers it takes, the limit it sets and its unit in bytes
    /// (1 for counts and seconds).
    public struct FileKey: @unchecked Sendable {  // a key path is immutable
        public let key: String
        public let range: ClosedRange<Int>
        public let limit: WritableKeyPath<ResourceLimits, Int?>
        public let unit: Int
    }

    /// `memory_mb`, `cpu_seconds`, `processes`, `open_files`, `file_size_mb`, `tmp_mb`.
    public static let fileKeys: [FileKey] = [
        FileKey(key: "memory_mb", range: 16...65_536, limit: \.memoryBytes, unit: 1 << 20),
        FileKey(key: "cpu_seconds", range: 1...86_400, limit: \.cpuSeconds, unit: 1),
        FileKey(key: "processes", range: 1...100_000, limit: \.processes, unit: 1),
        FileKey(key: "open_files", range: 16...65_536, limit: \.openFiles, unit: 1),
        FileKey(key: "file_size_mb", range: 1...1_048_576, limit: \.fileSizeBytes, unit: 1 << 20),
        FileKey(key: "tmp_mb", range: 1...65_536, limit: \.tmpBytes, unit: 1 << 20),
    ]

    /// Sets the limit of `key` to `value` in the key's unit (MiB for `_mb` keys); nil for none.
    public mutating func set(_ key: FileKey, to value: Int?) {
        self[keyPath: key.limit] = value.map { $0 * key.unit }
    }
}
