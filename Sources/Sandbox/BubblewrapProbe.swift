import Foundation

/// Finds `bwrap` and checks, once per process, that it can make a sandbox here: a container
/// without user namespaces, for example, has the program but cannot use it.
public enum BubblewrapProbe {
    /// Where Debian installs it; otherwise the first `bwrap` on PATH.
    static let candidates = ["/usr/bin/bwrap", "/bin/bwrap"]

    /// The path of a working `bwrap`, or why there is none. Runs `true` in a minimal sandbox
    /// the first time, and remembers the answer.
    public static func check() -> Result<String, SandboxUnavailable> {
        cached
    }

    private static let cached: Result<String, SandboxUnavailable> = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let onPath = path.split(separator: ":").map { "\($0)/bwrap" }
        guard let bwrap = (candidates + onPath).first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            return .failure(SandboxUnavailable(problem: "`bwrap` is not installed"))
        }
        let process = Process()
        let command =
            BubblewrapArguments.dropPrivileges(to: geteuid() == 0 ? BubblewrapArguments.hostUser : nil) + [bwrap] + BubblewrapArguments.system
            + ["--unshare-all", "--unshare-user", "--disable-userns", "--die-with-parent", "--cap-drop", "ALL", "/usr/bin/true"]
        process.executableURL = URL(fileURLWithPath: command[0])
        process.arguments = Array(command.dropFirst())
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return .failure(SandboxUnavailable(problem: "\(bwrap) cannot be started (\(error.localizedDescription))"))
        }
        let detail = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            return .failure(
                SandboxUnavailable(
                    problem: "\(bwrap) cannot create a sandbox here (\(detail.isEmpty ? "exit status \(process.terminationStatus)" : detail))"))
        }
        return .success(bwrap)
    }()
}
