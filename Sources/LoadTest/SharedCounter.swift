import Synchronization

/// A counter shared by the tasks of a run: each ``next()`` returns a distinct number, 0 first.
final class SharedCounter: Sendable {
    private let value = Atomic<Int>(0)

    /// The next number.
    func next() -> Int {
        value.add(1, ordering: .relaxed).oldValue
    }
}
