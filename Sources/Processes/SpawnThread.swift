import Foundation

/// The few threads every bot process is started from, which live as long as the runner.
///
/// The sandbox runs bwrap with `--die-with-parent` (PR_SET_PDEATHSIG), and Linux sends that
/// signal when the *thread* that started the process ends, not the process. A bot started on
/// whatever thread ran the game's task (a worker of libdispatch or of Swift's pool) was killed
/// with SIGKILL some 5 s after that worker went idle (libdispatch ends idle workers), in the
/// middle of its game: on a loaded machine, several bots at once "crashed, killed by signal 9".
/// Started from here, a bot still dies with the runner, and only then. The calling task
/// suspends while the spawn runs here (a few milliseconds, once per process: it returns once
/// the child has called `exec`, after joining its cgroups, which the kernel serialises), and
/// holds no thread of the cooperative pool meanwhile. ``threads`` spawns run at once: with one,
/// a run that starts a hundred sandboxes at once on a loaded machine waited for each child's
/// set-up in turn.
///
/// ```swift
/// let spawned = await SpawnThread.run { ChildProcess.spawn(plan) }
/// ```
package enum SpawnThread {
    /// Runs `body` on the spawning thread and returns its result; the calling task suspends
    /// meanwhile.
    package static func run<Value: Sendable>(_ body: @escaping @Sendable () -> Value) async -> Value {
        await withCheckedContinuation { (continuation: CheckedContinuation<Value, Never>) in
            worker.submit(Job { continuation.resume(returning: body()) })
        }
    }

    private static let worker = Worker(threads: threads)

    /// How many spawns may run at once.
    package static let threads = 4

    /// One call handed to the thread.
    private struct Job: Sendable {
        let run: @Sendable () -> Void
    }

    /// The threads and their queue of jobs, guarded by `condition`.
    private final class Worker: @unchecked Sendable {
        private let condition = NSCondition()
        private var jobs: [Job] = []

        init(threads: Int) {
            for _ in 0..<threads {
                let thread = Thread { [self] in loop() }
                thread.name = "salvo.spawn"
                thread.start()
            }
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
