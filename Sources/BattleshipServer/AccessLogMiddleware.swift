import Foundation
import Hummingbird
import JSONCoding

/// `salvo serve --access-log FILE`: one JSON line per request, appended to `FILE` (`-` for
/// stderr) as the reply leaves: `{"method":"POST","ms":0.41,"path":"/api/games","status":200,"time":"…"}`.
/// Each line is one `write` to a file opened for appending, so lines from concurrent requests
/// never interleave. Ids in the path are logged as they came (the log is the operator's).
struct AccessLogMiddleware<Context: RequestContext>: RouterMiddleware {
    let log: AccessLog

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        do {
            let response = try await next(request, context)
            log.record(request, status: response.status.code, since: start)
            return response
        } catch let error as any HTTPResponseError {
            log.record(request, status: error.status.code, since: start)
            throw error
        }
    }
}

/// Where the access log goes: a descriptor opened for appending.
public final class AccessLog: Sendable {
    private let descriptor: Int32

    /// Opens `path` for appending (`-`: stderr); nil when it cannot be opened.
    public init?(path: String) {
        descriptor = path == "-" ? fcntl(STDERR_FILENO, F_DUPFD_CLOEXEC, 0) : open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return nil }
    }

    deinit { close(descriptor) }

    func record(_ request: Request, status: Int, since start: ContinuousClock.Instant) {
        let elapsed = start.duration(to: .now)
        let milliseconds = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
        let time = Date.ISO8601FormatStyle(includingFractionalSeconds: true).format(Date())
        // Written by hand, one line per request, keys in alphabetical order.
        var line = JSONWriter(capacity: 160)
        line.beginObject()
        line.key("method")
        line.string(request.method.rawValue)
        line.key("ms")
        line.double((milliseconds * 100).rounded() / 100)
        line.key("path")
        line.string(request.uri.path)
        line.key("status")
        line.int(status)
        line.key("time")
        line.string(time)
        line.endObject()
        var bytes = line.bytes
        bytes.append(0x0A)
        bytes.withUnsafeBytes { _ = write(descriptor, $0.baseAddress, $0.count) }
    }
}
