import BattleshipRules
import DurationUnits
import Foundation

#if canImport(Glibc)
import Glibc
import Processes
#else
#error("Salvo builds and runs on Linux only: see docs/platform.md")
#endif

/// The conversation with one external bot process, step by step: its handshake, and each game
/// it plays. ``ExternalBot`` and ``ComplianceCheck`` drive it; every wait on the bot suspends
/// the caller's task (``ChildProcess``, ``ProcessEventLoop``) and holds no thread.
///
/// `@unchecked Sendable`: one owner at a time drives it, one step after another; between games
/// it waits in a ``BotProcessPool``, which hands it from one owner to the next under its lock.
final class BotSession: @unchecked Sendable {
    /// Which way a line went.
    enum Direction: Sendable { case toBot, fromBot }

    let spec: ExternalBotSpec
    let logPath: String?
    let launcher: any BotLauncher
    private var process: ChildProcess?
    /// The bot's process id, which is also its process group's id, while it runs.
    var processID: pid_t? { process?.pid }
    private(set) var name: String?
    /// What the bot announced at the handshake with `supports <feature>...` lines.
    private(set) var features: Set<String> = []
    private var fired = CellSet.empty
    /// The mirrored pairs this process has played a game of (``BotProcessPool``).
    var playedMirrors: Set<Int> = []
    /// The CPU time of the process tree when the current game began, for the per-game CPU
    /// limit of a reused process, and when (monotonic nanoseconds).
    private var cpuAtGameStart: UInt64?
    private var gameStart: UInt64 = 0
    /// The bot's process tree as last walked (at `new-game`, and at each move that ran past its
    /// deadline): without a cgroup, a move's CPU time starts from these processes' times.
    private var treeMembers: [Int32] = []
    /// The machine's cores (ProcessInfo reads the cgroup's files each time it is asked).
    private static let cores = UInt64(max(1, ProcessInfo.processInfo.activeProcessorCount))
    /// The least time between two looks at a waiting bot's CPU time (5 ms), so that a bot a
    /// hair under its budget is not looked at in a spin.
    private static let shortestLook: UInt64 = 5_000_000
    /// Called with every line sent or received, for transcripts.
    var observer: ((Direction, String) -> Void)?
    /// Lines posted (``post(_:)``) and not yet written, each with its newline: they go with the
    /// next line sent, in one write.
    private var pending = ""
    /// The bot's clock in the game being played (``TimeControl``); nil when the game has none.
    /// Set by the game's ``ExternalBot`` after `new-game`, since a process may play many games.
    var clock: GameClock?

    init(spec: ExternalBotSpec, logPath: String?, launcher: any BotLauncher) {
        self.spec = spec
        self.logPath = logPath
        self.launcher = launcher
    }

    deinit { process?.kill() }

    /// The most `supports` lines a bot may write before `name`.
    static let maximumSupportsLines = 16

    /// Launches the process and exchanges `salvo 1` / `name ...` (after any `supports ...`
    /// lines, whose features are kept); returns the name.
    func launch() async throws(BotFault) -> String {
        let process = try await ChildProcess.start(plan: launcher.plan(for: spec), logPath: logPath)
        self.process = process
        let deadline = ProcessEventLoop.now() + spec.startupDeadline.wholeNanoseconds
        try await send(ProtocolLine.hello(), awaiting: "name <name>")
        var line = try await receive(until: deadline, awaiting: "name <name>", after: "salvo 1")
        var supportsLines = 0
        while let announced = ProtocolLine.parseSupports(line), supportsLines < Self.maximumSupportsLines {
            features.formUnion(announced)
            supportsLines += 1
            line = try await receive(until: deadline, awaiting: "name <name>", after: "salvo 1")
        }
        guard let name = ProtocolLine.parseName(line) else {
            throw .malformed(line: line, expected: "name <name>")
        }
        self.name = name
        return name
    }

    /// Whether the process is running (it was launched and has not exited).
    var isRunning: Bool {
        guard let process else { return false }
        return !process.pollExit()
    }

    /// The last lines this process wrote to stderr (since it started, or since the game began
    /// for a reused one); nil when there is no process or it wrote nothing.
    func stderrTail() -> String? {
        process?.stderrTail()
    }

