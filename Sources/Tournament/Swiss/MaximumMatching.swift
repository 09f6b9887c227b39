/// The largest set of disjoint pairs in a graph that need not be bipartite: Edmonds' blossom
/// algorithm, O(V³). The Swiss pairing asks it whether a field can still be paired without a
/// repeat (``SwissPairing``).
///
/// ```swift
/// MaximumMatching.size(vertexCount: 4) { a, b in a + b != 3 }   // 2: (0, 1) and (2, 3)
/// ```
enum MaximumMatching {
    /// The number of pairs in a maximum matching of the graph on `0..<vertexCount` whose edges
    /// are the pairs for which `adjacent` holds (it must be symmetric).
    static func size(vertexCount: Int, adjacent: (Int, Int) -> Bool) -> Int {
        var neighbours = Array(repeating: [Int](), count: vertexCount)
        for a in 0..<vertexCount {
            for b in (a + 1)..<max(a + 1, vertexCount) where adjacent(a, b) {
                neighbours[a].append(b)
                neighbours[b].append(a)
            }
        }
        var search = BlossomSearch(neighbours: neighbours)
        return search.maximumMatchingSize()
    }
}

/// The state of one run of Edmonds' algorithm: the matching so far, and per augmenting-path
/// search the forest's parents and the blossoms' bases.
private struct BlossomSearch {
    let neighbours: [[Int]]
    var mate: [Int]
    var parent: [Int]
    var base: [Int]
    var inQueue: [Bool]
    var inBlossom: [Bool]
    var queue: [Int] = []

    init(neighbours: [[Int]]) {
        self.neighbours = neighbours
        let count = neighbours.count
        mate = Array(repeating: -1, count: count)
        parent = Array(repeating: -1, count: count)
        base = Array(0..<count)
        inQueue = Array(repeating: false, count: count)
        inBlossom = Array(repeating: false, count: count)
    }

    mutating func maximumMatchingSize() -> Int {
        // A greedy start, then one augmenting path per free vertex.
        for vertex in neighbours.indices where mate[vertex] == -1 {
            if let other = neighbours[vertex].first(where: { mate[$0] == -1 }) {
                mate[vertex] = other
                mate[other] = vertex
            }
        }
        for root in neighbours.indices where mate[root] == -1 {
            var end = augmentingPathEnd(from: root)
            while end != -1 {
                let previous = parent[end]
                let next = mate[previous]
                mate[end] = previous
                mate[previous] = end
                end = next
            }
        }
        return mate.count { $0 != -1 } / 2
    }

    /// The lowest common ancestor of `a` and `b` in the alternating forest, by bases.
    private func commonAncestor(_ a: Int, _ b: Int) -> Int {
        var seen = Array(repeating: false, count: neighbours.count)
        var a = a
        while true {
            a = base[a]
            seen[a] = true
            if mate[a] == -1 { break }
            a = parent[mate[a]]
        }
        var b = b
        while true {
            b = base[b]
            if seen[b] { return b }
            b = parent[mate[b]]
        }
    }

    private mutating func markPath(_ vertex: Int, _ blossomBase: Int, _ child: Int) {
        var vertex = vertex
        var child = child
        while base[vertex] != blossomBase {
            inBlossom[base[vertex]] = true
            inBlossom[base[mate[vertex]]] = true
            parent[vertex] = child
            child = mate[vertex]
            vertex = parent[mate[vertex]]
        }
    }

    /// The free vertex an augmenting path from `root` ends at, or -1.
    private mutating func augmentingPathEnd(from root: Int) -> Int {
        let count = neighbours.count
        inQueue = Array(repeating: false, count: count)
        parent = Array(repeating: -1, count: count)
        base = Array(0..<count)
        inQueue[root] = true
        queue = [root]
        var head = 0
        while head < queue.count {
            let vertex = queue[head]
            head += 1
            for other in neighbours[vertex] {
                if base[vertex] == base[other] || mate[vertex] == other { continue }
                if other == root || (mate[other] != -1 && parent[mate[other]] != -1) {
                    let blossomBase = commonAncestor(vertex, other)
                    inBlossom = Array(repeating: false, count: count)
                    markPath(vertex, blossomBase, other)
                    markPath(other, blossomBase, vertex)
                    for index in 0..<count where inBlossom[base[index]] {
                        base[index] = blossomBase
                        if !inQueue[index] {
                            inQueue[index] = true
                            queue.append(index)
                        }
                    }
                } else if parent[other] == -1 {
                    parent[other] = vertex
                    if mate[other] == -1 { return other }
                    inQueue[mate[other]] = true
                    queue.append(mate[other])
                }
            }
        }
        return -1
    }
}
