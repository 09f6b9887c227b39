import BattleshipAPI
import CurlHTTP
import DurationUnits
import Foundation
import JSONCoding
import RunControl

/// Sends the requests of a load run, one at a time per caller: waits for the request's slot
/// on the open-loop timetable (if any), sends it over the shared HTTP client, times it,
/// classifies a failure, counts it in the recorder, and decodes the reply.
///
/// No request is retried: a load test reports every failure. Every request, writes
/// included, may reuse a kept-alive connection (like wrk; see docs/load.md for the risk
/// against servers that close idle connections).
struct LoadRequester: Sendable {
    /// Why a request produced no reply to act on.
    enum Failure: Error {
        /// The run is over (duration reached, timetable past the end, or a stop was asked):
        /// the request was not sent.
        case stopped
        /// The request failed; it was counted as an error of its endpoint.
        case failed(String)
    }

    let http: CurlHTTPClient
    let baseURL: String
    let requestTimeout: Duration
    /// The run's start: time zero of the timetable.
    let start: ContinuousClock.Instant
    /// No request is sent (or due) at or after this instant; nil to run until the games end.
    let end: ContinuousClock.Instant?
    let timetable: OpenLoopTimetable?
    let tickets: TimetableTickets
    let recorder: LoadRecorder
    let stopFlag: StopSignal

    /// The request of `endpoint` at `path` (under `/api`) with an optional JSON body.
    func request(_ endpoint: Endpoint, path: String, body: [UInt8]? = nil) -> HTTPRequest {
        let isPost = body != nil
        return HTTPRequest(
            method: isPost ? .post : .get,
            url: baseURL + "/api" + path,
            headers: isPost ? ["Content-Type": "application/json"] : HTTPHeaders(),
            body: body,
            isIdempotent: true
        )
    }

    /// Sends `request` as one call of `endpoint` and reads its 2xx reply as `Reply`; a reply
    /// that does not read counts as an `undecodable` error, with what was wrong.
    func send<Reply: JSONReadable>(_ endpoint: Endpoint, _ request: HTTPRequest, as type: Reply.Type) async throws(Failure) -> Reply {
        let reply = try await exchange(endpoint, request)
        let parsed: Reply
        do {
            parsed = try Reply(jsonBytes: reply.body)
        } catch {
            let detail = "\(endpoint.route): the reply is not the expected JSON (\(error)): \(Self.excerpt(reply.body))"
            recorder.record(endpoint, latency: reply.latency, serviceTime: reply.serviceTime, error: .undecodable, detail: detail)
            throw .failed(detail)
        }
        recorder.record(endpoint, latency: reply.latency, serviceTime: reply.serviceTime, error: nil, detail: "")
        return parsed
    }

    /// A 2xx reply and its timing, not yet counted.
    struct TimedReply {
        var body: [UInt8]
        var latency: Int64
        var serviceTime: Int64
    }

    /// Sends `request` as one call of `endpoint` and returns its 2xx reply, which the caller
    /// counts; a failure is counted here.
    private func exchange(_ endpoint: Endpoint, _ request: HTTPRequest) async throws(Failure) -> TimedReply {
        if stopFlag.isRequested { throw .stopped }
        var due: ContinuousClock.Instant?
        if let timetable {
            let slot = start + timetable.offset(ofRequest: tickets.take())
            if let end, slot >= end { throw .stopped }
            if slot > .now {
                do {
                    try await Task.sleep(until: slot, clock: .continuous)
                } catch {
                    throw .stopped
                }
            }
            if stopFlag.isRequested { throw .stopped }
            due = slot
        } else if let end, ContinuousClock.now >= end {
            throw .stopped
        }
        let sent = ContinuousClock.now
        let outcome: Result<HTTPResponse, HTTPClientError>
        do {
            outcome = .success(try await http.execute(request, deadline: sent + requestTimeout))
        } catch {
            guard error != .cancelled else { throw .stopped }
            outcome = .failure(error)
        }
        let ended = ContinuousClock.now
        let latency = Int64((ended - (due ?? sent)).wholeMicroseconds)
        let serviceTime = Int64((ended - sent).wholeMicroseconds)
        switch outcome {
        case .failure(let error):
            let detail = "\(endpoint.route): \(error.description)"
            recorder.record(endpoint, latency: latency, serviceTime: serviceTime, error: LoadErrorKind(error), detail: detail)
            throw .failed(detail)
        case .success(let response):
            if let kind = LoadErrorKind(status: response.status) {
                let detail = "\(endpoint.route): HTTP \(response.status) \(Self.message(of: response))"
                recorder.record(endpoint, latency: latency, serviceTime: serviceTime, error: kind, detail: detail)
                throw .failed(detail)
            }
            return TimedReply(body: response.body, latency: latency, serviceTime: serviceTime)
        }
    }

    /// The server's message in an error reply: `{"message": ...}`, or the start of the body.
    static func message(of response: HTTPResponse) -> String {
        if let body = try? ErrorBody(jsonBytes: response.body) {
            return body.message
        }
        return excerpt(response.body)
    }

    /// The start of a body as one line of text.
    static func excerpt(_ body: [UInt8]) -> String {
        let text = String(decoding: body.prefix(200), as: UTF8.self)
            .replacingOccurrences(of: "\n", with: " ")
            .trimmingCharacters(in: .whitespacesAndNewlines)
        return body.count > 200 ? text + "…" : text
    }
}
