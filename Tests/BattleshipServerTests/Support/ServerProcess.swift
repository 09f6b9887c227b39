import Foundation
import SalvoTestSupport

/// A real `salvo serve` process, started from the built binary, for tests that kill it.
final class ServerProcess: @unchecked Sendable {
    let process: Process
    let port: Int

    static var binary: URL { URL(fileURLWithPath: SalvoExecutable.path) }

    /// Starts `salvo serve --port 0 --db PATH` and waits, on a thread of its own (never one of
    /// the test pool's), for the line with its URL.
    static func start(databasePath: String) async throws -> ServerProcess {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try ServerProcess(databasePath: databasePath) }) }.start()
        }
    }

    private init(databasePath: String) throws {
        process = Process()
        process.executableURL = Self.binary
        process.arguments = ["serve", "--port", "0", "--db", databasePath, "--log-level", "error"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        var text = ""
        let deadline = Date().addingTimeInterval(120)  // a hang guard, generous for a loaded machine
        while Date() < deadline {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
            if let range = text.range(of: #"http://127\.0\.0\.1:(\d+)"#, options: .regularExpression) {
                port = Int(text[range].split(separator: ":").last!)!
                return
            }
        }
        process.terminate()
        throw RawHTTP.Failure(description: "salvo serve printed no URL: \(text)")
    }

    /// Kills the process with SIGKILL, as a crash or `kill -9` would, and reaps it.
    func kill() {
        Foundation.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()  // SIGKILL is immediate: this wait is short.
    }

    deinit {
        if process.isRunning { kill() }
    }
}
