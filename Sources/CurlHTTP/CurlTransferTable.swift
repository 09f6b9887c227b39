import CCurl

/// The transfers one ``CurlEventLoop`` is running, by easy handle, and the easy handles it
/// keeps for reuse (reset, up to 64). Only the event-loop thread touches it; the loop hands
/// in its multi handle.
struct CurlTransferTable {
    private let configuration: CurlHTTPClient.Configuration
    #if os(Linux)
    private let watcher: CurlSocketWatcher?
    #endif
    private var running: [UnsafeMutableRawPointer: CurlTransfer] = [:]
    private var idleHandles: [UnsafeMutableRawPointer] = []
    private let maxIdleHandles = 64

    #if os(Linux)
    /// A table whose easy handles get `configuration`'s options and report their sockets to `watcher`.
    init(configuration: CurlHTTPClient.Configuration, watcher: CurlSocketWatcher?) {
        self.configuration = configuration
        self.watcher = watcher
    }
    #else
    /// A table whose easy handles get `configuration`'s options.
    init(configuration: CurlHTTPClient.Configuration) {
        self.configuration = configuration
    }
    #endif

    /// Starts `transfer` on `multi` with an idle easy handle or a new one; finishes it at once
    /// when it was cancelled first, its deadline has passed or libcurl refuses it.
    mutating func begin(_ transfer: CurlTransfer, on multi: UnsafeMutableRawPointer) {
        guard transfer.phase == .waiting else {
            transfer.finish(.failure(.cancelled))
            return
        }
        let remaining = ContinuousClock.now.duration(to: transfer.deadline)
        guard remaining > .zero else {
            transfer.finish(.failure(.deadlineExceeded))
            return
        }
        guard let easy = idleHandles.popLast() ?? curl_easy_init() else {
            transfer.finish(.failure(.transferFailed(code: -1, message: "curl_easy_init failed")))
            return
        }
        transfer.easy = easy
        CurlEasyOptions.configure(easy, for: transfer, remaining: remaining, configuration: configuration)
        #if os(Linux)
        watcher?.configure(easy)
        #endif
        guard curl_multi_add_handle(multi, easy) == CURLM_OK else {
            release(transfer, from: multi)
            transfer.finish(.failure(.transferFailed(code: -1, message: "curl_multi_add_handle failed")))
            return
        }
        transfer.phase = .running
        running[easy] = transfer
    }

    /// Stops `transfer` for a cancellation: at once when it runs, at its ``begin(_:on:)``
    /// when its submission has not been handled yet.
    mutating func abort(_ transfer: CurlTransfer, on multi: UnsafeMutableRawPointer) {
        switch transfer.phase {
        case .waiting:
            // Cancelled before its submission reached the loop: `begin` will refuse it.
            transfer.phase = .cancelledEarly
        case .running:
            release(transfer, from: multi)
            transfer.finish(.failure(.cancelled))
        case .cancelledEarly, .finished:
            break
        }
    }

    /// Finishes every transfer libcurl reports done, with its response or its error.
    mutating func collectFinished(on multi: UnsafeMutableRawPointer) {
        var remaining: Int32 = 0
        while let message = curl_multi_info_read(multi, &remaining) {
            guard message.pointee.msg == CURLMSG_DONE, let easy = message.pointee.easy_handle,
                let transfer = running[easy]
            else { continue }
            let code = salvo_curl_msg_result(message)
            let result: Result<HTTPResponse, HTTPClientError>
            if code == CURLE_OK {
                var status = 0
                _ = salvo_curl_easy_getinfo_long(easy, CURLINFO_RESPONSE_CODE, &status)
                result = .success(
                    HTTPResponse(
                        status: status,
                        headerLines: transfer.responseHeaderLines,
                        body: transfer.responseBody
                    ))
            } else {
                result = .failure(
                    HTTPClientError(
                        curlCode: code,
                        maxResponseSize: transfer.maxResponseSize,
                        exceededSize: transfer.exceededSize
                    ))
            }
            release(transfer, from: multi)
            transfer.finish(result)
        }
    }

    /// Takes the transfer's easy handle out of the multi handle and keeps it for reuse.
    private mutating func release(_ transfer: CurlTransfer, from multi: UnsafeMutableRawPointer) {
        guard let easy = transfer.easy else { return }
        running[easy] = nil
        curl_multi_remove_handle(multi, easy)
        transfer.easy = nil
        if let headerList = transfer.headerList {
            curl_slist_free_all(headerList)
            transfer.headerList = nil
        }
        if idleHandles.count < maxIdleHandles {
            curl_easy_reset(easy)
            idleHandles.append(easy)
        } else {
            curl_easy_cleanup(easy)
        }
    }

    /// Fails every running transfer with ``HTTPClientError/shutDown`` and frees every easy
    /// handle, before the loop cleans up `multi`.
    mutating func closeAll(on multi: UnsafeMutableRawPointer) {
        for transfer in Array(running.values) {
            release(transfer, from: multi)
            transfer.finish(.failure(.shutDown))
        }
        for easy in idleHandles { curl_easy_cleanup(easy) }
        idleHandles = []
    }
}
