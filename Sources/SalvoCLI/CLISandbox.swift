import Bots
import Foundation
import Sandbox

/// The launcher `salvo bench` and `salvo bot-check` start external bots with: this machine's
/// bubblewrap sandbox, or, where it cannot run, a refusal in one line (fail closed) unless
/// every bot was given `--no-sandbox`. An unsandboxed bot is announced on stderr
/// (``warnUnsandboxed(_:)``).
enum CLISandbox {
    /// The warning an unsandboxed run prints on the terminal, not only in its report.
    static let unsandboxedWarning =
        "salvo: warning: external bots run unsandboxed (--no-sandbox or sandbox: none): each can read and write every file salvo can, the journal and the game server's database included; for trusted bots only"

    /// Prints ``unsandboxedWarning`` on stderr when one of `specs` runs unsandboxed.
    static func warnUnsandboxed(_ specs: [ExternalBotSpec]) {
        guard specs.contains(where: { !$0.sandbox.isEnabled }) else { return }
        FileHandle.standardError.write(Data((unsandboxedWarning + "\n").utf8))
    }

    static func launcher(for specs: [ExternalBotSpec]) throws -> any BotLauncher {
        warnUnsandboxed(specs)
        guard specs.contains(where: \.sandbox.isEnabled) else { return DirectLauncher() }
        switch SandboxLauncher.make() {
        case .success(let launcher): return launcher
        case .failure(let unavailable): throw unavailable
        }
    }
}
