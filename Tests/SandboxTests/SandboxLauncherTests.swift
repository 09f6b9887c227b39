import Bots
import Foundation
import Testing
@testable import Sandbox

/// What the sandbox launcher refuses to show a bot.
@Suite("The sandbox's folders")
struct SandboxLauncherTests {
    @Test("a bot whose folder is salvo's working folder, or holds it, is refused before it starts: it would see the runner's files")
    func runnerFolderRefused() throws {
        let launcher = SandboxLauncher()
        let here = FileManager.default.currentDirectoryPath
        for folder in [here, (here as NSString).deletingLastPathComponent, "/"] {
            let spec = ExternalBotSpec(command: ["/usr/bin/true"], folder: folder)
            #expect(throws: BotFault.self, "\(folder)") { try launcher.plan(for: spec) }
            #expect(SandboxLauncher.problem(withFolder: folder)?.contains("would show the bot the runner's files") == true)
        }
        // A folder of its own below the working folder is fine.
        #expect(SandboxLauncher.problem(withFolder: here + "/bots/python") == nil)
        let plan = try launcher.plan(for: ExternalBotSpec(command: ["/usr/bin/true"], folder: here + "/bots/python"))
        // Nothing was started: remove the plan's cgroups here, as a process's end would.
        for folder in plan.removeAfterExit.reversed() { rmdir(folder) }
        #expect(plan.arguments.contains(here + "/bots/python"))
    }
}
