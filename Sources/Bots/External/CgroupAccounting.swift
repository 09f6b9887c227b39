import Processes

/// What a bot's cgroup counts for all its processes together, read from the kernel's files
/// (through ``CgroupFile``):
/// the CPU time of every process the bot ever started (reaped or not, short-lived children
/// included), and whether the memory cap's out-of-memory killer ended one of them.
///
/// The files differ by hierarchy and are told apart by their text: cgroup v1's
/// `cpuacct.usage` is one number of nanoseconds, v2's `cpu.stat` has a `usage_usec` line;
/// v1's `memory.oom_control` and v2's `memory.events` both have an `oom_kill N` line.
public struct CgroupAccounting: Hashable, Sendable {
    /// `cpuacct.usage` (v1) or `cpu.stat` (v2); nil when the CPU time is not counted.
    public var cpuFile: String?
    /// `memory.oom_control` (v1) or `memory.events` (v2); nil without a memory cgroup.
    public var memoryEventsFile: String?
    /// The memory cap the group enforces, in bytes, for the report of an out-of-memory kill.
    public var memoryCapBytes: Int?

    public init(cpuFile: String?, memoryEventsFile: String?, memoryCapBytes: Int?) {
        self.cpuFile = cpuFile
        self.memoryEventsFile = memoryEventsFile
        self.memoryCapBytes = memoryCapBytes
    }

    /// Nanoseconds of CPU used by every process ever in the group; nil when not counted.
    public func cpuNanoseconds() -> UInt64? {
        guard let cpuFile, let text = CgroupFile.read(cpuFile) else { return nil }
        return Self.cpuNanoseconds(in: text)
    }

    /// The nanoseconds in the text of a CPU-time file: v1's one number, or v2's `usage_usec` line.
    static func cpuNanoseconds(in text: String) -> UInt64? {
        if text.first?.isNumber == true { return UInt64(text.prefix(while: \.isNumber)) }
        return Self.field("usage_usec", in: text).map { $0 &* 1000 }
    }

    /// How many of the group's processes the out-of-memory killer has ended (0 when unknown).
    public func outOfMemoryKills() -> UInt64 {
        guard let memoryEventsFile, let text = CgroupFile.read(memoryEventsFile) else { return 0 }
        return Self.field("oom_kill", in: text) ?? 0
    }

    /// "memory cap of N MB reached" once the out-of-memory killer has ended one of the group's
    /// processes; nil otherwise.
    public func memoryCapReached() -> String? {
        guard outOfMemoryKills() > 0 else { return nil }
        return memoryCapBytes.map { "memory cap of \($0 >> 20) MB reached" } ?? "memory cap reached"
    }

    /// The number after `name ` on a line of `text`.
    static func field(_ name: String, in text: String) -> UInt64? {
        for line in text.split(separator: "\n") {
            let words = line.split(separator: " ")
            if words.count == 2, words[0] == name { return UInt64(words[1]) }
        }
        return nil
    }
}
