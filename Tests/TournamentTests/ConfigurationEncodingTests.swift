import Bots
import Foundation
import JSONCoding
import Testing

@testable import Tournament

@Suite("The configuration's one encoding")
struct ConfigurationEncodingTests {
    /// A configuration with every member of the encoding set, away from its default.
    static let everyMember: TournamentConfig = {
        var config = TournamentConfig(
            name: "every-member", format: .swiss,
            bots: [
                BotEntry(name: "density", kind: .builtin(.density)),
                BotEntry(name: "alice", kind: .builtin(.champion), version: "3f9c2a1b7d04"),
                BotEntry(
                    name: "Ünïcode \"bot\"\t/",
                    kind: .external(
                        ExternalBotSpec(
                            command: ["/usr/bin/python3", "a b/bot.py", ""], moveDeadline: .milliseconds(2_500), startupDeadline: .seconds(9),
                            limits: ResourceLimits(
                                memoryBytes: 512 << 20, cpuSeconds: nil, processes: 200, openFiles: 1_024, fileSizeBytes: 1 << 20, tmpBytes: nil),
                            folder: "/srv/class/alice", sandbox: SandboxSettings(isEnabled: true, readOnlyPaths: ["/opt/java", "/opt/x y"]),
                            restart: .perGame
                        )), version: "0123456789ab"),
                BotEntry(name: "trusted", kind: .external(ExternalBotSpec(command: ["./trusted"], sandbox: .none))),
            ],
            gamesPerPairing: 6, concurrency: 64, pollInterval: .milliseconds(120), rateLimit: 250.5, server: .url("http://10.0.0.5:8080"),
            seed: .max, outputDirectory: "/tmp/every setting", stallTimeout: .milliseconds(30_500), wakeLocalOpponent: false,
            sprt: SPRTSettings(elo0: -5, elo1: 10.25, alpha: 0.1, beta: 0.2)
        )
        config.rounds = 5
        config.context.seedKey = SeedKey(hex: "27b376ab45eae6a2a3d2711cab3a1aab")
        config.context.shard = try? Shard(index: 1, count: 3)
        config.context.sourceFile = "/home/t/every member.yaml"
        config.context.workingDirectory = "/home/t"
        config.placement = .bots
        config.tellOpponent = true
        config.timeControl = TimeControl(baseMilliseconds: 2_500, incrementMilliseconds: 50)
        config.context.isSeason = true
        return config
    }()

    /// `everyMember` as the journals of a Salvo before clocks hold it: their games were played
    /// without one, and so they read.
    static var everyMemberBeforeClocks: TournamentConfig {
        var config = everyMember
        config.timeControl = nil
        return config
    }

    /// `everyMember` as the hand-written writer of the configuration wrote it, before the
    /// configuration was `Codable` (taken from that writer's output): journals of today hold
    /// this text. It was written before clocks, so it has no `timeControl`.
    static let handWritten =
        #"{"name":"every-member","format":"swiss","rounds":5,"bots":[{"name":"density","builtin":"density"},{"name":"alice","version":"3f9c2a1b7d04","builtin":"champion"},{"name":"Ünïcode \"bot\"\t/","version":"0123456789ab","command":["/usr/bin/python3","a b/bot.py",""],"moveTimeoutMs":2500,"startupTimeoutMs":9000,"dir":"/srv/class/alice","restart":"per-game","sandbox":"bubblewrap","readOnly":["/opt/java","/opt/x y"],"limits":{"memoryBytes":536870912,"cpuSeconds":null,"processes":200,"openFiles":1024,"fileSizeBytes":1048576,"tmpBytes":null}},{"name":"trusted","command":["./trusted"],"moveTimeoutMs":1000,"startupTimeoutMs":5000,"restart":"reuse","sandbox":"none","limits":{"memoryBytes":1073741824,"cpuSeconds":60,"processes":64,"openFiles":256,"fileSizeBytes":null,"tmpBytes":67108864}}],"gamesPerPairing":6,"concurrency":64,"pollIntervalMs":120,"rateLimit":250.5,"server":"http://10.0.0.5:8080","seed":"18446744073709551615","output":"/tmp/every setting","stallTimeoutMs":30500,"wakeLocalOpponent":false,"seedDerivation":"hmac-sha256","seedKey":"27b376ab45eae6a2a3d2711cab3a1aab","shard":"1/3","sourceFile":"/home/t/every member.yaml","workingDirectory":"/home/t","placement":"bots","tellOpponent":true,"season":true,"sprt":{"elo0":-5,"elo1":10.25,"alpha":0.1,"beta":0.2}}"#

