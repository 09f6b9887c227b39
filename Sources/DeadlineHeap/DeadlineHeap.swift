/// Values by deadline, the earliest first: a binary min-heap, for the timers of the client's
/// ``BattleshipClient/WakeTimer`` and of the bots' ``Bots/BotEventLoop``.
///
/// ```swift
/// var heap = DeadlineHeap<UInt64, String>()
/// heap.push(30, "c"); heap.push(10, "a")
/// heap.first?.deadline   // 10
/// heap.popFirst()?.value // "a"
/// ```
public struct DeadlineHeap<Deadline: Comparable, Value> {
    private var entries: [(deadline: Deadline, value: Value)] = []

    public init() {}

    public var isEmpty: Bool { entries.isEmpty }
    public var count: Int { entries.count }

    /// The entry with the earliest deadline, nil when there is none.
    public var first: (deadline: Deadline, value: Value)? { entries.first }

    public mutating func push(_ deadline: Deadline, _ value: Value) {
        entries.append((deadline, value))
        var child = entries.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard entries[child].deadline < entries[parent].deadline else { break }
            entries.swapAt(child, parent)
            child = parent
        }
    }

    /// Removes and returns the entry with the earliest deadline; nil when there is none.
    @discardableResult
    public mutating func popFirst() -> (deadline: Deadline, value: Value)? {
        guard !entries.isEmpty else { return nil }
        entries.swapAt(0, entries.count - 1)
        let first = entries.removeLast()
        var parent = 0
        while true {
            let left = 2 * parent + 1, right = left + 1
            var smallest = parent
            if left < entries.count, entries[left].deadline < entries[smallest].deadline { smallest = left }
            if right < entries.count, entries[right].deadline < entries[smallest].deadline { smallest = right }
            guard smallest != parent else { return first }
            entries.swapAt(parent, smallest)
            parent = smallest
        }
    }
}
