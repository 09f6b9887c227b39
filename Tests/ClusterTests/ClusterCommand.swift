import Foundation
import Synchronization

/// One run of a program to its end, with a deadline: the Slurm client commands and
/// `kubernetes-validate`. Output is read on threads of their own, off the test pool, so a slow
/// command cannot starve other tests; past the deadline the program is killed and
/// ``Failure/timedOut(_:after:)`` thrown.
struct ClusterCommand: Sendable {
    /// What the program printed, and how it ended.
    struct Output: Sendable {
        let status: Int32
        let standardOutput: String
        let standardError: String
    }

    /// Why a program gave no output at all.
    enum Failure: Error, CustomStringConvertible {
        case couldNotStart(String, any Error)
        case timedOut(String, after: Duration)

        var description: String {
            switch self {
            case let .couldNotStart(command, error): "`\(command)` could not be started: \(error)"
            case let .timedOut(command, timeout): "`\(command)` did not finish within \(timeout) and was killed"
            }
        }
    }

    let executable: URL
    let arguments: [String]
    /// The whole environment of the program; the test process's own when nil.
    var environment: [String: String]? = nil
    var workingDirectory: URL? = nil

    /// The command line, for messages.
    var commandLine: String { ([executable.path] + arguments).joined(separator: " ") }

    /// Where `name` is: the first match on PATH, then in the system folders that a root-less
    /// PATH lacks (Debian puts slurmctld, slurmd and munged in /usr/sbin).
    static func locate(_ name: String) -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let folders = path.split(separator: ":").map(String.init) + ["/usr/sbin", "/usr/bin", "/sbin", "/bin"]
        return folders.lazy
            .map { URL(fileURLWithPath: $0).appendingPathComponent(name) }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// Runs the program to its end on a thread of its own.
    func run(timeout: Duration) async throws -> Output {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try self.runBlocking(timeout: timeout) }) }.start()
        }
    }

    /// Runs the program to its end on the calling thread (for `stop()`, which cannot await).
    func runBlocking(timeout: Duration) throws -> Output {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let environment { process.environment = environment }
        if let workingDirectory { process.currentDirectoryURL = workingDirectory }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch { throw Failure.couldNotStart(commandLine, error) }
        let killed = KilledFlag()
        let watchdog = DispatchWorkItem {
            guard process.isRunning else { return }
            killed.value.withLock { $0 = true }
            kill(process.processIdentifier, SIGKILL)
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(Self.nanoseconds(timeout)), execute: watchdog)
        defer { watchdog.cancel() }
        // stderr is drained on its own thread, so neither pipe can fill up and block the program.
        let errData = CollectedData()
        let errDone = DispatchSemaphore(value: 0)
        Thread {
            let data = err.fileHandleForReading.readDataToEndOfFile()
            errData.value.withLock { $0 = data }
            errDone.signal()
        }.start()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        errDone.wait()
        if killed.value.withLock({ $0 }) { throw Failure.timedOut(commandLine, after: timeout) }
        return Output(
            status: process.terminationStatus,
            standardOutput: String(decoding: outData, as: UTF8.self),
            standardError: String(decoding: errData.value.withLock { $0 }, as: UTF8.self)
        )
    }

    static func nanoseconds(_ duration: Duration) -> Int {
        Int(duration.components.seconds) * 1_000_000_000 + Int(duration.components.attoseconds / 1_000_000_000)
    }
}

/// Whether the watchdog killed the program.
private final class KilledFlag: Sendable {
    let value = Mutex(false)
}

/// What a reader thread collected.
private final class CollectedData: Sendable {
    let value = Mutex(Data())
}
