import BattleshipClient
import Testing

@Suite("PollGrid")
struct PollGridTests {
    let origin = ContinuousClock.now
    let grid: PollGrid

    init() {
        grid = PollGrid(origin: origin, interval: .milliseconds(500))
    }

    @Test("the next tick is the first one strictly after the instant")
    func nextTick() {
        #expect(grid.tick(after: origin) == origin + .milliseconds(500))
        #expect(grid.tick(after: origin + .milliseconds(1)) == origin + .milliseconds(500))
        #expect(grid.tick(after: origin + .milliseconds(499)) == origin + .milliseconds(500))
        #expect(grid.tick(after: origin + .milliseconds(500)) == origin + .milliseconds(1_000))
        #expect(grid.tick(after: origin + .nanoseconds(500_000_001)) == origin + .milliseconds(1_000))
    }

    @Test("ticks missed while a poll was in flight are skipped, not made up")
    func skipsMissedTicks() {
        #expect(grid.tick(after: origin + .milliseconds(2_750)) == origin + .milliseconds(3_000))
        #expect(grid.tick(after: origin + .seconds(3_600)) == origin + .milliseconds(3_600_500))
    }

    @Test("an extra poll between ticks does not move the grid")
    func phaseIsKept() {
        // A player polls on a tick, fires, polls again at once 3 ms later: its next regular
        // poll is still on the grid, not 500 ms after the extra one.
        let extraPoll = origin + .milliseconds(1_003)
        #expect(grid.tick(after: extraPoll) == origin + .milliseconds(1_500))
    }

    @Test("before the origin, the next tick is the origin")
    func beforeOrigin() {
        #expect(grid.tick(after: origin - .seconds(1)) == origin)
    }
}
