import Synchronization

/// Set once to make a load run stop starting requests (Ctrl-C): games in flight are
/// abandoned after their current request.
public final class LoadStopFlag: Sendable {
    private let flag = Atomic<Bool>(false)

    public init() {}

    /// Asks the run to stop.
    public func set() {
        flag.store(true, ordering: .relaxed)
    }

    /// Whether a stop was asked for.
    public var isSet: Bool { flag.load(ordering: .relaxed) }
}
