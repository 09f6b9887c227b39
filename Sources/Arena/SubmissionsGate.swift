import Synchronization

/// The season's submissions folder (`DIR/submissions`), held by one side at a time: a batch
/// while it enters the versions (copies and builds them), a check while it puts a passed
/// version in place and marks it waiting. So a batch never copies a student's folder while a
/// check replaces it, and a version that passes during a batch's games waits for the next
/// batch instead of being half-entered into this one. Each hold is short: an install is two
/// renames; the entry is the batch's first seconds.
///
/// ```swift
/// let gate = SubmissionsGate()
/// await gate.hold { install(folder) }
/// ```
final class SubmissionsGate: Sendable {
    private struct State {
        var held = false
        var waiting: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Mutex(State())

    /// Runs `body` while holding the folder, waiting for the other side first.
    func hold<Result: Sendable>(_ body: @Sendable () throws -> Result) async rethrows -> Result {
        await enter()
        defer { leave() }
        return try body()
    }

    /// Waits until the folder is free and takes it. Not cancellable: every hold ends by itself.
    func enter() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let free = state.withLock { state -> Bool in
                guard state.held else {
                    state.held = true
                    return true
                }
                state.waiting.append(continuation)
                return false
            }
            if free { continuation.resume() }
        }
    }

    /// Gives the folder to the longest waiter, or frees it.
    func leave() {
        let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard !state.waiting.isEmpty else {
                state.held = false
                return nil
            }
            return state.waiting.removeFirst()
        }
        next?.resume()
    }

    /// Whether one side holds the folder now (for tests).
    var isHeld: Bool {
        state.withLock { $0.held }
    }

    /// How many wait for it now (for tests).
    var waiters: Int {
        state.withLock { $0.waiting.count }
    }
}
