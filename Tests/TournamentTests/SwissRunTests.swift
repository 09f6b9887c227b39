import Bots
import Foundation
import Orchestrator
import SalvoTestSupport
import Testing

@testable import Tournament

/// Swiss tournaments played for real: built-in bots on the embedded server, round by round;
/// and a real `salvo run` killed with SIGKILL in the middle of a round, then continued.
@Suite("Swiss rounds played", .serialized, .timeLimit(.minutes(4)))
struct SwissRunTests {
    static func folder(_ label: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("salvo-swiss-\(label)-\(UUID().uuidString)").path
    }

    /// The journal's entries.
    static func entries(_ output: String) -> [JournalEntry] {
        (try? Journal.read(path: output + "/journal.jsonl")) ?? []
    }

    /// results.json's `swiss.rounds`: per round, its pairings as [first, second, games] and its bye.
    static func rounds(_ output: String) throws -> [(pairings: [[String]], games: [[Int]], bye: String?)] {
        let data = try Data(contentsOf: URL(fileURLWithPath: output + "/results.json"))
        let results = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let swiss = try #require(results["swiss"] as? [String: Any])
        let rounds = try #require(swiss["rounds"] as? [[String: Any]])
        return try rounds.map { round in
            let pairings = try #require(round["pairings"] as? [[String: Any]])
            return (
                pairings.map { [$0["first"] as? String ?? "", $0["second"] as? String ?? ""] },
                pairings.map { $0["games"] as? [Int] ?? [] },
                round["bye"] as? String
            )
        }
    }

