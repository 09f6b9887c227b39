import Foundation

/// Where the built `salvo` executable is, for tests that run it as a user would.
public enum SalvoExecutable {
    /// `SALVO_BINARY` if set, else the `salvo` beside the test bundle (`.build/debug/salvo`).
    public static var path: String {
        if let path = ProcessInfo.processInfo.environment["SALVO_BINARY"] { return path }
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: directory.appendingPathComponent("salvo").path), directory.path != "/" {
            directory.deleteLastPathComponent()
        }
        return directory.appendingPathComponent("salvo").path
    }

    /// Runs `salvo ARGUMENTS` to the end, as a ``TestProcess``. After `timeout` the child is
    /// killed and ``SalvoTimedOut`` thrown, so a hung command fails its test instead of hanging it.
    /// With `ulimit` (the shell's options, as `-Sn 128`), the command runs under those limits;
    /// with `workingDirectory`, it runs there. With `executable`, that program is run instead,
    /// with `prefix` before the arguments (a wrapper such as `unshare` that runs salvo itself).
    /// `environment` is added to the test's own.
    public static func run(
        _ arguments: [String], timeout: Duration = .seconds(120), ulimit: String? = nil, workingDirectory: String? = nil,
        executable: String? = nil, prefix: [String] = [], environment: [String: String] = [:]
    ) async throws -> SalvoOutput {
        let (program, words): (String, [String]) =
            if let executable { (executable, prefix + arguments) } else if let ulimit {
                ("/bin/sh", ["-c", "ulimit \(ulimit) && exec \"$0\" \"$@\"", path] + arguments)
            } else { (path, arguments) }
        return try await TestProcess.run(program, words, timeout: timeout, workingDirectory: workingDirectory, environment: environment)
    }
}
