import Foundation
import SalvoTestSupport

/// Runs the built `salvo` executable as a user would, off the test pool, with a deadline
/// after which the child is killed (by its pid) and the test fails instead of hanging.
enum SalvoCommand {
    struct Output: Sendable {
        var status: Int32
        var out: String
        var err: String
    }

    struct TimedOut: Error, CustomStringConvertible {
        var arguments: [String]
        var description: String { "salvo \(arguments.joined(separator: " ")) did not finish in time and was killed" }
    }

    static func run(_ arguments: [String], timeout: Duration = .seconds(90)) async throws -> Output {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: SalvoExecutable.path)
        process.arguments = arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let watchdog = Task {
            try await Task.sleep(for: timeout)
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        }
        defer { watchdog.cancel() }
        let output: Output = await withCheckedContinuation { continuation in
            Thread {
                let outData = out.fileHandleForReading.readDataToEndOfFile()
                let errData = err.fileHandleForReading.readDataToEndOfFile()
                process.waitUntilExit()
                continuation.resume(returning: Output(
                    status: process.terminationStatus,
                    out: String(decoding: outData, as: UTF8.self),
                    err: String(decoding: errData, as: UTF8.self)
                ))
            }.start()
        }
        if process.terminationReason == .uncaughtSignal && output.status == SIGKILL { throw TimedOut(arguments: arguments) }
        return output
    }
}
