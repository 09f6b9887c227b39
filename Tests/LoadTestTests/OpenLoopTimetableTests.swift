import Testing

@testable import LoadTest

/// The open-loop timetable's arithmetic: when each request is due, how late it is charged.
@Suite("Open-loop timetable")
struct OpenLoopTimetableTests {
    @Test("request k is due at k / R seconds, to the nearest nanosecond")
    func offsets() {
        let four = OpenLoopTimetable(requestsPerSecond: 4)
        #expect(four.offset(ofRequest: 0) == .zero)
        #expect(four.offset(ofRequest: 1) == .milliseconds(250))
        #expect(four.offset(ofRequest: 6) == .milliseconds(1_500))
        let three = OpenLoopTimetable(requestsPerSecond: 3)
        #expect(three.offset(ofRequest: 1) == .nanoseconds(333_333_333))
        #expect(three.offset(ofRequest: 2) == .nanoseconds(666_666_667))
        #expect(three.offset(ofRequest: 3) == .seconds(1))
        let half = OpenLoopTimetable(requestsPerSecond: 0.5)
        #expect(half.offset(ofRequest: 3) == .seconds(6))
        let fast = OpenLoopTimetable(requestsPerSecond: 20_000)
        #expect(fast.offset(ofRequest: 1_000_000) == .seconds(50))
    }

    @Test("requests due before a time: those with offset strictly below it")
    func requestsDue() {
        let four = OpenLoopTimetable(requestsPerSecond: 4)
        #expect(four.requestsDue(within: .zero) == 0)
        #expect(four.requestsDue(within: .nanoseconds(1)) == 1)
        #expect(four.requestsDue(within: .seconds(1)) == 4)
        #expect(four.requestsDue(within: .seconds(1) + .nanoseconds(1)) == 5)
        let three = OpenLoopTimetable(requestsPerSecond: 3)
        #expect(three.requestsDue(within: .seconds(1)) == 3)
        #expect(three.requestsDue(within: .nanoseconds(666_666_667)) == 2)
        #expect(three.requestsDue(within: .nanoseconds(666_666_668)) == 3)
    }

    @Test("a request ready before its slot waits for it; a late one goes at once")
    func waits() {
        let four = OpenLoopTimetable(requestsPerSecond: 4)
        #expect(four.wait(forRequest: 5, readyAt: .seconds(1)) == .milliseconds(250))
        #expect(four.wait(forRequest: 5, readyAt: .seconds(2)) == .zero)
    }

    @Test("latency counts from the due time, so a request delayed by a stall is charged the stall")
    func latencyFromDueTime() {
        let timetable = OpenLoopTimetable(requestsPerSecond: 100)
        // Request 10 is due at 100 ms; it ends at 112 ms: 12 ms.
        #expect(timetable.latency(ofRequest: 10, endedAt: .milliseconds(112)) == .milliseconds(12))
        // A single connection: request 10 stalls the server for 300 ms, so 11…39 (due 110…390 ms)
        // go out back to back from 400 ms and each takes 1 ms. Closed-loop timing would see 1 ms each;
        // from the timetable each is charged its wait.
        var sentAt = Duration.milliseconds(400)
        var charged: [Duration] = []
        for k in 11..<40 {
            let ended = sentAt + .milliseconds(1)
            charged.append(timetable.latency(ofRequest: k, endedAt: ended))
            sentAt = max(ended, timetable.offset(ofRequest: k + 1))
        }
        #expect(charged.first == .milliseconds(291))
        #expect(charged.last == .milliseconds(39))
        #expect(charged.allSatisfy { $0 > .milliseconds(1) })
        #expect(timetable.latency(ofRequest: 50, endedAt: .milliseconds(400)) == .zero)
    }

    @Test("tickets are handed out once each, across concurrent takers")
    func tickets() async {
        let tickets = TimetableTickets()
        let taken = await withTaskGroup(of: [Int].self) { group in
            for _ in 0..<8 {
                group.addTask { (0..<500).map { _ in tickets.take() } }
            }
            return await group.reduce(into: [Int]()) { $0 += $1 }
        }
        #expect(taken.sorted() == Array(0..<4_000))
        #expect(tickets.taken == 4_000)
    }
}
