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
/// A batch whose transaction fails is retried one write per transaction, so one bad write
/// fails alone; a queued write that fails is reported to `onLostWrite`.
final class GroupCommit: Sendable {
    typealias Operation = @Sendable (Database) throws -> Void

    private struct Pending {
        var writes: [(operation: Operation, continuation: CheckedContinuation<Void, any Error>?)] = []
        /// Whether a drain task is running.
        var draining = false
    }

    private let writer: any DatabaseWriter
    private let onLostWrite: @Sendable (any Error) -> Void
    private let pending = Mutex(Pending())

    init(writer: any DatabaseWriter, onLostWrite: @escaping @Sendable (any Error) -> Void = { _ in }) {
        self.writer = writer
        self.onLostWrite = onLostWrite
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
        let startDrain = pending.withLock { pending in
            pending.writes.append((operation, continuation))
            defer { pending.draining = true }
            return !pending.draining
        }
        if startDrain {
            writer.asyncWriteWithoutTransaction { db in self.drain(db) }
        }
    }

    /// On the writer's queue: commits the queued writes, batch after batch, until none is
    /// left. A callback on that queue rather than a task that awaits it: no task to create
    /// and no hop back to Swift's pool per batch.
    private func drain(_ db: Database) {
        while true {
            let batch = pending.withLock { pending in
                defer { pending.writes.removeAll(keepingCapacity: true) }
                if pending.writes.isEmpty { pending.draining = false }
                return pending.writes
            }
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
}
