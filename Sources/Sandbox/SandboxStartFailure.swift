import Foundation

/// Why the sandbox cannot start a bot on this machine (bubblewrap's own words), with the fix:
/// a fault of the host, found before the first game, that would otherwise make every game of
/// the bot a forfeit.
public struct SandboxStartFailure: Error, Hashable, Sendable, CustomStringConvertible {
    /// The bot's name in the tournament.
    public let bot: String
    /// What bubblewrap said (`bwrap: Can't find source path …: Permission denied`).
    public let detail: String

    public init(bot: String, detail: String) {
        self.bot = bot
        self.detail = detail
    }

    /// What to do about it, in a sentence.
    public var fix: String {
        if detail.contains("Permission denied") {
            return geteuid() == 0
                ? "Salvo runs as root and starts each sandbox as a host user of its own (uids \(HostUsers.first) and up, or nobody), who must be able to read the bot's folder as any other user: give it and every folder above it o+rx (chmod o+rx), or move the bot to such a folder"
                : "the user running salvo must be able to read the bot's folder and every folder above it"
        }
        if detail.contains("proc") {
            return
                "this machine cannot mount /proc in a new PID namespace (a container whose /proc is masked, like a default Kubernetes pod): run salvo where it can (a pod with procMount: Unmasked), or, for trusted bots only, --no-sandbox"
        }
        if detail.contains("execvp") {
            return
                "the bot's program is not inside the sandbox, which sees /usr, the bot's folder and sandbox: {read_only: [...]}: add the folder that holds it there"
        }
        return "run its command in bwrap by hand to see why (docs/sandbox.md), or, for trusted bots only, --no-sandbox"
    }

    public var description: String {
        "The sandbox cannot start bot \(bot) on this machine (\(detail)): \(fix)"
    }
}
