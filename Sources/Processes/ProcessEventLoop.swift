import CProcess
import Foundation
import HeapModule
import Synchronization

#if canImport(Glibc)
import Glibc
#else
#error("Salvo builds and runs on Linux only: see docs/platform.md")
#endif

/// The one thread that waits for every child process at once (the external bots, the builds):
/// an epoll set over the runner's non-blocking ends of the bots' pipes and the processes'
/// pidfds, with the deadlines of the waits in a heap.
///
/// A bot's I/O never blocks a thread: ``ChildProcess`` reads and writes its pipes without
/// waiting, and when a pipe has nothing (or no room), the calling task suspends in ``wait(_:until:)``
/// until the loop sees the pipe ready or the deadline pass. A thousand bots in flight are a
/// thousand suspended tasks and a thousand epoll entries, not a thousand threads.
///
/// Each wait arms its descriptors one-shot, tagged with the wait's id; they stay in the set
/// after it resumes (disarmed once they fired), and the next wait of the same owner arms them
/// again with its own tag (`EPOLL_CTL_MOD`, one system call a descriptor instead of an add and
/// a delete). A descriptor that fires for a wait that has ended (its deadline passed first) is
/// ignored; a closed one leaves the set with its last descriptor. `@unchecked Sendable`: the
/// waiters and the heap are behind `state`; the descriptors are fixed at `init`.
package final class ProcessEventLoop: @unchecked Sendable {
    /// Monotonic time in nanoseconds: the clock of every deadline the loop is given.
    package static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    /// What a wait asks of one descriptor.
    package struct Interest: Sendable {
        package var descriptor: Int32
        /// `EPOLLIN` (a pipe to read, a pidfd) or `EPOLLOUT` (a pipe to write).
        package var events: UInt32

        package static func readable(_ descriptor: Int32) -> Interest { Interest(descriptor: descriptor, events: EPOLLIN.rawValue) }
        package static func writable(_ descriptor: Int32) -> Interest { Interest(descriptor: descriptor, events: EPOLLOUT.rawValue) }
    }

    private struct Waiter {
        var continuation: CheckedContinuation<Int32?, Never>
        var descriptors: [Int32]
    }

    /// A wait's deadline (``now()`` nanoseconds) and the wait's id, compared by the
    /// deadline alone: waits due at the same nanosecond are equal to the heap, which then takes
    /// them in any order. A tie-break by id made the heap 10 to 20% slower (benchmarks/heap.sh)
    /// for an order nothing needs.
    private struct Timeout: Comparable {
        let deadline: UInt64
        let id: UInt64

        static func < (lhs: Timeout, rhs: Timeout) -> Bool { lhs.deadline < rhs.deadline }
        static func == (lhs: Timeout, rhs: Timeout) -> Bool { lhs.deadline == rhs.deadline }
    }

    private struct State {
        var waiters: [UInt64: Waiter] = [:]
        var nextID: UInt64 = 1
        /// The waits' deadlines, earliest first (swift-collections' `Heap`); a wait that ended
        /// before its deadline stays until it comes first, and is dropped then.
        var deadlines = Heap<Timeout>()
        /// When the loop thread will wake by itself (nil: only for an event); a wait with an
        /// earlier deadline wakes it through `wakeup`.
        var sleepingUntil: UInt64? = 0
    }

    /// The loop of the runner.
    package static let shared = ProcessEventLoop()

    private let epoll: Int32
    private let wakeup: Int32
    private let state = Mutex(State())
    /// The epoll tag of `wakeup`: no waiter has it (ids start at 1, and tags are id << 2).
    private static let wakeupTag: UInt64 = 0

    /// A loop of its own (tests); the runner uses ``shared``. Its thread lives as long as the process.
    package init() {
        epoll = epoll_create1(Int32(EPOLL_CLOEXEC))
        wakeup = eventfd(0, Int32(EFD_CLOEXEC | EFD_NONBLOCK))
        var event = epoll_event(events: EPOLLIN.rawValue, data: epoll_data_t(u64: Self.wakeupTag))
        epoll_ctl(epoll, EPOLL_CTL_ADD, wakeup, &event)
        Thread { [self] in run() }.start()
    }
    /// Waits until `exited()` says a process has ended, or `deadline` (``now()`` nanoseconds)
    /// passes: on its pidfd `exitDescriptor`, or, without one (a kernel before 5.3), looking
    /// again every 5 ms, holding no thread either way. Whether it ended in time.
    package func waitExit(exitDescriptor: Int32, until deadline: UInt64, exited: () -> Bool) async -> Bool {
        while !exited() {
            guard Self.now() < deadline else { return false }
            if exitDescriptor >= 0 {
                _ = await wait([.readable(exitDescriptor)], until: deadline)
            } else {
                try? await Task.sleep(for: .milliseconds(5))
            }
        }
        return true
    }

    /// Suspends until one of `interests` (at most four) is ready, or until `deadline`
    /// (monotonic nanoseconds, ``now()``; nil: no deadline). Returns the ready
    /// descriptor, or nil when the deadline passed first. A descriptor that epoll refuses is
    /// returned as ready at once, so the caller's next read or write tells what is wrong.
    package func wait(_ interests: [Interest], until deadline: UInt64?) async -> Int32? {
        precondition(!interests.isEmpty && interests.count <= 4)
        return await withCheckedContinuation { (continuation: CheckedContinuation<Int32?, Never>) in
            // The descriptors are registered under the lock, so the loop thread cannot take
            // the waiter out (and its owner go on) before all of them are in the set.
            let (wake, refused) = state.withLock { state -> (Bool, Int32?) in
                let id = state.nextID
                state.nextID += 1
                state.waiters[id] = Waiter(continuation: continuation, descriptors: interests.map(\.descriptor))
                for (index, interest) in interests.enumerated() where !register(interest, tag: id << 2 | UInt64(index)) {
                    // The descriptors armed already fire for a wait that is over: ignored.
                    state.waiters[id] = nil
                    return (false, interest.descriptor)
                }
                guard let deadline else { return (false, nil) }
                state.deadlines.insert(Timeout(deadline: deadline, id: id))
                let wake = state.sleepingUntil.map { deadline < $0 } ?? true
                if wake { state.sleepingUntil = deadline }
                return (wake, nil)
            }
            if let refused {
                continuation.resume(returning: refused)
            } else if wake {
                signal()
            }
        }
    }

    /// Arms `interest` in the set, one-shot, tagged: the entry of an earlier wait on the
    /// descriptor (or of an earlier owner of its number) is rearmed, else one is added.
    private func register(_ interest: Interest, tag: UInt64) -> Bool {
        var event = epoll_event(events: interest.events | EPOLLONESHOT.rawValue, data: epoll_data_t(u64: tag))
        if epoll_ctl(epoll, EPOLL_CTL_MOD, interest.descriptor, &event) == 0 { return true }
        return errno == ENOENT && epoll_ctl(epoll, EPOLL_CTL_ADD, interest.descriptor, &event) == 0
    }

    private func signal() {
        var one: UInt64 = 1
        _ = Glibc.write(wakeup, &one, 8)
    }

    /// Takes waiter `id` out (if it is still waiting) and resumes it with its descriptor number
    /// `ready` (nil: its deadline passed). Its descriptors stay in the set for the next wait.
    private func complete(_ id: UInt64, ready: Int?) {
        let waiter = state.withLock { state -> Waiter? in
            state.waiters.removeValue(forKey: id)
        }
        guard let waiter else { return }
        waiter.continuation.resume(returning: ready.map { waiter.descriptors[$0] })
    }

    /// The loop thread's name, as /proc shows it (at most 15 bytes).
    package static let threadName = "salvo bot I/O"

    private func run() {
        _ = salvo_name_this_thread(Self.threadName)
        // A buffer of its own for the loop's life, not an array: `&array` handed to epoll_wait
        // in this never-ending loop made the optimized build copy the array on every wait and
        // never free the copies (3 KB a wait, 140 KB a game: heaptrack, BENCHMARKS.md).
        let capacity = 256
        let events = UnsafeMutablePointer<epoll_event>.allocate(capacity: capacity)
        events.initialize(repeating: epoll_event(), count: capacity)
        while true {
            let timeout = state.withLock { state -> Int32 in
                while let first = state.deadlines.min, state.waiters[first.id] == nil { state.deadlines.removeMin() }
                guard let deadline = state.deadlines.min?.deadline else {
                    state.sleepingUntil = nil
                    return -1
                }
                state.sleepingUntil = deadline
                let now = ProcessEventLoop.now()
                return deadline <= now ? 0 : Int32(min((deadline - now + 999_999) / 1_000_000, 60_000))
            }
            let count = epoll_wait(epoll, events, Int32(capacity), timeout)
            if count > 0 {
                for index in 0..<Int(count) {
                    let tag = events[index].data.u64
                    if tag == Self.wakeupTag {
                        var value: UInt64 = 0
                        _ = Glibc.read(wakeup, &value, 8)
                        continue
                    }
                    complete(tag >> 2, ready: Int(tag & 3))
                }
            }
            let now = ProcessEventLoop.now()
            let expired = state.withLock { state -> [UInt64] in
                var expired: [UInt64] = []
                while let first = state.deadlines.min, first.deadline <= now {
                    state.deadlines.removeMin()
                    if state.waiters[first.id] != nil { expired.append(first.id) }
                }
                return expired
            }
            for id in expired { complete(id, ready: nil) }
        }
    }
}
