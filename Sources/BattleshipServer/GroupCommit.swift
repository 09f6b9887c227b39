import Dispatch
import DurationUnits
import GRDB
import Synchronization

/// Writes that arrive while a transaction is being committed wait and are committed together
/// in the next one (group commit). A busy server pays for one commit per batch instead of
/// one per write.
///
/// A write is either awaited (``perform(_:)`` returns once its transaction is committed) or
/// queued (``submit(_:)`` returns at once: write-behind). Both kinds share one queue, so
/// writes are committed in the order they were handed in, and a crash loses at most a tail
/// of the queued ones, never one from the middle.
///
/// An awaited write starts a commit at once. Queued writes wait up to `queuedWriteDelay` for
/// company before their commit starts, so a steady stream of them is committed a few times
/// per `queuedWriteDelay` in large batches rather than a write or two per commit: every commit
/// writes each page it touched to the log again, and the server's shot index is touched at a
/// different page by every game.
///
/// A batch whose transaction fails is retried one write per transaction, so one bad write
/// fails alone; a queued write that fails is reported to `onLostWrite`. Each commit's time and
/// number of writes go to `onCommit` (the server's metrics).
final class GroupCommit: Sendable {
    typealias Operation = @Sendable (Database) throws -> Void
    /// Told of each batch committed (or failed): its time from the transaction's start to the
    /// end of its commit (retries of a failed batch included) and its number of writes.
    typealias CommitObserver = @Sendable (_ duration: Duration, _ writes: Int) -> Void

    private enum Phase {
        /// Nothing is queued.
        case idle
        /// A commit starts when the timer armed with this number fires.
        case waiting(timer: Int)
        /// A drain is on the writer's queue, or about to be.
        case draining
    }

    private struct Pending {
        var writes: [(operation: Operation, continuation: CheckedContinuation<Void, any Error>?)] = []
        var phase = Phase.idle
        /// Numbers the armed timers, so that a timer overtaken by an awaited write is ignored.
        var timers = 0

        /// Whether a write someone awaits is queued.
        var awaitsCommit: Bool { writes.contains { $0.continuation != nil } }

        /// Arms a new timer and returns its number.
        mutating func armTimer() -> Int {
            timers += 1
            phase = .waiting(timer: timers)
            return timers
        }
    }

    /// What to do once the lock is released.
    private enum Next {
        case nothing
        case drain
        case armTimer(Int)
    }

    private let writer: any DatabaseWriter
    private let queuedWriteDelay: DispatchTimeInterval
    private let onLostWrite: @Sendable (any Error) -> Void
    private let onCommit: CommitObserver?
    private let pending = Mutex(Pending())

    /// A group commit onto `writer`. With a `queuedWriteDelay` of zero, queued writes are
    /// committed as eagerly as awaited ones.
    init(
        writer: any DatabaseWriter, queuedWriteDelay: Duration = .zero, onLostWrite: @escaping @Sendable (any Error) -> Void = { _ in },
        onCommit: CommitObserver? = nil
    ) {
        self.writer = writer
        self.queuedWriteDelay = .nanoseconds(Int(clamping: queuedWriteDelay.wholeNanoseconds))
        self.onLostWrite = onLostWrite
        self.onCommit = onCommit
    }

    /// Runs `operation` in a write transaction, possibly shared with other writes, and returns
    /// once that transaction is committed.
    func perform(_ operation: @escaping Operation) async throws {
        try await withCheckedThrowingContinuation { continuation in
            enqueue(operation, continuation)
        }
    }

    /// Queues `operation` for the next transaction and returns at once.
    func submit(_ operation: @escaping Operation) {
        enqueue(operation, nil)
    }

    /// Returns once every write handed in before the call is committed (or reported lost).
    func flush() async {
        try? await perform { _ in }
    }

    private func enqueue(_ operation: @escaping Operation, _ continuation: CheckedContinuation<Void, any Error>?) {
        let next = pending.withLock { pending -> Next in
            pending.writes.append((operation, continuation))
            switch pending.phase {
            case .draining:
                return .nothing
            case .waiting where continuation == nil:
                return .nothing
            case .idle where continuation == nil && queuedWriteDelay != .nanoseconds(0):
                return .armTimer(pending.armTimer())
            case .idle, .waiting:
                pending.phase = .draining
                return .drain
            }
        }
        carryOut(next)
    }

    private func carryOut(_ next: Next) {
        switch next {
        case .nothing:
            break
        case .drain:
            writer.asyncWriteWithoutTransaction { db in self.drain(db) }
        case .armTimer(let timer):
            DispatchQueue.global().asyncAfter(deadline: .now() + queuedWriteDelay) { self.timerFired(timer) }
        }
    }

    private func timerFired(_ timer: Int) {
        let next = pending.withLock { pending -> Next in
            guard case .waiting(timer) = pending.phase else { return .nothing }
            pending.phase = .draining
            return .drain
        }
        carryOut(next)
    }

    /// On the writer's queue: commits the queued writes, batch after batch, while someone
    /// awaits one; queued writes alone wait for the next timer. A callback on that queue
    /// rather than a task that awaits it: no task to create and no hop back to Swift's pool
    /// per batch.
    private func drain(_ db: Database) {
        while true {
            let batch = pending.withLock { pending in
                defer { pending.writes.removeAll(keepingCapacity: true) }
                return pending.writes
            }
            if let onCommit, !batch.isEmpty {
                let start = ContinuousClock.now
                commit(batch, db)
                onCommit(ContinuousClock.now - start, batch.count)
            } else {
                commit(batch, db)
            }
            let next = pending.withLock { pending -> Next? in
                if pending.writes.isEmpty {
                    pending.phase = .idle
                    return .nothing
                }
                if pending.awaitsCommit || queuedWriteDelay == .nanoseconds(0) { return nil }
                return .armTimer(pending.armTimer())
            }
            guard let next else { continue }
            carryOut(next)
            return
        }
    }

    private func commit(_ batch: [(operation: Operation, continuation: CheckedContinuation<Void, any Error>?)], _ db: Database) {
        if batch.isEmpty { return }
        do {
            try db.inTransaction {
                for item in batch { try item.operation(db) }
                return .commit
            }
            for item in batch { item.continuation?.resume() }
        } catch {
            for item in batch {
                do {
                    try db.inTransaction {
                        try item.operation(db)
                        return .commit
                    }
                    item.continuation?.resume()
                } catch {
                    if let continuation = item.continuation {
                        continuation.resume(throwing: error)
                    } else {
                        onLostWrite(error)
                    }
                }
            }
        }
    }
}
