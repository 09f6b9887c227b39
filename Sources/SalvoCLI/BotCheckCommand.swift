import ArgumentParser
import Bots
import Foundation

/// `salvo bot-check 'COMMAND'`: a compliance run of an external bot through every step
/// of the protocol. The exit status is 0 when every step passes, 1 otherwise.
struct BotCheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bot-check",
        abstract: "Check that an external bot follows the protocol of bots/PROTOCOL.md.",
        discussion: "Runs the bot through a handshake, a new game, a whole game, game over and quit, printing each step."
    )

    @Argument(help: "The bot's shell command, e.g. 'python3 bots/python/random_bot.py'.")
    var command: String

    @Option(help: "The seed of the board played.")
    var seed: UInt64 = 1

    @Option(help: "The bot's time per move, in milliseconds.")
    var moveDeadline = 1_000

    @Option(help: "The bot's time to start and answer new-game, in milliseconds.")
    var startupDeadline = 5_000

    @Option(help: "A file to append the bot's stderr to.")
    var log: String?

    @Flag(help: "Run the bot as a plain child of salvo, without the bubblewrap sandbox (trusted bots only).")
    var noSandbox = false

    func run() async throws {
        var spec = ExternalBotSpec(commandLine: command)
        spec.moveDeadline = .milliseconds(moveDeadline)
        spec.startupDeadline = .milliseconds(startupDeadline)
        if noSandbox { spec.sandbox = .none }
        let launcher = try CLISandbox.launcher(for: [spec])
        let steps = await ComplianceCheck(spec: spec, logPath: log, seed: seed, launcher: launcher).run()
        for step in steps {
            // The bot's own lines, quoted in the detail, with their control characters spelled out.
            let detail = step.detail.components(separatedBy: "\n").map(BotFault.printable).joined(separator: "\n")
            print("\(step.passed ? "PASS" : "FAIL")  \(step.name)\n    \(detail)")
        }
        let passed = ComplianceCheck.passed(steps)
        print(passed ? "bot-check: passed" : "bot-check: FAILED")
        if !passed { throw ExitCode.failure }
    }
}
