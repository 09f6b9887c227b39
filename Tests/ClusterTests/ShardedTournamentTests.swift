import Bots
import Cluster
import Foundation
import Orchestrator
import Reports
import SalvoTestSupport
import Testing
import Tournament

/// A tournament split into shards, each played by its own run on its own embedded server, and
/// merged, is the tournament one process plays: the same standings, ratings and crosstable.
@Suite("Sharded tournaments", .serialized, .timeLimit(.minutes(5)))
struct ShardedTournamentTests {
    static func folder(_ label: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("salvo-shards-\(label)-\(UUID().uuidString)").path
    }

    /// Five built-in bots, a round robin of 4 games per pairing: 40 games.
    static func config(output: String) -> TournamentConfig {
        let bots: [BuiltInBot] = [.random, .huntTarget, .parity, .density, .champion]
        var config = TournamentConfig(
            name: "sharded", bots: bots.map { BotEntry(name: $0.rawValue, kind: .builtin($0)) }, gamesPerPairing: 4, concurrency: 4, seed: 77,
            outputDirectory: output)
        // One seed key for the whole run's folder and the shards' (as a copied seed.key gives),
        // so that they play the same fleets.
        config.context.seedKey = SeedKey(hex: "5eed0000111122223333444455556666")
        return config
    }

    /// The tournament played by one process, once for the suite.
    static let whole = Task {
        let output = folder("whole")
        _ = try await TournamentRun(configuration: config(output: output), options: .init(serverLogLevel: .critical)).run()
        return try ComparableResults.read(output)
    }

    /// Plays `shards` of `count` into `output`, one run after the other.
    static func play(_ shards: some Sequence<Int>, of count: Int, output: String) async throws {
        for index in shards {
            var shard = config(output: output)
            shard.context.shard = try Shard(index: index, count: count)
            let summary = try await TournamentRun(configuration: shard, options: .init(serverLogLevel: .critical)).run()
            #expect(summary.reports == nil, "a shard writes no reports of its own")
            #expect(FileManager.default.fileExists(atPath: output + "/shards/\(index)/journal.jsonl"))
            #expect(FileManager.default.fileExists(atPath: output + "/shards/\(index)/server.sqlite"), "each shard has its own embedded server")
        }
    }

    @Test("split into 2 or 3 shards and merged, the tournament has the standings, ratings, crosstable and games of one process", arguments: [2, 3])
    func sameTournament(shards: Int) async throws {
        let output = Self.folder("merged-\(shards)")
        try await Self.play(0..<shards, of: shards, output: output)
        let merged = try TournamentMerge(output: output).run()
        #expect(merged.tournament.isComplete)
        #expect(merged.tournament.duplicates == 0)
        let whole = try await Self.whole.value
        let sharded = try ComparableResults.read(output)
        #expect(sharded.standings == whole.standings)
        #expect(sharded.crosstable == whole.crosstable)
        #expect(sharded.likelihoodOfSuperiority == whole.likelihoodOfSuperiority)
        #expect(ComparableResults.of(sharded) == ComparableResults.of(whole))
        #expect(whole.progress.ratedGames == 40 && whole.standings.count == 5)
        // The merged journal is a journal like one process's: `salvo report` rebuilds the same.
        let rebuilt = try ReportWriter.write(directory: output)
        #expect(rebuilt.replayCount == 40)
        #expect(ComparableResults.of(try ComparableResults.read(output)) == ComparableResults.of(whole))
    }

    @Test("a missing shard is named with the command that reruns it, nothing is published; --allow-incomplete publishes, marked")
    func missingShard() async throws {
        let output = Self.folder("missing")
        try await Self.play([0, 2], of: 3, output: output)
        #expect {
            try TournamentMerge(output: output).run()
        } throws: { error in
            guard case .incomplete(let merged) = error as? MergeError else { return false }
            let text = "\(error)"
            return merged.missing.allSatisfy { $0.shard == 1 } && merged.missing.count == 14
                && text.contains("shard 1/3: 14 games") && text.contains(" run TOURNAMENT_FILE --shard 1/3 --output \(output) --games 4 --seed 77")
        }
        #expect(!FileManager.default.fileExists(atPath: output + "/results.json"))
        #expect(!FileManager.default.fileExists(atPath: output + "/journal.jsonl"))

