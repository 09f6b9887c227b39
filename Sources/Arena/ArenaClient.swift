import CurlHTTP
import Foundation
import JSONCoding

/// A student's side of an arena's API (docs/arena.md, "The HTTP API"), as `salvo submit` and
/// the tests call it: an upload, taken again after a busy arena's 503 (it says when in
/// `Retry-After`; a deadline rush meets it), then followed until its check ends.
///
/// ```swift
/// let client = ArenaClient(base: "https://arena.example.edu", token: token)
/// let taken = try await client.upload(bytes) { seconds in print("busy; again in \(seconds) s") }
/// let done = await client.follow(taken) { status in print(status.state) }
/// await client.shutdown()
/// ```
public struct ArenaClient: Sendable {
    /// Why an upload was not taken.
    public enum Failure: Error, Sendable, Hashable {
        /// No answer: `detail` is the transport's.
        case unreachable(detail: String)
        /// The arena said no, with its status and sentence.
        case refused(status: Int, message: String)
    }

    /// The arena's address, without a final `/`.
    public let base: String
    let token: String
    let http: CurlHTTPClient
    /// How many times a 503 is waited out, and the longest wait taken.
    public static let busyTries = 5
    public static let longestBusyWait = 30

    public init(base: String, token: String, http: CurlHTTPClient = CurlHTTPClient()) {
        self.base = base.hasSuffix("/") ? String(base.dropLast()) : base
        self.token = token
        self.http = http
    }

    /// Uploads the archive `bytes`; its first state. A 503 whose `Retry-After` is at most
    /// ``longestBusyWait`` is waited out (`busy` hears the seconds), ``busyTries`` times.
    public func upload(_ bytes: [UInt8], busy: @Sendable (Int) -> Void = { _ in }) async throws(Failure) -> ArenaStatus {
        let headers: HTTPHeaders = ["Authorization": "Bearer " + token, "Content-Type": "application/octet-stream"]
        var tries = 0
        while true {
            let response: HTTPResponse
            do {
                response = try await http.execute(
                    HTTPRequest(method: .post, url: base + "/api/submissions", headers: headers, body: bytes), timeout: .seconds(300))
            } catch {
                throw .unreachable(detail: "\(error)")
            }
            if response.status == 202, let status = try? JSONFormat.decoder().decode(ArenaStatus.self, from: Data(response.body)) { return status }
            tries += 1
            guard response.status == 503, tries < Self.busyTries, let wait = Self.retryAfter(response), wait <= Self.longestBusyWait else {
                throw .refused(status: response.status, message: Self.message(in: response))
            }
            busy(wait)
            do {
                try await Task.sleep(for: .seconds(wait))
            } catch {
                throw .refused(status: response.status, message: Self.message(in: response))
            }
        }
    }

    /// Polls upload `status` every `interval` until its check ends (or the task is cancelled):
    /// its last state. `changed` hears each new state or new lines.
    public func follow(_ status: ArenaStatus, every interval: Duration = .seconds(1), changed: @Sendable (ArenaStatus) -> Void = { _ in }) async
        -> ArenaStatus
    {
        var status = status
        while !status.final, !Task.isCancelled {
            try? await Task.sleep(for: interval)
            guard
                let polled = try? await http.execute(
                    HTTPRequest(url: base + "/api/submissions/\(status.id)", headers: ["Authorization": "Bearer " + token]), timeout: .seconds(30)),
                polled.status == 200, let next = try? JSONFormat.decoder().decode(ArenaStatus.self, from: Data(polled.body))
            else { continue }
            if next != status { changed(next) }
            status = next
        }
        return status
    }

    /// `GET /api/me`: the student's login, name and private page, as strings; nil when it failed.
    public func me() async -> [String: String]? {
        guard
            let response = try? await http.execute(
                HTTPRequest(url: base + "/api/me", headers: ["Authorization": "Bearer " + token]), timeout: .seconds(30)),
            response.status == 200
        else { return nil }
        return try? JSONFormat.decoder().decode([String: String].self, from: Data(response.body))
    }

    public func shutdown() async {
        await http.shutdown()
    }

    /// A reply's `Retry-After` in seconds.
    static func retryAfter(_ response: HTTPResponse) -> Int? {
        response.headers.first { $0.name.lowercased() == "retry-after" }.flatMap { Int($0.value.trimmingCharacters(in: .whitespaces)) }
    }

    /// The arena's `error` member, else the start of the body.
    static func message(in response: HTTPResponse) -> String {
        if let object = try? JSONFormat.decoder().decode([String: String].self, from: Data(response.body)), let message = object["error"] {
            return message
        }
        return String(decoding: response.body.prefix(300), as: UTF8.self)
    }
}