    /// `everyMember` as its `Codable` conformance writes it into the journal: the same members
    /// and values, in alphabetical order.
    static let encoded =
        #"{"bots":[{"builtin":"density","name":"density"},{"builtin":"champion","name":"alice","version":"3f9c2a1b7d04"},{"command":["/usr/bin/python3","a b/bot.py",""],"dir":"/srv/class/alice","limits":{"cpuSeconds":null,"fileSizeBytes":1048576,"memoryBytes":536870912,"openFiles":1024,"processes":200,"tmpBytes":null},"moveTimeoutMs":2500,"name":"Ünïcode \"bot\"\t/","readOnly":["/opt/java","/opt/x y"],"restart":"per-game","sandbox":"bubblewrap","startupTimeoutMs":9000,"version":"0123456789ab"},{"command":["./trusted"],"limits":{"cpuSeconds":60,"fileSizeBytes":null,"memoryBytes":1073741824,"openFiles":256,"processes":64,"tmpBytes":67108864},"moveTimeoutMs":1000,"name":"trusted","restart":"reuse","sandbox":"none","startupTimeoutMs":5000}],"concurrency":64,"format":"swiss","gamesPerPairing":6,"name":"every-member","output":"/tmp/every setting","placement":"bots","pollIntervalMs":120,"rateLimit":250.5,"rounds":5,"season":true,"seed":"18446744073709551615","seedDerivation":"hmac-sha256","seedKey":"27b376ab45eae6a2a3d2711cab3a1aab","server":"http://10.0.0.5:8080","shard":"1/3","sourceFile":"/home/t/every member.yaml","sprt":{"alpha":0.1,"beta":0.2,"elo0":-5,"elo1":10.25},"stallTimeoutMs":30500,"tellOpponent":true,"timeControl":"2.5+0.05","wakeLocalOpponent":false,"workingDirectory":"/home/t"}"#

