import CCurl
import Foundation
import Synchronization

/// The thread that runs libcurl's multi interface for one ``CurlHTTPClient``.
///
/// Callers hand in transfers and cancellations through a locked queue and wake the thread
/// only when it is waiting (on Linux through the ``CurlSocketWatcher``'s eventfd, elsewhere
/// with `curl_multi_wakeup`); the thread alone owns the multi handle, the easy handles and
/// the running transfers. On Linux it drives libcurl with `curl_multi_socket_action` over
/// epoll, so each turn of the loop touches only the connections that are ready.
///
/// The loop is also a `TaskExecutor` (see ``CurlHTTPClient/taskExecutor``): a task that
/// prefers it runs on the loop thread between turns, so a request's completion resumes the
/// task on the same thread, with no wake-up of another thread per request.
///
/// `@unchecked Sendable` is justified because the mutable state is split in two: `queue`
/// is behind a lock, and everything else (`transfers`, the swapped-in buffers) is touched only
/// by the event-loop thread, after `start()`.
final class CurlEventLoop: TaskExecutor, @unchecked Sendable {
    private struct Queue {
        var submissions: [CurlTransfer] = []
        var cancellations: [CurlTransfer] = []
        /// Task jobs to run on the loop thread (the loop as a `TaskExecutor`).
        var jobs: [UnownedJob] = []
        var shutdownRequested = false
        /// Set by the thread once it accepts nothing more; the multi handle may be gone.
        var stopped = false
        var stopWaiters: [CheckedContinuation<Void, Never>] = []
        /// Set by the thread just before it waits; a caller that queues work then wakes it.
        var sleeping = false
        /// Set once ``retainForever()`` has taken its reference.
        var retainedForever = false

        var hasWork: Bool { !submissions.isEmpty || !cancellations.isEmpty || !jobs.isEmpty || shutdownRequested }
    }

    private let multi: UnsafeMutableRawPointer?
    private let queue = Mutex(Queue())
    #if os(Linux)
    private let watcher: CurlSocketWatcher?
    #endif

    // Event-loop thread only.
    private var transfers: CurlTransferTable
    private var submissions: [CurlTransfer] = []
    private var cancellations: [CurlTransfer] = []
    private var jobs: [UnownedJob] = []

    init(configuration: CurlHTTPClient.Configuration) {
        CurlGlobal.ensureInitialized()
        var multi = curl_multi_init()
        #if os(Linux)
        let watcher = CurlSocketWatcher()
        self.watcher = watcher
        if let watcher, let multi {
            watcher.attach(to: multi)
        } else {
            if let multi { curl_multi_cleanup(multi) }
            multi = nil
        }
        transfers = CurlTransferTable(configuration: configuration, watcher: watcher)
        #else
        transfers = CurlTransferTable(configuration: configuration)
        #endif
        self.multi = multi
        if let multi {
            _ = salvo_curl_multi_setopt_long(multi, CURLMOPT_MAXCONNECTS, configuration.maxIdleConnections)
        }
    }

    func start() {
        let thread = Thread { [self] in run() }
        thread.name = "CurlHTTP event loop"
        thread.start()
    }

    // MARK: Any thread

    func submit(_ transfer: CurlTransfer) {
        let accepted = queue.withLock { queue in
            guard !queue.shutdownRequested, multi != nil else { return false }
            queue.submissions.append(transfer)
            wakeIfSleeping(&queue)
            return true
        }
        if !accepted {
            // The loop never saw this transfer, so this thread may finish it.
            transfer.finish(.failure(.shutDown))
        }
    }

    func cancel(_ transfer: CurlTransfer) {
        queue.withLock { queue in
            guard !queue.stopped, multi != nil else { return }
            queue.cancellations.append(transfer)
            wakeIfSleeping(&queue)
        }
    }

