import Processes

/// Caps on an external bot's process, applied before it starts (`ulimit` in the shell that
/// launches it, and a cgroup where the machine allows one, see the Sandbox module), so a
/// runaway or hostile bot cannot take the machine down. nil means no cap.
///
/// The defaults are documented in docs/sandbox.md, with the tournament file's keys. As JSON
/// (results.json), a member per limit (``FileKey/member``), left out for none.
public struct ResourceLimits: Hashable, Sendable, Codable {
    /// Memory in bytes: a cgroup's limit where one can be made, otherwise the address space
    /// (`ulimit -v`).
    public var memoryBytes: Int?
    /// CPU time in seconds for the process's whole life (`ulimit -t`).
    public var cpuSeconds: Int?
    /// Processes and threads the bot may run at once: a pids cgroup's limit. Never `ulimit -u`,
    /// which counts every process of the user, not the bot's.
    public var processes: Int?
    /// Open files per process (`ulimit -n`).
    public var openFiles: Int?
    /// The largest file the bot may write, in bytes (`ulimit -f`); none by default, since a
    /// sandboxed bot can write only to its size-capped `/tmp`.
    public var fileSizeBytes: Int?
    /// The size of the bot's private `/tmp` in a sandbox, in bytes, and of its `/dev/shm`.
    public var tmpBytes: Int?

    public static let defaultMemoryBytes = 1 << 30
    public static let defaultCPUSeconds = 60
    public static let defaultProcesses = 64
    public static let defaultOpenFiles = 256
    public static let defaultTmpBytes = 64 << 20

    /// The documented defaults: 1 GiB of memory, 60 s of CPU, 64 processes, 256 open files,
    /// no cap on file size, a 64 MiB `/tmp`.
    public init(
        memoryBytes: Int? = Self.defaultMemoryBytes, cpuSeconds: Int? = Self.defaultCPUSeconds,
        processes: Int? = Self.defaultProcesses, openFiles: Int? = Self.defaultOpenFiles,
        fileSizeBytes: Int? = nil, tmpBytes: Int? = Self.defaultTmpBytes
    ) {
        self.memoryBytes = memoryBytes
        self.cpuSeconds = cpuSeconds
        self.processes = processes
        self.openFiles = openFiles
        self.fileSizeBytes = fileSizeBytes
        self.tmpBytes = tmpBytes
    }

    /// The rlimits that apply the caps to a process and what it `exec`s, in `ulimit`'s units
    /// rounded as `ulimit` rounds them. `memoryAsAddressSpace` is false when a cgroup caps memory
    /// instead (an address-space cap also counts memory merely reserved, which some runtimes
    /// reserve a lot of). `cpuPerProcess` is false for a reused process, whose CPU limit is
    /// counted per game by the runner instead. No core files: a crashing bot must not write one
    /// into the runner's folder.
    public func rlimits(memoryAsAddressSpace: Bool = true, cpuPerProcess: Bool = true) -> [ProcessLimit] {
        var limits = [ProcessLimit(.core, units: 0)]
        if memoryAsAddressSpace, let memoryBytes { limits.append(ProcessLimit(.addressSpace, units: max(1, memoryBytes / 1024))) }
        if cpuPerProcess, let cpuSeconds { limits.append(ProcessLimit(.cpuTime, units: max(1, cpuSeconds))) }
        if let openFiles { limits.append(ProcessLimit(.openFiles, units: max(4, openFiles))) }
        if let fileSizeBytes { limits.append(ProcessLimit(.fileSize, units: max(1, fileSizeBytes / 512))) }
        return limits
    }

    /// Shell commands that apply ``rlimits(memoryAsAddressSpace:cpuPerProcess:)`` to the shell
    /// and what it `exec`s; each failure exits with status 126.
    public func ulimitCommands(memoryAsAddressSpace: Bool = true, cpuPerProcess: Bool = true) -> String {
        rlimits(memoryAsAddressSpace: memoryAsAddressSpace, cpuPerProcess: cpuPerProcess).map(\.ulimitCommand).joined()
    }

    /// The shell script that applies the caps and then runs its arguments.
    func wrapperScript(cpuPerProcess: Bool) -> String {
        ulimitCommands(cpuPerProcess: cpuPerProcess) + "exec \"$@\""
    }
}
