/// What the loopback test server does with one request.
public indirect enum LoopbackBehavior: Sendable {
    /// Answers with this status and body and keeps the connection open.
    case respond(status: Int, body: String, contentType: String = "application/json; charset=utf-8")
    /// Reads the request and closes the connection without a byte of reply.
    case dropBeforeReply
    /// Sends the status line, headers promising a longer body, part of it, then closes.
    case dropMidReply
    /// Reads the request and never answers: holds the connection until the client hangs up
    /// (or the server stops). A client that returns from such a request gave up by itself, so a
    /// deadline test needs no bound on elapsed time.
    case noReply
    /// Waits this long, then behaves as told.
    case delay(Duration, then: LoopbackBehavior)
    /// Answers 200 with a body of this many bytes.
    case largeBody(Int)
    /// Answers 200 with this JSON body, keeps the connection open as an idle keep-alive
    /// connection for this long, then closes it (as servers do with idle connections).
    case respondThenCloseAfter(Duration, body: String)

    /// 200 with a JSON body.
    public static func json(_ body: String) -> LoopbackBehavior {
        .respond(status: 200, body: body)
    }
}
