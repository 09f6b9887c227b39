import Foundation
import Hummingbird
import NIOConcurrencyHelpers
import NIOCore

/// Refuses a client's requests past its rate (``ClientRateLimiter``) with
/// `429 Too Many Requests`, a `Retry-After` in whole seconds and a JSON error that says so (a
/// thrown ``Problem``).
/// A request that proves who sent it (`identify` gives a key: for the arena, a valid token's
/// hash) is counted against that key, whatever address it came from, so a class behind one NAT
/// or proxy is not held to one rate; any other request is counted against its client's
/// address, the one a trusted proxy forwards (``ForwardedClient``) or else the connection's.
/// Over a Unix socket, which only the reverse proxy can open, the address it forwards is the
/// client's. Requests with neither a key nor an address pass.
public struct RateLimitMiddleware<Context: RequestContext & RemoteAddressRequestContext>: RouterMiddleware {
    private let limiter: NIOLockedValueBox<ClientRateLimiter>
    /// The rate, as the refusal says it.
    private let rate: String
    private let origin = ContinuousClock.now
    private let forwarded: ForwardedClient
    private let identify: @Sendable (Request, Context) -> String?

    /// `identify` gives the key of a request that proved who sent it: for the arena, the
    /// student an authenticator middleware before this one put in the context.
    public init(
        perSecond: Double, burst: Int, forwarded: ForwardedClient = ForwardedClient(trustedProxies: []),
        identify: @escaping @Sendable (Request, Context) -> String? = { _, _ in nil }
    ) {
        limiter = NIOLockedValueBox(ClientRateLimiter(perSecond: perSecond, burst: burst))
        rate = perSecond == perSecond.rounded() ? String(Int(perSecond)) : String(format: "%.1f", perSecond)
        self.forwarded = forwarded
        self.identify = identify
    }

    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let key: String
        let from: String
        if let caller = identify(request, context) {
            (key, from) = ("key " + caller, "with this token")
        } else if let peer = context.remoteAddress?.ipAddress {
            (key, from) = ("address " + forwarded.address(peer: peer, forwardedFor: Self.forwardedFor(request)), "from this address")
        } else if case .unixDomainSocket = context.remoteAddress {
            // Only the proxy can open the socket: the address it forwards is the client's.
            (key, from) = ("address " + forwarded.address(socketForwardedFor: Self.forwardedFor(request)), "from this address")
        } else {
            return try await next(request, context)
        }
        let elapsed = ContinuousClock.now - origin
        let now = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        guard let wait = limiter.withLockedValue({ $0.admit(key, at: now) }) else { return try await next(request, context) }
        let seconds = max(1, Int(wait.rounded(.up)))
        var problem = Problem(
            .tooManyRequests, "Too many requests \(from): wait \(seconds) s, then send fewer (at most \(rate) a second)", retryAfter: seconds)
        // A body on its way is not read: the connection ends after the reply.
        if request.hasBody { problem.headers[.connection] = "close" }
        throw problem
    }
}

extension RateLimitMiddleware {
    static func forwardedFor(_ request: Request) -> [String] {
        request.headers.filter { $0.name.canonicalName == "x-forwarded-for" }.map(\.value)
    }
}

extension Request {
    /// Whether a body follows the head (`Content-Length` above 0, or chunked).
    public var hasBody: Bool {
        if let length = headers[.contentLength].flatMap(Int.init) { return length > 0 }
        return headers[.transferEncoding] != nil
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
