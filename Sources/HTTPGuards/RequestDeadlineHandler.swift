import NIOCore
import NIOHTTPTypes

/// Closes a connection whose request does not arrive whole in time (``RequestDeadline``):
/// a request whose head or body trickles in, or stops half-way, and a keep-alive connection
/// left idle. It sits after the HTTP decoder (Hummingbird's `additionalChannelHandlers`),
/// so it sees requests in parts: the clock runs from the connection's start, or from the end
/// of the last response written, to the end of the next request; it stops while the server
/// works on a request, so a slow handler is never cut off.
public final class RequestDeadlineHandler: ChannelDuplexHandler, RemovableChannelHandler {
    public typealias InboundIn = HTTPRequestPart
    public typealias InboundOut = HTTPRequestPart
    public typealias OutboundIn = HTTPResponsePart
    public typealias OutboundOut = HTTPResponsePart

    private let deadline: RequestDeadline
    /// When the clock started (nil while the server works on a request), and the request's
    /// body bytes so far.
    private var since: NIODeadline?
    private var bodyBytes = 0
    /// Requests read whose responses have not ended.
    private var unanswered = 0
    private var timer: Scheduled<Void>?
    /// Whether the reply being written said `Connection: close`.
    private var closing = false
    /// Whether a request's head has come and its end not yet.
    private var reading = false
    /// Whether the connection is closing after such a reply, its input dropped meanwhile.
    private var lingering = false

    public init(deadline: RequestDeadline) {
        self.deadline = deadline
    }

    public func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { start(context) }
    }

    public func channelActive(context: ChannelHandlerContext) {
        if since == nil, unanswered == 0 { start(context) }
        context.fireChannelActive()
    }

    public func handlerRemoved(context: ChannelHandlerContext) {
        timer?.cancel()
        timer = nil
    }

    public func channelInactive(context: ChannelHandlerContext) {
        timer?.cancel()
        timer = nil
        context.fireChannelInactive()
    }

    public func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head:
            bodyBytes = 0
            reading = true
        case .body(let buffer):
            bodyBytes += buffer.readableBytes
            if since != nil, !closing { arm(context) }
        case .end:
            reading = false
            if lingering {
                // The refused request's body is all in: the connection's end need wait no more.
                context.fireChannelRead(data)
                context.close(promise: nil)
                return
            }
            // The request is in: the server's time, not the client's.
            unanswered += 1
            since = nil
            timer?.cancel()
            timer = nil
        }
        context.fireChannelRead(data)
    }

    public func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head(let head):
            closing = head.headerFields[.connection]?.lowercased() == "close"
        case .end:
            unanswered = max(0, unanswered - 1)
            if closing {
                // A refusal sent before the request's body was read (`Connection: close`): the
                // connection ends, after the client has had `linger` to read the reply,
                // whatever of the body it still sends.
                context.writeAndFlush(data, promise: promise)
                if reading { linger(context) } else { context.close(promise: nil) }
                return
            }
            if unanswered == 0 { start(context) }
        default:
            break
        }
        context.write(data, promise: promise)
    }

    /// How long a connection whose reply said `Connection: close` stays open after it, its
    /// input read and dropped: closing at once could reset the connection under a client still
    /// sending, and lose the reply it has not read yet.
    public static let linger: TimeAmount = .seconds(2)

    private func linger(_ context: ChannelHandlerContext) {
        lingering = true
        timer?.cancel()
        since = nil
        let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
        timer = context.eventLoop.scheduleTask(in: Self.linger) {
            bound.value.fireErrorCaught(RequestDeadlineExceeded())
            bound.value.close(promise: nil)
        }
    }

    private func start(_ context: ChannelHandlerContext) {
        since = .now()
        bodyBytes = 0
        arm(context)
    }

    /// (Re)schedules the close at the start plus what the body so far allows.
    private func arm(_ context: ChannelHandlerContext) {
        guard let since else { return }
        timer?.cancel()
        let at = since + deadline.allowance(bodyBytes: bodyBytes)
        let bound = NIOLoopBound((handler: self, context: context), eventLoop: context.eventLoop)
        timer = context.eventLoop.scheduleTask(deadline: at) {
            guard bound.value.handler.since != nil else { return }
            // Said before the close, so that a handler streaming the body sees it cut
            // (``StreamedBody``), not ended: a closed stream alone reads as a whole body.
            bound.value.context.fireErrorCaught(RequestDeadlineExceeded())
            bound.value.context.close(promise: nil)
        }
    }
}

/// The error a streamed request body throws when ``RequestDeadlineHandler`` closed its
/// connection before the body's end.
public struct RequestDeadlineExceeded: Error, Hashable, Sendable {}

@available(*, unavailable)
extension RequestDeadlineHandler: Sendable {}
