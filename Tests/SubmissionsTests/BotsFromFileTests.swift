import Bots
import Foundation
import Orchestrator
import Testing
import Tournament

/// `bots_from:` in a tournament file: reading it builds nothing; the run's entering step
/// (``Orchestrator/SubmissionEntry``) adds the submissions to the listed bots and hands back
/// the ones not entered.
@Suite("Submissions: bots_from in a tournament file", .serialized)
struct BotsFromFileTests {
    @Test("entered submissions follow the listed bots, with the file's limits and deadlines; the rest are listed as not entered")
    func joinsListedBots() async throws {
        let folders = SubmissionFolders("file")
        defer { folders.remove() }
        try folders.copyExamples(["c-hunter", "python-random", "bad-manifest"])
        var read = try TournamentFileParser().read(
            """
            name: class
            limits: {memory_mb: 512}
            bots:
              - density
            bots_from: {folder: \(folders.submissions), build_timeout_s: 60, move_timeout_ms: 1500}
            """, file: "class.yaml")
        read.config.outputDirectory = folders.output
        // Reading is pure: the listed bots only, the folder as written, nothing copied or built.
        #expect(read.config.bots.map(\.name) == ["density"])
        #expect(read.botsFrom?.folder == folders.submissions && read.botsFrom?.buildTimeout == .seconds(60))
        #expect(!FileManager.default.fileExists(atPath: folders.output + "/submissions"))
        let botsFrom = try #require(read.botsFrom)
        let config = read.config
        let file = try await SubmissionEntry.enter(botsFrom, into: config)
        #expect(file.config.bots.map(\.name) == ["density", "c-hunter", "python-random"])
        guard case .external(let spec) = file.config.bots[2].kind else {
            Issue.record("not external")
            return
        }
        #expect(spec.moveDeadline == .milliseconds(1_500) && spec.limits.memoryBytes == 512 << 20)
        #expect(spec.folder == folders.workFolder + "/bots/python-random@" + (file.config.bots[2].version ?? "?"))
        // A round robin of submissions is a season; its versions are the submissions'.
        #expect(file.config.context.isSeason && file.config.bots[0].version == nil && file.config.bots[1].version?.count == 12)
        #expect(file.entries.notEntered.map(\.folder) == ["bad-manifest"])
        #expect(file.entries.entered.count == 2)
    }

    @Test("a file of submissions alone needs two of them entered, and says which were not")
    func tooFew() async throws {
        let folders = SubmissionFolders("few")
        defer { folders.remove() }
        try folders.copyExamples(["python-random", "bad-manifest"])
        var read = try TournamentFileParser().read("name: class\nbots_from: \(folders.submissions)\n", file: "class.yaml")
        read.config.outputDirectory = folders.output
        let botsFrom = try #require(read.botsFrom)
        await #expect { try await SubmissionEntry.enter(botsFrom, into: read.config) } throws: {
            "\($0)"
                == "class.yaml:2: a tournament needs at least two bots, and 1 entered (0 listed in `bots:`, 1 from `bots_from:`); not entered: bad-manifest: bot.yaml:4: unknown key `comand`; did you mean `command`?; known keys: name, command, build, restart, memory_mb, cpu_seconds, processes, open_files, file_size_mb, tmp_mb"
        }
    }

    @Test(
        "a bad bots_from is reported with its line, by the reader or, for the folder itself, by the entering step",
        arguments: [
            (
                "name: c\nbots_from: {folder: x, build_timout_s: 3}\n",
                "c.yaml:2: unknown `bots_from` key `build_timout_s`; did you mean `build_timeout_s`?"
            ),
            ("name: c\nbots_from: [a, b]\n", "c.yaml:2: `bots_from` must be a folder (e.g. `bots_from: submissions/`) or a mapping"),
            ("name: c\nbots_from: {build_timeout_s: 3}\n", "c.yaml:2: `bots_from` needs `folder:`"),
            ("name: c\nbots_from: {folder: x, build_memory_mb: 1}\n", "c.yaml:2: `build_memory_mb` must be a whole number from 64 to 65536"),
            ("name: c\n", "c.yaml:1: missing `bots:` (a list of at least two bots) or `bots_from:`"),
        ])
    func errors(text: String, expected: String) {
        #expect { try TournamentFileParser().read(text, file: "c.yaml") } throws: {
            "\($0)".hasPrefix(expected)
        }
    }

    @Test("a bots_from folder that does not exist is refused when the run enters it, at the line of bots_from; sprt with bots_from when it is read")
    func missingFolderAndSPRT() async throws {
        let read = try TournamentFileParser().read("name: c\nbots: [density]\nbots_from: /nonexistent/subs\n", file: "c.yaml")
        let botsFrom = try #require(read.botsFrom)
        await #expect { try await SubmissionEntry.enter(botsFrom, into: read.config) } throws: {
            "\($0)".hasPrefix("c.yaml:3: `bots_from: /nonexistent/subs` is not a folder")
        }
        #expect {
            try TournamentFileParser().read("name: c\nbots: [random, parity]\nbots_from: x\nsprt: {elo0: 0, elo1: 10}\n", file: "c.yaml")
        } throws: {
            "\($0)".hasPrefix("c.yaml:4: `sprt` tests a match between the two bots of `bots:`, and `bots_from:` enters a folder of them")
        }
    }
}

extension BotsFromFileTests {
    @Test("relative folders are made absolute: a bot's folder is bound at the same path in the sandbox")
    func relativeFolders() async throws {
        let folders = SubmissionFolders("relative")
        defer { folders.remove() }
        try folders.copyExamples(["c-hunter", "python-random"])
        // The folders relative to the working folder (not changed: tests share the process).
        let depth = FileManager.default.currentDirectoryPath.split(separator: "/").count
        let relative = String(repeating: "../", count: depth) + folders.root.dropFirst()
        let read = try TournamentFileParser().read("name: rel\noutput: \(relative)/out\nbots_from: \(relative)/submissions\n", file: "rel.yaml")
        let botsFrom = try #require(read.botsFrom)
        let file = try await SubmissionEntry.enter(botsFrom, into: read.config)
        for bot in file.config.bots {
            guard case .external(let spec) = bot.kind else { continue }
            #expect(spec.folder == folders.root + "/out/submissions/bots/" + bot.name + "@" + (bot.version ?? "?"))
            #expect(spec.command.contains { $0.hasPrefix(folders.root + "/out/submissions/bots/") })
        }
        #expect(file.config.bots.count == 2)
    }
}
