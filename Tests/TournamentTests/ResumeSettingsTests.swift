import Bots
import Foundation
import JSONCoding
import Testing

@testable import Tournament

/// What a journal is continued by: the canonical settings, their pinned digest, and the one
/// line that names a difference.
@Suite("Resume settings")
struct ResumeSettingsTests {
    static let config = TournamentConfig(
        name: "class",
        bots: [
            BotEntry(name: "density", kind: .builtin(.density)),
            BotEntry(name: "alice", kind: .external(ExternalBotSpec(command: ["python3", "alice/bot.py"], moveDeadline: .seconds(2)))),
        ],
        gamesPerPairing: 4, seed: 2026
    )

    @Test("the settings are canonical lines, defaults left out, and their digest is pinned")
    func pinned() {
        let lines = ResumeSettings.lines(of: Self.config).map { "\($0.key)=\($0.value)" }
        #expect(
            lines == [
                "format=round-robin", "games_per_pairing=4", "seed=2026", "bots=2",
                "bots[0].name=density", "bots[0].builtin=density",
                "bots[1].name=alice", #"bots[1].command=["python3","alice/bot.py"]"#, "bots[1].move_timeout_ms=2000",
                "time_control=10+0.1",
            ])
        // Pinned: a change here breaks the resume of every journal written so far.
        #expect(ResumeSettings.digest(of: Self.config) == "86293034c43274d1")
        // Without a clock, the lines and digest of the journals written before clocks: each
        // is continued by `time_control: none`, and only so.
        var unclocked = Self.config
        unclocked.timeControl = nil
        #expect(ResumeSettings.digest(of: unclocked) == "09a8c2a1d795cd1c")
    }

    @Test("the clock is a line whenever an external bot plays on one, the default included; none is no line, as in the journals from before clocks")
    func clock() {
        var old = Self.config
        old.timeControl = nil
        #expect(!ResumeSettings.lines(of: old).contains { $0.key == "time_control" })
        #expect(ResumeSettings.difference(journal: old, run: Self.config) == "time_control: the journal's run has none, this one 10+0.1")
        #expect(ResumeSettings.difference(journal: Self.config, run: old) == "time_control: the journal's run has 10+0.1, this one none")
        var faster = Self.config
        faster.timeControl = TimeControl(parsing: "2+0.1")
        #expect(ResumeSettings.difference(journal: Self.config, run: faster) == "time_control: the journal's run has 10+0.1, this one 2+0.1")
        // Built-ins alone have no clock to agree on: the old journal of one goes on as it was.
        var builtIns = Self.config
        builtIns.bots = [BotEntry(name: "density", kind: .builtin(.density)), BotEntry(name: "parity", kind: .builtin(.parity))]
        var builtInsBefore = builtIns
        builtInsBefore.timeControl = nil
        #expect(ResumeSettings.digest(of: builtIns) == ResumeSettings.digest(of: builtInsBefore))
    }

    @Test(
        "limits come from one table: the resume lines keep their names, the journal writes and reads every limit by its member, as Codable names it")
    func limitsTable() throws {
        var limits = ResourceLimits(memoryBytes: 256 << 20, cpuSeconds: 5, processes: 8, openFiles: 32, fileSizeBytes: 1 << 20, tmpBytes: nil)
        var config = Self.config
        config.bots[1] = BotEntry(name: "alice", kind: .external(ExternalBotSpec(command: ["python3", "alice/bot.py"], limits: limits)))
        let lines = ResumeSettings.lines(of: config).map { "\($0.key)=\($0.value)" }.filter { $0.hasPrefix("bots[1].") }
        // Pinned: these names are in the digest of every journal with limits.
        #expect(
            lines.dropFirst(2) == [
                "bots[1].memory_bytes=268435456", "bots[1].cpu_seconds=5", "bots[1].processes=8",
                "bots[1].open_files=32", "bots[1].file_size_bytes=1048576", "bots[1].tmp_bytes=none",
            ])
        // The journal: every limit by its member, and back.
        let line = JournalCodec.line(.started(JournalStart(name: "class", configurationDigest: "", totalGames: 0, configuration: config)))
        let text = String(decoding: line, as: UTF8.self)
        #expect(
            text.contains(#""limits":{"cpuSeconds":5,"fileSizeBytes":1048576,"memoryBytes":268435456,"openFiles":32,"processes":8,"tmpBytes":null}"#),
            "\(text)")
        let entry = try line.withUnsafeBufferPointer { bytes throws(JSONError) in try JournalCodec.entry(bytes) }
        guard case .started(let start) = entry else {
            Issue.record("not a started line")
            return
        }
        guard case .external(let spec) = start.configuration.bots[1].kind else {
            Issue.record("not external")
            return
        }
        #expect(spec.limits == limits)
        // Codable (results.json) names them the same, leaving out none.
        limits.tmpBytes = 1 << 20
        let object = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(limits)) as? [String: Int])
        #expect(Set(object.keys) == Set(ResourceLimits.fileKeys.map(\.member)))
        #expect(try JSONDecoder().decode(ResourceLimits.self, from: JSONEncoder().encode(limits)) == limits)
    }

    @Test("settings that do not change the games leave the digest alone; those that do change it")
    func whatCounts() {
        let digest = ResumeSettings.digest(of: Self.config)
        var same = Self.config
        same.concurrency = 100
        same.pollInterval = .milliseconds(50)
        same.server = .url("http://10.0.0.1:8080")
        same.outputDirectory = "/elsewhere"
        same.stallTimeout = .seconds(5)
        same.wakeLocalOpponent = false
        same.rateLimit = 10
        // A setting spelled out at its default is the same as one left out.
        same.bots[1] = BotEntry(
            name: "alice",
            kind: .external(
                ExternalBotSpec(
                    command: ["python3", "alice/bot.py"], moveDeadline: .seconds(2), startupDeadline: ExternalBotSpec.defaultStartupDeadline)))
        #expect(ResumeSettings.digest(of: same) == digest)
        let changes: [(inout TournamentConfig) -> Void] = [
            { $0.seed = 2027 }, { $0.gamesPerPairing = 6 }, { $0.format = .gauntlet },
            { $0.bots[0].name = "dense" }, { $0.bots[0].kind = .builtin(.champion) },
            { $0.bots[1].kind = .external(ExternalBotSpec(command: ["python3", "alice/bot.py"])) },
            { $0.bots.swapAt(0, 1) }, { $0.sprt = SPRTSettings(elo0: 0, elo1: 10) },
            { $0.timeControl = nil }, { $0.timeControl = TimeControl(parsing: "10+0.2") },
        ]
        for change in changes {
            var changed = Self.config
            change(&changed)
            #expect(ResumeSettings.digest(of: changed) != digest)
            #expect(ResumeSettings.difference(journal: Self.config, run: changed) != nil)
        }
    }

    @Test("a difference is named in one line, with both values")
    func difference() {
        var run = Self.config
        run.gamesPerPairing = 6
        #expect(ResumeSettings.difference(journal: Self.config, run: run) == "games_per_pairing: the journal's run has 4, this one 6")
        run = Self.config
        run.bots.append(BotEntry(name: "parity", kind: .builtin(.parity)))
        #expect(ResumeSettings.difference(journal: Self.config, run: run) == "bots: this run adds `parity`; the journal's run has 2, this one 3")
        #expect(ResumeSettings.difference(journal: run, run: Self.config) == "bots: it leaves out `parity`; the journal's run has 3, this one 2")
        #expect(ResumeSettings.difference(journal: Self.config, run: Self.config) == nil)
    }
}
