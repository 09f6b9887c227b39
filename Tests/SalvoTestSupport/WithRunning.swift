/// Something a test starts and must have stopped before the test ends: a server on loopback,
/// a run in progress. `stop()` returns once it has stopped (its port closed, its threads ended).
public protocol Stoppable: Sendable {
    /// Stops it and waits until it has stopped.
    func stop() async
}

/// Runs `body` with `running` (a server the test has just started) and awaits
/// `running.stop()` once `body` has ended, returned or thrown, before returning or rethrowing:
///
/// ```swift
/// try await withRunning(TestServer.start()) { server in
///     // talk to server.port
/// }
/// ```
///
/// This is how a test stops what it starts. A deferred stop in an unstructured task (a
/// `Task` made in a `defer`) only starts the stop and returns at once, so the test ends first and the server outlives it,
/// holding its port, its threads and its event loops while the next tests run, and is cut off
/// mid-stop when the test process exits.
@discardableResult
public func withRunning<Running: Stoppable, Result>(
    _ running: Running,
    isolation: isolated (any Actor)? = #isolation,
    _ body: (Running) async throws -> Result
) async throws -> Result {
    let result: Result
    do {
        result = try await body(running)
    } catch {
        await running.stop()
        throw error
    }
    await running.stop()
    return result
}
