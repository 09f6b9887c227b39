import BattleshipAPI
import CurlHTTP
import DurationUnits
import Foundation
import RunControl
import Synchronization

/// Closed-loop single-endpoint mode (`--endpoint` without `--rate`): each loop sends its
/// request again from the previous request's completion, on the HTTP client's event-loop
/// thread, with no Swift task switch per request (as wrk does on its own threads).
///
/// Each reply is timed, checked and decoded (`decode` says whether it is the expected JSON)
/// and counted exactly as ``LoadRequester`` counts it. With `--rate` the generator uses
/// ``LoadRequester`` instead, which can sleep until each request's due time.
final class EndpointHammer: Sendable {
    private struct State {
        var running = 0
        var finished: CheckedContinuation<Void, Never>?
    }

    private let http: CurlHTTPClient
    private let endpoint: Endpoint
    private let requestTimeout: Duration
    private let end: ContinuousClock.Instant?
    private let limit: Int?
    /// Requests sent so far, shared with the run's other hammers when `limit` is set.
    private let sent: SharedCounter
    private let recorder: LoadRecorder
    private let stopFlag: StopSignal
    private let decode: @Sendable ([UInt8]) -> Bool
    private let state = Mutex(State())

    /// Loops of `endpoint` until `end` (or `limit` requests counted by `sent`), or a stop.
    init(
        http: CurlHTTPClient, endpoint: Endpoint, requestTimeout: Duration, end: ContinuousClock.Instant?, limit: Int?,
        sent: SharedCounter, recorder: LoadRecorder, stopFlag: StopSignal, decode: @escaping @Sendable ([UInt8]) -> Bool
    ) {
        self.sent = sent
        self.http = http
        self.endpoint = endpoint
        self.requestTimeout = requestTimeout
        self.end = end
        self.limit = limit
        self.recorder = recorder
        self.stopFlag = stopFlag
        self.decode = decode
    }

    /// Runs one loop per request until the run is over.
    func run(_ requests: [HTTPRequest]) async {
        guard !requests.isEmpty else { return }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            state.withLock {
                $0.running = requests.count
                $0.finished = continuation
            }
            for request in requests { send(request) }
        }
    }

    private func send(_ request: HTTPRequest) {
        let mayGo = limit.map { self.sent.next() < $0 } ?? true
        if !mayGo || stopFlag.isRequested || end.map({ ContinuousClock.now >= $0 }) == true {
            loopEnded()
            return
        }
        let sentAt = ContinuousClock.now
        http.execute(request, deadline: sentAt + requestTimeout) { [self] result in
            let elapsed = Int64((ContinuousClock.now - sentAt).wholeMicroseconds)
            var failed = true
            switch result {
            case .failure(let error):
                recorder.record(
                    endpoint, latency: elapsed, serviceTime: elapsed, error: LoadErrorKind(error), detail: "\(endpoint.route): \(error.description)")
            case .success(let response):
                if let kind = LoadErrorKind(status: response.status) {
                    recorder.record(
                        endpoint, latency: elapsed, serviceTime: elapsed, error: kind,
                        detail: "\(endpoint.route): HTTP \(response.status) \(LoadRequester.message(of: response))")
                } else if !decode(response.body) {
                    recorder.record(
                        endpoint, latency: elapsed, serviceTime: elapsed, error: .undecodable,
                        detail: "\(endpoint.route): the reply is not the expected JSON: \(LoadRequester.excerpt(response.body))")
                } else {
                    recorder.record(endpoint, latency: elapsed, serviceTime: elapsed, error: nil, detail: "")
                    failed = false
                }
            }
            if failed {
                // Off the event-loop thread: a dead server must not make the loop spin.
                Task {
                    try? await Task.sleep(for: .milliseconds(50))
                    self.send(request)
                }
            } else {
                send(request)
            }
        }
    }

    private func loopEnded() {
        let finished = state.withLock { state -> CheckedContinuation<Void, Never>? in
            state.running -= 1
            guard state.running == 0 else { return nil }
            defer { state.finished = nil }
            return state.finished
        }
        finished?.resume()
    }
}
