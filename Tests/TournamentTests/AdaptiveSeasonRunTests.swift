import Foundation
import SalvoTestSupport
import Testing

@testable import Tournament

/// A season with `matchmaking: adaptive` run by real `salvo run` processes over real Python
/// submissions: one run plays its rounds night after night until no version asks for games.
@Suite("An adaptive season run", .serialized, .timeLimit(.minutes(6)))
struct AdaptiveSeasonRunTests {
    @Test("one run plays adaptive rounds as nights until every version is settled or out of budget; the next run has nothing to play")
    func rounds() async throws {
        // 10 submissions and the built-in: a version's budget (12 games) is more than its openings (10).
        let names = (1...10).map { "s\($0)" }
        let directory = try ClassFolder.make(names, concurrency: 4)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let file = directory + "/season.yaml"
        try (String(contentsOfFile: file, encoding: .utf8) + "\nmatchmaking: adaptive\nrating_interval: 60\n").write(
            toFile: file, atomically: true, encoding: .utf8)

        let first = try await SeasonRunTests.night(directory)
        #expect(first.status == 0, "\(first.err)")
        #expect(first.err.contains("Season night 1: 10 new entries (s1, s10, s2, s3, s4, s5, s6, s7 and 2 more), an adaptive round;"), "\(first.err)")
        #expect(first.err.contains("Season night 2: the next adaptive round (intervals still wider than their target);"), "\(first.err)")
        #expect(first.err.contains(": 11 entries, season night 2, adaptive to ±60 Elo, "), "\(first.err)")
        let entries = try SeasonRunTests.entries(directory)
        let nights = SeasonRunTests.nights(entries)
        #expect(nights.count >= 2)
        #expect(nights.allSatisfy { $0.matchmade?.method == .adaptive })
        let finished = SeasonRunTests.finished(entries)
        #expect(finished.count == nights.reduce(0) { $0 + $1.games.count }, "every night played through")
        // Within each version's budget, so fewer games than the round robin's 110.
        let games = try SeasonRunTests.standingsGames(directory)
        for name in names { #expect((games[name] ?? 0) <= 12, "\(name): \(games[name] ?? 0) games") }
        #expect(finished.count < 11 * 10)
        // The report counts the current versions' games and misses none.
        let results = try Data(contentsOf: URL(fileURLWithPath: directory + "/out/results.json"))
        #expect(!String(decoding: results, as: UTF8.self).contains("\"gamesNotPlayed\" : 1"))

        let again = try await SeasonRunTests.night(directory)
        #expect(again.status == 0, "\(again.err)")
        #expect(again.err.contains("(continued): nothing changed since it began; 0 games to play"), "\(again.err)")
        #expect(SeasonRunTests.nights(try SeasonRunTests.entries(directory)).count == nights.count)
    }
}
