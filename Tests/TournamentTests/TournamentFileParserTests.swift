import Bots
import Testing

@testable import Tournament

@Suite("Tournament files")
struct TournamentFileParserTests {
    let parser = TournamentFileParser()

    @Test("a full file reads into the configuration, with defaults for what is left out")
    func fullFile() throws {
        let config = try parser.parse(
            """
            name: class-2026
            format: gauntlet
            games_per_pairing: 6
            concurrency: 16
            poll_interval_ms: 250
            rate_limit: 20
            server: http://127.0.0.1:9000/
            seed: 77
            stall_timeout_s: 30
            wake_local_opponent: false
            bots:
              - density
              - name: hunter
                builtin: hunt-target
              - name: py random
                command: python3 "bots/python/random bot.py" --fast
                move_timeout_ms: 2000
              - name: listed
                command: [./bot, -v]
            """, file: "t.yaml")
        #expect(config.name == "class-2026")
        #expect(config.format == .gauntlet)
        #expect(config.gamesPerPairing == 6 && config.concurrency == 16 && config.pollInterval == .milliseconds(250))
        #expect(config.rateLimit == 20)
        #expect(config.server == .url("http://127.0.0.1:9000"))
        #expect(config.seed == 77 && config.stallTimeout == .seconds(30) && !config.wakeLocalOpponent)
        #expect(config.outputDirectory == "reports/class-2026")
        #expect(
            config.bots == [
                BotEntry(name: "density", kind: .builtin(.density)),
                BotEntry(name: "hunter", kind: .builtin(.huntTarget)),
                BotEntry(
                    name: "py random",
                    kind: .external(ExternalBotSpec(command: ["python3", "bots/python/random bot.py", "--fast"], moveDeadline: .seconds(2)))),
                BotEntry(name: "listed", kind: .external(ExternalBotSpec(command: ["./bot", "-v"]))),
            ])
        let defaults = try parser.parse("name: d\nbots: [random, parity]\n", file: "d.yaml")
        #expect(defaults.format == .roundRobin && defaults.gamesPerPairing == 2 && defaults.pollInterval == .milliseconds(500))
        #expect(defaults.server == .embedded && defaults.rateLimit == nil && defaults.wakeLocalOpponent)
    }

    @Test("an sprt block reads into the test's settings, alpha and beta default to 0.05, and games per pairing becomes a cap of 1,000")
    func sprtBlock() throws {
        let config = try parser.parse("name: x\nbots: [parity, random]\nsprt: {elo0: -5, elo1: 15.5, beta: 0.1}\n", file: "t.yaml")
        #expect(config.sprt == SPRTSettings(elo0: -5, elo1: 15.5, alpha: 0.05, beta: 0.1))
        #expect(config.gamesPerPairing == 1_000)
        let capped = try parser.parse("name: x\nbots: [parity, random]\ngames_per_pairing: 40\nsprt: {elo0: 0, elo1: 10}\n", file: "t.yaml")
        #expect(capped.gamesPerPairing == 40)
        #expect(
            ResumeSettings.digest(of: capped)
                != ResumeSettings.digest(
                    of: {
                        var c = capped
                        c.sprt = nil
                        return c
                    }()))
    }

    @Test("time_control: BASE+INC in seconds, BASE alone or none; 10+0.1 when left out; and it reaches bots_from:, whose checks play on it")
    func timeControl() throws {
        #expect(
            try parser.parse("name: x\nbots: [random, parity]\n", file: "t.yaml").timeControl
                == TimeControl(baseMilliseconds: 10_000, incrementMilliseconds: 100))
        #expect(
            try parser.parse("name: x\nbots: [random, parity]\ntime_control: 2+0.25\n", file: "t.yaml").timeControl
                == TimeControl(baseMilliseconds: 2_000, incrementMilliseconds: 250))
        #expect(
            try parser.parse("name: x\nbots: [random, parity]\ntime_control: 30\n", file: "t.yaml").timeControl
                == TimeControl(baseMilliseconds: 30_000, incrementMilliseconds: 0))
        #expect(try parser.parse("name: x\nbots: [random, parity]\ntime_control: none\n", file: "t.yaml").timeControl == nil)
        // Written after bots_from: or before it, the submissions' checks get the file's clock.
        for text in ["name: x\nbots_from: subs\ntime_control: 2+0.1\n", "name: x\ntime_control: 2+0.1\nbots_from: {folder: subs}\n"] {
            #expect(try parser.read(text, file: "t.yaml").botsFrom?.timeControl == TimeControl(baseMilliseconds: 2_000, incrementMilliseconds: 100))
        }
        #expect(try parser.read("name: x\nbots_from: subs\ntime_control: none\n", file: "t.yaml").botsFrom?.timeControl == nil)
        #expect(try parser.read("name: x\nbots_from: subs\n", file: "t.yaml").botsFrom?.timeControl == .tournamentDefault)
    }

    @Test(
        "each problem is reported with its line and what to do",
        arguments: [
            ("name: x\nbots: [random, parity]\ngame_per_pairing: 2\n", "t.yaml:3: unknown key `game_per_pairing`; did you mean `games_per_pairing`?"),
            ("name: x\nbots: [random, parity]\nconcurrency: many\n", "t.yaml:3: `concurrency` must be a whole number from 1 to 10000; got `many`"),
            (
                "name: x\nbots:\n  - random\n  - name: b\n    builtin: smart\n",
                "t.yaml:5: unknown built-in `smart`; choose one of admiral, champion, density, hunt-target, parity, random"
            ),
            ("name: x\nbots:\n  - random\n  - rando\n", "t.yaml:4: `rando` is not a built-in bot"),
            ("name: x\nbots: [random]\n", "t.yaml:2: a tournament needs at least two bots; 1 listed"),
            ("name: x\nbots: [random, random]\n", "t.yaml:2: two bots are named `random`"),
            ("name: x\nbots:\n  - random\n  - name: p\n    command: ''\n", "t.yaml:5: `command` is empty"),
            ("name: x\nbots:\n  - random\n  - name: p\n", "t.yaml:4: bot `p` needs `builtin:`"),
            ("name: x\nformat: knockout\nbots: [random, parity]\n", "t.yaml:2: `format` must be one of round-robin, gauntlet, swiss; got `knockout`"),
            ("name: x\nserver: ftp://h\nbots: [random, parity]\n", "t.yaml:2: `server` must be `embedded` or a URL"),
            ("name: x\nbots: [random, parity\n", "t.yaml:3: not valid YAML"),
            ("bots: [random, parity]\n", "t.yaml:1: missing `name:`"),
            ("name: a/b\nbots: [random, parity]\n", "t.yaml:1: `name` must be letters, digits"),
            (
                "name: x\nbots: [random, parity, density]\nsprt: {elo0: 0, elo1: 10}\n",
                "t.yaml:3: `sprt` tests a match between two bots; this file lists 3"
            ),
            ("name: x\nbots: [random, parity]\nsprt: {elo0: 0}\n", "t.yaml:3: `sprt` needs `elo0` and `elo1`"),
            ("name: x\nbots: [random, parity]\nsprt: {elo0: 10, elo1: 0}\n", "t.yaml:3: `sprt.elo1` must be greater than `elo0`"),
            (
                "name: x\nbots: [random, parity]\nsprt:\n  elo0: 0\n  elo1: 5\n  alpha: 0.7\n",
                "t.yaml:6: `sprt.alpha` must be an error rate above 0 and below 0.5"
            ),
            (
                "name: x\nbots: [random, parity]\nsprt:\n  elo0: 0\n  elo1: 5\n  alfa: 0.1\n",
                "t.yaml:6: unknown `sprt` key `alfa`; did you mean `alpha`?"
            ),
            ("name: x\nbots: [random, parity]\nsprt: 5\n", "t.yaml:3: `sprt` must be a mapping"),
            ("name: x\nsandbox: off\nbots: [random, parity]\n", "t.yaml:2: `sandbox` must be `bubblewrap` (the default), `none`, or a mapping"),
            (
                "name: x\nsandbox: {read_only: [opt/conda]}\nbots: [random, parity]\n",
                "t.yaml:2: `read_only` folders must be absolute paths without `..`"
            ),
            ("name: x\nsandbox: {readonly: [/opt]}\nbots: [random, parity]\n", "t.yaml:2: unknown `sandbox` key `readonly`"),
            ("name: x\nlimits: {memory_mib: 5}\nbots: [random, parity]\n", "t.yaml:2: unknown `limits` key `memory_mib`; did you mean `memory_mb`?"),
            (
                "name: x\nbots:\n  - random\n  - name: p\n    builtin: parity\n    memory_mb: 100\n",
                "t.yaml:6: `memory_mb` applies to external bots (`command:`) only"
            ),
            (
                "name: x\nbots:\n  - random\n  - name: p\n    command: ./p\n    processes: 0\n",
                "t.yaml:6: `processes` must be a whole number from 1 to 100000"
            ),
            ("name: x\nbots: [random, parity]\ntime_control: 40/60+0.6\n", "t.yaml:3: `time_control` must be `BASE+INC` in seconds"),
            ("name: x\nbots: [random, parity]\ntime_control: 0+1\n", "t.yaml:3: `time_control` must be `BASE+INC` in seconds"),
            ("name: x\nbots: [random, parity]\ntime_control: [10, 0.1]\n", "t.yaml:3: `time_control` must be `BASE+INC` in seconds"),
            ("name: x\nbots: [random, parity]\ntime_contol: 10+0.1\n", "t.yaml:3: unknown key `time_contol`; did you mean `time_control`?"),
        ])
    func errorsNameTheLine(text: String, expected: String) {
        #expect {
            try parser.parse(text, file: "t.yaml")
        } throws: { error in
            "\(error)".hasPrefix(expected)
        }
    }

    @Test("sandbox and limits: the file's settings apply to every external bot, a bot's own override them, and the rest keep the documented defaults")
    func sandboxAndLimits() throws {
        let config = try parser.parse(
            """
            name: caged
            sandbox: {read_only: [/opt/conda]}
            limits: {memory_mb: 512, cpu_seconds: 30}
            bots:
              - density
              - name: alice
                command: python3 alice/bot.py
              - name: bob
                command: ./bob
                dir: /srv/class/bob
                sandbox: none
                memory_mb: none
                processes: 8
                tmp_mb: 1
            """, file: "t.yaml")
        guard case .external(let alice) = config.bots[1].kind, case .external(let bob) = config.bots[2].kind else {
            Issue.record("not external")
            return
        }
        #expect(alice.sandbox == SandboxSettings(isEnabled: true, readOnlyPaths: ["/opt/conda"]))
        #expect(alice.limits == ResourceLimits(memoryBytes: 512 << 20, cpuSeconds: 30))
        #expect(alice.folder == nil)
        #expect(bob.sandbox == .none && bob.folder == "/srv/class/bob")
        #expect(bob.limits == ResourceLimits(memoryBytes: nil, cpuSeconds: 30, processes: 8, tmpBytes: 1 << 20))
        let plain = try parser.parse("name: p\nbots:\n  - random\n  - name: q\n    command: ./q\n", file: "t.yaml")
        #expect(plain.bots[1].kind == .external(ExternalBotSpec(command: ["./q"], limits: ResourceLimits(), sandbox: SandboxSettings())))
    }
}
