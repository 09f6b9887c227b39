#if canImport(Glibc)
import Glibc
#else
#error("Salvo builds and runs on Linux only: see docs/platform.md")
#endif
import Synchronization

/// Every bot process group alive in this process, so that an abrupt end of the runner (a
/// second Ctrl-C, SIGTERM from a user or a cluster's scheduler) can end them all first: a
/// reused process waiting between games, or an unsandboxed one, would outlive the runner.
public enum BotProcessRegistry {
    private static let groups = Mutex<Set<Int32>>([])

    static func register(_ group: Int32) {
        _ = groups.withLock { $0.insert(group) }
    }

    static func unregister(_ group: Int32) {
        _ = groups.withLock { $0.remove(group) }
    }

    /// How many bot process groups are alive.
    public static var count: Int { groups.withLock { $0.count } }

    /// Sends SIGKILL to every registered bot process group.
    public static func killAll() {
        for group in groups.withLock({ $0 }) { kill(-group, SIGKILL) }
    }
}
