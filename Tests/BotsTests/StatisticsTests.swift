import Testing

@testable import Bots

@Suite("Bench statistics")
struct StatisticsTests {
    @Test("mean, interval, median and extremes of a known sample")
    func summary() {
        let stats = BenchStatistics([2, 4, 4, 4, 5, 5, 7, 9])
        #expect(stats.count == 8)
        #expect(stats.mean == 5)
        #expect(abs(stats.standardDeviation - 2.138089935) < 1e-9)
        #expect(abs(stats.halfWidth95 - 1.959964 * 2.138089935 / 8.0.squareRoot()) < 1e-9)
        #expect(stats.median == 4.5)
        #expect(stats.minimum == 2)
        #expect(stats.maximum == 9)
    }

    @Test("a paired comparison drops forfeited boards and counts wins")
    func paired() {
        let paired = PairedComparison(first: [40, 50, nil, 45], second: [42, 50, 44, 44])
        #expect(paired.count == 3)
        #expect(abs(paired.meanDifference - (-1.0 / 3.0)) < 1e-12)
        #expect(paired.firstBetter == 1)
        #expect(paired.secondBetter == 1)
        #expect(paired.ties == 1)
        #expect(!paired.isSignificant)
    }

    @Test("boards are the server's seeded fleets and differ between games")
    func seeds() {
        #expect(GameSeeds.board(run: 1, game: 0) != GameSeeds.board(run: 1, game: 1))
        #expect(GameSeeds.board(run: 1, game: 0) != GameSeeds.bot(run: 1, game: 0))
    }

    @Test("seeds are HMAC-SHA256 keyed with the run seed: pinned, and equal to Python's hmac module")
    func keyedSeeds() {
        // python3: hmac.new((1).to_bytes(8, "little"), b"board\0" + (3).to_bytes(8, "little"), "sha256").digest()[:8], little-endian
        #expect(GameSeeds.board(run: 1, game: 3) == 4_222_857_342_027_784_386)
        #expect(GameSeeds.bot(run: 1, game: 3) == 15_780_671_210_738_243_295)
        #expect(GameSeeds.derive(run: 2026, label: "fleet", 0, 0, 0) == 9_368_796_235_237_143_911)
        #expect(GameSeeds.derive(run: 2026, label: "bot", 5, 1) == 9_433_798_555_980_458_304)
    }
}
