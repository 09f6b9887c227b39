import CurlHTTP
import DurationUnits
import Foundation

/// Runs the conformance checks against a Battleship server, one check after the other,
/// each with its own games, its own deadline and every request with a deadline of its own.
///
/// ```swift
/// let suite = ConformanceSuite(baseURL: "http://127.0.0.1:8080")
/// let report = try await suite.run { outcome in print(outcome.verdict, outcome.id) }
/// print(report.conforms)
/// ```
public struct ConformanceSuite: Sendable {
    /// Deadlines and which checks run.
    public struct Configuration: Sendable {
        /// The longest one request may take.
        public var requestTimeout: Duration
        /// The longest one check may take, all its requests together.
        public var checkTimeout: Duration
        /// Check ids or id prefixes (`guess`, `errors.player-id`); empty runs every check.
        public var selectors: [String]
        /// After this many checks in a row ended with a request that got no reply, the rest
        /// are not run but failed: the server has stopped answering.
        public var giveUpAfterSilentChecks: Int

        public init(
            requestTimeout: Duration = .seconds(5), checkTimeout: Duration = .seconds(60), selectors: [String] = [], giveUpAfterSilentChecks: Int = 3
        ) {
            self.requestTimeout = requestTimeout
            self.checkTimeout = checkTimeout
            self.selectors = selectors
            self.giveUpAfterSilentChecks = giveUpAfterSilentChecks
        }
    }

    /// The server's root URL, without `/api`.
    public let baseURL: String
    public let configuration: Configuration

    public init(baseURL: String, configuration: Configuration = Configuration()) {
        var root = baseURL
        while root.hasSuffix("/") { root.removeLast() }
        self.baseURL = root
        self.configuration = configuration
    }

    /// Runs the selected checks; `onOutcome` hears each outcome as soon as it is known.
    ///
    /// - Throws: ``ConformanceError/unreachable(url:reason:)`` when `GET /api/games` gets no
    ///   reply at all, ``ConformanceError/noChecksSelected(_:)`` when no check matches.
    public func run(onOutcome: @Sendable (CheckOutcome) -> Void = { _ in }) async throws -> ConformanceReport {
        let checks = ConformanceCatalog.select(configuration.selectors)
        guard !checks.isEmpty else { throw ConformanceError.noChecksSelected(configuration.selectors) }
        // Whether anyone answers is asked patiently (at least 5 s, connecting included): a
        // short --timeout is for the checks, not a reason to call a slow start unreachable.
        let patience = max(configuration.requestTimeout, .seconds(5))
        let started = ContinuousClock.now
        let outcomes = try await CurlHTTPClient.withClient(configuration: .init(connectTimeout: patience)) { http in
            let probe = APIProbe(baseURL: baseURL, http: http, requestTimeout: configuration.requestTimeout)
            do {
                _ = try await APIProbe(baseURL: baseURL, http: http, requestTimeout: patience).get("/api/games")
            } catch let finding as CheckFinding {
                throw ConformanceError.unreachable(url: baseURL, reason: finding.noReply?.description ?? finding.message)
            }
            var outcomes: [CheckOutcome] = []
            var silentInARow = 0
            for check in checks {
                let outcome: CheckOutcome
                if silentInARow >= configuration.giveUpAfterSilentChecks {
                    outcome = CheckOutcome(
                        id: check.id, severity: check.severity, verdict: .fail, title: check.title,
                        messages: ["Not run: the server stopped answering (\(silentInARow) checks in a row got no reply)."]
                    )
                } else {
                    let (result, silent) = await run(check, probe: probe)
                    outcome = result
                    silentInARow = silent ? silentInARow + 1 : 0
                }
                outcomes.append(outcome)
                onOutcome(outcome)
            }
            return outcomes
        }
        let elapsed = ContinuousClock.now - started
        return ConformanceReport(server: baseURL, outcomes: outcomes, seconds: elapsed.seconds)
    }

    /// Runs one check under its deadline; also says whether it ended with a request that
    /// got no reply.
    func run(_ check: ConformanceCheck, probe: APIProbe) async -> (CheckOutcome, silent: Bool) {
        let context = CheckContext(probe: probe)
        let timeout = configuration.checkTimeout
        let started = ContinuousClock.now
        let result: Result<Void, any Error>? = await withTaskGroup(of: Result<Void, any Error>?.self) { group in
            group.addTask {
                do {
                    try await check.body(context)
                    return .success(())
                } catch {
                    return .failure(error)
                }
            }
            group.addTask {
                try? await Task.sleep(for: timeout)
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
        var outcome = CheckOutcome(
            id: check.id, severity: check.severity, verdict: .pass, title: check.title,
            requestCount: context.requestCount, seconds: (ContinuousClock.now - started).seconds
        )
        let warnings = context.warnings
        switch result {
        case .some(.success):
            if !warnings.isEmpty {
                outcome.verdict = .warn
                outcome.messages = Self.unique(warnings.map(\.message))
                outcome.exchange = warnings.first?.exchange
            }
            return (outcome, false)
        case .some(.failure(let finding as CheckFinding)):
            switch finding.kind {
            case .failure: outcome.verdict = .fail
            case .warning: outcome.verdict = .warn
            case .skip: outcome.verdict = .skip
            }
            outcome.messages = [finding.message]
            outcome.exchange = finding.exchange ?? context.lastExchange
            return (outcome, finding.noReply != nil)
        case .some(.failure(let error)):
            outcome.verdict = .fail
            outcome.messages = ["The check stopped with an unexpected error: \(error)"]
            outcome.exchange = context.lastExchange
            return (outcome, false)
        case .none:
            outcome.verdict = .fail
            outcome.messages = ["The check did not finish within \(timeout)."]
            outcome.exchange = context.lastExchange
            return (outcome, true)
        }
    }

    private static func unique(_ messages: [String]) -> [String] {
        var seen = Set<String>()
        return messages.filter { seen.insert($0).inserted }
    }
}
