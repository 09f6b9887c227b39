import BattleshipRules
import Dispatch
#if canImport(Glibc)
import Glibc
#else
#error("Salvo builds and runs on Linux only: see docs/platform.md")
#endif
import Synchronization

/// A bot that is a program speaking the line protocol of bots/PROTOCOL.md over its stdin
/// and stdout: one process per game, in its own process group, under resource caps.
///
/// Every misbehaviour (crash, timeout, malformed line, off-grid or repeated shot) is thrown
/// as a ``BotFault``; the shots it returns are always legal. `finish` (or deinit) kills the
/// whole process group. Blocking reads run on the bot's own dispatch queue, never on the
/// caller's task.
///
/// ```swift
/// var bot = ExternalBot(ExternalBotSpec(command: ["python3", "bots/python/random_bot.py"]), seed: 1)
/// let result = await SoloGame.play(&bot, against: .seeded(42))
/// ```
public final class ExternalBot: Bot, @unchecked Sendable {
    // All mutable state is touched only on `queue`.
    private let session: BotSession
    private let queue = DispatchQueue(label: "salvo.external-bot")
    private let seed: UInt64
    private var handshakeName: String?
    /// The running bot's process group, readable from any thread, so that cancelling the
    /// calling task can kill the bot and end a blocking read at once; 0 when none.
    private let processGroup = Atomic<Int32>(0)

    /// A bot run as `spec` says, started by `launcher`, its stderr appended to `logPath` (or
    /// discarded when nil); `seed` is passed to it in `new-game`.
    public init(_ spec: ExternalBotSpec, seed: UInt64, logPath: String? = nil, launcher: any BotLauncher = DirectLauncher()) {
        session = BotSession(spec: spec, logPath: logPath, launcher: launcher)
        self.seed = seed
    }

    public var name: String {
        get async {
            await run { () -> Result<String, Never> in .success(self.handshakeName ?? self.session.spec.label) }.get()
        }
    }

    public func start(_ game: GameStart) async throws(BotFault) {
        try await run { () -> Result<Void, BotFault> in
            Result { () throws(BotFault) in
                defer { self.processGroup.store(self.session.processID ?? 0, ordering: .releasing) }
                self.handshakeName = try self.session.launch()
                try self.session.newGame(game, seed: self.seed)
            }
        }.get()
    }

    public func nextShot() async throws(BotFault) -> Coordinate {
        try await run { Result { () throws(BotFault) in try self.session.askShot() } }.get()
    }

    public func record(_ cell: Coordinate, result: ShotResult) async throws(BotFault) {
        try await run { Result { () throws(BotFault) in try self.session.send(ProtocolLine.result(cell, result)) } }.get()
    }

    public func opponentFired(at cell: Coordinate, result: ShotResult) async throws(BotFault) {
        try await run { Result { () throws(BotFault) in try self.session.send(ProtocolLine.opponentShot(cell, result)) } }.get()
    }

    public func finish(_ outcome: GameOutcome) async {
        await run { () -> Result<Void, Never> in
            self.session.end(outcome)
            return .success(())
        }.get()
    }

    /// Runs `work` on the bot's queue. Cancelling the calling task kills the bot's process
    /// group, so a read waiting on it ends at once (as a crash) instead of at its deadline.
    private func run<T: Sendable, E: Error>(_ work: @escaping @Sendable () -> Result<T, E>) async -> Result<T, E> {
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                queue.async { continuation.resume(returning: work()) }
            }
        } onCancel: {
            let group = processGroup.load(ordering: .acquiring)
            if group > 0 { Glibc.kill(-group, SIGKILL) }
        }
    }
}
