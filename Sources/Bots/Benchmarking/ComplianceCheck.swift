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
/// let steps = ComplianceCheck(spec: .init(commandLine: "python3 bots/python/random_bot.py")).run()
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

    public init(spec: ExternalBotSpec, logPath: String? = nil, seed: UInt64 = 1, launcher: any BotLauncher = DirectLauncher()) {
        self.spec = spec
        self.logPath = logPath
        self.seed = seed
        self.launcher = launcher
    }

    /// Runs the steps (blocking; the bot is killed at the end) and returns them in order.
    public func run() -> [ComplianceStep] {
        let session = BotSession(spec: spec, logPath: logPath, launcher: launcher)
        var transcript: [String] = []
        session.observer = { direction, line in
            transcript.append((direction == .toBot ? "> " : "< ") + line)
        }
        var steps: [ComplianceStep] = []
        func step(_ name: String, _ body: () throws(BotFault) -> String) -> Bool {
            transcript.removeAll()
            do {
                steps.append(ComplianceStep(name: name, passed: true, detail: try body()))
                return true
            } catch {
                let lines = transcript.suffix(4).joined(separator: "\n    ")
                steps.append(ComplianceStep(
                    name: name, passed: false,
                    detail: "\(error.description)\n    last lines (> sent, < received):\n    \(lines)"))
                session.end(.abandoned(reason: error.description))
                return false
            }
        }
        guard step("handshake: salvo 1 -> name <name>", { () throws(BotFault) in
            "name \(try session.launch())"
        }) else { return steps }
        guard step("new game: new-game ... -> ready", { () throws(BotFault) in
            try session.newGame(GameStart(), seed: seed)
            return "ready"
        }) else { return steps }
        guard step("a whole game: your-turn -> shot <x> <y>, result, opponent-shot", { () throws(BotFault) in
            try playWholeGame(session)
        }) else { return steps }
        guard step("game over: game-over win", { () throws(BotFault) in
            try session.send(ProtocolLine.gameOver(.won))
            return "sent"
        }) else { return steps }
        _ = step("quit: the process exits within \(spec.startupDeadline)", { () throws(BotFault) in
            try session.send(ProtocolLine.quit)
            guard session.exitedWithin(spec.startupDeadline) else {
                throw .timedOut("the bot was still running after quit")
            }
            return "exited"
        })
        return steps
    }

    private func playWholeGame(_ session: BotSession) throws(BotFault) -> String {
        var board = OceanBoard(fleet: .seeded(GameSeeds.board(run: seed, game: 0)))
        var opponentShots = Coordinate.all
        var generator = SeededGenerator(seed: seed)
        var shots = 0
        while !board.isDefeated {
            let cell = try session.askShot()
            guard let result = try? board.fire(at: cell) else { throw .repeatedShot(cell) }
            shots += 1
            try session.send(ProtocolLine.result(cell, result))
            let pick = opponentShots.remove(at: generator.uniform(below: opponentShots.count))
            try session.send(ProtocolLine.opponentShot(pick, .miss))
        }
        return "\(shots) legal shots sank the fleet"
    }
}
