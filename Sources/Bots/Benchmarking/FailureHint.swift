/// The usual mistakes of a student's bot, recognised from how it failed: what `salvo
/// bot-check` prints under a failure, after the bot's stderr. Pure: the failure's sentence and
/// the bot's stderr in, hints out.
///
/// ```swift
/// FailureHint.hints(failure: "The bot timed out: no \"name <name>\" within 5 s ...", stderr: nil, command: ["python3", "bot.py"])
/// // [FailureHint.flushing]
/// ```
public enum FailureHint: String, CaseIterable, Sendable {
    case buildFailed
    case manifest
    case flushing
    case wrongFolder
    case missingProgram
    case interpreter
    case javaClass
    case missingModule
    case memory
    case executableBit
    case slowMove
    case gameClock
    case lineEndings
    case debugOnStdout
    case stateAcrossGames
    case traceback
    case signal
    case exitedSilently

    /// The hint, in a sentence or two that say what to do.
    public var text: String {
        switch self {
        case .buildFailed:
            "The build failed: its messages are above. Run the same `build:` command in a fresh copy of your folder (only what the folder holds is there, and nothing can be downloaded), fix what it says, and check again."
        case .manifest:
            "Fix bot.yaml as the message says: the keys are spelled as in bots/SUBMITTING.md, and `command:` is required."
        case .flushing:
            "Not flushing stdout? A line your bot prints can wait in its output buffer, and salvo never sees it. Flush after every line: Python `print(..., flush=True)`; C `fflush(stdout)` (or `setvbuf(stdout, NULL, _IOLBF, 0)` once at the start); Java `System.out.flush()` after each `println`."
        case .wrongFolder:
            "Reading a file from the wrong folder? Your bot runs in a copy of its folder, seen at /bot (its working folder), read-only; open your files by a path relative to it (`open(\"table.txt\")`), never by a path of your own machine, and write only to /tmp."
        case .missingProgram:
            "The build output missing? A program you build must be written by `build:` in bot.yaml (`build: cc -O2 -o bot bot.c`), in the folder, and `command:` must run it as `./NAME`; a program built on your own machine and copied in may not run here."
        case .interpreter:
            "The wrong interpreter? The sandbox sees only this machine's /usr: write `python3` (not `python`, nor a path of your machine such as /opt/homebrew/bin/python3), `java -cp . Bot` for Java, `perl bot.pl`; a script run as `./bot.py` needs a first line `#!/usr/bin/env python3` and its executable bit."
        case .javaClass:
            "Java: compile in the build (`build: javac Bot.java`) and run the class by its name from the folder (`command: java -cp . Bot`, without `.class`); a class compiled by another JDK may not load."
        case .missingModule:
            "A module the machine lacks? Only the standard library and this machine's packages are there, and the sandbox has no network: put your own modules in your folder, beside your program."
        case .memory:
            "Out of memory? Your bot's processes share its memory limit (`memory_mb`, 1024 MiB unless the tournament says otherwise); a JVM needs `-Xmx64m` or so in `command:`."
        case .executableBit:
            "The executable bit is off: a program named as `./NAME` must be executable. Run `chmod +x NAME` (git keeps the bit; a zip made on Windows may lose it), or name its interpreter in `command:` (`python3 bot.py`)."
        case .slowMove:
            "Your bot answered earlier moves, then went silent: so it flushes. A move took longer than the deadline (a loop that never ends, a search too deep for the time), or the bot waits for a line the protocol does not send. Time your slowest move on your own machine, and print progress to stderr to see where it stops."
        case .gameClock:
            "Your bot ran out of its clock for the game (the tournament's `time_control:`, BASE+INC in seconds: a bank of BASE at the start of each game, each move's time on the clock taken from it, INC added after each move). Its moves were legal one by one, but together too slow: on average a move must take under INC plus a share of BASE (10+0.1: about 0.2 s a move over a long game). Never sleep, read only the lines you need, and time a whole game on your own machine."
        case .lineEndings:
            "Windows line endings (CRLF)? The first line `#!/usr/bin/env python3` ends in an invisible \\r, so the system looks for a program named `python3\\r`. Save the file with LF endings (your editor's setting, `dos2unix bot.py`, or `sed -i 's/\\r$//' bot.py`), or run it as `command: python3 bot.py`."
        case .debugOnStdout:
            "Debug output on stdout? Every line your bot writes to stdout is read as a protocol line. Print your debugging to stderr instead (Python `print(..., file=sys.stderr)`, C `fprintf(stderr, ...)`, Java `System.err.println`): salvo keeps it, and your private page shows its end."
        case .traceback:
            "Your bot crashed, and its stderr above says where: read the traceback's last lines (the file, the line and the error). Run your bot on your own machine with the lines it was sent (the check's transcript shows them) and fix that line."
        case .signal:
            "Your bot was killed by a signal, not by salvo: 11 (SIGSEGV) is a bad pointer or an index out of its array, 6 (SIGABRT) a failed assertion or a corrupted heap, 8 (SIGFPE) a division by zero. Build it with `-g -fsanitize=address,undefined` on your own machine and play the same game to see the line."
        case .exitedSilently:
            "Your bot ended by itself, with an exit status and nothing on stderr: it returned from main, or called exit, before `quit`. A bot reads lines until `quit` (`for line in sys.stdin:` in Python, `while (fgets(...))` in C) and answers each that asks for an answer."
        case .stateAcrossGames:
            "One process plays several games: your bot played a game without fault, then failed a later one. Reset everything at `new-game` (the board, the shots already fired, the cells to hunt); nothing may carry over from the previous game."
        }
    }

