import Foundation

/// The one thread every bot process is started from, which lives as long as the runner.
///
/// The sandbox runs bwrap with `--die-with-parent` (PR_SET_PDEATHSIG), and Linux sends that
/// signal when the *thread* that started the process ends, not the process. A bot started on
/// whatever thread ran the game's task (a worker of libdispatch or of Swift's pool) was killed
/// with SIGKILL some 5 s after that worker went idle (libdispatch ends idle workers), in the
/// middle of its game: on a loaded machine, several bots at once "crashed, killed by signal 9".
/// Started from here, a bot still dies with the runner, and only then. The calling task
/// suspends while `posix_spawn` runs here (a few milliseconds, once per process: it returns
/// once the child has called `exec`), and holds no thread of the cooperative pool meanwhile.
///
/// ```swift
/// let spawned = await SpawnThread.run { ChildProcess.spawn(plan) }
/// ```
enum SpawnThread {
    /// Runs `body` on the spawning thread and returns its result; the calling task suspends
    /// meanwhile.
    static func run<Value: Sendable>(_ body: @escaping @Sendable () -> Value) async -> Value {
        await withCheckedContinuation { (continuation: CheckedContinuation<Value, Never>) in
            worker.submit(Job { continuation.resume(returning: body()) })
        }
    }

    private static let worker = Worker()

    /// One call handed to the thread.
    private struct Job: Sendable {
        let run: @Sendable () -> Void
    }

    /// The thread and its queue of jobs, guarded by `condition`.
    private final class Worker: @unchecked Sendable {
        private let condition = NSCondition()
        private var jobs: [Job] = []

        init() {
            let thread = Thread { [self] in loop() }
            thread.name = "salvo.spawn"
            thread.start()
        }

        func submit(_ job: Job) {
            condition.lock()
            jobs.append(job)
            condition.signal()
            condition.unlock()
        }

        private func loop() {
            while true {
                condition.lock()
                while jobs.isEmpty { condition.wait() }
                let job = jobs.removeFirst()
                condition.unlock()
                job.run()
            }
        }
    }
}
