import Foundation
import SalvoTestSupport
import Testing

/// `salvo bot-check DIR` and `salvo bot-check 'COMMAND'` as a student runs them: the examples
/// of bots/submissions-example built and run in the real sandbox as the tournament does, and
/// broken bots whose failure shows their stderr and the hint for their mistake.
@Suite("salvo bot-check of a submission folder", .serialized, .timeLimit(.minutes(5)))
struct BotCheckSubmissionTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
    static let examples = root + "/bots/submissions-example"

    /// The PASS and FAIL lines of an output, each cut to its first word and step name.
    static func verdicts(_ out: String) -> [String] {
        out.split(separator: "\n").filter { $0.hasPrefix("PASS  ") || $0.hasPrefix("FAIL  ") }.map(String.init)
    }

    /// A new folder holding `files` (name: contents), removed by the caller.
    static func folder(_ files: [String: String]) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("salvo-check-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for (name, text) in files { try text.write(toFile: folder + "/" + name, atomically: true, encoding: .utf8) }
        return folder
    }

    @Test(
        "the Python, C and Java examples are built, pass every protocol step and play 4 games without a forfeit, sandboxed",
        arguments: ["python-random", "c-hunter", "java-parity"])
    func examplesPass(example: String) async throws {
        let result = try await SalvoExecutable.run(["bot-check", Self.examples + "/" + example, "--games", "4"], timeout: .seconds(240))
        #expect(result.status == 0, "\(result.out)\(result.err)")
        let verdicts = Self.verdicts(result.out)
        #expect(verdicts.count == 7 && verdicts.allSatisfy { $0.hasPrefix("PASS  ") }, "\(result.out)")
        #expect(verdicts.first == "PASS  entry: copy, build and command check, as the tournament does")
        #expect(verdicts.last == "PASS  games: 4 against random on the embedded server, as in the tournament (game clock 10+0.1)")
        #expect(result.out.contains("(sandboxed, working folder /bot)"), "\(result.out)")
        #expect(result.out.contains(", 0 forfeited, of 4 games played"), "\(result.out)")
        #expect(result.out.hasSuffix("bot-check: passed\n"))
    }

    @Test("a command in the bot's folder runs there: `python3 bot.py` from the folder, and `./bot` with --dir")
    func commandInItsFolder() async throws {
        let python = try await SalvoExecutable.run(
            ["bot-check", "python3 bot.py", "--games", "2"], workingDirectory: Self.examples + "/python-random")
        #expect(python.status == 0, "\(python.out)\(python.err)")
        #expect(python.out.contains("runs as `python3 /bot/bot.py`"), "\(python.out)")

        // A C bot the student built in their own folder.
        let folder = try Self.folder([:])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let compile = try await SalvoExecutable.run(["-O2", "-o", folder + "/bot", Self.examples + "/c-hunter/bot.c"], executable: "/usr/bin/cc")
        try #require(compile.status == 0, "\(compile.err)")
        let withDir = try await SalvoExecutable.run(["bot-check", "./bot", "--dir", folder, "--games", "2"])
        #expect(withDir.status == 0, "\(withDir.out)\(withDir.err)")
        #expect(withDir.out.contains("runs as `/bot/bot`"), "\(withDir.out)")
        let inFolder = try await SalvoExecutable.run(["bot-check", "./bot", "--games", "0"], workingDirectory: folder)
        #expect(inFolder.status == 0, "\(inFolder.out)\(inFolder.err)")
    }

    @Test("a build that fails shows the end of its log and the build's hint; nothing is played")
    func brokenBuild() async throws {
        let result = try await SalvoExecutable.run(["bot-check", Self.examples + "/broken-build"])
        #expect(result.status == 1)
        #expect(Self.verdicts(result.out) == ["FAIL  entry: copy, build and command check, as the tournament does"], "\(result.out)")
        #expect(result.out.contains("not entered: the build failed (exit status 1)"), "\(result.out)")
        #expect(result.out.contains("error: expected expression before"), "the compiler's error: \(result.out)")
        #expect(result.out.contains("Hint: The build failed: its messages are above."), "\(result.out)")
        #expect(result.out.hasSuffix("bot-check: FAILED\n"))
    }

    @Test("a bot that crashes reading a file of the student's machine shows its stderr and the working-folder hint, with no --log")
    func wrongFolder() async throws {
        let bot = """
            import sys
            print("name lost", flush=True) if sys.stdin.readline() else None
            sys.stderr.write("MARKER-lost-table\\n")
            open("/home/student/bots/table.txt").read()
            """
        let folder = try Self.folder(["bot.py": bot, "bot.yaml": "command: python3 bot.py\n"])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try await SalvoExecutable.run(["bot-check", folder])
        #expect(result.status == 1)
        #expect(Self.verdicts(result.out).last?.hasPrefix("FAIL  new game") == true, "\(result.out)")
        #expect(result.out.contains("The bot's stderr, its last lines:\n    MARKER-lost-table"), "\(result.out)")
        #expect(result.out.contains("FileNotFoundError: [Errno 2] No such file or directory: '/home/student/bots/table.txt'"), "\(result.out)")
        #expect(result.out.contains("Hint: Reading a file from the wrong folder?"), "\(result.out)")
    }

    @Test("a bot that never flushes its name times out with the flushing hint")
    func notFlushing() async throws {
        let bot = "import sys\nfor line in sys.stdin:\n    sys.stdout.write(\"name quiet\\n\")\n"
        let folder = try Self.folder(["bot.py": bot])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try await SalvoExecutable.run(["bot-check", "python3 bot.py", "--dir", folder, "--startup-deadline", "1000"])
        #expect(result.status == 1)
        #expect(Self.verdicts(result.out).last == "FAIL  handshake: salvo 1 -> name <name>", "\(result.out)")
        #expect(result.out.contains("The bot wrote nothing to stderr."), "\(result.out)")
        #expect(result.out.contains("Hint: Not flushing stdout?"), "\(result.out)")
    }

    /// The example Python bot changed as a student's mistake changes it: `edit` rewrites its
    /// source, `command` is its bot.yaml's, `executable` its mode.
    static func mistake(edit: (String) -> String, command: String, executable: Bool) throws -> String {
        let source = try String(contentsOfFile: Self.examples + "/python-random/bot.py", encoding: .utf8)
        let folder = try Self.folder(["bot.py": edit(source), "bot.yaml": "command: \(command)\n"])
        chmod(folder + "/bot.py", executable ? 0o755 : 0o644)
        return folder
    }

    @Test(
        "issue 43's five mistakes, each a real bot in the sandbox, get the hint of their real cause and not the ones they used to",
        arguments: [
            ("no executable bit", "The executable bit is off", ["The build output missing?"]),
            ("a slow tenth move", "Your bot answered earlier moves, then went silent", ["Not flushing stdout?"]),
            ("CRLF line endings", "Windows line endings (CRLF)?", ["The wrong interpreter?", "Reading a file from the wrong folder?"]),
            ("debug prints on stdout", "Debug output on stdout?", ["The usual mistakes"]),
            ("state kept from the last game", "One process plays several games", ["The usual mistakes"]),
        ])
    func mistakes(mistake: String, hint: String, wrong: [String]) async throws {
        let shot = "            x, y = cells.pop()\n"
        let folder: String
        switch mistake {
        case "no executable bit":
            folder = try Self.mistake(edit: { $0 }, command: "./bot.py", executable: false)
        case "a slow tenth move":
            folder = try Self.mistake(
                edit: {
                    $0.replacingOccurrences(
                        of: shot,
                        with: "            turns.append(1)\n            if len(turns) == 10:\n                import time; time.sleep(3600)\n" + shot
                    ).replacingOccurrences(of: "    cells = []\n", with: "    cells = []\n    turns = []\n")
                }, command: "python3 bot.py", executable: false)
        case "CRLF line endings":
            folder = try Self.mistake(edit: { $0.replacingOccurrences(of: "\n", with: "\r\n") }, command: "./bot.py", executable: true)
        case "debug prints on stdout":
            folder = try Self.mistake(
                edit: { $0.replacingOccurrences(of: shot, with: shot + "            print(\"trying\", x, y)\n") }, command: "python3 bot.py",
                executable: false)
        default:
            // The cells to fire at are made once, for the first game only.
            folder = try Self.mistake(
                edit: {
                    $0.replacingOccurrences(
                        of: "            cells = [(x, y) for y in range(size) for x in range(size)]\n            random.shuffle(cells)\n",
                        with:
                            "            if not cells and not made:\n                made.append(1)\n                cells = [(x, y) for y in range(size) for x in range(size)]\n                random.shuffle(cells)\n"
                    ).replacingOccurrences(of: "    cells = []\n", with: "    cells = []\n    made = []\n")
                }, command: "python3 bot.py", executable: false)
        }
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try await SalvoExecutable.run(["bot-check", folder, "--games", "4", "--move-deadline", "1000"], timeout: .seconds(240))
        #expect(result.status == 1, "\(result.out)")
        let hints = result.out.split(separator: "\n").filter { $0.hasPrefix("Hint: ") }
        #expect(hints.first?.hasPrefix("Hint: " + hint) == true, "\(result.out)")
        for other in wrong {
            #expect(!hints.contains { $0.hasPrefix("Hint: " + other) }, "\(other) in \(result.out)")
        }
    }

    /// A bot whose every move is legal and sleeps `seconds` first; with `second`, only in a
    /// game where it moves second (the protocol's own game, where it moves first, is quick).
    static let sleepyBot = """
        import sys, time
        delay, only_second = float(sys.argv[1]), len(sys.argv) > 2
        turn, slow = 0, False
        for line in sys.stdin:
            words = line.split()
            if not words:
                continue
            if words[0] == "salvo":
                print("name sleepy", flush=True)
            elif words[0] == "new-game":
                turn, slow = 0, not only_second or words[3] == "second"
                print("ready", flush=True)
            elif words[0] == "your-turn":
                if slow:
                    time.sleep(delay)
                print("shot %d %d" % (turn % 10, turn // 10), flush=True)
                turn += 1
            elif words[0] == "quit":
                break
        """

    @Test(
        "on a game clock (--time-control, or the tournament file's time_control:) a bot that sleeps 1 s a move fails at its first clocked game, in seconds, naming the clock, with its hint"
    )
    func slowBotFailsOnTheClock() async throws {
        let folder = try Self.folder(["bot.py": Self.sleepyBot, "bot.yaml": "command: python3 bot.py 1.0\n"])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let started = ContinuousClock.now
        let result = try await SalvoExecutable.run(["bot-check", folder, "--time-control", "3.5+0.1", "--games", "2"])
        #expect(result.status == 1, "\(result.out)")
        // The protocol's whole game is its first game on the clock: 3 moves fit in 3.5+0.1, not 4.
        #expect(Self.verdicts(result.out).last == "FAIL  a whole game: your-turn -> shot <x> <y>, result, opponent-shot", "\(result.out)")
        #expect(
            result.out.contains("The bot lost on time: it ran out of its game clock (3.5+0.1): ") && result.out.contains(" s used over 4 moves"),
            "\(result.out)")
        #expect(result.out.contains("Hint: Your bot ran out of its clock for the game"), "\(result.out)")
        #expect(!result.out.contains("Hint: Out of memory?"), "\(result.out)")
        // A whole game of it takes a minute and a half (80 and more moves of 1 s).
        #expect(ContinuousClock.now - started < .seconds(60))

        // The same bot slow only when it moves second: the protocol passes, the games fail.
        // The clock comes from the tournament file, as the arena's check takes it.
        let second = try Self.folder(["bot.py": Self.sleepyBot, "bot.yaml": "command: python3 bot.py 1.0 second\n"])
        defer { try? FileManager.default.removeItem(atPath: second) }
        let file = second + ".yaml"
        try "name: clocked\ntime_control: 3.5+0.1\nbots:\n  - random\nbots_from: subs\n".write(toFile: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: file) }
        let games = try await SalvoExecutable.run(["bot-check", second, "--tournament", file, "--games", "2"])
        #expect(games.status == 1, "\(games.out)")
        #expect(games.out.contains("legal shots sank the fleet on a game clock of 3.5+0.1"), "\(games.out)")
        #expect(
            Self.verdicts(games.out).last == "FAIL  games: 2 against random on the embedded server, as in the tournament (game clock 3.5+0.1)",
            "\(games.out)")
        #expect(games.out.contains("1 forfeited, of 2 games played"), "\(games.out)")
        #expect(games.out.contains("The bot lost on time: it ran out of its game clock (3.5+0.1): "), "\(games.out)")
        #expect(games.out.contains("Hint: Your bot ran out of its clock for the game"), "\(games.out)")

        // With no clock, the protocol's game is played to its end (the move's guard is 3 s).
        let unclocked = try await SalvoExecutable.run(["bot-check", second, "--time-control", "none", "--games", "0"])
        #expect(unclocked.status == 0, "\(unclocked.out)")
    }

    @Test("a folder without bot.yaml is refused in one line that says what to add")
    func noManifest() async throws {
        let folder = try Self.folder(["bot.py": "print('hi')\n"])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try await SalvoExecutable.run(["bot-check", folder])
        #expect(result.status == 1)
        #expect(
            result.err
                == "Error: The folder \(folder) has no bot.yaml; add one with at least `command:` (bots/SUBMITTING.md), or give the bot's command: salvo bot-check 'python3 bot.py' --dir \(folder)\n",
            "\(result.err)")
    }

    @Test("--tournament takes the limits of the tournament's bots_from: a build slower than its build_timeout_s is stopped")
    func tournamentSettings() async throws {
        let folder = try Self.folder(["bot.py": "print('never run')\n", "bot.yaml": "build: sleep 5\ncommand: python3 bot.py\n"])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = folder + ".yaml"
        try "name: strict\nbots:\n  - random\nbots_from: {folder: subs, build_timeout_s: 1}\n".write(toFile: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: file) }
        let result = try await SalvoExecutable.run(["bot-check", folder, "--tournament", file])
        #expect(result.status == 1)
        #expect(result.out.contains("not entered: the build took longer than 1 s and was stopped"), "\(result.out)")
        let without = try await SalvoExecutable.run(["bot-check", "python3 bot.py", "--dir", folder, "--tournament", folder + "/bot.py"])
        #expect(without.status == 1 && without.err.hasPrefix("Error: "), "\(without.err)")
    }
}
