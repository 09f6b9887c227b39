/// A bot started once, exactly as a game starts it (the same launcher, plan, folder and
/// limits), to learn before the first game whether the sandbox can start it on this machine.
///
/// ```swift
/// if let detail = await LaunchCheck.sandboxFailure(of: spec, launcher: launcher) { print(detail) }
/// ```
public enum LaunchCheck {
    /// bubblewrap's own words when the sandbox could not start the bot (a fault of the host:
    /// a folder it cannot read, a `/proc` it cannot mount); nil when the bot ran, whatever it
    /// then did (a bot that crashes or stays silent is the game's business, not the host's).
    public static func sandboxFailure(of spec: ExternalBotSpec, launcher: any BotLauncher) async -> String? {
        let session = BotSession(spec: spec, logPath: nil, launcher: launcher)
        defer { session.kill() }
        do {
            _ = try await session.launch()
            return nil
        } catch .sandboxFailed(let detail) {
            return detail
        } catch {
            return nil
        }
    }
}
