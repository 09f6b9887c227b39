import Synchronization

/// A request to stop a run, shared between the signal handler and the runner: once set, no
/// new game starts and the games in flight finish.
public final class StopRequest: Sendable {
    private let requested = Atomic<Bool>(false)

    public init() {}

    /// Asks the run to stop after the games in flight.
    public func request() {
        requested.store(true, ordering: .relaxed)
    }

    /// Whether a stop was asked for.
    public var isRequested: Bool {
        requested.load(ordering: .relaxed)
    }
}
