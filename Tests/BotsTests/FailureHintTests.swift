import Bots
import Testing

/// The hints `salvo bot-check` prints under a failure, from the failure and the bot's stderr.
@Suite("bot-check's hints for the usual mistakes")
struct FailureHintTests {
    @Test("a time-out with nothing on stderr is the flushing hint; with stderr it is not")
    func flushing() {
        let failure = "The bot timed out: no \"name <name>\" within 5.0 seconds after \"salvo 1\""
        #expect(FailureHint.hints(failure: failure, stderr: nil, command: ["python3", "bot.py"]) == [.flushing])
        #expect(FailureHint.hints(failure: failure, stderr: "loading\n", command: ["python3", "bot.py"]) == [])
    }

    @Test("a file not found is the wrong folder, unless it is the program itself, which is the missing build output")
    func files() {
        let python = "Traceback (most recent call last):\nFileNotFoundError: [Errno 2] No such file or directory: 'data/table.txt'"
        #expect(
            FailureHint.hints(failure: "The bot crashed: it ended, exit status 1", stderr: python, command: ["python3", "bot.py"]) == [.wrongFolder])
        #expect(
            FailureHint.hints(
                failure: "The bot crashed", stderr: "python3: can't open file '/tmp/bot.py': [Errno 2] No such file or directory",
                command: ["python3", "bot.py"]) == [.wrongFolder])
        #expect(
            FailureHint.hints(
                failure: "the command `./bot` is not an executable file in the folder; check the name, and that `build:` writes it", stderr: nil,
                command: ["./bot"]) == [.missingProgram])
    }

    @Test("an interpreter not on the sandbox's PATH, a Java class not found, a missing module, a failed build, a bad bot.yaml")
    func others() {
        #expect(
            FailureHint.hints(
                failure: "the command `python` was not found on the PATH (/usr/local/bin:/usr/bin:/bin); use a program the machine has", stderr: nil,
                command: ["python", "bot.py"]) == [.interpreter])
        #expect(
            FailureHint.hints(
                failure: "The bot crashed", stderr: "Error: Could not find or load main class Bot.class", command: ["java", "Bot.class"]) == [
                    .javaClass
                ])
        #expect(
            FailureHint.hints(failure: "The bot crashed", stderr: "ModuleNotFoundError: No module named 'numpy'", command: ["python3", "bot.py"]) == [
                .missingModule
            ])
        #expect(FailureHint.hints(failure: "the build failed (exit status 1); the end of its log", stderr: nil, command: []) == [.buildFailed])
        #expect(
            FailureHint.hints(
                failure: "bot.yaml:4: unknown key `comand`; did you mean `command`?; known keys: name, command, memory_mb", stderr: nil, command: [])
                == [.manifest])
    }

    @Test("issue 43's five mistakes get the hint of their real cause, and not the hints they used to get")
    func realCauses() {
        // A script without its executable bit: the bit, not a missing build output.
        #expect(
            FailureHint.hints(
                failure:
                    "not entered: the command `./bot.py` is a file without its executable bit; make it executable (`chmod +x bot.py`, which git keeps), or run it through its interpreter (`command: python3 bot.py`)",
                stderr: nil, command: ["./bot.py"]) == [.executableBit])
        // A time-out after answered moves: a slow move, not flushing.
        let slow =
            "The bot timed out: no \"shot <x> <y>\" within 3.0 seconds after \"your-turn\" (0.00 s of its 1.0 seconds of CPU time used)\n    last lines (> sent, < received):\n    < shot 0 6\n    > result 0 6 miss\n    > your-turn"
        #expect(FailureHint.hints(failure: slow, stderr: nil, command: ["python3", "bot.py"]) == [.slowMove])
        // CRLF endings: the line endings, not the interpreter nor the folder.
        let crlf = "/usr/bin/env: \u{2018}python3\r\u{2019}: No such file or directory\n/usr/bin/env: use -[v]S to pass options in shebang lines"
        #expect(
            FailureHint.hints(
                failure: "The bot crashed: it ended while \"name <name>\" was expected, exit status 127", stderr: crlf, command: ["./bot.py"]) == [
                    .lineEndings
                ])
        #expect(
            FailureHint.hints(
                failure: "The bot crashed, exit status 127", stderr: "bash: ./bot.sh: /bin/sh^M: bad interpreter: No such file or directory",
                command: ["./bot.sh"]) == [.lineEndings])
        // As a stderr tail spells it.
        #expect(
            FailureHint.hints(
                failure: "The bot crashed, exit status 127", stderr: "/usr/bin/env: \u{2018}python3\\r\u{2019}: No such file or directory",
                command: ["./bot.py"]) == [.lineEndings])
        // Debug prints on stdout.
        #expect(
            FailureHint.hints(failure: "The bot wrote \"trying 7 1\" where shot <x> <y> was expected", stderr: nil, command: ["python3", "bot.py"])
                == [.debugOnStdout])
        // A failure after a clean game of the same process: state kept from the last game.
        let later = "game 3: The bot crashed: it ended while \"shot <x> <y>\" was expected, exit status 1"
        #expect(
            FailureHint.hints(failure: later, stderr: "IndexError: pop from empty list", command: ["python3", "bot.py"], afterCleanGame: true) == [
                .stateAcrossGames
            ])
        #expect(FailureHint.hints(failure: later, stderr: "IndexError: pop from empty list", command: ["python3", "bot.py"]).isEmpty)
    }

    @Test("a game lost on time is the game clock's hint, and not the memory's, though its words say \"out of its\"")
    func gameClock() {
        let failure = "game 1: sleepy: The bot lost on time: it ran out of its game clock (2+0.1): 2.3 s used over 4 moves"
        #expect(FailureHint.hints(failure: failure, stderr: nil, command: ["python3", "bot.py"]) == [.gameClock])
        #expect(FailureHint.gameClock.text.contains("time_control"))
    }

    @Test(
        "chosen by what happened: a traceback points at itself, a signal says which, a silent exit says a bot reads until quit; none of them is the usual mistakes"
    )
    func whatHappened() {
        let crash = "The bot crashed: it ended while \"name <name>\" was expected, exit status 1"
        let syntax = "  File \"/bot/bot.py\", line 12\n    if x = 3:\n         ^\nSyntaxError: invalid syntax"
        #expect(FailureHint.hints(failure: crash, stderr: syntax, command: ["python3", "bot.py"]) == [.traceback])
        let traceback =
            "Traceback (most recent call last):\n  File \"/bot/bot.py\", line 30, in <module>\n    main()\nZeroDivisionError: division by zero"
        #expect(FailureHint.hints(failure: crash, stderr: traceback, command: ["python3", "bot.py"]) == [.traceback])
        #expect(
            FailureHint.hints(
                failure: "The bot crashed: it ended while \"shot <x> <y>\" was expected, killed by signal 11", stderr: nil, command: ["./bot"]) == [
                    .signal
                ])
        #expect(FailureHint.hints(failure: crash, stderr: nil, command: ["./bot"]) == [.exitedSilently])
        // A signal 9 is the memory cap's or the clock's, never this hint; a missing module keeps its own.
        #expect(!FailureHint.hints(failure: "The bot crashed, killed by signal 9", stderr: nil, command: ["./bot"]).contains(.signal))
        #expect(
            FailureHint.hints(
                failure: crash, stderr: "Traceback (most recent call last):\nModuleNotFoundError: No module named 'numpy'",
                command: ["python3", "bot.py"]) == [.missingModule])
    }

    @Test("a failure none fits has no hint (the usual mistakes are shown instead)")
    func none() {
        #expect(FailureHint.hints(failure: "The bot fired twice at (3, 4)", stderr: "thinking\n", command: ["./bot"]).isEmpty)
    }
}
