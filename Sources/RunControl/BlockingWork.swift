import Foundation

/// Work that blocks its thread (an archive unpacked, a folder walked or copied), run on a thread
/// of its own so that it never holds one of Swift's cooperative threads: there are
/// as many of those as cores, and two blocked ones stall every task of a process on 2 cores
/// (the arena's other check, its HTTP service).
///
/// ```swift
/// let unpacked = await BlockingWork.run { try? ArchiveUnpacker().unpack(archiveAt: archive, into: folder) }
/// ```
public enum BlockingWork {
    /// `body`'s value, computed on a new thread; the caller's task waits without holding a thread.
    public static func run<Value: Sendable>(_ body: @escaping @Sendable () -> Value) async -> Value {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(returning: body())
            }
        }
    }
}
