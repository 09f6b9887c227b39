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
}
