import BattleshipAPI
import CurlHTTP
import Foundation
import JSONCoding
import RunControl

/// Runs a load test against one server: `concurrency` games at once, played by built-in
/// bots as fast as the server answers (or on an open-loop timetable), until the stop
/// condition; every request is timed and counted per endpoint.
///
/// ```swift
/// let result = try await CurlHTTPClient.withClient(configuration: .init(maxIdleConnections: 64)) { http throws(LoadRunError) in
///     let generator = LoadGenerator(settings: LoadSettings(serverURL: "http://127.0.0.1:8080", stop: .games(100)), http: http)
///     try await generator.checkReachable()
///     return try await generator.run()
/// }
/// print(result.statistics.gamesFinished)
/// ```
///
/// ``LoadRun`` is the whole of `salvo load`: the server, the clients, the report's files.
///
/// Only `settings.serverURL` is ever sent a request, and redirects are not followed.
public struct LoadGenerator: Sendable {
    public let settings: LoadSettings
    /// Running totals, readable while the run goes on.
    public let recorder = LoadRecorder()
    /// Set to make the run stop starting requests.
    public let stopFlag: StopSignal
    private let clients: [CurlHTTPClient]
    private var http: CurlHTTPClient { clients[0] }

    /// A generator of `settings` sending through `http`, which it does not shut down; `stop`
    /// requested stops it starting requests.
    public init(settings: LoadSettings, http: CurlHTTPClient, stop: StopSignal = StopSignal()) {
        self.init(settings: settings, clients: [http], stop: stop)
    }

    /// A generator spreading its games (or request loops) over `clients` round-robin, each
    /// with its own event-loop thread (like wrk's `-t`): one thread per core keeps the load
    /// generator from being held to one core. The clients are not shut down.
    public init(settings: LoadSettings, clients: [CurlHTTPClient], stop: StopSignal = StopSignal()) {
        precondition(!clients.isEmpty, "a load generator needs at least one HTTP client")
        self.settings = settings
        self.clients = clients
        stopFlag = stop
    }

    /// Makes sure the server answers: one `GET /api/games/<nil UUID>` (a conformant server
    /// answers 400 "does not exist"; any HTTP answer will do).
    public func checkReachable() async throws(LoadRunError) {
        let request = HTTPRequest(url: settings.serverURL + "/api/games/00000000-0000-4000-8000-000000000000")
        do {
            _ = try await http.execute(request, timeout: settings.requestTimeout)
        } catch {
            throw .unreachable(server: settings.serverURL, reason: error == .cancelled ? "the check was cancelled" : error.description)
        }
    }

    /// Runs the load and returns what was measured.
    ///
    /// - Throws: ``LoadRunError/setupFailed(reason:)`` when single-endpoint mode cannot
    ///   create its games.
    public func run() async throws(LoadRunError) -> LoadResult {
        if let endpoint = settings.endpoint {
            return try await runSingleEndpoint(endpoint)
        }
        let (startedAt, start) = (Date(), ContinuousClock.now)
        let tickets = TimetableTickets()
        let requesters = clients.map { makeRequester(start: start, recorder: self.recorder, timed: true, client: $0, tickets: tickets) }
        let claimed = SharedCounter()
        let settings = self.settings
        let stopFlag = self.stopFlag
        let recorder = self.recorder
        await withTaskGroup(of: Void.self) { group in
            for slot in 0..<max(1, settings.concurrency) {
                let requester = requesters[slot % requesters.count]
                group.addTask {
                    while !stopFlag.isRequested {
                        if let end = requester.end, ContinuousClock.now >= end { break }
                        let index = claimed.next()
                        if case .games(let total) = settings.stop, index >= total { break }
                        // nil: the run ended before the game's first request.
                        guard let outcome = await LoadGame(index: index, settings: settings, requester: requester).play() else { break }
                        recorder.record(outcome)
                        switch outcome {
                        case .abandoned:
                            return
                        case .failed where settings.requestsPerSecond == nil:
                            // A dead server fails games at once: do not spin.
                            try? await Task.sleep(for: .milliseconds(50))
                        case .failed, .finished:
                            break
                        }
                    }
                }
            }
        }
        return LoadResult(
            settings: settings, statistics: recorder.statistics, elapsed: start.duration(to: .now), startedAt: startedAt, timeline: recorder.timeline)
    }

