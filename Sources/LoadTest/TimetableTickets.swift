import Synchronization

/// Hands out the request numbers of a run's shared open-loop timetable, one per request, in
/// the order the run's games become ready to send: 0, 1, 2, …
public final class TimetableTickets: Sendable {
    private let next = Atomic<Int>(0)

    public init() {}

    /// The next request number.
    public func take() -> Int {
        next.add(1, ordering: .relaxed).oldValue
    }

    /// How many numbers were handed out.
    public var taken: Int { next.load(ordering: .relaxed) }
}
