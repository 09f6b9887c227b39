import Bots
import Testing

@testable import Tournament

/// `format: swiss` with `rounds:` in a tournament file, the journal and the resume settings.
@Suite("Swiss format in files and journals")
struct SwissFormatTests {
    let parser = TournamentFileParser()

    @Test("format: swiss reads its rounds; other formats have none")
    func reads() throws {
        let config = try parser.parse("name: s\nformat: swiss\nrounds: 7\nbots: [random, parity, density]\n", file: "s.yaml")
        #expect(config.format == .swiss && config.rounds == 7)
        let roundRobin = try parser.parse("name: r\nbots: [random, parity]\n", file: "r.yaml")
        #expect(roundRobin.rounds == nil)
    }

    @Test(
        "a wrong rounds setting is reported with its line and what to do",
        arguments: [
            ("name: s\nformat: swiss\nbots: [random, parity]\n", "s.yaml:2: `format: swiss` needs `rounds:`"),
            ("name: s\nformat: swiss\nrounds: 0\nbots: [random, parity]\n", "s.yaml:3: `rounds` must be a whole number from 1 to 1000; got `0`"),
            (
                "name: s\nformat: swiss\nrounds: many\nbots: [random, parity]\n",
                "s.yaml:3: `rounds` must be a whole number from 1 to 1000; got `many`"
            ),
            (
                "name: s\nrounds: 3\nbots: [random, parity]\n",
                "s.yaml:2: `rounds` applies to `format: swiss` only, and this file's format is round-robin; add `format: swiss` or remove `rounds:`"
            ),
            ("name: s\nformat: gauntlet\nrounds: 3\nbots: [random, parity]\n", "this file's format is gauntlet"),
            (
                "name: s\nformat: swiss\nrounds: 3\nbots: [random, parity]\nsprt: {elo0: 0, elo1: 10}\n",
                "s.yaml:5: `sprt` tests a match between two bots, and `format: swiss` pairs a field in rounds; remove one of them"
            ),
            ("name: s\nformat: swis\nbots: [random, parity]\n", "`format` must be one of round-robin, gauntlet, swiss; got `swis`"),
        ])
    func errors(text: String, expected: String) {
        #expect { try parser.parse(text, file: "s.yaml") } throws: { "\($0)".contains(expected) }
    }

    @Test("the journal keeps the rounds, and a journal without them reads as before")
    func journal() throws {
        var config = TournamentConfig(
            name: "swiss", format: .swiss, bots: [BotEntry(name: "a", kind: .builtin(.random)), BotEntry(name: "b", kind: .builtin(.parity))], seed: 4
        )
        config.rounds = 5
        let line = JournalCodec.line(.started(JournalStart(name: "swiss", configurationDigest: "d", totalGames: 0, configuration: config)))
        let text = String(decoding: line, as: UTF8.self)
        #expect(text.contains(#""format":"swiss","#) && text.contains(#""rounds":5,"#))
        let read = try line.dropLast().withUnsafeBufferPointer { try JournalCodec.entry($0) }
        guard case .started(let start) = read else {
            Issue.record("not a start line")
            return
        }
        #expect(start.configuration == config)
        config.format = .roundRobin
        config.rounds = nil
        let plain = JournalCodec.line(.started(JournalStart(name: "swiss", configurationDigest: "d", totalGames: 0, configuration: config)))
        #expect(!String(decoding: plain, as: UTF8.self).contains("rounds"))
    }

    @Test("the rounds are a resume setting; files without them keep their digest")
    func resume() {
        var config = TournamentConfig(
            name: "swiss", format: .swiss, bots: [BotEntry(name: "a", kind: .builtin(.random)), BotEntry(name: "b", kind: .builtin(.parity))], seed: 4
        )
        config.rounds = 5
        #expect(ResumeSettings.lines(of: config).prefix(2).map { "\($0.key)=\($0.value)" } == ["format=swiss", "rounds=5"])
        var more = config
        more.rounds = 6
        #expect(ResumeSettings.difference(journal: config, run: more) == "rounds: the journal's run has 5, this one 6")
        // Without rounds, the lines (and so the digests of journals written so far) are unchanged.
        config.format = .roundRobin
        config.rounds = nil
        #expect(!ResumeSettings.lines(of: config).contains { $0.key == "rounds" })
    }

    @Test("a Swiss schedule is not fixed by the configuration: its scheduler pairs each round from the last, and cannot be sharded")
    func noFixedSchedule() {
        var config = TournamentConfig(name: "s", format: .swiss, bots: (0..<8).map { BotEntry(name: "b\($0)", kind: .builtin(.random)) })
        config.rounds = 3
        let scheduler = config.scheduler
        #expect(scheduler is SwissScheduler)
        #expect(scheduler.sharding?.fixedSchedule == nil && scheduler.whyNotShardable != nil)
        #expect(scheduler.plannedGames == 3 * 4 * 2)
    }
}