    /// The entry of a `started` line whose configuration is `configuration`.
    static func started(_ configuration: String) throws(JSONError) -> JournalEntry {
        let line =
            Array(#"{"type":"started","schemaVersion":3,"name":"n","configurationDigest":"d","totalGames":2,"configuration":"#.utf8)
            + Array(configuration.utf8) + [UInt8(ascii: "}")]
        return try line.withUnsafeBufferPointer { buffer throws(JSONError) in try JournalCodec.entry(buffer) }
    }

    /// The configuration of a `started` line.
    static func configuration(_ text: String) throws -> TournamentConfig {
        guard case .started(let start) = try started(text) else { throw JSONError(problem: .missingField("started"), offset: 0) }
        return start.configuration
    }

    @Test(
        "the hand-written writer's text of every member reads back, in the journal and by JSONDecoder, as the configuration it was written from, with no clock"
    )
    func handWrittenTextReads() throws {
        #expect(try Self.configuration(Self.handWritten) == Self.everyMemberBeforeClocks)
        #expect(try JSONDecoder().decode(TournamentConfig.self, from: Data(Self.handWritten.utf8)) == Self.everyMemberBeforeClocks)
    }

    @Test("the journal writes every member of the configuration exactly so: the members and values of the hand-written writer, in alphabetical order")
    func encodingIsPinned() throws {
        let line = String(
            decoding: JournalCodec.line(.started(JournalStart(name: "n", configurationDigest: "d", totalGames: 2, configuration: Self.everyMember))),
            as: UTF8.self)
        #expect(line.hasSuffix(#","configuration":"# + Self.encoded + "}\n"), "\(line)")
        // The same members and values: the two texts parsed, written again in one order.
        func normalized(_ text: String) throws -> Data {
            try JSONSerialization.data(withJSONObject: JSONSerialization.jsonObject(with: Data(text.utf8)), options: [.sortedKeys])
        }
        // The clock came after the hand-written writer: its one member more.
        let handWrittenWithClock = Self.handWritten.replacingOccurrences(of: #""season":true,"#, with: #""season":true,"timeControl":"2.5+0.05","#)
        #expect(try normalized(Self.encoded) == normalized(handWrittenWithClock))
        #expect(
            try normalized(Self.encoded)
                != normalized(handWrittenWithClock.replacingOccurrences(of: #""cpuSeconds":null,"processes":200"#, with: #""processes":200"#)))
        #expect(try Self.configuration(Self.encoded) == Self.everyMember)
    }

    @Test(
        "a configuration without the optional members reads with the tournament file's defaults, and those of the journals written before each member"
    )
    func missingMembersTakeDefaults() throws {
        let read = try Self.configuration(
            #"{"name":"old","bots":[{"name":"d","builtin":"density"},{"name":"p","command":["p"]},{"name":"q","command":["q"],"limits":{"memoryBytes":null,"processes":8}}]}"#
        )
        var limits = ResourceLimits()
        limits.memoryBytes = nil
        limits.processes = 8
        var expected = TournamentConfig(
            name: "old",
            bots: [
                BotEntry(name: "d", kind: .builtin(.density)),
                BotEntry(name: "p", kind: .external(ExternalBotSpec(command: ["p"], restart: .perGame))),
                BotEntry(name: "q", kind: .external(ExternalBotSpec(command: ["q"], limits: limits, restart: .perGame))),
            ])
        expected.context.seedDerivation = .mixed
        // No `timeControl`: a journal from before clocks, whose games had none (not the file's 10+0.1).
        expected.timeControl = nil
        #expect(read == expected)
        #expect(read.timeControl == nil)
        #expect(read.outputDirectory == "reports/old" && read.format == .roundRobin && read.seed == 1 && read.gamesPerPairing == 2)
        #expect(read.pollInterval == .milliseconds(500) && read.stallTimeout == .seconds(60) && read.wakeLocalOpponent && read.server == .embedded)
        #expect(
            read.context.seedKey == nil && read.context.shard == nil && read.sprt == nil && read.rounds == nil && read.placement == .server
                && !read.tellOpponent && !read.context.isSeason)
        guard case .external(let spec) = read.bots[1].kind else {
            Issue.record("not external")
            return
        }
        #expect(spec.restart == .perGame && spec.sandbox.isEnabled && spec.moveDeadline == .seconds(1) && spec.limits == ResourceLimits())
    }

    @Test(
        "a bad value is refused naming its member, at its byte",
        arguments: [
            (
                #""seed":"18446744073709551615""#, #""seed":"x""#,
                "bad value at configuration.seed: a seed that is not a whole number from 0 to 2^64-1"
            ),
            (#""shard":"1/3""#, #""shard":"3""#, "bad value at configuration.shard: a shard that is not I/N"),
            (
                #""seedKey":"27b376ab45eae6a2a3d2711cab3a1aab""#, #""seedKey":"27b3""#,
                "bad value at configuration.seedKey: a seed key that is not 32 hex digits"
            ),
            (#""server":"http://10.0.0.5:8080""#, #""server":"ftp://x""#, "bad value at configuration.server: a server other than `embedded`"),
            (#""format":"swiss""#, #""format":"knockout""#, "bad value at configuration.format: an unknown format `knockout`"),
            (#""placement":"bots""#, #""placement":"judge""#, "bad value at configuration.placement: an unknown placement `judge`"),
            (
                #""seedDerivation":"hmac-sha256""#, #""seedDerivation":"md5""#,
                "bad value at configuration.seedDerivation: an unknown seed derivation `md5`"
            ),
            (#""sandbox":"none""#, #""sandbox":"docker""#, "bad value at configuration.bots[3].sandbox: a sandbox other than bubblewrap or none"),
            (#""restart":"per-game""#, #""restart":"never""#, "bad value at configuration.bots[2].restart: an unknown restart `never`"),
            (#""builtin":"champion""#, #""builtin":"deep-blue""#, "bad value at configuration.bots[1].builtin: an unknown built-in bot `deep-blue`"),
            (#""memoryBytes":536870912"#, #""memoryBytes":"lots""#, "bad value at configuration.bots[2].limits.memoryBytes:"),
            (#"{"name":"density","builtin":"density"}"#, #"{"builtin":"density"}"#, #"missing field "name" at configuration.bots[0]"#),
            (
                #""builtin":"density""#, #""builtin":"density","command":["x"]"#,
                "bad value at configuration.bots[0]: a bot with neither or both of `builtin` and `command`"
            ),
            (#""elo1":10.25,"#, "", #"missing field "elo1" at configuration.sprt"#),
        ])
    func badValueNamesItsMember(replacing: String, with replacement: String, message: String) throws {
        #expect(Self.handWritten.contains(replacing))
        let text = Self.handWritten.replacingOccurrences(of: replacing, with: replacement)
        let error = #expect(throws: JSONError.self) { try Self.started(text) }
        #expect(error?.description.hasPrefix(message) == true, "\(error.map { "\($0)" } ?? "no error")")
    }

    @Test("the error at a bad value gives the byte where the value starts in the line")
    func badValueOffset() throws {
        let text = Self.handWritten.replacingOccurrences(of: #""seed":"18446744073709551615""#, with: #""seed":"x""#)
        let line = #"{"type":"started","schemaVersion":3,"name":"n","configurationDigest":"d","totalGames":2,"configuration":"# + text
        let error = #expect(throws: JSONError.self) { try Self.started(text) }
        let start = try #require(line.utf8.firstRange(of: #""seed":"x""#.utf8)).lowerBound
        #expect(error?.offset == line.utf8.distance(from: line.utf8.startIndex, to: start) + #""seed":"#.utf8.count)
    }

    @Test("the configuration of release 0.3.0's journal reads as that run's, and writes and reads back equal")
    func releaseJournalConfiguration() throws {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("ReportsTests/Golden/release-0.3.0/journal.jsonl").path
        guard case .started(let start)? = try Journal.read(path: path).first else {
            Issue.record("no started line")
            return
        }
        let config = start.configuration
        #expect(config.name == "release-0-3-0" && config.seed == 2026 && config.gamesPerPairing == 4 && config.concurrency == 4)
        #expect(config.bots.map(\.name) == ["density", "parity", "hunt-target", "py-random", "crasher"])
        #expect(
            config.bots[3].kind == .external(ExternalBotSpec(command: ["python3", "bots/python/random_bot.py"], sandbox: .none, restart: .reuse)))
        #expect(config.context.seedDerivation == .keyed && config.context.seedKey?.description == "27b376ab45eae6a2a3d2711cab3a1aab")
        #expect(
            config.outputDirectory == "/tmp/fixture-out" && config.context.sourceFile == "/tmp/fixture-run/release-0.3.0.yaml"
                && config.context.workingDirectory == "/work/main")
        let line = JournalCodec.line(.started(start))
        #expect(try line.dropLast().withUnsafeBufferPointer { try JournalCodec.entry($0) } == .started(start))
    }
}
