import Foundation
import Synchronization

/// The one way a test starts a program: `salvo` as a user runs it, a shell, `tar`, `find`, a
/// Slurm command. (It replaces `TestProcess`, the second runner `SalvoExecutable.run` had
/// inside it, `ClusterCommand`'s, and the `Process()` set-ups tests wrote for themselves.)
///
/// Its standard output and error are read as they come on threads of their own, off the test
/// pool (so neither pipe can fill up and block the program, and a long run cannot starve other
/// tests); standard input is `/dev/null`. While it runs, a test reads its output so far and
/// sends it signals (``interrupt()`` is a terminal's Ctrl-C); ``finish(timeout:)`` awaits its
/// end, and kills it past the deadline, throwing ``SalvoTimedOut``, so a hung program fails
/// its test instead of hanging it.
///
/// ```swift
/// let run = try TestProcess(salvo: ["run", "class.yaml"], workingDirectory: folder)
/// while !run.errorText.contains("Building") { try await Task.sleep(for: .milliseconds(100)) }
/// run.interrupt()
/// let output = try await run.finish()   // status, stdout, stderr
/// let listed = try await TestProcess.run("/usr/bin/find", [folder, "-type", "f"])
/// ```
public final class TestProcess: Sendable {
    private let process: Process
    /// One stream's bytes so far.
    private final class Stream: Sendable {
        let data = Mutex(Data())
    }

    private let out = Stream()
    private let err = Stream()
    private let readers = DispatchGroup()
    /// Whether the deadline of ``finish(timeout:)`` killed the program.
    private let killedAtDeadline = Mutex(false)

    /// Starts `executable` with `arguments`, in `workingDirectory` (the test's own when nil),
    /// with `environment` added to the test's own (or, with `replacingEnvironment`, as the
    /// whole environment).
    public init(
        _ executable: String, _ arguments: [String], workingDirectory: String? = nil, environment: [String: String] = [:],
        replacingEnvironment: Bool = false
    ) throws {
        process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let workingDirectory { process.currentDirectoryURL = URL(fileURLWithPath: workingDirectory) }
        if replacingEnvironment {
            process.environment = environment
        } else if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        }
        let outPipe = Pipe()
        let errPipe = Pipe()
        process.standardOutput = outPipe
        process.standardError = errPipe
        process.standardInput = FileHandle.nullDevice
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

    /// Starts `salvo ARGUMENTS` (``SalvoExecutable/path``).
    public convenience init(salvo arguments: [String], workingDirectory: String? = nil, environment: [String: String] = [:]) throws {
        try self.init(SalvoExecutable.path, arguments, workingDirectory: workingDirectory, environment: environment)
    }

    /// Runs `executable ARGUMENTS` to its end (``finish(timeout:)``).
    public static func run(
        _ executable: String, _ arguments: [String], timeout: Duration = .seconds(120), workingDirectory: String? = nil,
        environment: [String: String] = [:], replacingEnvironment: Bool = false
    ) async throws -> SalvoOutput {
        try await TestProcess(
            executable, arguments, workingDirectory: workingDirectory, environment: environment, replacingEnvironment: replacingEnvironment
        )
        .finish(timeout: timeout)
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
        send(SIGINT)
    }

    /// Sends SIGTERM, as `kill` or a cluster's scheduler does.
    public func terminate() {
        send(SIGTERM)
    }

    /// Sends `signal` (SIGHUP: a closed terminal; SIGSTOP: hold it where it is).
    public func send(_ signal: Int32) {
        if process.isRunning { kill(process.processIdentifier, signal) }
    }

    /// Waits for the process to end and its output to be read, on a thread of its own; after
    /// `timeout` it is killed and ``SalvoTimedOut`` thrown.
    public func finish(timeout: Duration = .seconds(300)) async throws -> SalvoOutput {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try self.finishBlocking(timeout: timeout) }) }.start()
        }
    }

    /// ``finish(timeout:)`` on the calling thread, for code that cannot await (a `stop()`
    /// called from a `deinit`).
    public func finishBlocking(timeout: Duration = .seconds(300)) throws -> SalvoOutput {
        let process = self.process
        let watchdog = DispatchWorkItem { [self] in
            guard process.isRunning else { return }
            killedAtDeadline.withLock { $0 = true }
            kill(process.processIdentifier, SIGKILL)
        }
        let (seconds, attoseconds) = timeout.components
        DispatchQueue.global().asyncAfter(
            deadline: .now() + .nanoseconds(Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)), execute: watchdog)
        process.waitUntilExit()
        watchdog.cancel()
        let commandLine = [process.executableURL?.path ?? ""] + (process.arguments ?? [])
        if killedAtDeadline.withLock({ $0 }) { throw SalvoTimedOut(arguments: commandLine) }
        // A process it left behind that holds the pipes would keep them open for good.
        guard readers.wait(timeout: .now() + 60) == .success else { throw SalvoTimedOut(arguments: commandLine, leftOutputOpen: true) }
        return SalvoOutput(
            status: process.terminationStatus, outData: out.data.withLock { $0 }, err: errorText,
            signalled: process.terminationReason == .uncaughtSignal)
    }
}
