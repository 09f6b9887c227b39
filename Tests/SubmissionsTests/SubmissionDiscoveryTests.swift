import Bots
import Foundation
import Processes
import Sandbox
import Testing

@testable import Submissions

/// The example submissions, discovered, built by real compilers in the real sandbox, and
/// played through the protocol.
@Suite("Submissions: discovery and builds", .serialized)
struct SubmissionDiscoveryTests {
    @Test("the C, Java and Python examples are entered and play; the broken build and the bad manifest are not, each with its reason")
    func examples() async throws {
        let folders = SubmissionFolders("examples")
        defer { folders.remove() }
        try folders.copyExamples(["c-hunter", "java-parity", "python-random", "broken-build", "bad-manifest"])
        let entries = try await SubmissionFolders.enter(folders.settings())
        #expect(entries.entered.map(\.name) == ["c-hunter", "java-parity", "python-random"])
        #expect(entries.buildsRun == 3, "C, Java and the broken one")
        let byName = Dictionary(uniqueKeysWithValues: entries.entered.map { ($0.name, $0) })
        let c = try #require(byName["c-hunter"])
        // One copy per version: `bots/FOLDER@VERSION`, the version 12 hex digits.
        #expect(c.version.count == 12 && c.version.allSatisfy(\.isHexDigit))
        let cCopy = folders.workFolder + "/bots/c-hunter@" + c.version
        #expect(c.spec.folder == cCopy)
        #expect(c.spec.command == [cCopy + "/bot"])
        #expect(c.spec.limits.memoryBytes == 256 << 20, "its manifest's memory_mb: 256")
        #expect(FileManager.default.isExecutableFile(atPath: cCopy + "/bot"))
        #expect(!FileManager.default.fileExists(atPath: folders.submissions + "/c-hunter/bot"), "the submission's own folder is never written")
        #expect(c.build?.fromCache == false && c.build?.logPath == folders.workFolder + "/logs/c-hunter@\(c.version).build.log")
        #expect(FileManager.default.fileExists(atPath: try #require(byName["java-parity"]?.spec.folder) + "/Bot.class"))
        #expect(byName["python-random"]?.build == nil)
        let python = try #require(byName["python-random"])
        #expect(python.spec.command == ["python3", folders.workFolder + "/bots/python-random@\(python.version)/bot.py"])

        #expect(entries.notEntered.map(\.folder) == ["bad-manifest", "broken-build"])
        #expect(
            entries.notEntered[0].reason
                == "bot.yaml:4: unknown key `comand`; did you mean `command`?; known keys: name, command, build, restart, memory_mb, cpu_seconds, processes, open_files, file_size_mb, tmp_mb"
        )
        let broken = entries.notEntered[1]
        let brokenLog = try #require(broken.buildLog)
        #expect(brokenLog.hasPrefix(folders.workFolder + "/logs/broken-build@") && brokenLog.hasSuffix(".build.log"))
        // The reason names the log as the output folder does, never by its host path.
        #expect(
            broken.reason.hasPrefix(
                "the build failed (exit status 1); the end of its log (submissions/logs/\((brokenLog as NSString).lastPathComponent)):\n"),
            "\(broken.reason)")
        #expect(broken.reason.contains("missing_function"), "the compiler's complaint is in the log's tail")

        // Every entered bot plays a whole game through the protocol, sandboxed.
        for bot in entries.entered {
            let steps = await ComplianceCheck(spec: bot.spec, launcher: SandboxLauncher()).run()
            #expect(steps.allSatisfy { $0.passed }, "\(bot.name): \(steps.filter { !$0.passed }.map(\.detail))")
        }
    }

    @Test("a second discovery with nothing changed runs no build: the cached copy and result are reused")
    func secondDiscoveryCached() async throws {
        let folders = SubmissionFolders("cache")
        defer { folders.remove() }
        try folders.copyExamples(["c-hunter", "broken-build", "python-random"])
        let first = try await SubmissionFolders.enter(folders.settings())
        #expect(first.buildsRun == 2, "the C bot's and the broken one's; the Python bot has none")
        let version = try #require(first.entered.first { $0.name == "c-hunter" }?.version)
        let binary = folders.workFolder + "/bots/c-hunter@\(version)/bot"
        let log = folders.workFolder + "/logs/c-hunter@\(version).build.log"
        let before = try #require(SubmissionFolders.identity(binary))
        let logBefore = try #require(SubmissionFolders.identity(log))
        let second = try await SubmissionFolders.enter(folders.settings())
        #expect(second.buildsRun == 0)
        #expect(second.entered.map(\.name) == first.entered.map(\.name))
        #expect(second.entered.first { $0.name == "c-hunter" }?.build?.fromCache == true)
        let after = try #require(SubmissionFolders.identity(binary))
        let logAfter = try #require(SubmissionFolders.identity(log))
        #expect(after.inode == before.inode && after.modified == before.modified, "the binary was not rebuilt")
        #expect(logAfter.modified == logBefore.modified, "the build log was not rewritten")
        // The failed build stays failed, with the same reason, without running again.
        #expect(second.notEntered == first.notEntered)
    }

    @Test("changing a source file rebuilds that bot only")
    func changeRebuilds() async throws {
        let folders = SubmissionFolders("change")
        defer { folders.remove() }
        try folders.copyExamples(["c-hunter", "java-parity"])
        let first = try await SubmissionFolders.enter(folders.settings())
        let oldVersion = try #require(first.entered.first { $0.name == "c-hunter" }?.version)
        let binary = folders.workFolder + "/bots/c-hunter@\(oldVersion)/bot"
        let before = try #require(SubmissionFolders.identity(binary))
        let source = folders.submissions + "/c-hunter/bot.c"
        try (String(contentsOfFile: source, encoding: .utf8) + "/* one more line */\n").write(toFile: source, atomically: true, encoding: .utf8)
        let again = try await SubmissionFolders.enter(folders.settings())
        #expect(again.buildsRun == 1)
        #expect(again.entered.first { $0.name == "c-hunter" }?.build?.fromCache == false)
        #expect(again.entered.first { $0.name == "java-parity" }?.build?.fromCache == true)
        // A new version, with a copy of its own; the old version's copy stays, untouched, for a season.
        let newVersion = try #require(again.entered.first { $0.name == "c-hunter" }?.version)
        #expect(newVersion != oldVersion)
        let after = try #require(SubmissionFolders.identity(folders.workFolder + "/bots/c-hunter@\(newVersion)/bot"))
        #expect(after.modified >= before.modified)
        #expect(
            try String(contentsOfFile: folders.workFolder + "/bots/c-hunter@\(newVersion)/bot.c", encoding: .utf8).hasSuffix("/* one more line */\n"))
        let old = try #require(SubmissionFolders.identity(binary))
        #expect(old.inode == before.inode && old.modified == before.modified, "the old version's build is kept as it was")
    }

    @Test("a build sees its own copy writable, and nothing else: not the submission, not the network")
    func buildSandbox() async throws {
        let folders = SubmissionFolders("sandbox")
        defer { folders.remove() }
        let source = folders.submissions + "/writer"
        try folders.write(
            "writer",
            [
                "bot.yaml": "build: echo built > out.txt && cat out.txt && echo tampered > \(source)/bot.yaml\ncommand: python3 bot.py\n",
                "bot.py": "print('x')\n",
            ])
        try folders.write(
            "online",
            [
                "bot.yaml": "build: python3 -c \"import socket; socket.create_connection(('1.1.1.1', 53), timeout=3)\"\ncommand: python3 bot.py\n",
                "bot.py": "print('x')\n",
            ])
        let entries = try await SubmissionFolders.enter(folders.settings())
        #expect(entries.entered.isEmpty)
        let logs = try FileManager.default.contentsOfDirectory(atPath: folders.workFolder + "/logs")
        let writerLog = try #require(logs.first { $0.hasPrefix("writer@") })
        #expect(
            try String(contentsOfFile: folders.workFolder + "/logs/" + writerLog, encoding: .utf8).contains("\nbuilt\n"),
            "its copy is writable: it wrote out.txt and read it back")
        let copies = try FileManager.default.contentsOfDirectory(atPath: folders.workFolder + "/bots")
        #expect(!copies.contains { $0.hasPrefix("writer@") }, "a failed build's copy is removed: \(copies)")
        #expect(try String(contentsOfFile: source + "/bot.yaml", encoding: .utf8).hasPrefix("build: echo built"), "the submission is untouched")
        let reasons = Dictionary(uniqueKeysWithValues: entries.notEntered.map { ($0.folder, $0.reason) })
        #expect(reasons["writer"]?.contains("cannot create \(source)/bot.yaml: Directory nonexistent") == true, "\(reasons)")
        #expect(reasons["online"]?.contains("Network is unreachable") == true, "\(reasons["online"] ?? "")")
    }

    @Test("a build that prints 5 MB keeps a log of 1 MiB: its head and its tail, a line saying how much was cut, and the runner's lines around them")
    func buildLogCapped() async throws {
        let folders = SubmissionFolders("loud")
        defer { folders.remove() }
        // It prints a head, 5,000,000 bytes of lines and a tail, then fails: the reason quotes the tail.
        try folders.write(
            "loud",
            [
                "bot.yaml":
                    "build: printf 'BUILD-HEAD\\n'; yes build-line | head -c 5000000; printf '\\nBUILD-TAIL\\n'; exit 2\ncommand: python3 bot.py\n",
                "bot.py": "print('x')\n",
            ])
        let entries = try await SubmissionFolders.enter(folders.settings())
        let loud = try #require(entries.notEntered.first { $0.folder == "loud" })
        let path = try #require(loud.buildLog)
        let log = try Data(contentsOf: URL(fileURLWithPath: path))
        let text = String(decoding: log, as: UTF8.self)
        // 11 + 5,000,000 + 12 bytes printed; 1 MiB kept.
        let line = CappedLog.cutLine(5_000_023 - CappedLog.capBytes, label: "build output")
        #expect(line == "\n[… 4.0 MB of build output cut here (3951447 bytes) …]\n")
        #expect(log.count <= CappedLog.capBytes + CappedLog.slackBytes, "\(log.count) bytes kept")
        #expect(text.hasPrefix("$ printf 'BUILD-HEAD\\n';"), "the runner's line of the command")
        #expect(text.contains(" s\nBUILD-HEAD\nbuild-line\n"), "the head of the output")
        #expect(text.contains(line))
        #expect(
            text.hasSuffix("build-line\nbuild\nBUILD-TAIL\n# the build failed (exit status 2)\n"),
            "the tail, then the runner's line of the outcome: \(text.suffix(200))")
        #expect(loud.reason.hasPrefix("the build failed (exit status 2); the end of its log"), "\(loud.reason.prefix(200))")
        #expect(loud.reason.contains("  BUILD-TAIL\n  # the build failed (exit status 2)"), "\(loud.reason.suffix(200))")
    }

    @Test("a build past its time is stopped; one past its memory is killed", .enabled(if: SandboxLauncher().limitMechanism.hasPrefix("cgroup")))
    func buildLimits() async throws {
        let folders = SubmissionFolders("limits")
        defer { folders.remove() }
        try folders.write("slow", ["bot.yaml": "build: sleep 1800\ncommand: python3 bot.py\n", "bot.py": ""])
        try folders.write(
            "greedy",
            [
                "bot.yaml": "build: python3 -c \"x = bytearray(400 << 20); x[::4096] = b'1' * len(x[::4096])\"\ncommand: python3 bot.py\n",
                "bot.py": "",
            ])
        var settings = folders.settings()
        settings.buildTimeout = .seconds(3)
        settings.buildLimits.memoryBytes = 128 << 20
        let started = ContinuousClock.now
        let entries = try await SubmissionFolders.enter(settings)
        // Stopped, not waited for: a build left to run would take half an hour, and five
        // minutes is a bound no loaded machine comes near.
        #expect(ContinuousClock.now - started < .seconds(300))
        let reasons = Dictionary(uniqueKeysWithValues: entries.notEntered.map { ($0.folder, $0.reason) })
        #expect(reasons["slow"]?.hasPrefix("the build took longer than 3 s and was stopped") == true)
        #expect(reasons["greedy"]?.hasPrefix("the build was killed by signal 9 (it may have run out of its 128 MiB of memory)") == true, "\(reasons)")
    }
}
