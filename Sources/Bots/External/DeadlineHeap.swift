/// The deadlines of ``BotEventLoop``'s waits, earliest first: a binary min-heap of
/// (deadline, waiter id). A wait that ends before its deadline leaves its entry behind; the
/// loop drops such entries when they come to the top.
struct DeadlineHeap {
    private var entries: [(deadline: UInt64, id: UInt64)] = []

    var isEmpty: Bool { entries.isEmpty }

    /// The earliest entry, nil when there is none.
    func peek() -> (UInt64, UInt64)? {
        entries.first.map { ($0.deadline, $0.id) }
    }

    mutating func push(_ deadline: UInt64, _ id: UInt64) {
        entries.append((deadline, id))
        var child = entries.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard entries[child].deadline < entries[parent].deadline else { break }
            entries.swapAt(child, parent)
            child = parent
        }
    }

    /// Removes the earliest entry.
    mutating func pop() {
        guard !entries.isEmpty else { return }
        entries.swapAt(0, entries.count - 1)
        entries.removeLast()
        var parent = 0
        while true {
            let left = 2 * parent + 1, right = left + 1
            var smallest = parent
            if left < entries.count && entries[left].deadline < entries[smallest].deadline { smallest = left }
            if right < entries.count && entries[right].deadline < entries[smallest].deadline { smallest = right }
            guard smallest != parent else { return }
            entries.swapAt(parent, smallest)
            parent = smallest
        }
    }
}
