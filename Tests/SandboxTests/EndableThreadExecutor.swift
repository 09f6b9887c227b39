import Foundation

#if canImport(Glibc)
import Glibc
#else
#error("Salvo builds and runs on Linux only: see docs/platform.md")
#endif

/// A task executor that runs its jobs on one thread of its own, which a test ends when it
/// likes (``end()``): what libdispatch does to a worker thread that has gone idle, but at a
/// known moment. A process spawned from this thread with a parent-death signal (bwrap's
/// `--die-with-parent`) has been sent that signal once ``end()`` returns.
///
/// ```swift
/// let executor = try EndableThreadExecutor()
/// try await withTaskExecutorPreference(executor) { try await bot.start(game) }
/// executor.end()   // the thread is gone, and so is any process it was the parent of
/// ```
final class EndableThreadExecutor: TaskExecutor, @unchecked Sendable {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Guards `jobs`, `ending` and `threadID`.
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []
    private var ending = false
    /// The thread's id in the kernel (`/proc/self/task/ID`), once it runs.
    private var threadID: String?
    private var thread = pthread_t()

    init() throws {
        // The thread holds the executor until it ends.
        let retained = Unmanaged.passRetained(self).toOpaque()
        let code = pthread_create(
            &thread, nil,
            { argument in
                guard let argument else { return nil }
                Unmanaged<EndableThreadExecutor>.fromOpaque(argument).takeRetainedValue().loop()
                return nil
            }, retained)
        guard code == 0 else {
            Unmanaged<EndableThreadExecutor>.fromOpaque(retained).release()
            throw Failure(description: "pthread_create failed: \(code)")
        }
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    /// Lets the thread run the jobs it has, then end, and returns once the kernel is done with
    /// it: joined, and gone from `/proc/self/task`, which the kernel does only after it has
    /// handed the thread's children to another thread and sent their parent-death signals.
    /// Nothing may be enqueued after.
    func end() throws {
        condition.lock()
        ending = true
        condition.signal()
        condition.unlock()
        pthread_join(thread, nil)
        condition.lock()
        let id = threadID
        condition.unlock()
        guard let id else { throw Failure(description: "the thread never ran") }
        // A hang guard only: the kernel releases a joined thread at once.
        let deadline = Date().addingTimeInterval(60)
        while FileManager.default.fileExists(atPath: "/proc/self/task/" + id) {
            guard Date() < deadline else { throw Failure(description: "thread \(id) still in /proc/self/task a minute after it ended") }
            usleep(1_000)
        }
    }

    private func loop() {
        // `/proc/thread-self` is `PID/task/TID`.
        let id = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/thread-self"))?.split(separator: "/").last.map(String.init)
        condition.lock()
        threadID = id
        condition.unlock()
        while true {
            condition.lock()
            while jobs.isEmpty && !ending { condition.wait() }
            guard !jobs.isEmpty else {
                condition.unlock()
                return
            }
            let job = jobs.removeFirst()
            condition.unlock()
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}
