import Foundation

/// The one thread every bot process is started from, which lives as long as the runner.
///
/// The sandbox runs bwrap with `--die-with-parent` (PR_SET_PDEATHSIG), and Linux sends that
/// signal when the *thread* that started the process ends, not the process. A bot started on
/// whatever thread ran the game's task (a worker of libdispatch or of Swift's pool) was killed
/// with SIGKILL some 5 s after that worker went idle (libdispatch ends idle workers), in the
/// middle of its game: on a loaded machine, several bots at once "crashed, killed by signal 9".
/// Started from here, a bot still dies with the runner, and only then. The caller waits only
/// for `posix_spawn` itself (a few milliseconds, once per process).
///
/// ```swift
/// let status = SpawnThread.run { posix_spawn(&pid, path, &actions, &attributes, &arguments, environ) }
/// ```
enum SpawnThread {
    /// Runs `body` on the spawning thread and returns its result; blocks the caller meanwhile,
    /// so `body` may use the caller's pointers.
    static func run<Value>(_ body: @escaping () -> Value) -> Value {
        let job = Job(body)
        worker.submit(job)
        job.done.wait()
        return job.result!
    }

    private static let worker = Worker()

    /// One call handed to the thread, and its result once `done` is signalled (the semaphore
    /// orders the write before the read).
    private final class Job<Value>: Runnable, @unchecked Sendable {
        let body: () -> Value
        var result: Value?
        let done = DispatchSemaphore(value: 0)

        init(_ body: @escaping () -> Value) {
            self.body = body
        }

        func run() {
            result = body()
            done.signal()
        }
    }

    private protocol Runnable: AnyObject {
        func run()
    }

    /// The thread and its queue of jobs, guarded by `condition`.
    private final class Worker: @unchecked Sendable {
        private let condition = NSCondition()
        private var jobs: [any Runnable] = []

        init() {
            let thread = Thread { [self] in loop() }
            thread.name = "salvo.spawn"
            thread.start()
        }

        func submit(_ job: any Runnable) {
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
