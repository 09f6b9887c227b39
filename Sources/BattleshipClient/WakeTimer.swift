import HeapModule
import Synchronization

/// One timer for many sleepers: actions wait in a queue ordered by deadline, and a single
/// task sleeps until the earliest live one and runs every action that is due by then.
///
/// Every ``TurnPoller`` wait schedules its 500 ms fallback here. Most waits end early (the
/// local opponent's guess wakes the poller), so a task and a system timer of their own per
/// wait, which then fire half a second later for nothing, cost more than the wait itself:
/// here a wait costs one insertion, and a wait that ends early cancels its ``Ticket``, which
/// is then dropped without waking anyone.
///
/// An action never runs before its deadline, and runs as soon after it as the timer's task
/// is woken: the poll interval is exact, so two players polling each other keep their phase.
public final class WakeTimer: Sendable {
    /// The timer the pollers share.
    public static let shared = WakeTimer()

    /// A scheduled action; ``cancel()`` it when it is no longer wanted.
    public final class Ticket: Sendable {
        fileprivate let action: @Sendable () -> Void
        private let cancelled = Atomic<Bool>(false)

        fileprivate init(_ action: @escaping @Sendable () -> Void) {
            self.action = action
        }

        /// The action will not run (unless it is already running).
        public func cancel() {
            cancelled.store(true, ordering: .relaxed)
        }

        var isCancelled: Bool { cancelled.load(ordering: .relaxed) }
    }

    /// A ticket in the queue, compared by its deadline alone: entries due at the same instant
    /// are equal to the heap, which then takes them in any order. A tie-break by the ticket
    /// made the heap 10 to 20% slower (benchmarks/heap.sh) for an order nothing needs.
    private struct Entry: Comparable {
        let deadline: ContinuousClock.Instant
        let ticket: Ticket

        static func < (lhs: Entry, rhs: Entry) -> Bool { lhs.deadline < rhs.deadline }
        static func == (lhs: Entry, rhs: Entry) -> Bool { lhs.deadline == rhs.deadline }
    }

    private struct State {
        /// The tickets, earliest first (swift-collections' `Heap`).
        var heap = Heap<Entry>()
        /// When the sleeping task will wake, if one is sleeping.
        var wake: ContinuousClock.Instant?
        /// Bumped whenever a new task replaces the sleeping one; an older task that wakes
        /// up then sees it is stale and stops.
        var generation: UInt64 = 0
        var sleeper: Task<Void, Never>?
    }

    private let state = Mutex(State())

    /// A timer with no actions yet.
    public init() {}

    /// Runs `action` once `deadline` has passed (on Swift's global executor), unless the
    /// returned ticket is cancelled first.
    @discardableResult
    public func schedule(at deadline: ContinuousClock.Instant, _ action: @escaping @Sendable () -> Void) -> Ticket {
        let ticket = Ticket(action)
        let replaced = state.withLock { state -> Task<Void, Never>? in
            state.heap.insert(Entry(deadline: deadline, ticket: ticket))
            // The sleeping task wakes in time for this deadline: nothing more to do.
            if let wake = state.wake, wake <= deadline { return nil }
            let previous = state.sleeper
            state.generation &+= 1
            let wake = deadline
            state.wake = wake
            state.sleeper = Task { [generation = state.generation] in await self.run(generation: generation, firstWake: wake) }
            return previous
        }
        replaced?.cancel()
        return ticket
    }

    /// The sleeping task: sleeps until its wake time, runs what is due, drops cancelled
    /// tickets, and goes on while live ones remain and no newer task has replaced it.
    private func run(generation: UInt64, firstWake: ContinuousClock.Instant) async {
        var wake = firstWake
        while true {
            try? await Task.sleep(until: wake, tolerance: .zero)
            let now = ContinuousClock.now
            let (due, next) = state.withLock { state -> ([Ticket], ContinuousClock.Instant?) in
                guard state.generation == generation else { return ([], nil) }
                var due: [Ticket] = []
                while let first = state.heap.min, first.deadline <= now || first.ticket.isCancelled {
                    state.heap.removeMin()
                    if !first.ticket.isCancelled { due.append(first.ticket) }
                }
                guard let earliest = state.heap.min else {
                    state.wake = nil
                    state.sleeper = nil
                    return (due, nil)
                }
                state.wake = earliest.deadline
                return (due, earliest.deadline)
            }
            for ticket in due { ticket.action() }
            guard let next else { return }
            wake = next
        }
    }
}
