import Synchronization

/// A request to stop a long job gently, shared between whoever asks (a Ctrl-C handler, a
/// test, a live view) and the job that obeys: once requested, a tournament run starts no new
/// game and lets the games in flight finish; a load test starts no new request; a build in
/// progress is killed.
///
/// ```swift
/// let stop = StopSignal()
/// Task { try await Task.sleep(for: .seconds(60)); stop.request() }
/// let summary = try await TournamentRun(configuration: config).run(stop: stop)
/// ```
///
/// A job that waits for something other than the signal (a build's exit) learns of the
/// request at once with ``withHandler(_:onStop:)``, instead of looking now and then.
public final class StopSignal: Sendable {
    private let requested = Atomic<Bool>(false)
    /// What to run on the request, by the id that removes it; nil once requested.
    private let handlers = Mutex<[Int: @Sendable () -> Void]?>([:])
    private let nextID = Atomic<Int>(0)

    public init() {}

    /// Asks the job to stop after the work in flight, and runs the handlers waiting for it.
    public func request() {
        requested.store(true, ordering: .relaxed)
        let waiting = handlers.withLock { handlers in
            defer { handlers = nil }
            return handlers ?? [:]
        }
        for handler in waiting.values { handler() }
    }

    /// Whether a stop was asked for.
    public var isRequested: Bool {
        requested.load(ordering: .relaxed)
    }

    /// Runs `operation`; a request made meanwhile runs `onStop` at once, on the requesting
    /// thread (at once on this one if the stop was requested before). As
    /// `withTaskCancellationHandler`, for a stop: `onStop` must be quick and may run while
    /// `operation` does.
    public func withHandler<Value>(
        _ operation: () async -> Value, onStop: @escaping @Sendable () -> Void, isolation: isolated (any Actor)? = #isolation
    ) async -> Value {
        let id = nextID.add(1, ordering: .relaxed).newValue
        let added = handlers.withLock { handlers -> Bool in
            guard handlers != nil else { return false }
            handlers?[id] = onStop
            return true
        }
        if !added { onStop() }
        let value = await operation()
        handlers.withLock { _ = $0?.removeValue(forKey: id) }
        return value
    }
}
