import Synchronization

/// A request to stop a long job gently, shared between whoever asks (a Ctrl-C handler, a
/// test, a live view) and the job that obeys: once requested, a tournament run starts no new
/// game and lets the games in flight finish; a load test starts no new request.
///
/// ```swift
/// let stop = StopSignal()
/// Task { try await Task.sleep(for: .seconds(60)); stop.request() }
/// let summary = try await TournamentRun(configuration: config).run(stop: stop)
/// ```
public final class StopSignal: Sendable {
    private let requested = Atomic<Bool>(false)

    public init() {}

    /// Asks the job to stop after the work in flight.
    public func request() {
        requested.store(true, ordering: .relaxed)
    }

    /// Whether a stop was asked for.
    public var isRequested: Bool {
        requested.load(ordering: .relaxed)
    }
}