    /// The hints that fit a failure: its sentence (a step's detail, a forfeit's reason, a
    /// build's reason), the end of the bot's stderr, and the bot's command. Empty when none
    /// fits; then ``usualMistakes`` is the one to show.
    /// `afterCleanGame` says that the bot played a game without fault before the one that failed.
    public static func hints(failure: String, stderr: String?, command: [String], afterCleanGame: Bool = false) -> [FailureHint] {
        let err = stderr ?? ""
        let quiet = err.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
        var found: [FailureHint] = []
        func note(_ hint: FailureHint, when condition: Bool) {
            if condition && !found.contains(hint) { found.append(hint) }
        }
        let program = command.first ?? ""
        // The invisible \r of a script saved with CRLF endings, quoted by env or the shell: as
        // the byte, or spelt `\r` as a stderr tail shows control characters.
        let lineEndings = ["\r\u{2019}", "\r'", "\r\"", "\\r\u{2019}", "\\r'", "^M"].contains { err.contains($0) }
        // A transcript that shows a move the bot did answer ("< shot ...").
        let answeredBefore = failure.contains("< shot ")
        note(.stateAcrossGames, when: afterCleanGame)
        note(.lineEndings, when: lineEndings)
        note(.executableBit, when: failure.contains("without its executable bit") || err.contains("Permission denied") && program.hasPrefix("./"))
        note(.debugOnStdout, when: failure.contains("The bot wrote \"") && failure.contains("was expected"))
        note(.slowMove, when: failure.contains("timed out") && answeredBefore && !failure.contains("CPU time in this game"))
        note(.gameClock, when: failure.contains("ran out of its game clock"))
        note(.buildFailed, when: failure.hasPrefix("the build"))
        note(.manifest, when: failure.hasPrefix("bot.yaml") || failure.contains("no bot.yaml") || failure.contains("its bot.yaml"))
        note(
            .javaClass,
            when: err.contains("Could not find or load main class") || err.contains("ClassNotFoundException")
                || err.contains("UnsupportedClassVersionError"))
        note(.missingModule, when: err.contains("ModuleNotFoundError") || err.contains("ImportError") || err.contains("Can't locate "))
        note(
            .memory,
            when: err.contains("OutOfMemoryError") || err.contains("MemoryError") || err.contains("Cannot allocate memory")
                || failure.contains("memory cap") || failure.contains("out of its") && !failure.contains("game clock"))
        note(
            .missingProgram,
            when: !lineEndings
                && (failure.contains("is not an executable file") || failure.contains("which is not in the folder")
                    || (program.hasPrefix("./")
                        && (failure.contains("No such file") || err.contains("No such file or directory") && err.contains(program))))
        )
        // A script with CRLF endings fails as a missing interpreter or file would: the line endings are the cause.
        note(
            .interpreter,
            when: !lineEndings && !found.contains(.executableBit)
                && (failure.contains("was not found on the PATH") || err.contains("bad interpreter") || err.contains("Exec format error")
                    || err.contains("command not found") || failure.contains("exit status 127") || failure.contains("exit status 126"))
        )
        note(
            .wrongFolder,
            when: !lineEndings
                && (err.contains("can't open file") || err.contains("FileNotFoundException") || err.contains("NoSuchFileException")
                    || (err.contains("No such file or directory") && !found.contains(.missingProgram)))
        )
        note(.flushing, when: failure.contains("timed out") && quiet && !answeredBefore && !failure.contains("CPU time in this game"))
        // What happened, when the above named no cause: a traceback, a signal, a silent exit.
        let traceback = [
            "Traceback (most recent call last)", "SyntaxError", "IndentationError", "Exception in thread", "panicked at", "Uncaught ", "at line ",
        ].contains { err.contains($0) }
        note(
            .traceback,
            when: traceback && !found.contains(.missingModule) && !found.contains(.wrongFolder) && !found.contains(.javaClass)
                && !found.contains(.memory))
        note(.signal, when: failure.contains("killed by signal") && !failure.contains("signal 9") && !found.contains(.memory))
        note(
            .exitedSilently,
            when: quiet && failure.contains(", exit status ") && !failure.contains("exit status 126") && !failure.contains("exit status 127")
                && found.isEmpty)
        return found
    }

    /// The sentence shown when no hint fits: the usual mistakes, in a line.
    public static let usualMistakes =
        "The usual mistakes: not flushing stdout after each line; reading a file by a path other than one relative to the bot's folder (/bot); a `command:` whose program `build:` does not write; an interpreter this machine does not have under that name (`python3`, `java`). See bots/SUBMITTING.md."
}
