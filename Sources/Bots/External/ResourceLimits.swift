/// Caps applied to an external bot's process (with `ulimit` before it starts), so a
/// runaway bot cannot take the machine down.
public struct ResourceLimits: Hashable, Sendable {
    /// The address-space cap in bytes (`ulimit -v`), or nil for none.
    public var memoryBytes: Int?
    /// The CPU-time cap in seconds for the whole game (`ulimit -t`), or nil for none.
    public var cpuSeconds: Int?

    /// Caps of `memoryBytes` (1 GiB by default) and `cpuSeconds` (60 by default).
    public init(memoryBytes: Int? = 1 << 30, cpuSeconds: Int? = 60) {
        self.memoryBytes = memoryBytes
        self.cpuSeconds = cpuSeconds
    }

    /// The shell script that applies the caps and then runs its arguments.
    var wrapperScript: String {
        var script = ""
        if let memoryBytes { script += "ulimit -v \(max(1, memoryBytes / 1024)) || exit 126; " }
        if let cpuSeconds { script += "ulimit -t \(max(1, cpuSeconds)) || exit 126; " }
        return script + "exec \"$@\""
    }
}
