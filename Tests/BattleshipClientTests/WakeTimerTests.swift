import BattleshipClient
import Synchronization
import Testing

@Suite("WakeTimer", .timeLimit(.minutes(3)))
struct WakeTimerTests {
    /// When each action ran, by its index.
    final class Firings: Sendable {
        private let times = Mutex<[Int: ContinuousClock.Instant]>([:])

        func record(_ index: Int) {
            let now = ContinuousClock.now
            times.withLock { times in
                precondition(times[index] == nil, "action \(index) ran twice")
                times[index] = now
            }
        }

        var snapshot: [Int: ContinuousClock.Instant] { times.withLock { $0 } }

        /// Waits (polling the record) until `count` actions have run, or `limit` has passed.
        func wait(for count: Int, limit: Duration = .seconds(120)) async throws {
            try await wait(until: { $0.count >= count }, limit: limit)
        }

        /// Waits (polling the record) until `done` holds for the actions run, or `limit` has passed.
        func wait(until done: (Set<Int>) -> Bool, limit: Duration = .seconds(120)) async throws {
            let end = ContinuousClock.now + limit
            while !done(Set(snapshot.keys)), ContinuousClock.now < end {
                try await Task.sleep(for: .milliseconds(10))
            }
        }
    }

    @Test("every action runs once, none before its deadline, in any order of scheduling")
    func manyDeadlines() async throws {
        let timer = WakeTimer()
        let firings = Firings()
        let start = ContinuousClock.now
        var generator = SystemRandomNumberGenerator()
        let deadlines = (0..<1_000).map { _ in start + .milliseconds(Int.random(in: 0...300, using: &generator)) }
        for (index, deadline) in deadlines.enumerated() {
            timer.schedule(at: deadline) { firings.record(index) }
        }
        try await firings.wait(for: deadlines.count)
        let times = firings.snapshot
        #expect(times.count == deadlines.count)
        for (index, deadline) in deadlines.enumerated() {
            let ran = try #require(times[index])
            #expect(ran >= deadline, "action \(index) ran \(deadline - ran) early")
        }
    }

    @Test("an earlier deadline scheduled after a later one does not wait for the later one")
    func earlierDeadlineRestartsTheSleep() async throws {
        let timer = WakeTimer()
        let firings = Firings()
        let start = ContinuousClock.now
        // An hour away: a timer that waited for it would miss the 2-minute wait below by far.
        let late = start + .seconds(3600)
        timer.schedule(at: late) { firings.record(0) }
        timer.schedule(at: start + .milliseconds(50)) { firings.record(1) }
        try await firings.wait(for: 1)
        let times = firings.snapshot
        let early = try #require(times[1])
        #expect(early >= start + .milliseconds(50))
        #expect(early < late)
        #expect(times[0] == nil)
    }

    @Test("a cancelled ticket's action never runs; the others still do")
    func cancelledTicketsDoNotRun() async throws {
        let timer = WakeTimer()
        let firings = Firings()
        // Each ticket is due 100 ms after it is scheduled, and every even one is cancelled
        // at once. A pause of the test's thread can only delay a cancellation past its
        // deadline, so only cancellations made before the deadline are held to the promise.
        var cancelledInTime: [Int] = []
        for index in 0..<100 {
            let deadline = ContinuousClock.now + .milliseconds(100)
            let ticket = timer.schedule(at: deadline) { firings.record(index) }
            if index % 2 == 0 {
                ticket.cancel()
                if ContinuousClock.now < deadline { cancelledInTime.append(index) }
            }
        }
        #expect(!cancelledInTime.isEmpty)
        // The last ticket (odd, never cancelled) has the latest deadline: once all odd ones ran,
        // every earlier entry has been run or dropped, so nothing else can run later.
        let odd = Set((0..<100).filter { $0 % 2 == 1 })
        try await firings.wait(until: { $0.isSuperset(of: odd) })
        let ran = Set(firings.snapshot.keys)
        #expect(ran.isSuperset(of: odd))
        #expect(ran.isDisjoint(with: cancelledInTime), "cancelled in time yet ran: \(ran.intersection(cancelledInTime).sorted())")
    }

    @Test("the timer starts again after it ran dry")
    func restartsAfterIdle() async throws {
        let timer = WakeTimer()
        let firings = Firings()
        timer.schedule(at: .now + .milliseconds(20)) { firings.record(0) }
        try await firings.wait(for: 1)
        try await Task.sleep(for: .milliseconds(50))
        let second = ContinuousClock.now + .milliseconds(20)
        timer.schedule(at: second) { firings.record(1) }
        try await firings.wait(for: 2)
        let ran = try #require(firings.snapshot[1])
        #expect(ran >= second)
    }
}
