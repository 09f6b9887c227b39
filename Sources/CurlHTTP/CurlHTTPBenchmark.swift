import DurationUnits
import Foundation

#if canImport(Glibc)
import Glibc
#else
#error("Salvo builds and runs on Linux only: see docs/platform.md")
#endif

/// A load generator for measuring ``CurlHTTPClient`` against a server, to compare with
/// tools such as `wrk`: requests per second and CPU time per request.
///
/// ```swift
/// let clients = [CurlHTTPClient(), CurlHTTPClient()]   // two event-loop threads
/// let result = try await CurlHTTPBenchmark.run(
///     HTTPRequest(url: "http://127.0.0.1:8080/api/games"),
///     on: clients, connections: 16, duration: .seconds(10)
/// )
/// print(result)  // 10234 requests in 10.00 s: 1023.4 requests/s, 61.2 µs CPU per request, 0 failed
/// ```
///
/// CPU time is the whole process's (user plus system, from `getrusage`), so run the server
/// in another process for a clean figure.
public enum CurlHTTPBenchmark {
    /// What one run measured.
    public struct Result: Sendable, Hashable, CustomStringConvertible {
        /// Requests answered with any status.
        public var completed: Int
        /// Requests that got no response.
        public var failed: Int
        /// Wall-clock time of the run.
        public var elapsed: Duration
        /// User plus system CPU time the process used during the run.
        public var cpuTime: Duration

        /// Completed requests per second of wall-clock time.
        public var requestsPerSecond: Double {
            let seconds = elapsed.seconds
            return seconds > 0 ? Double(completed) / seconds : 0
        }

        /// CPU time per completed request.
        public var cpuTimePerRequest: Duration {
            completed > 0 ? cpuTime / completed : .zero
        }

        /// One line such as `1000 requests in 1.00 s: 1000.0 requests/s, 50.0 µs CPU per request, 0 failed`.
        public var description: String {
            let perRequest = cpuTimePerRequest.seconds * 1e6
            return String(
                format: "%d requests in %.2f s: %.1f requests/s, %.1f µs CPU per request, %d failed",
                completed, elapsed.seconds, requestsPerSecond, perRequest, failed
            )
        }
    }

    /// Sends `request` over and over from `connections` concurrent tasks for `duration`
    /// (each task sends at least once). The tasks are spread evenly over `clients` (one event
    /// loop each, like wrk's threads). With `onClientExecutor` each task prefers its client's
    /// ``CurlHTTPClient/taskExecutor``; otherwise the tasks run on the global executor.
    public static func run(
        _ request: HTTPRequest,
        on clients: [CurlHTTPClient],
        connections: Int,
        duration: Duration,
        requestTimeout: Duration = .seconds(5),
        onClientExecutor: Bool = true
    ) async throws -> Result {
        precondition(!clients.isEmpty, "at least one client")
        let cpuStart = processCPUTime()
        let start = ContinuousClock.now
        let end = start + duration
        let counts = try await withThrowingTaskGroup(of: (Int, Int).self) { group in
            for index in 0..<max(1, connections) {
                let client = clients[index % clients.count]
                let executor = onClientExecutor ? client.taskExecutor : globalConcurrentExecutor
                group.addTask(executorPreference: executor) {
                    var completed = 0
                    var failed = 0
                    // At least one request per task, even if the task starts late.
                    repeat {
                        try Task.checkCancellation()
                        do {
                            _ = try await client.execute(request, timeout: requestTimeout)
                            completed += 1
                        } catch is HTTPClientError {
                            failed += 1
                        }
                    } while ContinuousClock.now < end
                    return (completed, failed)
                }
            }
            return try await group.reduce(into: (0, 0)) {
                $0.0 += $1.0
                $0.1 += $1.1
            }
        }
        return Result(
            completed: counts.0,
            failed: counts.1,
            elapsed: start.duration(to: .now),
            cpuTime: processCPUTime() - cpuStart
        )
    }

    private static func processCPUTime() -> Duration {
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        func duration(_ time: timeval) -> Duration {
            .seconds(time.tv_sec) + .microseconds(time.tv_usec)
        }
        return duration(usage.ru_utime) + duration(usage.ru_stime)
    }
}