    /// Starts the stderr tail afresh: a reused process begins another game.
    func clearStderrTail() {
        process?.clearStderrTail()
    }

    /// Sends `new-game ...` and waits for `ready` within the start-up deadline.
    func newGame(_ game: GameStart, seed: UInt64) async throws(BotFault) {
        fired = .empty
        cpuAtGameStart = process.flatMap { cpuTime($0, walk: true) }
        gameStart = ProcessEventLoop.now()
        let deadline = ProcessEventLoop.now() + spec.startupDeadline.wholeNanoseconds
        try await send(ProtocolLine.newGame(game, seed: seed), awaiting: "ready")
        let line = try await receive(until: deadline, awaiting: "ready", after: "new-game")
        guard ProtocolLine.isReady(line) else { throw .malformed(line: line, expected: "ready") }
    }

    /// Sends `place-fleet ...` and returns the fleet the bot answers within the start-up
    /// deadline, checked to be the standard fleet on the grid.
    /// With a clock, the time from `place-fleet` to the fleet is taken from its bank (with no
    /// increment), and a bank that runs out first loses the game on time.
    func askFleet(boardSize: Int, lengths: [Int], seed: UInt64) async throws(BotFault) -> Fleet {
        let expected = "fleet <length> <x> <y> <h|v> ..."
        let start = ProcessEventLoop.now()
        let flag = clock.map { $0.flagFall(movingSince: start) } ?? .max
        let deadline = min(start + spec.startupDeadline.wholeNanoseconds, flag)
        try await send(ProtocolLine.placeFleet(boardSize: boardSize, lengths: lengths, seed: seed), awaiting: expected)
        let line: String
        do {
            line = try await receive(until: deadline, awaiting: expected, after: "place-fleet")
        } catch .timedOut(let detail) {
            let now = ProcessEventLoop.now()
            if let clock, now >= flag { throw clock.outOfTime(after: now &- start, placing: true) }
            throw .timedOut(detail)
        }
        clock?.placed(after: ProcessEventLoop.now() &- start)
        guard let ships = ProtocolLine.parseFleet(line) else { throw .malformed(line: line, expected: expected) }
        do {
            return try Fleet(standard: ships)
        } catch {
            throw .invalidFleet(error.description)
        }
    }

    /// Sends `your-turn` and returns the bot's shot, checked to be on the grid and new.
    ///
    /// The move deadline is fair on a loaded machine: when it passes on the clock, the bot is
    /// out of time only if it has used that much CPU since `your-turn` (its cgroup's count,
    /// every process it ever started; without one, its live process tree's,
    /// ``ProcessCPUTime``); otherwise it was kept waiting, and it gets the rest of its
    /// CPU budget, up to ``ExternalBotSpec/moveWallGuard`` on the clock (which also bounds a
    /// bot that sleeps).
    ///
    /// With a clock (``clock``), the move's time on the clock, from `your-turn` to the shot
    /// read, is taken from the bank, then the increment added; when the bank runs out first,
    /// the bot loses on time (``BotFault/outOfTime(_:)``), whatever its CPU time. The move's
    /// own deadline and guard stay as they are, within the bank.
    func askShot() async throws(BotFault) -> Coordinate {
        guard let process else { throw .crashed("the bot is not running") }
        let start = ProcessEventLoop.now()
        let budget = spec.moveDeadline.wholeNanoseconds
        let wallGuard = start + spec.moveWallGuard.wholeNanoseconds
        let flag = clock.map { $0.flagFall(movingSince: start) } ?? .max
        try await send(ProtocolLine.yourTurn, awaiting: "shot <x> <y>")
        // Without a cgroup, the processes known at `new-game` (a child started since is counted
        // only at the deadline, which can only make the bot's use look larger).
        let cpuAtStart = cpuTime(process, walk: false)
        var deadline = min(start + budget, flag)
        var line: String?
        while line == nil {
            do {
                line = try await receive(until: deadline, awaiting: "shot <x> <y>", after: "your-turn")
            } catch .timedOut {
                let woke = ProcessEventLoop.now()
                if let clock, woke >= flag { throw clock.outOfTime(after: woke &- start) }
                // Only the flag was awaited, and it has not fallen yet: wait on.
                if woke < start + budget { continue }
                let used = cpuTime(process, walk: true).flatMap { cpu in cpuAtStart.map { cpu &- $0 } }
                guard let used, used < budget else {
                    throw .timedOut("no \"shot <x> <y>\" within \(spec.moveDeadline) of CPU time after \"your-turn\"")
                }
                let now = ProcessEventLoop.now()
                guard now < wallGuard else {
                    let seconds = String(format: "%.2f", Double(used) / 1e9)
                    throw .timedOut(
                        "no \"shot <x> <y>\" within \(spec.moveWallGuard) after \"your-turn\" (\(seconds) s of its \(spec.moveDeadline) of CPU time used)"
                    )
                }
                // The rest of its budget, spent on every core at once as quickly as it could be:
                // a bot of many processes cannot think far past its budget before the next look.
                deadline = min(wallGuard, now + max((budget - used) / Self.cores, Self.shortestLook), flag)
            }
        }
        clock?.moved(after: ProcessEventLoop.now() &- start)
        guard let line else { throw .crashed("the bot is not running") }
        try checkGameCPU(process)
        guard let cell = ProtocolLine.parseShot(line) else { throw .malformed(line: line, expected: "shot <x> <y>") }
        guard cell.isOnGrid else { throw .offGrid(cell) }
        guard !fired.contains(cell.index) else { throw .repeatedShot(cell) }
        fired.insert(cell.index)
        return cell
    }

