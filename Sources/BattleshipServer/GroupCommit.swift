import GRDB

/// Writes that arrive while a transaction is being committed wait and are committed together
/// in the next one (group commit). Each caller still returns only once its own write is
/// committed, but a busy server pays for one commit per batch instead of one per write.
///
/// A batch whose transaction fails is retried one write per transaction, so one bad write
/// fails alone.
actor GroupCommit {
    typealias Operation = @Sendable (Database) throws -> Void

    private let writer: any DatabaseWriter
    private var pending: [(operation: Operation, continuation: CheckedContinuation<Void, any Error>)] = []
    private var draining = false

    init(writer: any DatabaseWriter) {
        self.writer = writer
    }

    /// Runs `operation` in a write transaction, possibly shared with other writes, and returns
    /// once that transaction is committed.
    func perform(_ operation: @escaping Operation) async throws {
        try await withCheckedThrowingContinuation { continuation in
            pending.append((operation, continuation))
            if !draining {
                draining = true
                Task { await drain() }
            }
        }
    }

    private func drain() async {
        while !pending.isEmpty {
            let batch = pending
            pending.removeAll(keepingCapacity: true)
            let operations = batch.map(\.operation)
            do {
                try await writer.write { db in
                    for operation in operations { try operation(db) }
                }
                for item in batch { item.continuation.resume() }
            } catch {
                for item in batch {
                    do {
                        try await writer.write { db in try item.operation(db) }
                        item.continuation.resume()
                    } catch {
                        item.continuation.resume(throwing: error)
                    }
                }
            }
        }
        draining = false
    }
}
