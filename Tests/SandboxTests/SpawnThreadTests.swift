import Bots
import Foundation
import Testing
import Sandbox

/// bwrap's --die-with-parent ends the sandbox when the thread that started it ends, and
/// libdispatch ends a worker thread some 5 s after it went idle.
@Suite("A sandboxed bot and the thread that started it", .timeLimit(.minutes(3)))
struct SpawnThreadTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    @Test("a sandboxed bot started, then left idle for 8 s (its starting worker thread may end meanwhile), still answers")
    func botOutlivesItsStartingThread() async throws {
        let folder = Self.repository + "/bots/python"
        let spec = ExternalBotSpec(command: ["python3", folder + "/random_bot.py"], startupDeadline: .seconds(60), folder: folder)
        let bot = ExternalBot(spec, seed: 1, launcher: SandboxLauncher())
        try await bot.start(GameStart(movesFirst: true))
        // Nothing for the game's task to do: the worker that started the bot goes idle, and libdispatch ends it after
        // 5 s. (Where other suites keep the workers busy, this proves nothing, and passes.)
        try await Task.sleep(for: .seconds(8))
        var fault: BotFault?
        do {
            _ = try await bot.nextShot()
        } catch {
            fault = error
        }
        await bot.finish(.abandoned(reason: "test over"))
        #expect(fault == nil, "\(String(describing: fault))")
    }
}