    /// The CPU limit counts per game: more than `cpuSeconds` since `new-game` is a timeout. A
    /// reused process's rlimit would count its whole life, and a process's rlimit never counts
    /// its children, so the runner counts: the cgroup's total, which counts every process the
    /// bot started, or without one its live process tree's (then only for a reused process;
    /// one that plays a single game has its rlimit). Reading it is done only once the game has
    /// lasted long enough on the clock for the bot to have used that much on every core.
    private func checkGameCPU(_ process: ChildProcess) throws(BotFault) {
        guard spec.restart == .reuse || process.accounting?.cpuFile != nil, let limit = spec.limits.cpuSeconds, let start = cpuAtGameStart else {
            return
        }
        guard (ProcessEventLoop.now() &- gameStart) &* Self.cores >= UInt64(limit) * 1_000_000_000,
            let now = cpuTime(process, walk: true)
        else { return }
        if now &- start > UInt64(limit) * 1_000_000_000 {
            throw .timedOut("it used more than \(limit) s of CPU time in this game")
        }
    }

    /// Tells the bot the game is over (`game-over`), leaving it running for the next game.
    func endGame(_ outcome: GameOutcome) async {
        _ = try? await send(ProtocolLine.gameOver(outcome))
    }

    /// Asks a process between games to exit (`quit`), gives it a moment, then kills its
    /// process group.
    func terminate(grace: Duration = .milliseconds(200)) async {
        guard let process else { return }
        if !process.pollExit() { _ = try? await send(ProtocolLine.quit) }
        _ = await process.waitExit(until: ProcessEventLoop.now() + grace.wholeNanoseconds)
        process.kill()
        self.process = nil
    }

    /// Kills the process group at once, if there is a process.
    func kill() {
        process?.kill()
        process = nil
    }

    /// Sends `line`, after which the protocol expects `expected` (nil: no answer), with the
    /// lines posted before it, in one write.
    func send(_ line: String, awaiting expected: String? = nil) async throws(BotFault) {
        guard let process else { throw .crashed("the bot is not running") }
        observer?(.toBot, line)
        let text = pending.isEmpty ? line : pending + line
        pending = ""
        guard await process.write(line: text, deadline: ProcessEventLoop.now() + spec.startupDeadline.wholeNanoseconds) else {
            throw await crash("it stopped reading its input", expected: expected, process)
        }
    }

    /// Queues `line`, which asks for no answer (`result`, `opponent-shot`), to go with the next
    /// line sent: the bot reads them all in order, as if each had been written alone, and is
    /// woken once a turn instead of once a line (benchmarks/HISTORY.md, "External bots at the speed of
    /// built-ins"). A bot that has stopped reading is found at that next write.
    func post(_ line: String) throws(BotFault) {
        guard process != nil else { throw .crashed("the bot is not running") }
        observer?(.toBot, line)
        pending += line + "\n"
    }

