import Foundation
import Hummingbird
import NIOConcurrencyHelpers
import NIOCore

/// Refuses a client address's requests past its rate (``ClientRateLimiter``) with
/// `429 Too Many Requests`, a `Retry-After` in whole seconds and a JSON error that says so.
/// Requests with no address (a Unix socket) pass.
public struct RateLimitMiddleware<Context: RequestContext & RemoteAddressRequestContext>: RouterMiddleware {
    private let limiter: NIOLockedValueBox<ClientRateLimiter>
    /// The rate, as the refusal says it.
    private let rate: String
    private let origin = ContinuousClock.now

    public init(perSecond: Double, burst: Int) {
        limiter = NIOLockedValueBox(ClientRateLimiter(perSecond: perSecond, burst: burst))
        rate = perSecond == perSecond.rounded() ? String(Int(perSecond)) : String(format: "%.1f", perSecond)
    }

    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let address = context.remoteAddress?.ipAddress else { return try await next(request, context) }
        let elapsed = ContinuousClock.now - origin
        let now = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        guard let wait = limiter.withLockedValue({ $0.admit(address, at: now) }) else { return try await next(request, context) }
        let seconds = max(1, Int(wait.rounded(.up)))
        let body = #"{"error":"Too many requests from this address: wait \#(seconds) s, then send fewer (at most \#(rate) a second)"}"#
        var headers = HTTPFields()
        headers[.contentType] = "application/json; charset=utf-8"
        headers[.retryAfter] = String(seconds)
        return Response(status: .tooManyRequests, headers: headers, body: .init(byteBuffer: ByteBuffer(string: body)))
    }
}

/// A request context that knows the client's address, for ``RateLimitMiddleware``.
public struct AddressedRequestContext: RequestContext, RemoteAddressRequestContext {
    public var coreContext: CoreRequestContextStorage
    public let remoteAddress: SocketAddress?

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
    }
}
