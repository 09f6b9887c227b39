import Foundation
import Synchronization

/// A `salvo` child process the test talks to while it runs: its output so far, signals, and
/// its end. Output is read on threads of their own, off the test pool.
public final class RunningSalvo: Sendable {
    private let process: Process
    /// One stream's bytes so far.
    private final class Stream: Sendable {
        let data = Mutex(Data())
    }

    private let out = Stream()
    private let err = Stream()
    private let readers = DispatchGroup()

    /// Starts `salvo ARGUMENTS`.
    public init(_ arguments: [String]) throws {
        process = Process()
        process.executableURL = URL(fileURLWithPath: SalvoExecutable.path)
        process.arguments = arguments
        let outPipe = Pipe(), errPipe = Pipe()
        process.standardOutput = outPipe
        process.standardError = errPipe
        try process.run()
        for (pipe, buffer) in [(outPipe, out), (errPipe, err)] {
            readers.enter()
            Thread { [readers] in
                while case let chunk = pipe.fileHandleForReading.availableData, !chunk.isEmpty {
                    buffer.data.withLock { $0.append(chunk) }
                }
                readers.leave()
            }.start()
        }
    }

    /// The process's id, for reading its /proc entries while it runs.
    public var pid: Int32 { process.processIdentifier }

    /// Whether the process has not ended yet.
    public var isRunning: Bool { process.isRunning }

    /// Standard output so far.
    public var outputText: String { String(decoding: out.data.withLock { $0 }, as: UTF8.self) }

    /// Standard error so far.
    public var errorText: String { String(decoding: err.data.withLock { $0 }, as: UTF8.self) }

    /// Sends SIGINT, as Ctrl-C in a terminal does.
    public func interrupt() {
        kill(process.processIdentifier, SIGINT)
    }

    /// Sends `signal` (SIGHUP: a closed terminal).
    public func send(_ signal: Int32) {
        kill(process.processIdentifier, signal)
    }

    /// Sends SIGTERM, as `kill` or a cluster's scheduler does.
    public func terminate() {
        kill(process.processIdentifier, SIGTERM)
    }

    /// Waits for the process to end; after `timeout` it is killed and ``SalvoTimedOut`` thrown.
    public func finish(timeout: Duration = .seconds(300)) async throws -> SalvoOutput {
        let process = self.process
        let watchdog = Task {
            try await Task.sleep(for: timeout)
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        }
        defer { watchdog.cancel() }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            Thread { [readers] in
                process.waitUntilExit()
                readers.wait()
                continuation.resume()
            }.start()
        }
        if process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGKILL {
            throw SalvoTimedOut(arguments: process.arguments ?? [])
        }
        return SalvoOutput(status: process.terminationStatus, outData: out.data.withLock { $0 }, err: errorText)
    }
}
