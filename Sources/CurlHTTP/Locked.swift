import Foundation

/// A value guarded by a lock: the only way in is `withLock`. Package-wide: BattleshipClient
/// uses it too.
///
/// `@unchecked Sendable` is justified because `state` is read and written only while
/// `lock` is held, so the lock serializes every access from every thread.
package final class Locked<State>: @unchecked Sendable {
    private let lock = NSLock()
    private var state: State

    package init(_ state: State) {
        self.state = state
    }

    package func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&state)
    }
}
