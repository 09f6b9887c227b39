import Bots
import Sandbox

/// The launcher `salvo bench` and `salvo bot-check` start external bots with: this machine's
/// bubblewrap sandbox, or, where it cannot run, a refusal in one line (fail closed) unless
/// every bot was given `--no-sandbox`.
enum CLISandbox {
    static func launcher(for specs: [ExternalBotSpec]) throws -> any BotLauncher {
        guard specs.contains(where: \.sandbox.isEnabled) else { return DirectLauncher() }
        switch SandboxLauncher.make() {
        case .success(let launcher): return launcher
        case .failure(let unavailable): throw CLIError(unavailable.description)
        }
    }
}
