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

    /// Runs `salvo ARGUMENTS` to the end, reading its output on threads of their own (off the
    /// test pool, so a long run cannot starve other tests). After `timeout` the child is killed
    /// and ``SalvoTimedOut`` thrown, so a hung command fails its test instead of hanging it.
    /// With `ulimit` (the shell's options, as `-Sn 128`), the command runs under those limits;
    /// with `workingDirectory`, it runs there. With `executable`, that program is run instead,
    /// with `prefix` before the arguments (a wrapper such as `unshare` that runs salvo itself).
    /// `environment` is added to the test's own.
    public static func run(
        _ arguments: [String], timeout: Duration = .seconds(120), ulimit: String? = nil, workingDirectory: String? = nil,
        executable: String? = nil, prefix: [String] = [], environment: [String: String] = [:]
    ) async throws -> SalvoOutput {
        let process = Process()
        if let workingDirectory { process.currentDirectoryURL = URL(fileURLWithPath: workingDirectory) }
        if !environment.isEmpty { process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new } }
        if let executable {
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = prefix + arguments
        } else if let ulimit {
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", "ulimit \(ulimit) && exec \"$0\" \"$@\"", path] + arguments
        } else {
            process.executableURL = URL(fileURLWithPath: path)
            process.arguments = arguments
        }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let watchdog = Task {
            try await Task.sleep(for: timeout)
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        }
        defer { watchdog.cancel() }
        let output: SalvoOutput = await withCheckedContinuation { continuation in
            Thread {
                // stderr is drained on its own thread, so neither pipe can fill up and block the child.
                let errBuffer = StreamBuffer()
                Thread {
                    errBuffer.data = err.fileHandleForReading.readDataToEndOfFile()
                    errBuffer.done.signal()
                }.start()
                let outData = out.fileHandleForReading.readDataToEndOfFile()
                process.waitUntilExit()
                errBuffer.done.wait()
                continuation.resume(returning: SalvoOutput(status: process.terminationStatus, outData: outData, err: String(decoding: errBuffer.data, as: UTF8.self)))
            }.start()
        }
        if process.terminationReason == .uncaughtSignal && output.status == SIGKILL { throw SalvoTimedOut(arguments: arguments) }
        return output
    }
}

/// One stream's bytes, handed from its reader thread after `done` is signalled (the
/// semaphore orders the write before the read).
private final class StreamBuffer: @unchecked Sendable {
    var data = Data()
    let done = DispatchSemaphore(value: 0)
}
