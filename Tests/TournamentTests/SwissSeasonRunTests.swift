import Foundation
import SalvoTestSupport
import Testing

@testable import Tournament

/// A Swiss season: `format: swiss` of `bots_from:` submissions run night after night into one
/// output folder. Each new night plays its rounds over the current versions; the standings
/// count every game between current versions, of every night.
@Suite("Swiss season in the same output folder", .serialized, .timeLimit(.minutes(6)))
struct SwissSeasonRunTests {
    /// SeasonRunTests' class folder of Python submissions, its tournament file a Swiss of them.
    static func swissClass(_ names: [String]) throws -> String {
        let directory = try ClassFolder.make(names)
        try """
        name: swiss-season
        format: swiss
        rounds: 2
        games_per_pairing: 2
        concurrency: 2
        bots: [random]
        bots_from: subs
        """.write(toFile: directory + "/season.yaml", atomically: true, encoding: .utf8)
        return directory
    }

    /// Each of `night`'s rounds as the sets of entries its games paired: every entry in one
    /// pairing a round (4 entries: no bye).
    static func rounds(of night: SeasonNight, records: [GameRecord], gamesPerRound: Int) -> [[Set<String>]] {
        let own = records.filter { night.indices.contains($0.index) }
        return (0..<(night.swiss?.rounds ?? 0)).map { round in
            let range = (night.firstIndex + round * gamesPerRound)..<(night.firstIndex + (round + 1) * gamesPerRound)
            return Array(Set(own.filter { range.contains($0.index) }.map { Set($0.players.map(\.bot)) }))
        }
    }

    @Test(
        "each new night plays its Swiss rounds over the current versions; the standings count every night's games between them; rematch finds a night's game"
    )
    func swissNights() async throws {
        let directory = try Self.swissClass(["alice", "bob", "carl"])
        defer { try? FileManager.default.removeItem(atPath: directory) }

        // Night 1: 4 entries, 2 rounds of 2 pairings, 2 games each.
        let first = try await SeasonRunTests.night(directory)
        #expect(first.status == 0, "\(first.err)")
        #expect(first.err.contains("Season night 1: 3 new entries (alice, bob, carl); 8 games to play"), "\(first.err)")
        #expect(
            first.err.contains(": 4 entries, season night 1, swiss, 2 rounds, 2 games per pairing, on http://"),
            "the header, word for word: \(first.err)")
        var entries = try SeasonRunTests.entries(directory)
        let night1 = try #require(SeasonRunTests.nights(entries).first)
        #expect(night1.swiss == SeasonNight.Swiss(rounds: 2, games: 8, carried: 0) && night1.games.isEmpty)
        #expect(SeasonRunTests.finished(entries).count == 8)
        for round in Self.rounds(of: night1, records: SeasonRunTests.finished(entries), gamesPerRound: 4) {
            #expect(round.count == 2 && round.reduce(Set<String>()) { $0.union($1) } == ["random", "alice", "bob", "carl"], "\(round)")
        }

        // Nothing changed: the night is complete, nothing is played.
        let again = try await SeasonRunTests.night(directory)
        #expect(again.status == 0, "\(again.err)")
        #expect(again.err.contains("Season night 1 (continued): nothing changed since it began; 0 games to play"), "\(again.err)")

        // Night 2: alice resubmits. Two more rounds over the current versions.
        try ClassFolder.resubmit("alice", in: directory, note: "version 2")
        let second = try await SeasonRunTests.night(directory)
        #expect(second.status == 0, "\(second.err)")
        #expect(second.err.contains("Season night 2: 1 new version (alice); 8 games to play"), "\(second.err)")
        entries = try SeasonRunTests.entries(directory)
        let records = SeasonRunTests.finished(entries)
        let night2 = try #require(SeasonRunTests.nights(entries).last)
        let version2 = try #require(night2.bots.first { $0.name == "alice" }?.version)
        #expect(night2.number == 2 && night2.firstIndex == 8 && night2.indices == 8..<16)
        // The games of night 1 between versions still current (not alice's old one) carry over.
        let carried = records.filter { night1.indices.contains($0.index) && !$0.players.contains { $0.bot == "alice" } }.count
        #expect(night2.swiss == SeasonNight.Swiss(rounds: 2, games: 8, carried: carried))
        let played2 = records.filter { night2.indices.contains($0.index) }
        #expect(played2.count == 8)
        #expect(
            played2.filter { $0.players.contains { $0.bot == "alice" } }.allSatisfy { record in
                record.players.contains { $0.bot == "alice" && $0.version == version2 }
            })
        for round in Self.rounds(of: night2, records: records, gamesPerRound: 4) {
            #expect(round.count == 2 && round.reduce(Set<String>()) { $0.union($1) } == ["random", "alice", "bob", "carl"], "\(round)")
        }
        // Night 2's fleets are its own: no game of it repeats a night-1 game's fleets.
        let fleets1 = Set(records.filter { night1.indices.contains($0.index) }.compactMap { $0.players.first?.boardSeed })
        #expect(played2.allSatisfy { !fleets1.contains($0.players.first?.boardSeed ?? 0) })

        // Standings: alice's 4 games of night 2; each other entry its games of both nights but those with alice's old version.
        let standings = try SeasonRunTests.standingsGames(directory)
        #expect(standings["alice"] == 4)
        for name in ["random", "bob", "carl"] {
            let expected = records.filter { record in
                record.players.contains { $0.bot == name }
                    && (night2.indices.contains(record.index) || !record.players.contains { $0.bot == "alice" })
            }.count
            #expect(standings[name] == expected, "\(name)")
        }
        #expect(standings.values.reduce(0, +) == 2 * (carried + 8))

        // The report: the last night's Swiss rounds, and the history of both nights.
        let results = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: directory + "/out/results.json"))) as? [String: Any])
        let swiss = try #require(results["swiss"] as? [String: Any])
        #expect(swiss["completeRounds"] as? Int == 2)
        let swissGames = try #require(swiss["rounds"] as? [[String: Any]]).flatMap { round in
            (round["pairings"] as? [[String: Any]] ?? []).flatMap { $0["games"] as? [Int] ?? [] }
        }
        #expect(swissGames.sorted() == Array(8..<16))
        let season = try #require(results["season"] as? [String: Any])
        #expect((season["nights"] as? [[String: Any]])?.map { $0["gamesPlayed"] as? Int } == [8, 8])

        // A night-2 game plays again the same.
        let game = try #require(played2.first { $0.termination == .win })
        let rematch = try await SalvoExecutable.run(["rematch", "out", String(game.index)], timeout: .seconds(120), workingDirectory: directory)
        #expect(rematch.status == 0, "\(rematch.err)")
        #expect(rematch.out.contains("Same \(game.shots.count) moves as the recorded game."), "\(rematch.out)")
    }
}
