import Foundation
import SalvoTestSupport

/// A real `salvo serve` process, started from the built binary (a ``TestProcess``), for tests
/// that kill it.
final class ServerProcess: Sendable {
    let process: TestProcess
    let port: Int

    /// Starts `salvo serve --port 0 --db PATH` and waits for the line with its URL.
    static func start(databasePath: String) async throws -> ServerProcess {
        let process = try TestProcess(salvo: ["serve", "--port", "0", "--db", databasePath, "--log-level", "error"])
        // A hang guard, generous for a loaded machine.
        for _ in 0..<1200 where process.isRunning {
            if let range = process.outputText.range(of: #"http://127\.0\.0\.1:(\d+)"#, options: .regularExpression),
                let port = Int(process.outputText[range].split(separator: ":").last ?? "")
            {
                return ServerProcess(process: process, port: port)
            }
            try await Task.sleep(for: .milliseconds(100))
        }
        process.send(SIGKILL)
        throw RawHTTP.Failure(description: "salvo serve printed no URL: \(process.outputText)")
    }

    private init(process: TestProcess, port: Int) {
        self.process = process
        self.port = port
    }

    /// Kills the process with SIGKILL, as a crash or `kill -9` would, and reaps it.
    func kill() {
        process.send(SIGKILL)
        _ = try? process.finishBlocking(timeout: .seconds(60))  // SIGKILL is immediate: this wait is short.
    }

    deinit {
        if process.isRunning { kill() }
    }
}