        let partial = try TournamentMerge(output: output, allowIncomplete: true).run()
        #expect(partial.tournament.ratedGames == 26)
        let results = try ComparableResults.read(output)
        #expect(results.progress.ratedGames == 26 && results.progress.gamesNotPlayed == 14)
        let index = try String(contentsOfFile: output + "/index.html", encoding: .utf8)
        #expect(index.contains("id=\"incomplete\"") && index.contains("14 of 40 scheduled games have no result"))

        // The named shard played, the merge is whole and equal to one process.
        try await Self.play([1], of: 3, output: output)
        _ = try TournamentMerge(output: output).run()
        #expect(ComparableResults.of(try ComparableResults.read(output)) == ComparableResults.of(try await Self.whole.value))
        #expect(!(try String(contentsOfFile: output + "/index.html", encoding: .utf8)).contains("id=\"incomplete\""))
    }

    @Test("a game whose result is in a shard's journal twice (a second pod, a requeued task) counts once")
    func duplicatesCountOnce() async throws {
        let output = Self.folder("twice")
        try await Self.play(0..<2, of: 2, output: output)
        // As if a second pod had played shard 1 again on a file system without locks: every
        // finished line appended once more.
        let journal = output + "/shards/1/journal.jsonl"
        let lines = try String(contentsOfFile: journal, encoding: .utf8).split(separator: "\n").filter { $0.contains("\"type\":\"finished\"") }
        let handle = try #require(FileHandle(forWritingAtPath: journal))
        handle.seekToEndOfFile()
        handle.write(Data((lines.joined(separator: "\n") + "\n").utf8))
        try handle.close()
        let merged = try TournamentMerge(output: output).run()
        #expect(merged.tournament.duplicates == lines.count && lines.count == 20)
        #expect(merged.tournament.ratedGames == 40)
        #expect(ComparableResults.of(try ComparableResults.read(output)) == ComparableResults.of(try await Self.whole.value))
    }

    @Test("shards of different tournaments or split differently are refused, naming the difference")
    func refusesMixedShards() async throws {
        let output = Self.folder("mixed")
        try await Self.play([0], of: 2, output: output)
        var other = Self.config(output: output)
        other.seed = 78
        other.context.shard = try Shard(index: 1, count: 2)
        _ = try await TournamentRun(configuration: other, options: .init(serverLogLevel: .critical)).run()
        #expect {
            try TournamentMerge(output: output).run()
        } throws: { error in
            "\(error)".contains("belongs to another tournament") && "\(error)".contains("seed: the journal's run has 77, this one 78")
        }

        let counts = Self.folder("counts")
        try await Self.play([0], of: 2, output: counts)
        try await Self.play([1], of: 3, output: counts)
        #expect {
            try TournamentMerge(output: counts).run()
        } throws: { error in
            "\(error)".contains("is one of 3 shards") && "\(error)".contains("one of 2")
        }
        #expect(!FileManager.default.fileExists(atPath: counts + "/results.json"))
    }

    @Test("a sequential test (SPRT) is never sharded: the run refuses in one line that says why")
    func sprtRefused() async throws {
        var config = Self.config(output: Self.folder("sprt"))
        config.bots = Array(config.bots.prefix(2))
        config.sprt = SPRTSettings(elo0: 0, elo1: 50, alpha: 0.05, beta: 0.05)
        config.context.shard = try Shard(index: 0, count: 2)
        await #expect {
            _ = try await TournamentRun(configuration: config).run()
        } throws: { error in
            "\(error)".contains("cannot be sharded") && "\(error)".contains("SPRT")
        }
        #expect(!FileManager.default.fileExists(atPath: config.outputDirectory), "nothing was written")
    }

    @Test("a Swiss tournament is never sharded, while the same tournament unsharded plays")
    func swissRefused() async throws {
        var config = Self.config(output: Self.folder("swiss"))
        config.format = .swiss
        config.rounds = 2
        config.context.shard = try Shard(index: 0, count: 2)
        await #expect {
            _ = try await TournamentRun(configuration: config).run()
        } throws: { error in
            "\(error)".contains("cannot be sharded") && "\(error)".contains("Swiss round")
        }
        #expect(!FileManager.default.fileExists(atPath: config.outputDirectory), "nothing was written")
        config.context.shard = nil
        let whole = try await TournamentRun(configuration: config, options: .init(writeReports: false)).run()
        #expect(whole.records.count == SwissSchedule.totalGames(config) && whole.records.count > 0)
    }
}
