import BattleshipServer
import Logging
import Synchronization
import Tournament

/// The server a job plays on, ready for requests: the embedded server started in this process
/// on 127.0.0.1, or a server elsewhere by URL. `salvo run`, `salvo load` and `salvo check` all
/// get theirs here.
///
/// ```swift
/// let host = try await ServerHost.start(.embedded, storage: .file("reports/demo/server.sqlite"))
/// try await host.serving { host in
///     print(host.baseURL)   // http://127.0.0.1:43121
/// }   // stopped here, returned or thrown
/// ```
///
/// Stop it on every path, errors included: with ``serving(isolation:_:)``, or an awaited
/// ``stop()`` after the work however it ended. A stop in a `Task` made in a `defer` only
/// starts the stop and returns, so the server outlives its job. An embedded server's host
/// released without ``stop()`` stops the process with an assertion in a debug build, as a
/// ``CurlHTTPClient`` does (the server would go on serving, and its last changes could be lost).
public final class ServerHost: Sendable {
    /// Where an embedded server keeps its games.
    public enum Storage: Sendable, Hashable {
        /// A SQLite file, which survives the process.
        case file(String)
        /// Memory only, gone when the server stops.
        case memory
    }

    /// The server's root URL, without `/api` and without a trailing slash.
    public let baseURL: String
    private let embedded: RunningServer?
    /// Set by ``stop()``; a debug build checks it when an embedded server's host is released.
    private let stopped = Atomic<Bool>(false)

    private init(baseURL: String, embedded: RunningServer?) {
        self.baseURL = baseURL
        self.embedded = embedded
    }

    deinit {
        #if DEBUG
        if embedded != nil, !stopped.load(ordering: .relaxed) {
            assertionFailure("A ServerHost of the embedded server was released without stop(): await host.stop() on every path, or use serving(_:)")
        }
        #endif
    }

    /// Whether the server runs in this process.
    public var isEmbedded: Bool { embedded != nil }

    /// Starts the embedded server for `.embedded` (with `storage`; `writeBehind` answers writes
    /// before their commit, see ``BattleshipServer/ServerConfiguration/writeBehind``), or just
    /// names the server for `.url`. The embedded server logs at `logLevel` to stderr.
    public static func start(
        _ choice: ServerChoice, storage: Storage, writeBehind: Bool = false,
        logLabel: String = "salvo.server", logLevel: Logger.Level = .warning
    ) async throws(OrchestratorError) -> ServerHost {
        switch choice {
        case .url(let url):
            return ServerHost(baseURL: url, embedded: nil)
        case .embedded:
            let path: String? =
                switch storage {
                case .file(let path): path
                case .memory: nil
                }
            let configuration = ServerConfiguration(host: "127.0.0.1", port: 0, databasePath: path, writeBehind: writeBehind)
            do {
                let running = try await SalvoServer.start(configuration, logger: ServerLogHandler.logger(label: logLabel, level: logLevel))
                return ServerHost(baseURL: running.baseURL, embedded: running)
            } catch {
                // A database that cannot be opened is named, with the way out: the journal, not
                // the server's database, is what a run continues from.
                if let path, "\(error)".contains("SQLite error") {
                    throw .embeddedServerFailed(
                        "\(error). The server's database \(path) cannot be used: move it away and run again (the run continues from its journal; games that were in flight are played again)"
                    )
                }
                throw .embeddedServerFailed("\(error)")
            }
        }
    }

    /// Stops the embedded server (answering the requests in flight and writing every change);
    /// nothing for a server elsewhere.
    public func stop() async {
        stopped.store(true, ordering: .relaxed)
        await embedded?.stop()
    }

    /// Runs `body` with this host and awaits ``stop()`` once `body` has ended, returned or
    /// thrown, before returning or rethrowing.
    public func serving<Value, Failure: Error>(
        isolation: isolated (any Actor)? = #isolation,
        _ body: (ServerHost) async throws(Failure) -> Value
    ) async throws(Failure) -> Value {
        let result: Result<Value, Failure>
        do throws(Failure) {
            result = .success(try await body(self))
        } catch {
            result = .failure(error)
        }
        await stop()
        return try result.get()
    }
}
