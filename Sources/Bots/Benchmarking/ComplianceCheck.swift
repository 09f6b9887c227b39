import BattleshipRules

/// One step of a compliance run: what was checked and, on failure, what went wrong.
public struct ComplianceStep: Hashable, Sendable {
    /// The step, e.g. "handshake".
    public var name: String
    public var passed: Bool
    /// On success a summary; on failure what the bot wrote and what was expected.
    public var detail: String
}

/// A compliance run of an external bot through every step of the protocol, like
/// fastchess's `--compliance`: handshake, new game, a whole game of turns with results
/// and opponent shots, game over, quit. It stops at the first failing step.
///
/// ```swift
/// let steps = await ComplianceCheck(spec: .init(commandLine: "python3 bots/python/random_bot.py")).run()
/// let passed = steps.allSatisfy(\.passed)
/// ```
public struct ComplianceCheck: Sendable {
    public var spec: ExternalBotSpec
    /// The file the bot's stderr is appended to, or nil to discard it.
    public var logPath: String?
    /// The seed of the board played and the bot's seed.
    public var seed: UInt64
    /// How the bot's process is started.
    public var launcher: any BotLauncher
    /// The clock the whole game (and a fleet placed) is played on, as in the tournament the
    /// check stands for; nil for none. A bot whose moves are each legal but too slow together
    /// fails the whole game's step on it, quickly, instead of holding the check for minutes.
    public var timeControl: TimeControl?

    public init(
        spec: ExternalBotSpec, logPath: String? = nil, seed: UInt64 = 1, launcher: any BotLauncher = DirectLauncher(), timeControl: TimeControl? = nil
    ) {
        self.spec = spec
        self.logPath = logPath
        self.seed = seed
        self.launcher = launcher
        self.timeControl = timeControl
    }

    /// Whether a run's steps show a compliant bot: every step passed, through the last one
    /// (`quit`); a bot that announced `supports place` has one step more than another.
    public static func passed(_ steps: [ComplianceStep]) -> Bool {
        steps.allSatisfy(\.passed) && steps.last?.name.hasPrefix("quit:") == true
    }

    /// Runs the steps (the bot is killed at the end) and returns them in order.
    public func run() async -> [ComplianceStep] {
        let session = BotSession(spec: spec, logPath: logPath, launcher: launcher)
        var transcript: [String] = []
        session.observer = { direction, line in
            transcript.append((direction == .toBot ? "> " : "< ") + line)
        }
        var steps: [ComplianceStep] = []
        func step(_ name: String, _ body: () async throws(BotFault) -> String) async -> Bool {
            transcript.removeAll()
            do throws(BotFault) {
                steps.append(ComplianceStep(name: name, passed: true, detail: try await body()))
                return true
            } catch {
                let lines = transcript.suffix(4).joined(separator: "\n    ")
                steps.append(
                    ComplianceStep(
                        name: name, passed: false,
                        detail: "\(error.description)\n    last lines (> sent, < received):\n    \(lines)"))
                await session.end(.abandoned(reason: error.description))
                return false
            }
        }
        guard
            await step(
                "handshake: salvo 1 -> name <name>",
                { () async throws(BotFault) in
                    "name \(try await session.launch())"
                })
        else { return steps }
        guard
            await step(
                "new game: new-game ... -> ready",
                { () async throws(BotFault) in
                    try await session.newGame(GameStart(), seed: seed)
                    return "ready"
                })
        else { return steps }
        session.clock = timeControl.map(GameClock.init)
        // Only a bot that announced `supports place` is asked for its fleet.
        if session.features.contains(ProtocolLine.placeFeature) {
            guard
                await step(
                    "placement: place-fleet ... -> fleet <length> <x> <y> <h|v> ... (it announced supports place)",
                    { () async throws(BotFault) in
                        let fleet = try await session.askFleet(boardSize: Coordinate.gridSize, lengths: Fleet.standardLengths, seed: seed)
                        return "a valid fleet: " + fleet.ships.map { "\($0.length) at \($0.origin) \($0.orientation)" }.joined(separator: ", ")
                    })
            else { return steps }
        }
        guard
            await step(
                "a whole game: your-turn -> shot <x> <y>, result, opponent-shot",
                { () async throws(BotFault) in
                    try await playWholeGame(session) + (timeControl.map { " on a game clock of \($0)" } ?? "")
                })
        else { return steps }
        guard
            await step(
                "game over: game-over win",
                { () async throws(BotFault) in
                    try await session.send(ProtocolLine.gameOver(.won))
                    return "sent"
                })
        else { return steps }
        _ = await step(
            "quit: the process exits within \(spec.startupDeadline)",
            { () async throws(BotFault) in
                try await session.send(ProtocolLine.quit)
                guard await session.exitedWithin(spec.startupDeadline) else {
                    throw .timedOut("the bot was still running after quit")
                }
                return "exited"
            })
        return steps
    }

    private func playWholeGame(_ session: BotSession) async throws(BotFault) -> String {
        var board = OceanBoard(fleet: .seeded(GameSeeds.board(run: seed, game: 0)))
        var opponentShots = Coordinate.all
        var generator = SeededGenerator(seed: seed)
        var shots = 0
        while !board.isDefeated {
            let cell = try await session.askShot()
            guard let result = try? board.fire(at: cell) else { throw .repeatedShot(cell) }
            shots += 1
            try await session.send(ProtocolLine.result(cell, result))
            let pick = opponentShots.remove(at: generator.uniform(below: opponentShots.count))
            try await session.send(ProtocolLine.opponentShot(pick, .miss))
        }
        return "\(shots) legal shots sank the fleet"
    }
}
