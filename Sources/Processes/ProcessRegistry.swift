import Synchronization

#if canImport(Glibc)
import Glibc
#else
#error("Salvo builds and runs on Linux only: see docs/platform.md")
#endif

/// Every bot process group alive in this process, so that an abrupt end of the runner (a
/// second Ctrl-C, SIGTERM from a user or a cluster's scheduler) can end them all first: a
/// reused process waiting between games, or an unsandboxed one, would outlive the runner.
public enum ProcessRegistry {
    private struct State {
        var groups: Set<Int32> = []
        /// Set by ``killAll()``: a group registered after it (a bot started in the moment
        /// before the runner exits) is killed at once.
        var closed = false
    }

    private static let state = Mutex(State())

    /// Registers a process group to kill with the others (a bot's, or a submission's build).
    public static func register(_ group: Int32) {
        let closed = state.withLock { state in
            state.groups.insert(group)
            return state.closed
        }
        if closed { kill(-group, SIGKILL) }
    }

    /// Forgets a group that has ended.
    public static func unregister(_ group: Int32) {
        _ = state.withLock { $0.groups.remove(group) }
    }

    /// Sends SIGKILL to every registered bot process group, and to every one registered later.
    public static func killAll() {
        let groups = state.withLock { state in
            state.closed = true
            return state.groups
        }
        for group in groups { kill(-group, SIGKILL) }
    }
}
