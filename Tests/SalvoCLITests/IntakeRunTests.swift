import Foundation
import SalvoTestSupport
import Testing

/// Issue 40 through `salvo run` itself: a fault of the set-up stops the run before its first
/// game, and nothing a student wrote reaches the terminal as a control sequence.
@Suite("salvo run: intake faults and untrusted text", .serialized)
struct IntakeRunTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    /// A fresh folder under /tmp; removed by the caller.
    static func folder(_ label: String) throws -> String {
        let folder = NSTemporaryDirectory() + "salvo-intake-\(label)-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test(
        "bots that sit in the folder salvo runs from could start in no game: the run stops before its first game, exit 1, no forfeit, no table",
        arguments: [
            (
                "hunt_target_bot.py",
                "one: the command names `hunt_target_bot.py`, a file in salvo's working folder, which the sandbox never shows a bot"
            ),
            ("./hunt_target_bot.py", "one: the bot's folder FOLDER is salvo's working folder or holds it"),
        ])
    func botBesideTheFile(script: String, problem: String) async throws {
        let folder = try Self.folder("beside")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.copyItem(atPath: Self.repository + "/bots/python/hunt_target_bot.py", toPath: folder + "/hunt_target_bot.py")
        try """
        name: first
        games_per_pairing: 2
        bots:
          - {name: one, command: [python3, \(script)]}
          - {name: two, command: [python3, \(script)]}
        """.write(toFile: folder + "/first.yaml", atomically: true, encoding: .utf8)
        let run = try await SalvoExecutable.run(["run", "first.yaml", "--output", "out"], timeout: .seconds(120), workingDirectory: folder)
        #expect(run.status == 1, "\(run.err)")
        #expect(run.err.contains("2 bots could start in no game, so nothing was played"), "\(run.err)")
        #expect(
            run.err.contains(problem.replacingOccurrences(of: "FOLDER", with: URL(fileURLWithPath: folder).resolvingSymlinksInPath().path)),
            "\(run.err)")
        #expect(!run.out.contains("games rated"), "no table and no count of rated games: \(run.out)")
        // Nothing was played, so nothing of the run is left.
        #expect(!FileManager.default.fileExists(atPath: folder + "/out/journal.jsonl"))
    }

    @Test("a label and a build's output full of escape sequences reach the terminal as visible text: no ESC or BEL byte on stdout or stderr")
    func noEscapesReachTheTerminal() async throws {
        let folder = try Self.folder("escapes")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let students = folder + "/students"
        for student in ["mallory", "trent"] {
            try FileManager.default.createDirectory(atPath: students + "/" + student, withIntermediateDirectories: true)
        }
        // A failing build that prints an OSC 52 clipboard write, a clear screen and a forged line.
        try "name: \"evil\\e]0;pwned\\a\"\ncommand: ./bot\nbuild: sh build.sh\n".write(
            toFile: students + "/mallory/bot.yaml", atomically: true, encoding: .utf8)
        try "printf '\\033]52;c;ZXZpbA==\\007\\033[2J\\rSubmissions: 3 entered\\n'\nexit 1\n".write(
            toFile: students + "/mallory/build.sh", atomically: true, encoding: .utf8)
        try "name: \"t\\e[31mred\"\ncommand: python3 bot.py\n".write(toFile: students + "/trent/bot.yaml", atomically: true, encoding: .utf8)
        try FileManager.default.copyItem(atPath: Self.repository + "/bots/python/hunt_target_bot.py", toPath: students + "/trent/bot.py")
        try """
        name: escapes
        games_per_pairing: 2
        bots: [hunt-target]
        bots_from: students
        """.write(toFile: folder + "/class.yaml", atomically: true, encoding: .utf8)
        let run = try await SalvoExecutable.run(["run", "class.yaml", "--output", "out"], timeout: .seconds(300), workingDirectory: folder)
        #expect(run.status == 0, "\(run.err)")
        let bytes = Array(run.out.utf8) + Array(run.err.utf8)
        #expect(!bytes.contains(0x1B) && !bytes.contains(0x07), "ESC or BEL reached the terminal")
        #expect(run.err.contains("mallory"), "the not-entered submission is named: \(run.err)")
        #expect(run.err.contains("\\u{1b}]52;c;ZXZpbA=="), "the build's output is shown, made visible: \(run.err)")
    }

    @Test(
        "a season run, moved to another path, run again, reported and published under canary paths: no page, results.json, CSV, build log or published file names either path"
    )
    func noHostPaths() async throws {
        let canary = "CANARY-\(UUID().uuidString.prefix(8))"
        let first = NSTemporaryDirectory() + "salvo-\(canary)-first"
        let second = NSTemporaryDirectory() + "salvo-\(canary)-second"
        defer {
            try? FileManager.default.removeItem(atPath: first)
            try? FileManager.default.removeItem(atPath: second)
        }
        try FileManager.default.createDirectory(atPath: first + "/subs", withIntermediateDirectories: true)
        for example in ["c-hunter", "python-random", "broken-build"] {
            try FileManager.default.copyItem(atPath: Self.repository + "/bots/submissions-example/" + example, toPath: first + "/subs/" + example)
        }
        try "name: season\ngames_per_pairing: 2\nbots: [random]\nbots_from: subs\n".write(
            toFile: first + "/season.yaml", atomically: true, encoding: .utf8)
        let night1 = try await SalvoExecutable.run(["run", "season.yaml", "--output", "out"], timeout: .seconds(300), workingDirectory: first)
        #expect(night1.status == 0, "\(night1.err)")
        #expect(rename(first, second) == 0)
        try "# night 2\n".write(toFile: second + "/subs/python-random/notes.txt", atomically: true, encoding: .utf8)
        let night2 = try await SalvoExecutable.run(["run", "season.yaml", "--output", "out"], timeout: .seconds(300), workingDirectory: second)
        #expect(night2.status == 0, "\(night2.err)")
        let report = try await SalvoExecutable.run(["report", "out", "--csv"], workingDirectory: second)
        #expect(report.status == 0, "\(report.err)")
        let publish = try await SalvoExecutable.run(["publish", "out", "pub"], workingDirectory: second)
        #expect(publish.status == 0, "\(publish.err)")
        // Everything a person reads or is given; the journal, the server's database and the
        // secrets are the run's own records, never shown.
        let own: Set<String> = [
            "journal.jsonl", "server.sqlite", "server.sqlite-wal", "server.sqlite-shm", "seed.key", "publish-secret", "salvo.lock",
        ]
        var searched = 0
        for folder in [second + "/out", second + "/pub"] {
            for case let path as String in FileManager.default.enumerator(atPath: folder) ?? FileManager.default.enumerator(atPath: "/")! {
                guard !own.contains((path as NSString).lastPathComponent),
                    let data = FileManager.default.contents(atPath: folder + "/" + path)
                else { continue }
                searched += 1
                #expect(!String(decoding: data, as: UTF8.self).contains(canary), "\(folder)/\(path) names a host path")
            }
        }
        #expect(searched > 20, "the report, replays, pages, CSV, build logs and private pages were searched")
    }
}