    /// `--endpoint`: creates and joins `concurrency` games (not measured), then each of
    /// `concurrency` loops sends the one request of its game again and again, until the
    /// duration is over (or, with `.games(n)`, n requests were sent in all). Closed loop goes
    /// through ``EndpointHammer`` (no task switch per request); open loop through
    /// ``LoadRequester``, which waits for each request's due time.
    private func runSingleEndpoint(_ endpoint: Endpoint) async throws(LoadRunError) -> LoadResult {
        let setup = makeRequester(start: .now, recorder: LoadRecorder(), timed: false, client: http, tickets: TimetableTickets())
        let requests: [HTTPRequest]
        do {
            requests = try await createGames(count: max(1, settings.concurrency), for: endpoint, with: setup)
        } catch {
            throw .setupFailed(reason: error.description)
        }
        let (startedAt, start) = (Date(), ContinuousClock.now)
        let tickets = TimetableTickets()
        let requesters = clients.map { makeRequester(start: start, recorder: recorder, timed: true, client: $0, tickets: tickets) }
        let settings = self.settings
        if settings.requestsPerSecond == nil {
            var limit: Int?
            if case .games(let total) = settings.stop { limit = total }
            let shared = SharedCounter()
            await withTaskGroup(of: Void.self) { group in
                for (index, requester) in requesters.enumerated() {
                    let mine = stride(from: index, to: requests.count, by: requesters.count).map { requests[$0] }
                    let hammer = EndpointHammer(
                        http: requester.http, endpoint: endpoint, requestTimeout: settings.requestTimeout, end: requester.end,
                        limit: limit, sent: shared, recorder: recorder, stopFlag: stopFlag
                    ) { body in
                        switch endpoint {
                        case .status: (try? TurnStatus(jsonBytes: body)) != nil
                        case .board: (try? BoardView(jsonBytes: body)) != nil
                        default: (try? GameDetail(jsonBytes: body)) != nil
                        }
                    }
                    group.addTask { await hammer.run(mine) }
                }
            }
            return LoadResult(
                settings: settings, statistics: recorder.statistics, elapsed: start.duration(to: .now), startedAt: startedAt,
                timeline: recorder.timeline)
        }
        let sent = SharedCounter()
        await withTaskGroup(of: Void.self) { group in
            for (index, request) in requests.enumerated() {
                let requester = requesters[index % requesters.count]
                group.addTask {
                    while true {
                        // `.games(n)` here means n requests in all (the CLI asks for --duration).
                        if case .games(let total) = settings.stop, sent.next() >= total { break }
                        do throws(LoadRequester.Failure) {
                            switch endpoint {
                            case .status: _ = try await requester.send(endpoint, request, as: TurnStatus.self)
                            case .board: _ = try await requester.send(endpoint, request, as: BoardView.self)
                            default: _ = try await requester.send(endpoint, request, as: GameDetail.self)
                            }
                        } catch {
                            guard case .failed = error else { break }
                            if settings.requestsPerSecond == nil { try? await Task.sleep(for: .milliseconds(50)) }
                        }
                    }
                }
            }
        }
        return LoadResult(
            settings: settings, statistics: recorder.statistics, elapsed: start.duration(to: .now), startedAt: startedAt, timeline: recorder.timeline)
    }

    /// The games of single-endpoint mode and the request of `endpoint` for each.
    private func createGames(count: Int, for endpoint: Endpoint, with requester: LoadRequester) async throws(SetupFailure) -> [HTTPRequest] {
        var requests: [HTTPRequest] = []
        for index in 0..<count {
            do throws(LoadRequester.Failure) {
                let created = try await requester.send(
                    .create,
                    requester.request(
                        .create, path: "/games",
                        body: CreateGameRequest(gameName: "load \(settings.seed) endpoint \(index)", playerName: "one", boardSeed: UInt64(index))
                            .jsonBytes),
                    as: CreateGameResponse.self
                )
                let game = "/games/" + PathSegment.encode(created.gameId)
                _ = try await requester.send(
                    .join,
                    requester.request(
                        .join, path: game + "/join", body: JoinGameRequest(playerName: "two", boardSeed: UInt64(index) + 1_000_000).jsonBytes),
                    as: JoinGameResponse.self
                )
                switch endpoint {
                case .detail: requests.append(requester.request(.detail, path: game))
                default:
                    requests.append(
                        requester.request(endpoint, path: game + "/" + endpoint.rawValue, body: PlayerRequest(playerId: created.playerId).jsonBytes))
                }
            } catch {
                switch error {
                case .failed(let reason): throw SetupFailure(description: reason)
                case .stopped: throw SetupFailure(description: "stopped")
                }
            }
        }
        return requests
    }

    private struct SetupFailure: Error, CustomStringConvertible {
        var description: String
    }

    private func makeRequester(start: ContinuousClock.Instant, recorder: LoadRecorder, timed: Bool, client: CurlHTTPClient, tickets: TimetableTickets)
        -> LoadRequester
    {
        var end: ContinuousClock.Instant?
        if timed, case .duration(let duration) = settings.stop { end = start + duration }
        return LoadRequester(
            http: client,
            baseURL: settings.serverURL,
            requestTimeout: settings.requestTimeout,
            start: start,
            end: end,
            timetable: timed ? settings.requestsPerSecond.map { OpenLoopTimetable(requestsPerSecond: $0) } : nil,
            tickets: tickets,
            recorder: recorder,
            stopFlag: timed ? stopFlag : StopSignal()
        )
    }
}
