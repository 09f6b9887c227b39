/// What a launcher's child does between its start and its `exec`, done by the runner itself
/// (``ChildProcess``, with `clone` as `posix_spawn` does) instead of by a launching shell and
/// `setpriv`: two programs fewer to start for every sandboxed process. In this order: descriptors
/// of the runner opened anew on slots of the child, the child moved into its cgroups, its
/// rlimits set, and its host user taken (one supplementary group at most, no new privileges). A step
/// that fails ends the child before its `exec`, and the launch fails with the step's name as
/// the host's fault (``BotFault/sandboxFailed(_:)``), never the bot's.
public struct ChildSetup: Hashable, Sendable {
    /// A descriptor of the runner opened anew (`/proc/PID/fd/N`: a new open file with its own
    /// offset) on a slot of the child, read-only.
    public struct Reopened: Hashable, Sendable {
        public let descriptor: Int32
        public let slot: Int32

        public init(_ descriptor: Int32, on slot: Int32) {
            self.descriptor = descriptor
            self.slot = slot
        }
    }

    /// The runner's descriptors the child gets on its slots (beside its standard three and the
    /// plan's status pipe).
    public var reopened: [Reopened]
    /// The `cgroup.procs` files the child writes itself into.
    public var cgroupProcs: [String]
    /// Its rlimits.
    public var limits: [ProcessLimit]
    /// The host uid (and gid) it runs as; nil for the runner's own.
    public var uid: UInt32?
    /// Its one supplementary group once it runs as ``uid``; nil for none.
    public var group: UInt32?

    public init(reopened: [Reopened] = [], cgroupProcs: [String] = [], limits: [ProcessLimit] = [], uid: UInt32? = nil, group: UInt32? = nil) {
        self.reopened = reopened
        self.cgroupProcs = cgroupProcs
        self.limits = limits
        self.uid = uid
        self.group = group
    }
}