    /// Sends `game-over` and `quit`, gives the bot `grace` to exit, then kills its process group.
    func end(_ outcome: GameOutcome, grace: Duration = .milliseconds(200)) async {
        guard let process else { return }
        if !process.pollExit() {
            _ = try? await send(ProtocolLine.gameOver(outcome))
            _ = try? await send(ProtocolLine.quit)
        }
        _ = await process.waitExit(until: ProcessEventLoop.now() + grace.wholeNanoseconds)
        process.kill()
        self.process = nil
    }

    /// Whether the process exited by itself within `timeout`; it is killed either way.
    func exitedWithin(_ timeout: Duration) async -> Bool {
        guard let process else { return true }
        let exited = await process.waitExit(until: ProcessEventLoop.now() + timeout.wholeNanoseconds)
        process.kill()
        self.process = nil
        return exited
    }

    private func receive(until deadline: UInt64, awaiting expected: String, after sent: String) async throws(BotFault) -> String {
        guard let process else { throw .crashed("the bot is not running") }
        switch await process.readLine(deadline: deadline) {
        case .success(let line):
            observer?(.fromBot, line)
            return line
        case .failure(.timedOut):
            let limit = sent == ProtocolLine.yourTurn ? spec.moveDeadline : spec.startupDeadline
            throw .timedOut("no \"\(expected)\" within \(limit) after \"\(sent)\"")
        case .failure(.tooLong):
            throw .malformed(line: "(a line over \(ChildProcess.maximumLineLength) bytes)", expected: expected)
        case .failure(.endOfFile):
            throw await crash("it closed its output", expected: expected, process)
        }
    }

    /// The CPU time the bot has used, in nanoseconds: its cgroup's count where it has one (every
    /// process it ever started, reaped or not), else the sum over its process tree as last
    /// walked (walked again first with `walk`); nil when it cannot be read.
    private func cpuTime(_ process: ChildProcess, walk: Bool) -> UInt64? {
        if let counted = process.cgroupCPUNanoseconds() { return counted }
        if walk || treeMembers.isEmpty, let members = ProcessCPUTime.members(of: process.pid) { treeMembers = members }
        return ProcessCPUTime.sum(treeMembers.isEmpty ? [process.pid] : treeMembers)
    }

    /// The fault of a process that stopped talking (`what` happened, while `expected` was
    /// expected): a crash of the bot, or, when bubblewrap failed before the bot ran, the
    /// sandbox's failure (a fault of the host) with bubblewrap's last words.
    ///
    /// A bot whose process has ended is described one way, whichever pipe noticed first (its
    /// input refused a line, or its output reached its end): "it ended while … was expected",
    /// with its exit status, signal or memory cap.
    private func crash(_ what: String, expected: String?, _ process: ChildProcess) async -> BotFault {
        let detail = await exitDetail(process)
        let waiting = expected.map { " while \"\($0)\" was expected" } ?? ""
        guard process.sandboxFailed() else {
            return .crashed((process.exitStatus != nil ? "it ended" : what) + waiting + detail)
        }
        let said = process.stderrTail()?.split(separator: "\n").last { $0.hasPrefix("bwrap:") }
        return .sandboxFailed(said.map(String.init) ?? "bubblewrap ended before the bot started\(detail)")
    }

    /// ", memory cap of N MB reached" when the memory cgroup's out-of-memory killer ended one of
    /// the bot's processes, else ", exit status N" or ", killed by signal N" once the process
    /// has ended (waiting briefly).
    private func exitDetail(_ process: ChildProcess) async -> String {
        _ = await process.waitExit(until: ProcessEventLoop.now() + 100_000_000)
        if let reached = process.accounting?.memoryCapReached() { return ", " + reached }
        guard let status = process.exitStatus else { return "" }
        let signal = status & 0x7f
        return signal == 0 ? ", exit status \((status >> 8) & 0xff)" : ", killed by signal \(signal)"
    }
}
