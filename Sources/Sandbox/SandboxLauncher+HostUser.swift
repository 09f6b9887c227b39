import Bots
import CSeccomp
import Foundation

extension SandboxLauncher {
    /// The sandbox's group: every sandboxed process a root runner starts (bots and builds, as
    /// their host users) has it as its one supplementary group, and no account has it. A folder
    /// of this group, mode 750 (an arena's, `ArenaFolder.closeToOthers()`), lets every sandbox
    /// pass through it to the copy it runs and keeps every other local user out. Just past the
    /// host users' range (``HostUsers``).
    public static let sandboxGroup: UInt32 = HostUsers.first + UInt32(HostUsers.count)

    /// Who a new sandbox runs as on the host, and what holds it until the process has ended.
    struct HostIdentity {
        /// The uid bwrap is started as; nil for the runner's own (a runner that is not root).
        let uid: UInt32?
        /// The lease of a uid of its own (``HostUsers``); nil for a shared one.
        let lease: LaunchLease?
    }

    /// A host user for one new sandbox: one of its own where the runner is root (``HostUsers``),
    /// `nobody` where root has no range to take from, the runner itself otherwise.
    func takeHostUser() throws(BotFault) -> HostIdentity {
        guard geteuid() == 0 else { return HostIdentity(uid: nil, lease: nil) }
        guard let hostUsers else { return HostIdentity(uid: BubblewrapArguments.hostUser, lease: nil) }
        guard let taken = hostUsers.take() else {
            throw .launchFailed("all \(HostUsers.count) host users of the sandbox (uids \(HostUsers.first) and up) are in use on this machine")
        }
        return HostIdentity(uid: taken.uid, lease: taken.lease)
    }

    /// What this machine's sandboxes cannot keep apart for want of a host user each, in a line
    /// for the run's output; nil where each sandbox has a uid of its own (docs/sandbox.md).
    public var hostUserWarning: String? {
        if geteuid() != 0 {
            return
                "salvo: not running as root: every sandbox runs as this user (uid \(geteuid())), not as a host user of its own; what the kernel keeps per user (keyrings, per-user counts of processes, inotify watches and pipe buffers) is shared between sandboxes, though the system-call filter still denies keyrings, file locks and inotify"
        }
        if hostUsers == nil {
            return
                "salvo: \(HostUsers.defaultFolder) cannot be made: every sandbox runs as nobody (uid \(BubblewrapArguments.hostUser)), not as a host user of its own; what the kernel keeps per user is shared between sandboxes, though the system-call filter still denies keyrings, file locks and inotify"
        }
        return nil
    }

    /// bwrap's options in a sealed memory file: its descriptor, the shell command that opens it
    /// on ``BubblewrapArguments/optionsSlot``, and the lease that closes it once the process has
    /// ended (after `then`).
    static func optionsFile(_ options: [String], then giveBack: LaunchLease?) throws(BotFault) -> (
        open: String, descriptor: Int32, lease: LaunchLease
    ) {
        var bytes: [UInt8] = []
        for option in options { bytes += Array(option.utf8) + [0] }
        let descriptor = bytes.withUnsafeBytes { salvo_sealed_memfd("salvo-bwrap-options", $0.baseAddress, $0.count) }
        guard descriptor >= 0 else {
            giveBack?.release()
            throw .launchFailed("the sandbox's options cannot be written (\(String(cString: strerror(-descriptor))))")
        }
        let lease = LaunchLease {
            giveBack?.release()
            close(descriptor)
        }
        return ("exec \(BubblewrapArguments.optionsSlot)< /proc/\(getpid())/fd/\(descriptor) || exit 126; ", descriptor, lease)
    }
}
