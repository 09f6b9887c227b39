import Synchronization

/// One timer for many sleepers: actions wait in a queue ordered by deadline, and a single
/// task sleeps until the earliest one and runs every action that is due by then.
///
/// Every ``TurnPoller`` wait schedules its 500 ms fallback here. Most waits end early (the
/// local opponent's guess wakes the poller), so a task and a system timer of their own per
/// wait, which then fire half a second later for nothing, cost more than the wait itself:
/// here a wait costs one insertion, and actions that fall due close together (within
/// ``slack``) run in one wake-up.
///
/// An action never runs before its deadline, and runs at most ``slack`` after it unless the
/// machine is too busy to wake the timer's task on time.
public final class WakeTimer: Sendable {
    /// The timer the pollers share.
    public static let shared = WakeTimer()

    /// How late an action may run, so that actions due close together run in one wake-up.
    public let slack: Duration

    private struct Entry {
        let deadline: ContinuousClock.Instant
        let action: @Sendable () -> Void
    }

    private struct State {
        /// A binary min-heap on `deadline`.
        var heap: [Entry] = []
        /// When the sleeping task will wake, if one is sleeping.
        var wake: ContinuousClock.Instant?
        /// Bumped whenever a new task replaces the sleeping one; an older task that wakes
        /// up then sees it is stale and stops.
        var generation: UInt64 = 0
        var sleeper: Task<Void, Never>?

        /// Adds `entry`, keeping the earliest deadline first.
        mutating func push(_ entry: Entry) {
            heap.append(entry)
            var child = heap.count - 1
            while child > 0 {
                let parent = (child - 1) / 2
                guard heap[child].deadline < heap[parent].deadline else { break }
                heap.swapAt(child, parent)
                child = parent
            }
        }

        /// Removes and returns the entry with the earliest deadline; the heap is not empty.
        mutating func popFirst() -> Entry {
            let first = heap[0]
            let last = heap.removeLast()
            guard !heap.isEmpty else { return first }
            heap[0] = last
            var parent = 0
            while true {
                let left = 2 * parent + 1
                let right = left + 1
                var smallest = parent
                if left < heap.count, heap[left].deadline < heap[smallest].deadline { smallest = left }
                if right < heap.count, heap[right].deadline < heap[smallest].deadline { smallest = right }
                guard smallest != parent else { return first }
                heap.swapAt(parent, smallest)
                parent = smallest
            }
        }
    }

    private let state = Mutex(State())

    /// A timer whose actions run at most `slack` after their deadlines.
    public init(slack: Duration = .milliseconds(5)) {
        self.slack = slack
    }

    /// Runs `action` once `deadline` has passed (on Swift's global executor).
    public func schedule(at deadline: ContinuousClock.Instant, _ action: @escaping @Sendable () -> Void) {
        let replaced = state.withLock { state -> Task<Void, Never>? in
            state.push(Entry(deadline: deadline, action: action))
            // The sleeping task wakes in time for this deadline: nothing more to do.
            if let wake = state.wake, wake <= deadline + slack { return nil }
            let previous = state.sleeper
            state.generation &+= 1
            let wake = deadline + slack
            state.wake = wake
            state.sleeper = Task { [generation = state.generation] in await self.run(generation: generation, firstWake: wake) }
            return previous
        }
        replaced?.cancel()
    }

    /// The sleeping task: sleeps until its wake time, runs what is due, and goes on while
    /// actions remain and no newer task has replaced it.
    private func run(generation: UInt64, firstWake: ContinuousClock.Instant) async {
        var wake = firstWake
        while true {
            try? await Task.sleep(until: wake, tolerance: slack)
            let now = ContinuousClock.now
            let (due, next) = state.withLock { state -> ([Entry], ContinuousClock.Instant?) in
                guard state.generation == generation else { return ([], nil) }
                var due: [Entry] = []
                while let first = state.heap.first, first.deadline <= now {
                    due.append(state.popFirst())
                }
                guard let earliest = state.heap.first else {
                    state.wake = nil
                    state.sleeper = nil
                    return (due, nil)
                }
                state.wake = max(earliest.deadline, now) + slack
                return (due, state.wake)
            }
            for entry in due { entry.action() }
            guard let next else { return }
            wake = next
        }
    }
}
