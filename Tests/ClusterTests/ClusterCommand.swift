import Foundation
import SalvoTestSupport

/// One run of a program to its end, with a deadline: the Slurm client commands and
/// `kubernetes-validate`, as a ``TestProcess``; past the deadline the program is killed and
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

    /// Runs the program to its end (a ``TestProcess``).
    func run(timeout: Duration) async throws -> Output {
        let process = try start()
        do {
            return Self.output(try await process.finish(timeout: timeout))
        } catch {
            throw Failure.timedOut(commandLine, after: timeout)
        }
    }

    /// Runs the program to its end on the calling thread (for `stop()`, which cannot await).
    func runBlocking(timeout: Duration) throws -> Output {
        let process = try start()
        do {
            return Self.output(try process.finishBlocking(timeout: timeout))
        } catch {
            throw Failure.timedOut(commandLine, after: timeout)
        }
    }

    private func start() throws -> TestProcess {
        do {
            return try TestProcess(
                executable.path, arguments, workingDirectory: workingDirectory?.path, environment: environment ?? [:],
                replacingEnvironment: environment != nil
            )
        } catch {
            throw Failure.couldNotStart(commandLine, error)
        }
    }

    private static func output(_ output: SalvoOutput) -> Output {
        Output(status: output.status, standardOutput: output.out, standardError: output.err)
    }
}
