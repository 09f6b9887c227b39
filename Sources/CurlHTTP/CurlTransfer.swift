import CCurl

/// One request on its way through the event loop: the caller's continuation and the state
/// libcurl's callbacks fill in.
///
/// `@unchecked Sendable` is justified because the object changes hands once: the calling
/// task sets `continuation` and then passes the transfer to the loop through its locked
/// queue; from then on only the event-loop thread reads or writes its mutable state.
/// The cancellation handler passes the object back through the same locked queue and
/// touches nothing else.
final class CurlTransfer: @unchecked Sendable {
    /// Where a transfer is, as seen by the event-loop thread.
    enum Phase {
        /// Created; not yet seen by the loop.
        case waiting
        /// Cancelled before the loop saw its submission.
        case cancelledEarly
        /// Added to the multi handle.
        case running
        /// Its continuation has been resumed.
        case finished
    }

    let request: HTTPRequest
    let deadline: ContinuousClock.Instant
    let maxResponseSize: Int
    var continuation: UnsafeContinuation<Result<HTTPResponse, HTTPClientError>, Never>?
    /// Called on the event-loop thread instead of resuming a continuation (see
    /// ``CurlHTTPClient/execute(_:deadline:completion:)``).
    var completion: (@Sendable (Result<HTTPResponse, HTTPClientError>) -> Void)?

    // Event-loop thread only.
    var phase = Phase.waiting
    var easy: UnsafeMutableRawPointer?
    var headerList: UnsafeMutablePointer<curl_slist>?
    var responseHeaderLines: [UInt8] = []
    var responseBody: [UInt8] = []
    var exceededSize = false

    init(request: HTTPRequest, deadline: ContinuousClock.Instant, maxResponseSize: Int) {
        self.request = request
        self.deadline = deadline
        self.maxResponseSize = maxResponseSize
    }

    /// Resumes the caller once; later calls do nothing.
    func finish(_ result: Result<HTTPResponse, HTTPClientError>) {
        guard phase != .finished else { return }
        phase = .finished
        if let completion {
            self.completion = nil
            completion(result)
            return
        }
        continuation?.resume(returning: result)
        continuation = nil
    }

    /// Called by libcurl with the next piece of the body; returning less than `count`
    /// aborts the transfer.
    func receiveBody(_ bytes: UnsafeRawBufferPointer) -> Int {
        guard responseBody.count + bytes.count <= maxResponseSize else {
            exceededSize = true
            return 0
        }
        responseBody.append(contentsOf: bytes)
        return bytes.count
    }

    /// Called by libcurl with each header line, status line included. The lines are kept
    /// as bytes; ``HTTPResponse/headers`` parses them if anyone asks.
    func receiveHeaderLine(_ bytes: UnsafeRawBufferPointer) {
        if bytes.starts(with: "HTTP/".utf8) {
            // A new response starts (after a `100 Continue`, say): forget the last one's fields.
            responseHeaderLines.removeAll(keepingCapacity: true)
            return
        }
        responseHeaderLines.append(contentsOf: bytes)
    }
}
