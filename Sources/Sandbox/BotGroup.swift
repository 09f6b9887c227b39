import Bots
import Synchronization

/// The memory cap of one bot entry for a whole run, counted across all its processes together:
/// a parent group (``Cgroups/makeParent(memoryBytes:)``) that holds the memory group of each
/// process the bot starts. With `restart: reuse` a bot keeps up to `concurrency` processes or
/// more (waiting ones too); under its parent their memory adds up against the one cap the
/// tournament names, where each used to have the whole cap (issue 26 saw one bot hold 6.4 GB at
/// concurrency 8 under a 1 GB cap). The cap on processes stays each process's (docs/sandbox.md).
///
/// The parent is made at the bot's first process, with that process's limit (one bot entry's
/// processes all have the same), and removed once the launcher of the bot and the last of its
/// processes have let go of it. Where it cannot be made, each process gets a group of its own
/// with the whole cap, as before.
final class BotGroup: Sendable {
    private struct State {
        var parent: Cgroups.Parent?
        var tried = false
        /// Processes whose groups are in the parent, for the parent's CPU weight (v2).
        var members = 0
    }

    private let cgroups: Cgroups
    private let state = Mutex(State())

    init(cgroups: Cgroups) {
        self.cgroups = cgroups
    }

    /// A group for one new process of the bot, inside the bot's parent (made now if this is
    /// its first), and the lease to give back once that process's group is removed; nil where
    /// there is no parent or the group cannot be made.
    func makeMember(memoryBytes: Int?, processes: Int?) -> (group: Cgroups.Group, lease: LaunchLease)? {
        let made = state.withLock { state -> Cgroups.Group? in
            if !state.tried {
                state.tried = true
                state.parent = cgroups.makeParent(memoryBytes: memoryBytes)
            }
            guard let parent = state.parent, let group = cgroups.makeGroup(memoryBytes: memoryBytes, processes: processes, in: parent) else {
                return nil
            }
            state.members += 1
            cgroups.setWeight(of: parent, processes: state.members)
            return group
        }
        guard let made else { return nil }
        // The lease holds the bot's group until the process has let go of it.
        return (made, LaunchLease { [self] in leave() })
    }

    /// One process fewer in the parent.
    private func leave() {
        state.withLock { state in
            state.members -= 1
            if let parent = state.parent { cgroups.setWeight(of: parent, processes: state.members) }
        }
    }

    deinit {
        if let parent = state.withLock({ $0.parent }) { Cgroups.remove(parent.folders) }
    }
}
