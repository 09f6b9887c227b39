import Foundation

/// A value guarded by a lock: the only way in is `withLock`.
///
/// `@unchecked Sendable` is justified because `state` is read and written only while
/// `lock` is held, so the lock serializes every access from every thread.
final class LockedState<State>: @unchecked Sendable {
    private let lock = NSLock()
    private var state: State

    init(_ state: State) {
        self.state = state
    }

    func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&state)
    }
}
