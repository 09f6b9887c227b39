import Bots
import Foundation
import Synchronization

/// A host user of its own for every sandboxed process in flight, as IOI's isolate gives each
/// box its own uid: nothing the kernel keys by user (keyrings and `/proc/keys`, the per-user
/// counts of processes, inotify watches and pipe buffers, anything a future kernel adds) is
/// shared between two sandboxes, the two processes of a mirrored pair among them.
///
/// The users are the 65,536 uids (with the same gids) from ``first`` (`0x70000000`): just above
/// the range systemd leaves to containers (524288 to 1879048191), below 2^31, owned by no
/// account and named in no `/etc/subuid` here. Only root can start a process as any uid, so
/// only a root runner has them (``available``); a runner that is not root starts every
/// sandbox as itself (``SandboxLauncher/hostUserWarning`` says so).
///
/// A uid is taken by an exclusive `flock` on its file in ``folder``, held by the runner for as
/// long as the process and everything it started live, and released when the runner lets go
/// of the lock or dies: two runners on one machine, and two tasks of one runner, never hold the
/// same uid at once, and a runner killed with SIGKILL leaves no uid taken. Each runner takes
/// the lowest free uids in turn, round the range, so one it has just given back is the last
/// it takes again.
final class HostUsers: Sendable {
    /// The first uid of the range.
    static let first: UInt32 = 0x7000_0000
    /// How many uids the range holds.
    static let count = 65_536
    /// Where the lock files are: root's, in a memory filesystem emptied at boot.
    static let defaultFolder = "/run/salvo/host-users"

    let folder: String
    private let cursor = Atomic<Int>(0)

    init(folder: String) {
        self.folder = folder
    }

    /// This runner's users: nil unless it runs as root and can make ``defaultFolder``.
    static let available: HostUsers? = {
        guard geteuid() == 0 else { return nil }
        return make(folder: defaultFolder)
    }()

    /// Users whose locks are in `folder` (made, mode 700, if need be); nil when it cannot be used.
    static func make(folder: String) -> HostUsers? {
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        guard access(folder, W_OK) == 0 else { return nil }
        return HostUsers(folder: folder)
    }

    /// A free uid and the lease that holds it, then `giveBack` on release; nil when every uid
    /// of the range is taken.
    func take(then giveBack: @escaping @Sendable () -> Void = {}) -> (uid: UInt32, lease: LaunchLease)? {
        for _ in 0..<Self.count {
            let index = cursor.wrappingAdd(1, ordering: .relaxed).oldValue % Self.count
            let uid = Self.first + UInt32(index)
            let descriptor = open("\(folder)/\(uid)", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
            guard descriptor >= 0 else { continue }
            guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
                close(descriptor)
                continue
            }
            return (
                uid,
                LaunchLease {
                    giveBack()
                    close(descriptor)
                }
            )
        }
        return nil
    }

    /// Whether `uid` is one of the range's.
    static func contains(_ uid: UInt32) -> Bool {
        uid >= first && uid - first < UInt32(count)
    }
}