    @Test("7 bots over 3 rounds: a round's games start only after the round before has finished; no pairing repeats; three different byes")
    func roundsInOrder() async throws {
        let bots: [BuiltInBot] = [.random, .huntTarget, .parity, .density, .champion, .random, .parity]
        var config = TournamentConfig(
            name: "swiss-run", format: .swiss,
            bots: bots.enumerated().map { BotEntry(name: "\($1.rawValue)-\($0)", kind: .builtin($1)) },
            gamesPerPairing: 2, concurrency: 4, seed: 31, outputDirectory: Self.folder("order")
        )
        config.rounds = 3
        let summary = try await TournamentRun(configuration: config, options: .init(serverLogLevel: .critical)).run()
        #expect(summary.scheduledGames == 18 && summary.records.count == 18)
        #expect(summary.swiss?.isFinished == true)

        let entries = Self.entries(config.outputDirectory)
        guard case .started(let start)? = entries.first else {
            Issue.record("no started line")
            return
        }
        #expect(start.totalGames == 18)
        // In journal order: every game of round k is created after the last game of round k-1 finished.
        func round(_ index: Int) -> Int { index / 6 + 1 }
        var lastFinished: [Int: Int] = [:]
        var firstCreated: [Int: Int] = [:]
        for (position, entry) in entries.enumerated() {
            switch entry {
            case .created(let index, _, _, _): firstCreated[round(index)] = firstCreated[round(index)] ?? position
            case .finished(let record): lastFinished[round(record.index)] = position
            default: break
            }
        }
        for number in 2...3 {
            let created = try #require(firstCreated[number])
            let finished = try #require(lastFinished[number - 1])
            #expect(created > finished, "round \(number) began at line \(created), before round \(number - 1) ended at line \(finished)")
        }

        let rounds = try Self.rounds(config.outputDirectory)
        #expect(rounds.count == 3)
        let pairs = rounds.flatMap { $0.pairings.map(Set.init) }
        #expect(Set(pairs).count == 9, "no pairing twice: \(pairs)")
        #expect(Set(rounds.compactMap(\.bye)).count == 3)
        // Every game was played by its pairing's two bots.
        let byIndex = Dictionary(uniqueKeysWithValues: summary.records.map { ($0.index, $0) })
        for round in rounds {
            for (pair, games) in zip(round.pairings, round.games) {
                #expect(games.count == 2)
                for index in games { #expect(Set(byIndex[index]?.players.map(\.bot) ?? []) == Set(pair)) }
            }
        }
    }

    /// A Swiss tournament slow enough to be killed mid-round: 7 bots, 4 rounds, 3 pairings of 2
    /// games each (6 games a round), one game at a time, pure polling every 3 ms.
    static let killFile = """
        name: swiss-kill
        format: swiss
        rounds: 4
        games_per_pairing: 2
        concurrency: 2
        seed: 20
        poll_interval_ms: 3
        wake_local_opponent: false
        bots: [random, hunt-target, parity, density, champion, {name: parity-2, builtin: parity}, {name: random-2, builtin: random}]
        """

    @Test("killed with SIGKILL mid-round and run again: the pairings of an uninterrupted run, and no game played twice")
    func killMidRound() async throws {
        let directory = Self.folder("kill")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let file = directory + "/swiss.yaml"
        try Self.killFile.write(toFile: file, atomically: true, encoding: .utf8)
        let killed = directory + "/killed"
        let whole = directory + "/whole"
        let perRound = 6
        let total = 24
        // One seed key for both folders (a copied seed.key), so that both play the same fleets.
        for folder in [killed, whole] { try FixedSeedKey.write(into: folder) }

        let first = try TestProcess(salvo: ["run", file, "--output", killed])
        // Kill it once round 2 is under way: more than one round's games, fewer than two.
        let deadline = Date().addingTimeInterval(90)
        func finished() -> [GameRecord] {
            Self.entries(killed).compactMap { if case .finished(let record) = $0 { record } else { nil } }
        }
        while finished().count < perRound + 2, Date() < deadline {
            try await Task.sleep(for: .milliseconds(10))
        }
        first.send(SIGKILL)
        _ = try await first.finish()
        let beforeResume = Self.entries(killed)
        let playedBefore = Set(finished().map(\.index))
        #expect(playedBefore.count > perRound && playedBefore.count < 2 * perRound, "killed after \(playedBefore.count) games, not in round 2")

        let resumed = try await SalvoExecutable.run(["run", file, "--output", killed], timeout: .seconds(120))
        #expect(resumed.status == 0, "\(resumed.err)")
        #expect(resumed.err.contains("Continuing: \(playedBefore.count) of \(total) games already played."), "\(resumed.err)")
        let uninterrupted = try await SalvoExecutable.run(["run", file, "--output", whole], timeout: .seconds(120))
        #expect(uninterrupted.status == 0, "\(uninterrupted.err)")

        let resumedRounds = try Self.rounds(killed)
        let wholeRounds = try Self.rounds(whole)
        #expect(resumedRounds.count == 4)
        #expect(resumedRounds.map(\.pairings) == wholeRounds.map(\.pairings))
        #expect(resumedRounds.map(\.games) == wholeRounds.map(\.games))
        #expect(resumedRounds.map(\.bye) == wholeRounds.map(\.bye))

        // No game played twice: one finished line per game, and no game finished before the
        // kill was created again after it.
        let after = Self.entries(killed)
        #expect(Array(after.prefix(beforeResume.count)) == beforeResume, "the resumed run kept the journal as it was")
        let records = after.compactMap { if case .finished(let record) = $0 { record } else { nil } }
        #expect(records.count == total && Set(records.map(\.index)) == Set(0..<total))
        let createdAgain = after.dropFirst(beforeResume.count).compactMap { entry -> Int? in
            if case .created(let index, _, _, _) = entry, playedBefore.contains(index) { index } else { nil }
        }
        #expect(createdAgain.isEmpty, "games played again after the kill: \(createdAgain)")

        // The report is rebuilt from the journal alone, with the same rounds.
        try FileManager.default.removeItem(atPath: killed + "/results.json")
        let report = try await SalvoExecutable.run(["report", killed])
        #expect(report.status == 0, "\(report.err)")
        #expect(try Self.rounds(killed).map(\.pairings) == wholeRounds.map(\.pairings))
    }
}
