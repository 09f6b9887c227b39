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
        case .body(let buffer):
            bodyBytes += buffer.readableBytes
            if since != nil { arm(context) }
        case .end:
            // The request is in: the server's time, not the client's.
            unanswered += 1
            since = nil
            timer?.cancel()
            timer = nil
        }
        context.fireChannelRead(data)
    }

    public func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) {
            unanswered = max(0, unanswered - 1)
            if unanswered == 0 { start(context) }
        }
        context.write(data, promise: promise)
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
            bound.value.context.close(promise: nil)
        }
    }
}

@available(*, unavailable)
extension RequestDeadlineHandler: Sendable {}
