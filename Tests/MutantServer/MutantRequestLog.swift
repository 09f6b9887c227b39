import Synchronization

/// Every request a ``MutantServer`` received, with the instant it arrived on the server's
/// clock: the server's own record, for tests of how clients pace their requests.
public final class MutantRequestLog: Sendable {
    /// One request as it arrived.
    public struct Arrival: Sendable, Hashable {
        public var method: String
        public var path: String
        public var instant: ContinuousClock.Instant
    }

    private let arrivals = Mutex<[Arrival]>([])

    init() {}

    func record(method: String, path: String) {
        let now = ContinuousClock.now
        arrivals.withLock { $0.append(Arrival(method: method, path: path, instant: now)) }
    }

    /// Every request so far, in arrival order.
    public var all: [Arrival] { arrivals.withLock { $0 } }

    /// How many requests arrived for this method and a path with this suffix.
    public func count(_ method: String, pathSuffix: String) -> Int {
        all.filter { $0.method == method && $0.path.hasSuffix(pathSuffix) }.count
    }
}
