import Synchronization

/// How many requests of one kind (the arena's uploads) a client key and all clients together
/// may have in the server at once, and how many of a key's are read at once: each admitted
/// request holds a connection, and each one read a file being written and the buffers between,
/// until its body is whole. A key's admitted requests past ``readingPerKey`` wait their turn,
/// their bodies unread, in the order they came. A request past ``admittedPerKey`` or
/// ``total`` is refused before its body is read; one that is admitted is never refused after.
///
/// ```swift
/// let uploads = InFlightLimit(readingPerKey: 2, admittedPerKey: 8, total: 32)
/// switch uploads.admit("alice") {
/// case .success(let lease):
///     await lease.turn()          // at most 2 of alice's are read at once
///     defer { lease.release() }
///     …                           // read the body
/// case .failure(.perKey): …       // 429: alice has 8 in the server
/// case .failure(.total): …        // 503: 32 in all
/// }
/// ```
public final class InFlightLimit: Sendable {
    /// Which limit a refused request met.
    public enum Refusal: Error, Sendable, Hashable {
        /// The key has ``InFlightLimit/admittedPerKey`` in the server.
        case perKey
        /// All keys together have ``InFlightLimit/total``.
        case total
    }

    /// One admitted request's place, given back once by ``release()`` (or when the lease is dropped).
    public final class Lease: Sendable {
        private let limit: InFlightLimit
        private let key: String
        /// Whether it holds a place among its key's read ones, and whether it is released.
        private let state = Mutex<(reading: Bool, released: Bool)>((false, false))

        fileprivate init(limit: InFlightLimit, key: String) {
            self.limit = limit
            self.key = key
        }

        /// Waits until this request may be read: at once when fewer than ``InFlightLimit/readingPerKey``
        /// of its key's are being read, else when one of those is released. Not cancellable:
        /// every lease is released, so every turn comes.
        public func turn() async {
            guard !state.withLock({ $0.reading }) else { return }
            await limit.waitForTurn(key)
            state.withLock { $0.reading = true }
        }

        public func release() {
            let (first, reading) = state.withLock { state in
                defer { state.released = true }
                return (!state.released, state.reading)
            }
            if first { limit.give(key, reading: reading) }
        }

        deinit { release() }
    }

    private struct State {
        var total = 0
        var admitted: [String: Int] = [:]
        var reading: [String: Int] = [:]
        var waiting: [String: [CheckedContinuation<Void, Never>]] = [:]
    }

    public let readingPerKey: Int
    public let admittedPerKey: Int
    public let total: Int
    private let state = Mutex(State())

    public init(readingPerKey: Int, admittedPerKey: Int, total: Int) {
        self.readingPerKey = max(1, readingPerKey)
        self.admittedPerKey = max(self.readingPerKey, admittedPerKey)
        self.total = max(1, total)
    }

    /// A place for a request of `key`, or the limit it met.
    public func admit(_ key: String) -> Result<Lease, Refusal> {
        let refusal = state.withLock { state -> Refusal? in
            if state.admitted[key, default: 0] >= admittedPerKey { return .perKey }
            if state.total >= total { return .total }
            state.admitted[key, default: 0] += 1
            state.total += 1
            return nil
        }
        if let refusal { return .failure(refusal) }
        return .success(Lease(limit: self, key: key))
    }

    /// Requests admitted now, in all.
    public var admitted: Int { state.withLock { $0.total } }

    /// `key`'s requests admitted now, and of those being read.
    public func counts(_ key: String) -> (admitted: Int, reading: Int) {
        state.withLock { ($0.admitted[key, default: 0], $0.reading[key, default: 0]) }
    }

    fileprivate func waitForTurn(_ key: String) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let now = state.withLock { state -> Bool in
                guard state.reading[key, default: 0] < readingPerKey else {
                    state.waiting[key, default: []].append(continuation)
                    return false
                }
                state.reading[key, default: 0] += 1
                return true
            }
            if now { continuation.resume() }
        }
    }

    fileprivate func give(_ key: String, reading: Bool) {
        let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
            state.total -= 1
            let left = state.admitted[key, default: 1] - 1
            state.admitted[key] = left > 0 ? left : nil
            guard reading else { return nil }
            // The read place goes to the key's longest waiter, or is freed.
            if var queue = state.waiting[key], !queue.isEmpty {
                let next = queue.removeFirst()
                state.waiting[key] = queue.isEmpty ? nil : queue
                return next
            }
            let stillReading = state.reading[key, default: 1] - 1
            state.reading[key] = stillReading > 0 ? stillReading : nil
            return nil
        }
        next?.resume()
    }
}
