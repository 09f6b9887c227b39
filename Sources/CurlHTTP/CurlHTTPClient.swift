import CCurl
import Synchronization

/// An async HTTP/1.1 client over libcurl's multi interface.
///
/// One dedicated thread runs libcurl's event loop: every request of this client is a
/// transfer on that thread, so many requests are in flight at once without a thread each,
/// and kept-alive connections are reused between them. Each request has a deadline, and
/// cancelling the calling task aborts its transfer at once and frees its handle.
///
/// ```swift
/// let client = CurlHTTPClient()
/// let response = try await client.execute(
///     HTTPRequest(url: "http://127.0.0.1:8080/api/games"),
///     timeout: .seconds(5)
/// )
/// print(response.status, response.bodyText)
/// await client.shutdown()
/// ```
///
/// Call ``shutdown()`` when done, on every path, errors included; or let
/// ``withClient(configuration:isolation:_:)`` make the client and shut it down:
///
/// ```swift
/// let response = try await CurlHTTPClient.withClient { client in
///     try await client.execute(HTTPRequest(url: "http://127.0.0.1:8080/api/games"), timeout: .seconds(5))
/// }   // shut down here, returned or thrown
/// ```
///
/// A client released without ``shutdown()`` is its owner's bug, as async-http-client's
/// `HTTPClient` has it: in a debug build it stops the process with an assertion; in a release
/// build it stops its thread anyway, without waiting.
public final class CurlHTTPClient: Sendable {
    /// The settings the client was made with.
    public let configuration: Configuration
    private let loop: CurlEventLoop
    /// Set by ``shutdown()``; a debug build checks it when the client is released.
    private let shutDown = Atomic<Bool>(false)

    /// Starts a client and its event-loop thread.
    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
        loop = CurlEventLoop(configuration: configuration)
        loop.start()
    }

    deinit {
        #if DEBUG
        if !shutDown.load(ordering: .relaxed) {
            assertionFailure("A CurlHTTPClient was released without shutdown(): await it on every path, or use CurlHTTPClient.withClient")
        }
        #endif
        loop.requestShutdown()
    }

    /// Runs `body` with a new client and awaits its ``shutdown()`` once `body` has ended,
    /// returned or thrown, before returning or rethrowing (async-http-client's
    /// `HTTPClient.withHTTPClient`): the one way to be sure a client is shut down.
    public static func withClient<Value, Failure: Error>(
        configuration: Configuration = Configuration(),
        isolation: isolated (any Actor)? = #isolation,
        _ body: (CurlHTTPClient) async throws(Failure) -> Value
    ) async throws(Failure) -> Value {
        try await withClients(1, configuration: configuration) { clients throws(Failure) in try await body(clients[0]) }
    }

    /// Runs `body` with `count` new clients (each its own event-loop thread) and awaits the
    /// ``shutdown()`` of every one once `body` has ended, returned or thrown.
    public static func withClients<Value, Failure: Error>(
        _ count: Int,
        configuration: Configuration = Configuration(),
        isolation: isolated (any Actor)? = #isolation,
        _ body: ([CurlHTTPClient]) async throws(Failure) -> Value
    ) async throws(Failure) -> Value {
        let clients = (0..<count).map { _ in CurlHTTPClient(configuration: configuration) }
        let result: Result<Value, Failure>
        do throws(Failure) {
            result = .success(try await body(clients))
        } catch {
            result = .failure(error)
        }
        for client in clients { await client.shutdown() }
        return try result.get()
    }

    /// The client's event-loop thread as a task executor.
    ///
    /// A task that prefers it (`Task(executorPreference:)`, `group.addTask(executorPreference:)`
    /// or `withTaskExecutorPreference`) runs its non-isolated code on the loop thread between
    /// turns of the loop. Each ``execute(_:deadline:)`` then resumes it on the thread that
    /// finished the transfer, instead of waking a thread of the global pool: for a task that
    /// mostly waits on requests, that is a thread hand-off less per request. Keep the work such
    /// a task does between requests short: while it runs, no transfer of this client moves.
    ///
    /// Tasks hold their preferred executor unowned, so a client whose executor was asked for
    /// keeps its (small) loop object for the rest of the process. After ``shutdown()`` the
    /// tasks that prefer it run on the global concurrent executor.
    public var taskExecutor: any TaskExecutor {
        loop.retainForever()
        return loop
    }

    /// Sends `request` and returns the complete response, whatever its status.
    ///
    /// - Throws: ``HTTPClientError`` when no response arrived by `deadline`, or
    ///   ``HTTPClientError/cancelled`` when the calling task is cancelled first.
    public func execute(_ request: HTTPRequest, deadline: ContinuousClock.Instant) async throws(HTTPClientError) -> HTTPResponse {
        guard !Task.isCancelled else { throw .cancelled }
        guard ContinuousClock.now < deadline else { throw .deadlineExceeded }
        let transfer = CurlTransfer(
            request: request,
            deadline: deadline,
            maxResponseSize: configuration.maxResponseSize
        )
        let loop = self.loop
        let result = await withTaskCancellationHandler {
            // Unsafe (unchecked) continuation: `CurlTransfer.finish` resumes it exactly once.
            await withUnsafeContinuation { continuation in
                transfer.continuation = continuation
                loop.submit(transfer)
            }
        } onCancel: {
            loop.cancel(transfer)
        }
        return try result.get()
    }

    /// Sends `request` and calls `completion` with the response or the error, on the client's
    /// event-loop thread, without a task switch.
    ///
    /// For tight request loops (a load generator): `completion` may call this method again to
    /// send the next request, and that request goes out on the same turn of the loop. It runs
    /// on the thread that drives every transfer of this client, so it must return quickly and
    /// never block. There is no cancellation; the deadline still applies, and a client that is
    /// shut down completes the request with ``HTTPClientError/shutDown``.
    public func execute(
        _ request: HTTPRequest,
        deadline: ContinuousClock.Instant,
        completion: @escaping @Sendable (Result<HTTPResponse, HTTPClientError>) -> Void
    ) {
        let transfer = CurlTransfer(request: request, deadline: deadline, maxResponseSize: configuration.maxResponseSize)
        transfer.completion = completion
        loop.submit(transfer)
    }

    /// Sends `request` with a deadline of now plus `timeout`; see ``execute(_:deadline:)``.
    public func execute(_ request: HTTPRequest, timeout: Duration) async throws(HTTPClientError) -> HTTPResponse {
        try await execute(request, deadline: .now + timeout)
    }

    /// Fails every unfinished request with ``HTTPClientError/shutDown``, closes all
    /// connections and returns when the event-loop thread has ended. Later requests fail
    /// with ``HTTPClientError/shutDown`` too.
    public func shutdown() async {
        shutDown.store(true, ordering: .relaxed)
        await loop.shutdown()
    }
}
