import BattleshipRules
import Processes
import Synchronization

#if canImport(Glibc)
import Glibc
#else
#error("Salvo builds and runs on Linux only: see docs/platform.md")
#endif

/// A bot that is a program speaking the line protocol of bots/PROTOCOL.md over its stdin
/// and stdout, in its own process group, under resource caps: a new process for the game, or,
/// with a ``BotProcessPool``, a waiting one that has not played the other game of this game's
/// mirrored pair (and a new one when there is none).
///
/// Every misbehaviour (crash, timeout, malformed line, off-grid or repeated shot) is thrown
/// as a ``BotFault``; the shots it returns are always legal. `finish` gives a healthy process
/// back to its pool (after `game-over`), and kills any other's whole process group. Waiting
/// on the bot suspends the calling task and holds no thread (``ProcessEventLoop``).
///
/// ```swift
/// var bot = ExternalBot(ExternalBotSpec(command: ["python3", "bots/python/random_bot.py"]), seed: 1)
/// let result = await SoloGame.play(&bot, against: .seeded(42))
/// ```
///
/// `@unchecked Sendable`: one game drives it, one call after another (the ``Bot`` contract),
/// so its mutable state is never touched by two tasks at once.
public final class ExternalBot: Bot, @unchecked Sendable {
    private let spec: ExternalBotSpec
    /// The `logPath` that sends the bot's stderr to this process's own standard error (its
    /// descriptor 2, so that `> file 2>&1` keeps both whole).
    public static let ownStandardError = StderrLog.ownStandardError
    private let logPath: String?
    private let launcher: any BotLauncher
    private let pool: BotProcessPool?
    private let mirrorGroup: Int?
    /// The game's clock (``TimeControl``); nil for none.
    private let timeControl: TimeControl?
    private var session: BotSession
    /// Whether the bot broke the protocol or the rules in this game: its process is not reused.
    private var faulted = false
    private let seed: UInt64
    /// The running bot's process group, readable from any thread, so that cancelling the
    /// calling task can kill the bot and end a wait on it at once; 0 when none.
    private let processGroup = Atomic<Int32>(0)

    /// A bot run as `spec` says, started by `launcher`, its stderr appended to `logPath` (or
    /// discarded when nil); `seed` is passed to it in `new-game`. With `pool`, the game may be
    /// played by a waiting process that has played no game of `mirrorGroup` (the two games
    /// that share their fleets), and the process waits there again afterwards. With
    /// `timeControl`, the bot plays the game on that clock: its fleet and its moves are taken
    /// from a bank on the wall clock, and a bank that runs out loses the game on time.
    public init(
        _ spec: ExternalBotSpec, seed: UInt64, logPath: String? = nil, launcher: any BotLauncher = DirectLauncher(),
        pool: BotProcessPool? = nil, mirrorGroup: Int? = nil, timeControl: TimeControl? = nil
    ) {
        self.spec = spec
        self.logPath = logPath
        self.launcher = launcher
        self.pool = pool
        self.mirrorGroup = mirrorGroup
        self.timeControl = timeControl
        session = BotSession(spec: spec, logPath: logPath, launcher: launcher)
        self.seed = seed
    }

    public var name: String {
        get async { session.name ?? spec.label }
    }

    public func start(_ game: GameStart) async throws(BotFault) {
        try await guarded { () async throws(BotFault) in
            defer { self.processGroup.store(self.session.processID ?? 0, ordering: .releasing) }
            try await self.begin(game)
        }
    }

    /// A waiting process if the pool has one for this game, else a new one; a waiting process
    /// that turns out to have died is replaced without a forfeit. The game's clock starts once
    /// the bot is `ready`: its launch and `new-game` are not its thinking.
    private func begin(_ game: GameStart) async throws(BotFault) {
        defer { session.clock = timeControl.map(GameClock.init) }
        if let reused = await pool?.checkout(excluding: mirrorGroup) {
            session = reused
            session.clearStderrTail()
            do {
                try await session.newGame(game, seed: seed)
                mirrorGroup.map { _ = session.playedMirrors.insert($0) }
                return
            } catch .crashed {
                await session.terminate()
                session = BotSession(spec: spec, logPath: logPath, launcher: launcher)
            }
        }
        _ = try await session.launch()
        try await session.newGame(game, seed: seed)
        mirrorGroup.map { _ = session.playedMirrors.insert($0) }
    }

    /// The bot's fleet when it announced `supports place` at its handshake; nil otherwise.
    public func placeFleet(seed: UInt64) async throws(BotFault) -> Fleet? {
        guard session.features.contains(ProtocolLine.placeFeature) else { return nil }
        return try await guarded { () async throws(BotFault) in
            try await self.session.askFleet(boardSize: Coordinate.gridSize, lengths: Fleet.standardLengths, seed: seed)
        }
    }

    /// Whether the bot announced `supports place` at its handshake: it places its own fleets.
    public var placesFleets: Bool { session.features.contains(ProtocolLine.placeFeature) }

    public func nextShot() async throws(BotFault) -> Coordinate {
        try await guarded { () async throws(BotFault) in try await self.session.askShot() }
    }

    public func record(_ cell: Coordinate, result: ShotResult) async throws(BotFault) {
        try await guarded { () async throws(BotFault) in try self.session.post(ProtocolLine.result(cell, result)) }
    }

    public func opponentFired(at cell: Coordinate, result: ShotResult) async throws(BotFault) {
        try await guarded { () async throws(BotFault) in try self.session.post(ProtocolLine.opponentShot(cell, result)) }
    }

    /// The last lines the bot's process wrote to stderr in this game (``StderrTail``), for the
    /// record of a forfeit; nil when it wrote none or never started. Call it before ``finish(_:)``.
    public func stderrTail() async -> String? {
        session.stderrTail()
    }

    public func finish(_ outcome: GameOutcome) async {
        if let pool, !faulted, session.isRunning {
            await session.endGame(outcome)
            await pool.checkin(session)
            session = BotSession(spec: spec, logPath: logPath, launcher: launcher)
            processGroup.store(0, ordering: .releasing)
        } else {
            await session.end(outcome)
        }
    }

    /// Runs a step, remembering a fault. Cancelling the calling task kills the bot's process
    /// group, so a wait on it ends at once (as a crash) instead of at its deadline. A bot out of
    /// time (a move's deadline, or its game clock) is killed at once too: it has lost the game,
    /// and the CPU it would go on using until the game's end is reached (on a loaded machine,
    /// seconds) belongs to the other games; nor may it finish the thought it was stopped for. The process stays to be reaped by
    /// ``finish(_:)``, its stderr tail kept for the forfeit's record.
    private func guarded<T: Sendable>(_ step: () async throws(BotFault) -> T) async throws(BotFault) -> T {
        let result = await withTaskCancellationHandler { () async -> Result<T, BotFault> in
            do throws(BotFault) { return .success(try await step()) } catch { return .failure(error) }
        } onCancel: {
            killProcessGroup()
        }
        if case .failure(let fault) = result {
            faulted = true
            switch fault {
            case .timedOut, .outOfTime: killProcessGroup()
            default: break
            }
        }
        return try result.get()
    }

    /// The process group of the bot's current process (its leader's pid); 0 when none.
    var processGroupID: Int32 { processGroup.load(ordering: .acquiring) }

    /// SIGKILL to the process group of the bot's current process, if it has one.
    private func killProcessGroup() {
        let group = processGroup.load(ordering: .acquiring)
        if group > 0 { Glibc.kill(-group, SIGKILL) }
    }
}
