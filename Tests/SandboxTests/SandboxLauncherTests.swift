import Bots
import Foundation
import Testing

@testable import Sandbox

/// What the sandbox launcher refuses to show a bot, and where the bot sees its own folder.
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
        // bwrap's options, the folder's host path among them, are read from a descriptor.
        #expect(!plan.arguments.contains { $0.contains(here + "/bots/python") }, "\(plan.arguments)")
    }

    @Test("the command's files in the bot's folder are named as the bot sees them, under /bot")
    func commandInsideFolder() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("salvo-inside-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder + "/lib", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for file in ["bot.py", "lib/data.txt"] { _ = FileManager.default.createFile(atPath: folder + "/" + file, contents: Data()) }
        let command = ["python3", folder + "/bot.py", "--data", folder + "/lib/data.txt", "/usr/bin/true", folder + "/missing", "7"]
        #expect(
            SandboxLauncher.insidePaths(command, folder: folder) == [
                "python3", "/bot/bot.py", "--data", "/bot/lib/data.txt", "/usr/bin/true", folder + "/missing", "7",
            ])
    }

    /// Prints what a bot sees of where it is: its working folder, its files, and whether the
    /// host path of its folder shows in bubblewrap's command line, environment or mount points.
    static let probe = """
        import os
        host = os.environ.get("SALVO_PROBE_HOST", "")
        mounts = [line.split()[4] for line in open("/proc/self/mountinfo")]
        print(os.getcwd(), ",".join(sorted(os.listdir("."))), open("/proc/1/cmdline", "rb").read().count(b"%s"), open("/proc/1/environ", "rb").read().count(b"%s"), "%s" in mounts, flush=True)
        """

    @Test("a bot sees its folder at /bot, its working folder, and no host path of it in /proc/1 or its mount points")
    func folderAtBot() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("salvo-bot-folder-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        _ = FileManager.default.createFile(
            atPath: folder + "/bot.py", contents: Data(Self.probe.replacingOccurrences(of: "%s", with: folder).utf8),
            attributes: [.posixPermissions: 0o644])
        _ = FileManager.default.createFile(atPath: folder + "/weights.txt", contents: Data("1".utf8), attributes: [.posixPermissions: 0o644])
        let process = try await PlanProcess(SandboxLauncher().plan(for: ExternalBotSpec(command: ["python3", folder + "/bot.py"])))
        defer { process.finish() }
        #expect(try process.readLine() == "/bot bot.py,weights.txt 0 0 False")
    }
}
