import DeadlineHeap
import Testing

@Suite("DeadlineHeap")
struct DeadlineHeapTests {
    @Test("entries come out earliest first, whatever order they went in, equal deadlines included")
    func order() {
        var generator = SystemRandomNumberGenerator()
        for size in [0, 1, 2, 3, 17, 1000] {
            let deadlines = (0..<size).map { _ in Int.random(in: 0..<50, using: &generator) }
            var heap = DeadlineHeap<Int, Int>()
            for (index, deadline) in deadlines.enumerated() { heap.push(deadline, index) }
            #expect(heap.count == size)
            var out: [(Int, Int)] = []
            while let entry = heap.popFirst() { out.append((entry.deadline, entry.value)) }
            #expect(out.map(\.0) == deadlines.sorted())
            // Every value comes out once, with its own deadline.
            #expect(out.map(\.1).sorted() == Array(0..<size))
            #expect(out.allSatisfy { deadlines[$0.1] == $0.0 })
            #expect(heap.isEmpty && heap.first == nil)
        }
    }

    @Test("first is the earliest while entries are pushed and popped in turn")
    func interleaved() {
        var heap = DeadlineHeap<Int, String>()
        heap.push(30, "c"); heap.push(10, "a"); heap.push(20, "b")
        #expect(heap.first?.value == "a")
        #expect(heap.popFirst()?.value == "a")
        heap.push(5, "z")
        #expect(heap.first?.deadline == 5)
        #expect([heap.popFirst()?.value, heap.popFirst()?.value, heap.popFirst()?.value, heap.popFirst()?.value] == ["z", "b", "c", nil])
    }
}
