import Synchronization

/// Opened once the application listens, or shut for good when it never will: the services
/// started beside it wait here (``AfterListening``).
final class ListeningGate: Sendable {
    private struct State {
        var outcome: Bool?
        var waiters: [CheckedContinuation<Bool, Never>] = []
    }

    private let state = Mutex(State())

    /// Whether the application listens: true once ``settle(_:)`` said so, false if it said it
    /// never will; waits until then.
    func wait() async -> Bool {
        await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            let outcome = state.withLock { state -> Bool? in
                if state.outcome == nil { state.waiters.append(continuation) }
                return state.outcome
            }
            if let outcome { continuation.resume(returning: outcome) }
        }
    }

    /// Settles the gate, the first time only: `listening` or never.
    func settle(_ listening: Bool) {
        let waiters = state.withLock { state -> [CheckedContinuation<Bool, Never>] in
            guard state.outcome == nil else { return [] }
            state.outcome = listening
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume(returning: listening) }
    }
}
