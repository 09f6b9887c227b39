import Synchronization

/// Something a launcher holds for one process (a host user of its own, descriptors the
/// launching shell reads) and gives back once that process and everything it started have
/// ended: ``release()`` runs the giving back once, and a lease no one holds any more gives it
/// back by itself, so a plan that was never started leaks nothing.
///
/// The runner keeps the lease of a bot process until the process's cgroups are removed, that
/// is until the kernel has ended the last of its processes (``LaunchPlan/lease``).
public final class LaunchLease: Sendable, Hashable {
    private let giveBack: Mutex<(@Sendable () -> Void)?>

    /// A lease that runs `giveBack` when released.
    public init(_ giveBack: @escaping @Sendable () -> Void) {
        self.giveBack = Mutex(giveBack)
    }

    /// Gives back what the lease holds; later calls do nothing.
    public func release() {
        let action = giveBack.withLock { action in
            defer { action = nil }
            return action
        }
        action?()
    }

    deinit {
        release()
    }

    public static func == (left: LaunchLease, right: LaunchLease) -> Bool {
        left === right
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }
}