    /// Runs `job` on the loop thread at its next turn; once the loop has stopped, on the
    /// global concurrent executor instead, so a task that prefers this loop never strands.
    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let accepted = queue.withLock { queue in
            guard !queue.stopped else { return false }
            queue.jobs.append(job)
            wakeIfSleeping(&queue)
            return true
        }
        if !accepted {
            globalConcurrentExecutor.enqueue(ExecutorJob(job))
        }
    }

    /// Keeps this loop in memory for the rest of the process. Tasks hold their preferred
    /// executor unowned, so a loop handed out as a task executor must never be freed.
    func retainForever() {
        queue.withLock { queue in
            guard !queue.retainedForever else { return }
            queue.retainedForever = true
            _ = Unmanaged.passRetained(self)
        }
    }

    func requestShutdown() {
        queue.withLock { queue in
            guard !queue.shutdownRequested else { return }
            queue.shutdownRequested = true
            wake(&queue)
        }
    }

    func shutdown() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let alreadyStopped = queue.withLock { queue in
                if queue.stopped { return true }
                queue.stopWaiters.append(continuation)
                if !queue.shutdownRequested {
                    queue.shutdownRequested = true
                    wake(&queue)
                }
                return false
            }
            if alreadyStopped { continuation.resume() }
        }
    }

    /// Wakes the thread if it is waiting or about to wait. Called with the queue locked, which
    /// keeps the thread from closing what the wake-up writes to.
    private func wakeIfSleeping(_ queue: inout Queue) {
        guard queue.sleeping else { return }
        wake(&queue)
    }

    private func wake(_ queue: inout Queue) {
        guard !queue.stopped, let multi else { return }
        queue.sleeping = false
        #if os(Linux)
        _ = multi
        watcher?.wake()
        #else
        curl_multi_wakeup(multi)
        #endif
    }

    // MARK: Event-loop thread

    private func run() {
        guard let multi else {
            stop()
            return
        }
        while true {
            // Swapping the arrays keeps both buffers: no allocation per turn.
            var shutdownRequested = queue.withLock { queue in
                queue.sleeping = false
                swap(&jobs, &queue.jobs)
                return queue.shutdownRequested
            }
            // Tasks first: what they send joins this turn's submissions.
            let executor = asUnownedTaskExecutor()
            for job in jobs { job.runSynchronously(on: executor) }
            jobs.removeAll(keepingCapacity: true)
            shutdownRequested = queue.withLock { queue in
                swap(&submissions, &queue.submissions)
                swap(&cancellations, &queue.cancellations)
                return queue.shutdownRequested || shutdownRequested
            }
            for transfer in submissions { transfers.begin(transfer, on: multi) }
            for transfer in cancellations { transfers.abort(transfer, on: multi) }
            submissions.removeAll(keepingCapacity: true)
            cancellations.removeAll(keepingCapacity: true)
            if shutdownRequested { break }

            #if os(Linux)
            // New transfers have set libcurl's timer to "now": the wait below returns at once.
            let limit: Int32 = queue.withLock { queue in
                if queue.hasWork { return 0 }
                queue.sleeping = true
                return 1000
            }
            watcher?.waitAndAct(on: multi, limit: limit)
            transfers.collectFinished(on: multi)
            #else
            var stillRunning: Int32 = 0
            curl_multi_perform(multi, &stillRunning)
            transfers.collectFinished(on: multi)
            let limit: Int32 = queue.withLock { queue in
                if queue.hasWork { return 0 }
                queue.sleeping = true
                return 1000
            }
            curl_multi_poll(multi, nil, 0, Int32(limit), nil)
            #endif
        }
        stop()
    }

    private func stop() {
        let (submissions, jobs, waiters) = queue.withLock { queue in
            queue.shutdownRequested = true
            queue.stopped = true
            defer {
                queue.submissions = []
                queue.cancellations = []
                queue.jobs = []
                queue.stopWaiters = []
            }
            return (queue.submissions, queue.jobs, queue.stopWaiters)
        }
        // Tasks that preferred this loop go on elsewhere; later ones go there directly.
        for job in jobs { globalConcurrentExecutor.enqueue(ExecutorJob(job)) }
        for transfer in submissions { transfer.finish(.failure(.shutDown)) }
        if let multi {
            transfers.closeAll(on: multi)
            curl_multi_cleanup(multi)
        }
        #if os(Linux)
        watcher?.close()
        #endif
        for waiter in waiters { waiter.resume() }
    }
}
