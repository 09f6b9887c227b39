import Foundation
import JSONCoding
import Reports
import Testing
import Tournament

@Suite("Report golden files")
struct GoldenFileTests {
    @Test("results.json of the fixed tournament matches Golden/results.json byte for byte")
    func resultsJSON() throws {
        var results = ResultsBuilder.build(config: Fixtures.config(), finished: Fixtures.finished(), generatedAt: Fixtures.generatedAt)
        results.salvoVersion = "0.3.0 (golden)"  // the real one changes with every commit (VersionStampTests)
        try GoldenFiles.check(try JSONFormat.file(results), against: "results.json")
    }

    @Test("the replay JSON of game 0 matches Golden/replay-0000.json byte for byte")
    func replayJSON() throws {
        let record = try #require(Fixtures.finished().first { $0.index == 0 })
        let replay = ReplayBuilder.replay(of: record, tournament: "golden")
        try GoldenFiles.check(ReplayJSONWriter.file(replay), against: "replay-0000.json")
    }
}
